#include "mm/web/server_program.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <system_error>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::web {

namespace {

// The installed layout's folder of the server program relative to the folder of `mastermind`
// (from CMake's install directories: ../libexec).
constexpr std::string_view kInstalledRelative = MM_SERVER_PROGRAM_RELATIVE_DIR;

}  // namespace

std::vector<std::filesystem::path> server_program_candidates(const std::filesystem::path& executable) {
  const std::filesystem::path dir = executable.parent_path();
  const std::string name(kServerProgram);
  return {(dir / std::string(kInstalledRelative) / name).lexically_normal(), dir / name};
}

void exec_server_program(char** argv) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::string tried;
  for (const std::filesystem::path& program : server_program_candidates(ec ? std::filesystem::path{} : self)) {
    if (::access(program.c_str(), X_OK) != 0) continue;
    const std::string path = program.string();
    // What `mastermind` printed so far must come before what the server prints.
    std::fflush(stdout);
    std::fflush(stderr);
    argv[0] = const_cast<char*>(path.c_str());
    ::execv(path.c_str(), argv);
    tried = path + ": " + std::strerror(errno);
  }
  if (tried.empty()) tried = std::string(kServerProgram);
  throw Error(ExitCode::unavailable, trf("the web server program is missing or cannot be run: {}", tried));
}

}  // namespace mm::web
