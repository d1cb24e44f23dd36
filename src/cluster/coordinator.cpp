#include "coordinator.hpp"

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <variant>

#include "mm/core/error.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/spread_search.hpp"
#include "mm/frontend/number_option.hpp"
#include "transport.hpp"
#include "worker.hpp"

namespace mm::cluster {

namespace {

constexpr double kNanoseconds = 1e9;
// Positions in a worker's message (transport.hpp): kind, busy ns, tasks, then the task's numbers.
constexpr std::size_t kBusyAt = 1;
constexpr std::size_t kTasksAt = 2;
constexpr std::size_t kTaskAt = 3;
constexpr std::size_t kTaskNumbers = 4;  // guess, slot, budget or value, second guess
// Tasks handed to a rank before it has answered: the next one waits in its mailbox while it runs
// one, so a rank never waits for the round trip of its result (a few hundred microseconds of
// polling per task, several percent of a 4 x 7 job). Its budget is worked out a task earlier.
constexpr int kTasksInFlight = 2;

// How often a time-limited job looks at its clock and its anytime lane while it waits.
constexpr std::chrono::milliseconds kEarlyEndPoll{50};

using Task = std::variant<ValueTask, SubtreeTask>;

// Thrown inside Coordinator::run when the job's search ends early (EarlyEnd).
struct EndedEarly {};

std::uint64_t to_number(Kind kind) { return static_cast<std::uint64_t>(kind); }

class Coordinator {
 public:
  Coordinator(const Rules& rules, std::optional<int> max_depth, int ranks, Checkpoint* checkpoint,
              ClusterProgress& progress, const RunContext& run, const EarlyEnd* early_end)
      : plan_(rules, max_depth, run),
        checkpoint_(checkpoint),
        progress_(progress),
        early_end_(early_end),
        first_worker_(early_end ? 1 : 0),
        workers_(static_cast<std::size_t>(ranks - first_worker_)) {
    outcome_.ranks.resize(static_cast<std::size_t>(ranks));
    heard_.assign(static_cast<std::size_t>(ranks), false);
    if (const char* stop = std::getenv(kStopAfterVariable))
      stop_after_ = frontend::parse_number(kStopAfterVariable, stop, {1, UINT64_MAX});
  }

  ClusterOutcome run() {
    restore();
    publish();
    try {
      search();
    } catch (const EndedEarly&) {
      end_early();
      return std::move(outcome_);
    }
    // Results still on their way (tasks made needless while they ran) are waited for, so every
    // worker is idle when told to stop.
    while (running_ > 0) take(receive(MPI_ANY_SOURCE, kToCoordinator));
    // A rank that started late may not have asked yet: every one is heard before all are stopped.
    while (heard_count_ < workers_) take(receive(MPI_ANY_SOURCE, kToCoordinator));
    tell_workers(kToWorker, Kind::stop);
    if (early_end_) tell_workers(kToCanceller, Kind::cancel);
    return std::move(outcome_);
  }

 private:
  void search() {
    // Every rank is heard before the first task goes out: the first tasks spread over all of them
    // (a rank slow to start would otherwise find the small boards done before it asks).
    while (heard_count_ < workers_) take(next_message());
    while (!plan_.values_done()) {
      while (!free_.empty())
        if (auto t = plan_.next_value())
          hand_out(*t);
        else
          break;
      if (running_ == 0 && !plan_.values_done())
        throw Error(ExitCode::failure, "internal error: value tasks left, none handed out");
      take(next_message());
    }
    outcome_.solvable = plan_.solvable();
    if (outcome_.solvable) {
      outcome_.optimum = plan_.optimum();
      progress_.building = true;
      std::deque<SubtreeTask> queue;
      for (const SubtreeTask& t : plan_.subtree_tasks()) queue.push_back(t);
      while (!plan_.subtrees_done()) {
        while (!free_.empty() && !queue.empty()) {
          hand_out(queue.front());
          queue.pop_front();
        }
        if (running_ == 0 && !plan_.subtrees_done())
          throw Error(ExitCode::failure, "internal error: subtrees left, none handed out");
        take(next_message());
      }
      outcome_.tree = plan_.tree();
    }
  }

