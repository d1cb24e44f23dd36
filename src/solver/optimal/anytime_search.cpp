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
// The strategy's lane keeps as much time as the bound's while it improves the total: until it
// has spent kPatience times the time it took to make its last improvement, plus kGrace, without
// another (that counts, see kSignificant). From then on it gets one part in kIdleShare of the bound's time, and gives
// the rest to the lower bound, which the proof waits for: on Bulls and Cows the strategy was within 7 of the optimum
// after a third of the run and never improved again, while the equal share made the proof take twice as long.
constexpr double kPatience = 2;
constexpr auto kGrace = std::chrono::seconds(1);
constexpr int kIdleShare = 8;
// An improvement counts (for kPatience) when it closes at least one part in kSignificant of the
// gap between the bounds.
constexpr std::uint64_t kSignificant = 16;

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
  // `width`: the classes searched side by side (on the lower bound's executor when above one).
  bool lower_step(std::size_t width);
  // Whether the strategy's lane is to step now rather than give its time to the lower bound.
  bool upper_due() const noexcept;
  bool adoption_pending() {
    const std::lock_guard lock(adopt_mutex_);
    return to_adopt_.has_value();
  }
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
  // Time spent by each lane (the lower bound's on any thread), and the strategy's when it last
  // lowered the total (see kPatience).
  std::atomic<Clock::rep> upper_time_{0};
  std::atomic<Clock::rep> lower_time_{0};
  Clock::rep improved_at_ = 0;  // the strategy's lane alone
  int lower_executor_threads_ = 1;
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
  const std::uint64_t before = upper_.total();
  const auto started = Clock::now();
  if (adopt) upper_.adopt_first_guess(*adopt);
  const bool worked = upper_.step() || adopt;
  const Clock::rep took = (Clock::now() - started).count();
  const Clock::rep spent = upper_time_.fetch_add(took) + took;
  // An improvement of a few guesses on a wide gap does not keep the lane at an equal share: the
  // proof is what is waited for then.
  const std::uint64_t after = upper_.total(), lower = lower_.lower_bound(before);
  if (after < before && (before >= kInfeasible || (before - after) * kSignificant >= before - std::min(lower, before)))
    improved_at_ = spent;
  if (settings_.plan_bytes != 0 && ++steps_ % kBytesInterval == 0 && upper_.bytes() > settings_.plan_bytes) {
    out_of_memory_.store(true);
    finish();
  }
  record_strategy(false);
  check_meeting();
  publish();
  return worked;
}

bool Anytime::upper_due() const noexcept {
  const Clock::rep spent = upper_time_.load(), lower = lower_time_.load();
  const auto patience = static_cast<Clock::rep>(kPatience * static_cast<double>(improved_at_));
  if (spent <= patience + std::chrono::duration_cast<Clock::duration>(kGrace).count()) return spent <= lower;
  return spent * kIdleShare <= lower;
}

bool Anytime::lower_step(std::size_t width) {
  const std::uint64_t upper = upper_.total();
  const auto started = Clock::now();
  const bool worked = lower_.raise(upper, width);
  lower_time_.fetch_add((Clock::now() - started).count());
  if (const auto exact = lower_.best_exact(upper)) {
    const std::lock_guard lock(adopt_mutex_);
    to_adopt_ = exact->first;
  }
  check_meeting();
  publish();
  return worked;
}

// While the strategy is not worth its time (upper_due), its thread works on the lower bound too.
void Anytime::upper_lane() {
  try {
    while (!done()) {
      if (upper_due() || adoption_pending()) {
        if (!upper_step()) std::this_thread::sleep_for(kIdle);
      } else if (!lower_step(1)) {
        std::this_thread::sleep_for(kIdle);
      }
    }
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  finish();
}

void Anytime::lower_lane() {
  try {
    const auto width = static_cast<std::size_t>(std::max(lower_executor_threads_, 1));
    while (!done())
      if (!lower_step(width)) std::this_thread::sleep_for(kIdle);
  } catch (const SearchStopped&) {
  } catch (const Cancelled&) {
  }
  finish();
}

// One thread: each lane in turn, as upper_due shares the time.
void Anytime::take_turns() {
  try {
    while (!done()) {
      if (upper_due() || adoption_pending()) {
        // Nothing to improve: let the other run.
        if (!upper_step())
          upper_time_.store(lower_time_.load() + std::chrono::duration_cast<Clock::duration>(kGrace).count());
      } else if (!lower_step(1)) {
        std::this_thread::sleep_for(kIdle);
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
        lower_executor_threads_ = executor.concurrency();
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
