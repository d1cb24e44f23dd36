#pragma once
// The page's files (src/web/page/), embedded in the program at build time (cmake/Embed.cmake),
// so that the server works installed and from any folder and never serves a file of the machine.

#include <span>
#include <string_view>

namespace mm::web {

struct Asset {
  std::string_view path;  // as requested: "/", "/app.js"
  std::string_view content_type;
  std::string_view body;
};

std::span<const Asset> assets() noexcept;

// The asset served at `path`, or null.
const Asset* find_asset(std::string_view path) noexcept;

}  // namespace mm::web