  // The next message to the coordinator; in a time-limited job, EndedEarly once the deadline has
  // passed or the lane has ended, whichever comes first.
  Message next_message() {
    if (!early_end_) return receive(MPI_ANY_SOURCE, kToCoordinator);
    for (;;) {
      const auto now = std::chrono::steady_clock::now();
      if (now >= early_end_->deadline || early_end_->give_up()) throw EndedEarly{};
      if (auto m = receive_until(MPI_ANY_SOURCE, kToCoordinator, std::min(early_end_->deadline, now + kEarlyEndPoll)))
        return *m;
    }
  }

  // Every worker's task in progress ended (a stopped task is answered at once), every answer
  // taken, every worker stopped; what the plan has proven is the job's lower bound.
  void end_early() {
    tell_workers(kToCanceller, Kind::cancel);
    while (running_ > 0) take(receive(MPI_ANY_SOURCE, kToCoordinator));
    while (heard_count_ < workers_) take(receive(MPI_ANY_SOURCE, kToCoordinator));
    tell_workers(kToWorker, Kind::stop);
    outcome_.finished = false;
    outcome_.lower_bound = plan_.figures().lower_bound;
  }

  void tell_workers(int tag, Kind kind) {
    for (int rank = first_worker_; rank < static_cast<int>(outcome_.ranks.size()); ++rank)
      send(rank, tag, {to_number(kind)});
  }

  void restore() {
    if (!checkpoint_) return;
    for (const Checkpoint::Record& r : checkpoint_->records()) {
      bool ok = false;
      if (r.key.starts_with("v ") && r.numbers.size() == 2)
        ok = plan_.restore(r.key, ValueResult{r.numbers[0], r.numbers[1] != 0});
      else if (r.key.starts_with("t "))
        ok = plan_.restore(r.key, r.numbers);
      if (!ok)
        throw Error(ExitCode::data, fmt::format("{}: the record of task '{}' belongs to no task of this search",
                                                escape_control(checkpoint_->path()), excerpt(r.key)));
      ++outcome_.tasks_restored;
    }
    progress_.tasks_restored = outcome_.tasks_restored;
  }

  void hand_out(const Task& task) {
    const int rank = free_.front();
    free_.pop_front();
    std::vector<std::uint64_t> m;
    if (const auto* v = std::get_if<ValueTask>(&task))
      m = {to_number(Kind::value_task), v->guess, v->slot, v->budget, v->second};
    else {
      const auto& t = std::get<SubtreeTask>(task);
      m = {to_number(Kind::subtree_task), t.guess, t.slot, t.value, kWholeClass};
    }
    send(rank, kToWorker, m);
    ++running_;
  }

