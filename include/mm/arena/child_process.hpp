#pragma once
// A program the arena runs, and the one place that starts, signals and reaps such programs.
//
// The command is split into words as a shell would split it (quotes, $VAR, ~) by wordexp, without
// running any of it: pipes, redirections and command substitution are refused, a script does
// those. The program runs in a process group of its own, so that a signal reaches everything it
// started and Ctrl-C at the terminal reaches only the arena, which then stops it; its standard
// channels are pipes to us, never the terminal; it is killed if the arena dies (the parent-death
// signal); and it is always reaped. Its arguments and environment are ours as they are: the
// secrets of the games are in neither.

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mm::arena {

// The words of `command`. Throws InputError (exit 64) for an empty command, unbalanced quotes,
// shell syntax (| & ; < > and the like) or a command substitution, naming `option`.
std::vector<std::string> split_command(std::string_view option, std::string_view command);

// How a program ended.
struct ExitInfo {
  bool signalled = false;
  int code = 0;  // the exit status, or the signal's number when signalled

  bool clean() const noexcept { return !signalled && code == 0; }
};

class ChildProcess {
 public:
  // Starts `argv` (argv[0] searched on PATH). Throws Error(unavailable, exit 69) naming `label`
  // when it cannot be started: no such program, not executable, not a program.
  ChildProcess(const std::vector<std::string>& argv, std::string_view label);
  // Kills what is left of the group and reaps the program: no process outlives its object.
  ~ChildProcess();
  // One owner kills and reaps; a copy would do it twice, maybe to a stranger reusing the id.
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }
  // Our ends of its standard channels, non-blocking; -1 once closed.
  int input() const noexcept { return input_; }
  int output() const noexcept { return output_; }
  int errors() const noexcept { return errors_; }
  void close_input() noexcept;
  void close_output() noexcept;
  void close_errors() noexcept;

  // Sends `signal` to the program's whole group (what it started too), while there is one.
  void signal_group(int signal) noexcept;

  // Whether the program has ended, without waiting. When it has, what is left of its group is
  // killed and the program reaped; exit_info() says how it ended.
  bool poll_exit();
  // Waits until it has ended (for callers that have just killed it).
  void wait_exit();
  const std::optional<ExitInfo>& exit_info() const noexcept { return exit_; }

 private:
  void reap(int status);

  pid_t pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  int errors_ = -1;
  std::optional<ExitInfo> exit_;
};

// While alive, this process adopts the orphans of the programs it started (a program's child
// that left its group with setsid, then lost its parent), and on destruction kills and reaps
// every child it still has but the ChildProcess objects' own. Only one at a time.
class OrphanCatcher {
 public:
  OrphanCatcher();
  ~OrphanCatcher();
  OrphanCatcher(const OrphanCatcher&) = delete;
  OrphanCatcher& operator=(const OrphanCatcher&) = delete;

  // Reaps adopted orphans that have ended (not the ChildProcess objects' programs).
  static void reap_ended();
};

// Kills every group a live ChildProcess leads; for a signal handler about to end the program
// (async-signal-safe).
void kill_all_groups() noexcept;

}  // namespace mm::arena
