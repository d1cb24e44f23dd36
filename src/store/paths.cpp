#include "mm/store/paths.hpp"

#include <cstdlib>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm {

namespace {

constexpr std::string_view kAppDirectory = "mastermind";
constexpr std::string_view kScoresFile = "scores.db";

// The XDG specification ignores relative values: they would depend on the working directory.
std::optional<std::filesystem::path> usable_directory(std::optional<std::string_view> value) {
  if (!value || value->empty()) return std::nullopt;
  std::filesystem::path dir{std::string(*value)};
  if (!dir.is_absolute()) return std::nullopt;
  return dir;
}

std::optional<std::string_view> environment(const char* name) {
  const char* value = std::getenv(name);
  if (!value) return std::nullopt;
  return std::string_view(value);
}

}  // namespace

std::filesystem::path default_scores_path(std::optional<std::string_view> xdg_data_home,
                                          std::optional<std::string_view> home) {
  if (auto data = usable_directory(xdg_data_home)) return *data / kAppDirectory / kScoresFile;
  if (auto dir = usable_directory(home)) return *dir / ".local" / "share" / kAppDirectory / kScoresFile;
  throw Error(ExitCode::cant_create,
              tr("no place for the scores file: neither XDG_DATA_HOME nor HOME is an absolute directory "
                 "(use -f FILE)"));
}

std::filesystem::path default_scores_path() {
  return default_scores_path(environment("XDG_DATA_HOME"), environment("HOME"));
}

void create_data_directory(const std::filesystem::path& scores_file) {
  if (!scores_file.has_parent_path()) return;
  std::error_code ec;
  std::filesystem::create_directories(scores_file.parent_path(), ec);
  if (ec)
    throw Error(ExitCode::cant_create,
                trf("{}: cannot create the directory: {}", scores_file.parent_path().string(), ec.message()));
}

}  // namespace mm
