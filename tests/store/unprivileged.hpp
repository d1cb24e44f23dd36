#pragma once
// Permission bits do not bind root, and tests run as root on CI: a test of what an unwritable
// place does runs its body in a child process that, when root, first becomes an unprivileged
// user. The same code runs for everyone, so such a test never needs to skip.

#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>

namespace mm::test {

// The uid and gid of `nobody` on Debian; any unprivileged id would do.
inline constexpr uid_t kUnprivilegedUser = 65534;
inline constexpr gid_t kUnprivilegedGroup = 65534;

// The child's status when it cannot enter the test's directory, e.g. a temporary directory under a
// home of mode 700: a refusal there would pass for the one the test looks for.
inline constexpr int kCannotReach = 9;
// The child's status when it could not give up root's privileges.
inline constexpr int kCannotDropPrivileges = 10;

// Runs `body` in a child process (as kUnprivilegedUser when run as root) that can enter `place`,
// the test's directory, and returns its result, the child's exit status: -1 when the child could
// not be run or died, 1 when `body` threw. Only the child's result crosses back: the body must not
// use gtest assertions.
inline int run_unprivileged(const std::filesystem::path& place, const std::function<int()>& body) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (geteuid() == 0 &&
        (setgroups(0, nullptr) != 0 || setgid(kUnprivilegedGroup) != 0 || setuid(kUnprivilegedUser) != 0))
      _exit(kCannotDropPrivileges);
    if (access(place.c_str(), X_OK) != 0) {
      std::fprintf(stderr,
                   "The unprivileged test process cannot enter %s: set TMPDIR to a directory everyone can enter.\n",
                   place.c_str());
      _exit(kCannotReach);
    }
    int status = 1;
    try {
      status = body();
    } catch (...) {
      status = 1;
    }
    _exit(status);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

}  // namespace mm::test
