#include "file_checks.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/sqlite/statement.hpp"

namespace mm::detail {

namespace {

namespace fs = std::filesystem;
using sqlite::Statement;

constexpr std::string_view kQuickCheckOk = "ok";

// The first line of a report that may run to many.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

void refuse_dangling_link(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(file, ec)) || fs::exists(fs::status(file, ec))) return;
  const fs::path target = fs::read_symlink(file, ec);
  throw Error(ExitCode::cant_create, trf("{}: a symbolic link to {}, which does not exist (no file is created there)",
                                         file.string(), ec ? std::string(tr("a missing file")) : target.string()));
}

void require_writable_directory(const fs::path& file) {
  std::error_code ec;
  fs::path resolved = fs::exists(file, ec) ? fs::canonical(file, ec) : fs::absolute(file, ec);
  if (ec) resolved = file;
  fs::path dir = resolved.parent_path();
  if (dir.empty()) dir = ".";
  if (access(dir.c_str(), W_OK | X_OK) == 0) return;
  const int error = errno;
  throw Error(ExitCode::cant_create,
              trf("{}: games cannot be recorded here: the directory {} does not let new files be created "
                  "({}), and SQLite needs to write a journal file beside the scores",
                  file.string(), dir.string(), std::strerror(error)));
}

void check_intact(sqlite::Connection& db, const fs::path& file) {
  const std::string name = file.string();
  Statement check(db, "PRAGMA quick_check");
  const std::string verdict = check.step() ? check.text(0) : std::string();
  if (verdict != kQuickCheckOk)
    throw Error(ExitCode::data, trf("{}: the scores file is damaged ({})", name, first_line(verdict)));
  Statement page(db, "PRAGMA page_size");
  const std::int64_t page_size = page.step() ? page.integer(0) : 0;
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec) throw Error(ExitCode::cant_create, fmt::format("{}: {}", name, ec.message()));
  // SQLite writes whole pages; a partial last page means the file was cut short.
  if (page_size <= 0 || size % static_cast<std::uintmax_t>(page_size) != 0)
    throw Error(ExitCode::data,
                trf("{}: the scores file is damaged (cut short: {} bytes is not a whole number of {}-byte "
                    "pages)",
                    name, size, page_size));
}

}  // namespace mm::detail
