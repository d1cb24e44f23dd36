#pragma once
// The page's files (src/web/page/), embedded in the program at build time (cmake/Embed.cmake),
// so that the server works installed and from any folder and never serves a file of the machine
// but the site files named here.

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

// A file of the static site that is not embedded (the engine in WebAssembly, made by `make web`):
// served from the data directory's web/ when it is there.
struct SiteFile {
  std::string_view path;  // as requested: "/engine.wasm"
  std::string_view name;  // under web/ in the data directory
  std::string_view content_type;
};

// The site file served at `path`, or null.
const SiteFile* find_site_file(std::string_view path) noexcept;

}  // namespace mm::web