  void take(const Message& m) {
    if (m.numbers.size() < kTaskAt) throw Error(ExitCode::failure, "internal error: a message too short");
    RankFigures& figures = outcome_.ranks.at(static_cast<std::size_t>(m.from));
    figures.busy_seconds = static_cast<double>(m.numbers[kBusyAt]) / kNanoseconds;
    figures.tasks = m.numbers[kTasksAt];
    if (m.kind() == Kind::ready) {
      if (heard_.at(static_cast<std::size_t>(m.from)))
        throw Error(ExitCode::failure, "internal error: a rank ready twice");
      heard_[static_cast<std::size_t>(m.from)] = true;
      ++heard_count_;
      for (int k = 0; k < kTasksInFlight; ++k) free_.push_back(m.from);
      return;
    }
    free_.push_back(m.from);
    --running_;
    if (m.kind() == Kind::task_stopped) return;  // ended early: the plan learns nothing from it
    if (m.numbers.size() < kTaskAt + kTaskNumbers) throw Error(ExitCode::failure, "internal error: a result too short");
    const auto guess = static_cast<std::uint32_t>(m.numbers[kTaskAt]);
    const auto slot = static_cast<std::uint32_t>(m.numbers[kTaskAt + 1]);
    const std::uint64_t third = m.numbers[kTaskAt + 2];
    const auto second = static_cast<std::uint32_t>(m.numbers[kTaskAt + 3]);
    std::string key;
    std::vector<std::uint64_t> numbers(m.numbers.begin() + kTaskAt + kTaskNumbers, m.numbers.end());
    if (m.kind() == Kind::value_result) {
      const ValueTask task{guess, slot, third, second};
      key = task_key(task);
      record(key, numbers);
      if (numbers.size() != 2) throw Error(ExitCode::failure, "internal error: a value result of the wrong size");
      plan_.finish(task, ValueResult{numbers[0], numbers[1] != 0});
    } else if (m.kind() == Kind::subtree_result) {
      const SubtreeTask task{slot, guess, third};
      key = task_key(task);
      record(key, numbers);
      if (!plan_.finish(task, numbers))
        throw Error(ExitCode::failure, "internal error: a subtree that does not decode");
    } else {
      throw Error(ExitCode::failure, "internal error: a message of unknown kind");
    }
    ++outcome_.tasks_run;
    publish();
  }

  // The result is on disk before the plan uses it: whatever the plan does next is recoverable.
  void record(const std::string& key, const std::vector<std::uint64_t>& numbers) {
    if (!checkpoint_) return;
    checkpoint_->append(key, numbers);
    ++recorded_;
    if (stop_after_ && recorded_ >= *stop_after_) {
      std::fprintf(stderr, "mastermind-mpi: the job ends after %llu recorded tasks (test hook %s)\n",
                   static_cast<unsigned long long>(recorded_), kStopAfterVariable);
      std::fflush(stderr);
      std::_Exit(kHookExit);
    }
  }

  void publish() {
    const PlanFigures f = plan_.figures();
    progress_.tasks_done = outcome_.tasks_run;
    progress_.guesses_settled = f.guesses_settled;
    progress_.guesses_total = f.guesses_total;
    progress_.best = f.best;
    progress_.lower_bound = f.lower_bound;
  }

  engine::SpreadPlan plan_;
  Checkpoint* checkpoint_;
  ClusterProgress& progress_;
  const EarlyEnd* early_end_;
  int first_worker_;     // rank 0 runs no worker in a time-limited job
  std::size_t workers_;  // ranks that run one
  ClusterOutcome outcome_;
  std::deque<int> free_;     // a rank once per task it can take now, in the order they asked
  std::vector<bool> heard_;  // by rank: has asked for its first tasks
  std::size_t heard_count_ = 0;
  std::size_t running_ = 0;
  std::uint64_t recorded_ = 0;
  std::optional<std::uint64_t> stop_after_;
};

}  // namespace

ClusterOutcome coordinate(const Rules& rules, std::optional<int> max_depth, int ranks, Checkpoint* checkpoint,
                          ClusterProgress& progress, const RunContext& run, const EarlyEnd* early_end) {
  Coordinator c(rules, max_depth, ranks, checkpoint, progress, run, early_end);
  return c.run();
}

void stop_workers(int ranks, bool early_end) {
  // Each worker asks before it is told anything: its first message is taken, then it is stopped
  // (and its canceller let go, in a time-limited job).
  for (int k = early_end ? 1 : 0; k < ranks; ++k) {
    const Message m = receive(MPI_ANY_SOURCE, kToCoordinator);
    send(m.from, kToWorker, {to_number(Kind::stop)});
    if (early_end) send(m.from, kToCanceller, {to_number(Kind::cancel)});
  }
}

}  // namespace mm::cluster
