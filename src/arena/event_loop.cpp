#include "mm/arena/event_loop.hpp"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <cmath>

namespace mm::arena {

namespace {

// Milliseconds for poll(2) until `deadline`, rounded up (so that the deadline has passed when poll
// returns for it), -1 for none.
int poll_timeout(std::optional<Clock::time_point> deadline) {
  if (!deadline) return -1;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
  constexpr long long kMaxWait = 60'000;  // poll's int, and a wake-up now and then does no harm
  return static_cast<int>(std::clamp<long long>(left, 0, kMaxWait));
}

}  // namespace

Clock::time_point after(Clock::time_point now, double seconds) {
  return now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

void wait_for_events(const std::vector<Program*>& programs, RunSignals& signals,
                     std::optional<Clock::time_point> deadline) {
  std::vector<pollfd> fds;
  fds.push_back({signals.fd(), POLLIN, 0});
  for (const Program* p : programs) p->add_to_poll(fds);
  if (signals.stop_requested()) return;
  int ready;
  do ready = poll(fds.data(), fds.size(), poll_timeout(deadline));
  while (ready < 0 && errno == EINTR && !signals.stop_requested());
  if (ready <= 0) return;
  for (std::size_t i = 0; i < programs.size(); ++i) programs[i]->handle(fds, 1 + 3 * i);
  if (fds[0].revents != 0 && signals.take_child_signal()) {
    for (Program* p : programs) p->process().poll_exit();
    OrphanCatcher::reap_ended();
  }
}

void Farewells::dismiss(std::unique_ptr<Program> program, Clock::time_point now) {
  program->send("quit");
  program->flush();
  program->process().close_input();
  leaving_.push_back({std::move(program), now + kQuitGrace, SIGTERM});
}

void Farewells::stop(std::unique_ptr<Program> program, Clock::time_point now) {
  program->process().close_input();
  program->process().close_output();
  program->process().signal_group(SIGTERM);
  leaving_.push_back({std::move(program), now + kTermGrace, SIGKILL});
}

void Farewells::tick(Clock::time_point now) {
  for (auto it = leaving_.begin(); it != leaving_.end();) {
    while (it->program->next_line()) {
      // What it says on its way out is not read.
    }
    ChildProcess& process = it->program->process();
    if (process.poll_exit()) {
      it = leaving_.erase(it);
      continue;
    }
    if (now >= it->next_step) {
      process.signal_group(it->signal);
      if (it->signal == SIGKILL) {
        process.wait_exit();  // a killed process ends at once
        it = leaving_.erase(it);
        continue;
      }
      it->next_step = now + kTermGrace;
      it->signal = SIGKILL;
    }
    ++it;
  }
}

std::optional<Clock::time_point> Farewells::next_deadline() const {
  std::optional<Clock::time_point> first;
  for (const Leaving& l : leaving_)
    if (!first || l.next_step < *first) first = l.next_step;
  return first;
}

void Farewells::add_programs(std::vector<Program*>& programs) const {
  for (const Leaving& l : leaving_) programs.push_back(l.program.get());
}

}  // namespace mm::arena
