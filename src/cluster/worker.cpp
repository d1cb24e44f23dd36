#include "worker.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>
#include <thread>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/spread_search.hpp"
#include "mm/engine/stop.hpp"
#include "transport.hpp"

namespace mm::cluster {

namespace {

// "R:K" from kRankExitVariable, when it names this rank.
std::optional<std::uint64_t> leave_after(int rank) {
  const char* value = std::getenv(kRankExitVariable);
  if (value == nullptr) return std::nullopt;
  const std::string_view text(value);
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto r = parse_decimal(text.substr(0, colon));
  if (!r || *r != static_cast<std::uint64_t>(rank)) return std::nullopt;
  return parse_decimal(text.substr(colon + 1));
}

// The reply to a task: its result, or that it was stopped before it finished.
std::vector<std::uint64_t> run_task(engine::SpreadWorker& worker, const Message& m) {
  if (m.numbers.size() < 5) throw std::runtime_error("a task message too short");
  const auto guess = static_cast<std::uint32_t>(m.numbers[1]);
  const auto slot = static_cast<std::uint32_t>(m.numbers[2]);
  const std::uint64_t third = m.numbers[3];
  const auto second = static_cast<std::uint32_t>(m.numbers[4]);
  const auto kind = [](Kind k) { return static_cast<std::uint64_t>(k); };
  try {
    if (m.kind() == Kind::value_task) {
      const ValueResult r = worker.run(ValueTask{guess, slot, third, second});
      return {kind(Kind::value_result), 0, 0, guess, slot, third, second, r.bound, r.exact ? 1u : 0u};
    }
    if (m.kind() == Kind::subtree_task) {
      const EncodedSubtree e = worker.run(SubtreeTask{slot, guess, third});
      std::vector<std::uint64_t> reply{kind(Kind::subtree_result), 0, 0, guess, slot, third, second};
      reply.insert(reply.end(), e.begin(), e.end());
      return reply;
    }
  } catch (const Cancelled&) {
    return {kind(Kind::task_stopped), 0, 0, guess, slot, third, second};
  }
  throw std::runtime_error("a message of unknown kind");
}

}  // namespace

void run_worker(const Rules& rules, std::optional<int> max_depth, int rank, const RunContext& run, bool stoppable) {
  const std::optional<std::uint64_t> leave = leave_after(rank);
  try {
    engine::SpreadWorker worker(rules, max_depth, stoppable, run);
    // The coordinator sends one cancel to every stoppable worker in each job: at its time limit,
    // or after the stop when the search ended first.
    std::jthread canceller;
    if (stoppable)
      canceller = std::jthread([&worker] {
        receive(kCoordinatorRank, kToCanceller);
        worker.stop();
      });
    std::uint64_t busy_ns = 0, tasks = 0;
    std::vector<std::uint64_t> reply{static_cast<std::uint64_t>(Kind::ready), 0, 0};
    for (;;) {
      send(kCoordinatorRank, kToCoordinator, reply);
      const Message m = receive(kCoordinatorRank, kToWorker);
      // The hook fires before the stop too: the rank dies before the job ends, whatever the order.
      if (leave && (tasks >= *leave || m.kind() == Kind::stop)) {
        std::fprintf(stderr, "mastermind-mpi: rank %d leaves the job after %llu tasks (test hook %s)\n", rank,
                     static_cast<unsigned long long>(tasks), kRankExitVariable);
        std::fflush(stderr);
        std::_Exit(kHookExit);
      }
      if (m.kind() == Kind::stop) return;
      const auto started = std::chrono::steady_clock::now();
      reply = run_task(worker, m);
      busy_ns += static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count());
      if (reply[0] != static_cast<std::uint64_t>(Kind::task_stopped)) ++tasks;
      reply[1] = busy_ns;
      reply[2] = tasks;
    }
  } catch (const std::exception& e) {
    // The job cannot go on without this rank's task: the whole job ends (mpirun stops the others).
    std::fprintf(stderr, "mastermind-mpi: rank %d: %s\n", rank, e.what());
    std::fflush(stderr);
    std::_Exit(static_cast<int>(ExitCode::software));
  }
}

}  // namespace mm::cluster
