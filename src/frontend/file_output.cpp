// The safe writer of file_output.hpp.

#include "mm/frontend/file_output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::frontend {

namespace {

// Writes `text` to a target that is not a regular file (a pipe, a terminal, /dev/null) in place:
// a rename would put a regular file where the device or pipe was.
void write_in_place(const std::string& path, const std::string& text, const auto& fail) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.flush();
  if (!out) fail("cannot be written");
}

// The folder a file of `path` goes in, as the user would name it.
std::string folder_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

void refuse_taken_output(const std::string& path, bool force) {
  const auto fail = [&](const std::string& why) {
    throw Error(ExitCode::cant_create, fmt::format("{}: {}", escape_control(path), why));
  };
  struct stat target {};
  if (::stat(path.c_str(), &target) == 0) {
    if (!force && (S_ISREG(target.st_mode) || S_ISDIR(target.st_mode)))
      fail(tr("exists already; add --force to replace it"));
    return;
  }
  const std::string folder = folder_of(path);
  if (errno == ENOENT && ::stat(folder.c_str(), &target) != 0)
    fail(trf("there is no folder {}", escape_control(folder)));
}

void write_file(const std::string& path, const std::string& text, bool force) {
  const auto fail = [&](const std::string& why) {
    throw Error(ExitCode::cant_create, fmt::format("{}: {}", escape_control(path), why));
  };
  struct stat target {};
  if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode) && !S_ISDIR(target.st_mode)) {
    write_in_place(path, text, fail);  // nothing stored there to lose, so no --force needed
    return;
  }
  if (!force) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
      if (errno == EEXIST) fail(tr("exists already; add --force to replace it"));
      // Folders are never made for an output file: say which one is missing, not only ENOENT.
      if (errno == ENOENT) fail(trf("there is no folder {}", escape_control(folder_of(path))));
      fail(std::strerror(errno));
    }
    ::close(fd);  // the name is ours now; the content arrives by rename below
  }
  const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      std::remove(temporary.c_str());
      if (!force) std::remove(path.c_str());
      fail(tr("cannot be written"));
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    if (!force) std::remove(path.c_str());
    fail(why);
  }
}

}  // namespace mm::frontend
