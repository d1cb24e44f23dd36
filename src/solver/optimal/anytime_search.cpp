#include "optimal/anytime_search.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "mm/run/stop.hpp"
#include "optimal/root_bounds.hpp"
#include "optimal/search_journal.hpp"
#include "optimal/strategy_improver.hpp"

namespace mm::detail {

namespace {

using Clock = std::chrono::steady_clock;

// The strategy is written to the journal at most this often (and when the search ends): what a
// kill -9 can lose of it.
constexpr auto kJournalInterval = std::chrono::seconds(10);
// The plan's size is checked against its share of memory every this many steps.
constexpr std::uint64_t kBytesInterval = 64;
// A lane with nothing to do looks again after this long.
constexpr auto kIdle = std::chrono::milliseconds(10);

class Anytime {
 public:
  Anytime(OptimalSearch& search, const AnytimeNode& node, const AnytimeSettings& settings)
      : search_(search),
        node_(node),
        settings_(settings),
        whole_board_(node.ids.size() == search.universe().size()),
        upper_(search, node.ids, node.path, node.history, node.depth),
        lower_(search, node.ids, node.path, node.depth) {}
  Anytime(const Anytime&) = delete;  // the lanes hold it by reference
  Anytime& operator=(const Anytime&) = delete;

  AnytimeOutcome run();

 private:
  void lanes();
  void upper_lane();
  void lower_lane();
  void take_turns();
  bool upper_step();
  bool lower_step();
  bool done() const noexcept { return done_.load(std::memory_order_relaxed); }
  // Ends both lanes (from either).
  void finish() noexcept {
    done_.store(true, std::memory_order_relaxed);
    search_.stop();
  }
  void check_meeting();
  void record_strategy(bool now);
  void publish() const;
  AnytimeOutcome outcome();

