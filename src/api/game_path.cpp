#include "mm/api/game_path.hpp"

namespace mm::api {

std::optional<GamePath> game_path(std::string_view path, std::string_view base) {
  if (!path.starts_with(base) || path.size() == base.size() || path[base.size()] != '/') return std::nullopt;
  const std::string_view rest = path.substr(base.size() + 1);
  const std::size_t slash = rest.find('/');
  return GamePath{std::string(rest.substr(0, slash)),
                  std::string(slash == std::string_view::npos ? "" : rest.substr(slash + 1))};
}

}  // namespace mm::api
