#include "mm/run/data_files.hpp"

#include <cstdlib>
#include <string>
#include <system_error>

namespace mm {

namespace {

// Where Linux shows the running program; elsewhere the lookup falls back to the override alone.
constexpr std::string_view kSelfExecutable = "/proc/self/exe";

std::optional<std::filesystem::path> running_executable() {
  std::error_code ec;
  const std::filesystem::path path = std::filesystem::read_symlink(std::string(kSelfExecutable), ec);
  if (ec || path.empty()) return std::nullopt;
  return path;
}

}  // namespace

std::vector<std::filesystem::path> data_directories(const std::filesystem::path& executable,
                                                    const std::optional<std::filesystem::path>& override_dir) {
  std::vector<std::filesystem::path> out;
  if (override_dir && !override_dir->empty()) out.push_back(*override_dir);
  if (!executable.empty()) {
    const std::filesystem::path dir = executable.parent_path();
    out.push_back((dir.parent_path() / std::string(kDataSubdirectory)).lexically_normal());
    out.push_back((dir / std::string(kDataSubdirectory)).lexically_normal());
  }
  return out;
}

std::vector<std::filesystem::path> data_directories() {
  std::optional<std::filesystem::path> override_dir;
  if (const char* value = std::getenv(std::string(kDataDirVariable).c_str()); value != nullptr && *value != '\0')
    override_dir = value;
  return data_directories(running_executable().value_or(std::filesystem::path{}), override_dir);
}

std::optional<std::filesystem::path> find_data_file(std::string_view relative,
                                                    const std::vector<std::filesystem::path>& directories) {
  const std::filesystem::path name{std::string(relative)};
  // Only names below a data directory: an absolute name or `..` would leave it.
  if (name.empty() || name.is_absolute()) return std::nullopt;
  for (const auto& part : name)
    if (part == "..") return std::nullopt;
  for (const std::filesystem::path& dir : directories) {
    std::error_code ec;
    const std::filesystem::path candidate = dir / name;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::optional<std::filesystem::path> find_data_file(std::string_view relative) {
  return find_data_file(relative, data_directories());
}

}  // namespace mm