  OptimalSearch& search_;
  const AnytimeNode& node_;
  const AnytimeSettings& settings_;
  const bool whole_board_;
  StrategyImprover upper_;
  RootBounds lower_;
  std::atomic<bool> done_{false};  // proven, stopped, or out of memory: both lanes end
  std::atomic<bool> out_of_memory_{false};
  std::mutex adopt_mutex_;
  std::optional<CodeId> to_adopt_;  // a first guess the lower lane costed exactly, below the upper bound
  std::uint64_t steps_ = 0;
  Clock::time_point recorded_ = Clock::now();
  std::uint64_t recorded_total_ = kInfeasible;
};

void Anytime::publish() const {
  OptimalProgress* p = settings_.progress;
  if (!p) return;
  const std::uint64_t upper = upper_.total();
  if (upper < kInfeasible) p->best_total.store(upper);
  const std::uint64_t lower = lower_.lower_bound(upper);
  if (lower < kInfeasible) p->lower_bound.store(lower);
  p->nodes.store(search_.nodes() + upper_.nodes());
}

void Anytime::check_meeting() {
  const std::uint64_t upper = upper_.total();
  if (lower_.lower_bound(upper) >= upper && (upper < kInfeasible || !lower_.best_exact(upper))) finish();
}

void Anytime::record_strategy(bool now) {
  if (!settings_.journal || !whole_board_) return;
  const std::uint64_t total = upper_.total();
  if (total >= recorded_total_ || (!now && Clock::now() - recorded_ < kJournalInterval)) return;
  journal_strategy(*settings_.journal, upper_.tree(), search_.universe().rules());
  recorded_ = Clock::now();
  recorded_total_ = total;
}

bool Anytime::upper_step() {
  std::optional<CodeId> adopt;
  {
    const std::lock_guard lock(adopt_mutex_);
    std::swap(adopt, to_adopt_);
  }
  if (adopt) upper_.adopt_first_guess(*adopt);
  const bool worked = upper_.step() || adopt;
  if (settings_.plan_bytes != 0 && ++steps_ % kBytesInterval == 0 && upper_.bytes() > settings_.plan_bytes) {
    out_of_memory_.store(true);
    finish();
  }
  record_strategy(false);
  check_meeting();
  publish();
  return worked;
}

bool Anytime::lower_step() {
  const std::uint64_t upper = upper_.total();
  const bool worked = lower_.raise(upper, static_cast<std::size_t>(std::max(search_.executor().concurrency() / 2, 1)));
  if (const auto exact = lower_.best_exact(upper)) {
    const std::lock_guard lock(adopt_mutex_);
    to_adopt_ = exact->first;
  }
  check_meeting();
  publish();
  return worked;
}

void Anytime::upper_lane() {
  try {
    while (!done())
      if (!upper_step()) std::this_thread::sleep_for(kIdle);
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  finish();
}

void Anytime::lower_lane() {
  try {
    while (!done())
      if (!lower_step()) std::this_thread::sleep_for(kIdle);
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  finish();
}

// One thread: each lane in turn, the one that has had less time first.
void Anytime::take_turns() {
  Clock::duration upper_time{}, lower_time{};
  try {
    while (!done()) {
      const auto started = Clock::now();
      if (upper_time <= lower_time) {
        if (!upper_step()) upper_time = lower_time + std::chrono::seconds(1);  // nothing to improve: let the other run
        upper_time += Clock::now() - started;
      } else {
        if (!lower_step()) std::this_thread::sleep_for(kIdle);
        lower_time += Clock::now() - started;
      }
    }
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  finish();
}

void Anytime::lanes() {
  const int threads = std::max(search_.executor().concurrency(), 1);
  if (threads == 1) {
    take_turns();
    return;
  }
  // Each lane on its half of the run's threads.
  search_.executor().side_by_side(
      threads - threads / 2,
      [&](const Executor& executor) {
        upper_.set_executor(executor);
        upper_lane();
      },
      [&](const Executor& executor) {
        lower_.set_executor(executor);
        lower_lane();
      },
      [&] { finish(); });
  upper_.set_executor(search_.executor());
  lower_.set_executor(search_.executor());
}

AnytimeOutcome Anytime::outcome() {
  AnytimeOutcome out;
  out.upper = upper_.total();
  out.lower = lower_.lower_bound(out.upper);
  out.proven = out.lower >= out.upper;
  if (out.proven && out.upper >= kInfeasible) {
    out.solvable = false;
    return out;
  }
  if (out_of_memory_.load())
    out.end = SearchEnd::memory;
  else if (!out.proven)
    out.end = search_.stop_token().stop_requested() ? SearchEnd::interrupted : SearchEnd::time_limit;
  out.nodes = upper_.tree();
  return out;
}

AnytimeOutcome Anytime::run() {
  search_.allow_stop();
  if (whole_board_ && settings_.journal) {
    if (const auto restored = restore_strategy(*settings_.journal, search_.universe().rules())) upper_.offer(*restored);
    recorded_total_ = upper_.total();
  }
  lower_.recall();
  try {
    upper_.start();
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  publish();
  check_meeting();
  if (!done() && !search_.stopped()) lanes();
  record_strategy(true);
  AnytimeOutcome out = outcome();
  search_.resume();
  if (!out.proven || !out.solvable || !settings_.canonical_tree) return out;
  // The optimum is proven: the tree the exact search writes (the first optimal guess in the tie
  // order at every node), read from the memo. Stopped meanwhile, the strategy at hand is optimal
  // too, and stays the answer.
  try {
    search_.record(node_.ids, node_.depth, out.upper);
    out.nodes = build_subtree(search_, node_.ids, node_.depth, node_.path);
  } catch (const SearchStopped&) {
  }
  return out;
}

}  // namespace

CodeId searched_guess(OptimalSearch& search, std::span<const CodeId> ids, const Path& path,
                      std::span<const Code> history) {
  if (ids.size() <= 2) return ids.front();
  AnytimeSettings settings;
  settings.canonical_tree = false;
  const AnytimeOutcome out =
      anytime_search(search, {ids, path, {history.begin(), history.end()}, kUnlimitedDepth}, settings);
  if (!out.proven) throw Cancelled();
  try {
    search.record(ids, kUnlimitedDepth, out.upper);
    return search.choose(ids, kUnlimitedDepth, path).value_or(ids.front());
  } catch (const SearchStopped&) {
    throw Cancelled();
  }
}

AnytimeOutcome anytime_search(OptimalSearch& search, const AnytimeNode& node, const AnytimeSettings& settings) {
  Anytime run(search, node, settings);
  return run.run();
}

}  // namespace mm::detail
