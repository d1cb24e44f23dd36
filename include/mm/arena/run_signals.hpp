#pragma once
// The signals of a run of the arena, turned into bytes on a pipe that its event loop polls with
// the programs' pipes (the self-pipe way): SIGCHLD says a program ended; SIGINT (Ctrl-C), SIGTERM
// and SIGHUP ask to stop the programs and report what finished. The handlers before it come back
// when it goes. One at a time.

namespace mm::arena {

class RunSignals {
 public:
  RunSignals();
  ~RunSignals();
  RunSignals(const RunSignals&) = delete;
  RunSignals& operator=(const RunSignals&) = delete;

  // Poll it for POLLIN.
  int fd() const noexcept { return read_fd_; }

  // Takes what arrived; true when a program may have ended since the last call.
  bool take_child_signal();
  // Whether a stop was asked for (also before it was taken).
  bool stop_requested() const noexcept;

 private:
  int read_fd_ = -1;
  int write_fd_ = -1;
};

}  // namespace mm::arena
