#pragma once
// Messages between the ranks of a spread search: vectors of 64-bit numbers, the first saying what
// the message is. Waiting polls and sleeps between polls instead of spinning as a blocking MPI
// call does in Open MPI: a rank that waits must leave its core to the ranks that compute (on a
// machine with fewer cores than ranks, or rank 0, whose coordinator waits beside its own worker).

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace mm::cluster {

// Tags: to the coordinator (rank 0's main thread) and to a worker (every rank has one; rank 0's
// runs on a thread of its own), so that rank 0's two sides never take each other's messages.
inline constexpr int kToCoordinator = 1;
inline constexpr int kToWorker = 2;
// To the thread of a worker that waits for a time-limited job's cancel while the worker runs a task.
inline constexpr int kToCanceller = 3;
inline constexpr int kCoordinatorRank = 0;

enum class Kind : std::uint64_t {
  ready = 1,           // worker -> coordinator: give me a task (with its busy figures)
  value_result = 2,    // worker -> coordinator: guess, slot, budget, second, bound, exact
  subtree_result = 3,  // worker -> coordinator: guess, slot, value, -, encoded subtree...
  task_stopped = 4,    // worker -> coordinator: the task (guess, slot, third, second) ended unfinished
  value_task = 10,     // coordinator -> worker: guess, slot, budget, second guess
  subtree_task = 11,   // coordinator -> worker: guess, slot, value, -
  stop = 12,           // coordinator -> worker: no more tasks
  cancel = 13,         // coordinator -> canceller: end the task in progress (once per job)
};

struct Message {
  int from = 0;
  std::vector<std::uint64_t> numbers;  // numbers[0] is the Kind
  Kind kind() const noexcept { return static_cast<Kind>(numbers.empty() ? 0 : numbers[0]); }
};

// Sends and waits until the buffer is free again. Throws Error(failure) when MPI reports an error.
void send(int to, int tag, const std::vector<std::uint64_t>& numbers);
// The next message with `tag` from `from` (MPI_ANY_SOURCE: from anyone).
Message receive(int from, int tag);
// The same, waiting at most until `until`; nullopt when nothing came by then.
std::optional<Message> receive_until(int from, int tag, std::chrono::steady_clock::time_point until);

}  // namespace mm::cluster
