// The anytime optimal search (anytime_search.hpp) in its parts, driven step by step rather than by
// the clock, so that nothing here depends on the machine's speed: the strategy only gets cheaper
// and is always a whole strategy of its reported total; the lower bound only rises and never
// passes the optimum the exact search proves; the two meet at the optimum; a memory budget ends the
// search with a valid strategy; and a journal lets a second search go on from what the first proved.

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "memory_journal.hpp"
#include "mm/core/error.hpp"
#include "mm/core/rules.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/anytime_search.hpp"
#include "optimal/optimal_search.hpp"
#include "optimal/root_bounds.hpp"
#include "optimal/search_journal.hpp"
#include "optimal/strategy_improver.hpp"

namespace mm {
namespace {

using detail::kInfeasible;
using detail::kUnlimitedDepth;
using detail::OptimalSearch;
using detail::Path;
using detail::Universe;

using testing::MemoryJournal;

std::shared_ptr<OptimalSearch> own_search(const Rules& rules) {
  return std::make_shared<OptimalSearch>(Universe::of(rules), kUnlimitedDepth, std::size_t{0});
}

// The optimum of a board as the exact search proves it (once per board: a second is much for a test).
std::uint64_t proven_optimum(const Rules& rules) {
  static std::map<std::string, std::uint64_t> known;
  const auto it = known.find(rules.spelling());
  if (it != known.end()) return it->second;
  OptimalOptions options;
  options.fresh = true;
  const OptimalResult r = solve_optimal(rules, options);
  EXPECT_TRUE(r.proven);
  return known[rules.spelling()] = r.total;
}

TEST(Anytime, TheStrategyOnlyImprovesAndIsAlwaysWhole) {
  const Rules rules = parse_rules("p4c7r");
  const auto search = own_search(rules);
  detail::StrategyImprover improver(*search, search->universe().all_ids(), Path{}, {}, kUnlimitedDepth);
  ASSERT_TRUE(improver.start());
  const std::uint64_t first = improver.total();
  EXPECT_EQ(check_tree({rules, "anytime", improver.tree()}).total, first);
  std::uint64_t last = first;
  for (int step = 1; step <= 60; ++step) {
    ASSERT_TRUE(improver.step());
    EXPECT_LE(improver.total(), last) << "step " << step;
    last = improver.total();
    if (step % 20 == 0) {
      EXPECT_EQ(check_tree({rules, "anytime", improver.tree()}).total, last) << "step " << step;
    }
  }
  EXPECT_LT(last, first) << "the first passes over the top of the tree find a cheaper strategy";
  EXPECT_GE(last, proven_optimum(rules));
}

// A large node's step compares its guess with few others: each costs a subtree of all its
// candidates, and with one thread the lower bound waits for the step. Small nodes get more each pass.
TEST(Anytime, TheStrategysLargeNodesCompareFewAlternativesAndSmallOnesMoreEachPass) {
  using detail::StrategyImprover;
  for (int pass = 0; pass < 40; ++pass) {
    EXPECT_LE(StrategyImprover::alternatives(pass, 32768), 8u) << "5 x 8's root, pass " << pass;
    EXPECT_LE(StrategyImprover::alternatives(pass, 2000), 131u) << "a class of the root, pass " << pass;
    for (const std::size_t n : {std::size_t{1}, std::size_t{10}, std::size_t{300}, std::size_t{32768}}) {
      EXPECT_GE(StrategyImprover::alternatives(pass, n), 2u) << n << " candidates, pass " << pass;
      if (pass > 0) {
        EXPECT_GE(StrategyImprover::alternatives(pass, n), StrategyImprover::alternatives(pass - 1, n))
            << n << " candidates, pass " << pass;
      }
    }
  }
  EXPECT_EQ(StrategyImprover::alternatives(0, 10), 2u);
  EXPECT_EQ(StrategyImprover::alternatives(3, 10), 16u);
  EXPECT_EQ(StrategyImprover::alternatives(6, 10), 128u);
}

TEST(Anytime, TheLowerBoundRisesAndNeverPassesTheOptimum) {
  const Rules rules = parse_rules("p4c7r");
  const std::uint64_t optimum = proven_optimum(rules);
  const auto search = own_search(rules);
  detail::RootBounds bounds(*search, search->universe().all_ids(), Path{}, kUnlimitedDepth);
  // The best total known to the search: a strategy's, above the optimum.
  const std::uint64_t upper = optimum + optimum / 20;
  const std::uint64_t start = bounds.lower_bound(upper);
  std::uint64_t last = start;
  for (int step = 0; step < 12 && bounds.raise(upper, 2); ++step) {
    const std::uint64_t now = bounds.lower_bound(upper);
    EXPECT_GE(now, last) << "step " << step;
    EXPECT_LE(now, optimum) << "step " << step;
    last = now;
  }
  EXPECT_GT(last, start) << "raising the floors of the cheapest first guesses raises the bound";
}

// Two threads raising the floors at once (the strategy's lane lends its thread to the bound once
// the strategy stops improving): each class is searched by one of them at a time, and the bound
// still only rises and never passes the optimum. More threads than first guesses (4 x 7 has five)
// search several classes of the same guess side by side.
TEST(Anytime, TheLowerBoundRaisedFromTwoThreadsAndOnManyClassesStaysBelowTheOptimum) {
  const Rules rules = parse_rules("p4c7r");
  const std::uint64_t optimum = proven_optimum(rules);
  const std::uint64_t upper = optimum + optimum / 20;
  const auto search = own_search(rules);
  search->set_executor(Executor(2));
  detail::RootBounds bounds(*search, search->universe().all_ids(), Path{}, kUnlimitedDepth);
  bounds.set_executor(Executor(2));
  const std::uint64_t start = bounds.lower_bound(upper);
  const auto steps = [&] {
    for (int step = 0; step < 6; ++step) bounds.raise(upper, 1);
  };
  std::thread other(steps);
  steps();
  other.join();
  const std::uint64_t shared = bounds.lower_bound(upper);
  EXPECT_GT(shared, start);
  EXPECT_LE(shared, optimum);
  for (int step = 0; step < 4 && bounds.raise(upper, 8); ++step) {
    const std::uint64_t now = bounds.lower_bound(upper);
    EXPECT_GE(now, shared) << "step " << step;
    EXPECT_LE(now, optimum) << "step " << step;
  }
}

TEST(Anytime, TheBoundsMeetAtTheExactSearchsOptimumAndTree) {
  for (const char* spelling : {"p3c5r", "p4c6r", "p4c5n"}) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    OptimalOptions options;
    options.fresh = true;
    const OptimalResult exact = solve_optimal(rules, options);
    const auto search = own_search(rules);
    detail::AnytimeSettings settings;
    search->set_executor(Executor(2));
    const detail::AnytimeOutcome run =
        detail::anytime_search(*search, {search->universe().all_ids(), Path{}, {}, kUnlimitedDepth}, settings);
    EXPECT_TRUE(run.proven);
    EXPECT_EQ(run.upper, exact.total);
    EXPECT_EQ(run.lower, exact.total);
    EXPECT_EQ(run.nodes.size(), exact.tree.nodes.size());
    EXPECT_EQ(check_tree({rules, "optimal", run.nodes}).total, exact.total);
  }
}

// A depth limit no strategy meets (the classic board within four guesses): the search proves it
// and says so, rather than writing a tree that cannot exist.
TEST(Anytime, ADepthLimitNoStrategyMeetsIsProvenUnsolvable) {
  const Rules rules = parse_rules("p4c6r");
  const auto search = std::make_shared<OptimalSearch>(Universe::of(rules), 4, std::size_t{0});
  detail::AnytimeSettings settings;
  search->set_executor(Executor(2));
  const detail::AnytimeOutcome run =
      detail::anytime_search(*search, {search->universe().all_ids(), Path{}, {}, 4}, settings);
  EXPECT_TRUE(run.proven);
  EXPECT_FALSE(run.solvable);
  EXPECT_TRUE(run.nodes.empty());
}

// The strategy's share of memory is a few bytes: the search ends at its first check, as a time
// limit would, with a whole strategy and both bounds.
TEST(Anytime, AFullMemoryBudgetEndsTheSearchWithAValidStrategy) {
  const Rules rules = parse_rules("p4c7r");
  const auto search = own_search(rules);
  detail::AnytimeSettings settings;
  search->set_executor(Executor::serial());
  settings.plan_bytes = 1;
  const detail::AnytimeOutcome run =
      detail::anytime_search(*search, {search->universe().all_ids(), Path{}, {}, kUnlimitedDepth}, settings);
  EXPECT_EQ(run.end, SearchEnd::memory);
  EXPECT_FALSE(run.proven);
  ASSERT_FALSE(run.nodes.empty());
  EXPECT_EQ(check_tree({rules, "anytime", run.nodes}).total, run.upper);
  EXPECT_LE(run.lower, run.upper);
}

// A memory budget below what the memo would take on 4 x 7: entries are replaced, and the
// search still proves the same optimum.
TEST(Anytime, ASmallMemoryBudgetProvesTheSameOptimum) {
  const Rules rules = parse_rules("p4c7r");
  OptimalOptions options;
  options.run.executor = Executor(2);
  options.run.memory = std::size_t{64} << 20;
  const OptimalResult small = solve_optimal(rules, options);
  EXPECT_TRUE(small.proven);
  EXPECT_EQ(small.total, proven_optimum(rules));
  EXPECT_EQ(check_tree(small.tree).total, small.total);
}

// What one search proved of the first guesses' classes, journalled, is where the next search
// starts: its lower bound before any work is at least the first search's last.
TEST(Anytime, AJournalLetsTheNextSearchGoOnFromWhereTheLastStopped) {
  const Rules rules = parse_rules("p4c7r");
  const std::uint64_t optimum = proven_optimum(rules);
  const std::uint64_t upper = optimum + optimum / 20;
  MemoryJournal journal;
  std::uint64_t reached = 0, fresh_start = 0;
  {
    const auto search = own_search(rules);
    detail::journal_root_classes(*search, journal);
    detail::RootBounds bounds(*search, search->universe().all_ids(), Path{}, kUnlimitedDepth);
    fresh_start = bounds.lower_bound(upper);
    for (int step = 0; step < 8 && bounds.raise(upper, 2); ++step) {
    }
    reached = bounds.lower_bound(upper);
    search->on_root_class(nullptr);
  }
  ASSERT_GT(reached, fresh_start);
  ASSERT_FALSE(journal.records().empty());
  const auto again = own_search(rules);
  detail::restore_root_classes(*again, journal);
  detail::RootBounds bounds(*again, again->universe().all_ids(), Path{}, kUnlimitedDepth);
  bounds.recall();
  EXPECT_GE(bounds.lower_bound(upper), reached) << "resumed, not restarted";
  EXPECT_LE(bounds.lower_bound(upper), optimum);
  // And the whole search with that journal proves the same optimum.
  OptimalOptions options;
  options.journal = &journal;
  const OptimalResult resumed = solve_optimal(rules, options);
  EXPECT_TRUE(resumed.proven);
  EXPECT_EQ(resumed.total, optimum);
}

// A search given a journal starts each first guess from what the journal proved of its classes:
// between the counting bound and the guess's cost, and the least of them is the optimum itself,
// which the journalled search proved (the best first guess's classes exact, every other guess
// refuted above it), so a resumed proof's lower bound is the last sitting's from the start.
TEST(Anytime, AResumedSearchStartsFromTheFloorsItsJournalProved) {
  const Rules rules = parse_rules("p4c6r");
  const std::uint64_t optimum = proven_optimum(rules);
  MemoryJournal journal;
  {
    const auto search = own_search(rules);
    detail::journal_root_classes(*search, journal);
    EXPECT_EQ(detail::search_tree(*search, nullptr).best, optimum);
    search->on_root_class(nullptr);
    search->on_second_class(nullptr);
  }
  const auto plain = own_search(rules);
  const auto again = own_search(rules);
  detail::restore_root_classes(*again, journal);
  const Universe& u = again->universe();
  const detail::NodeGuesses first(u, Path{}, true);
  std::uint64_t least = detail::kInfeasible;
  int raised = 0;
  for (const detail::CodeId g : first.all()) {
    const std::uint64_t counted = plain->root_floor(g);
    const std::uint64_t resumed = again->root_floor(g);
    const std::uint64_t cost = plain->guess_cost(g, u.all_ids(), kUnlimitedDepth, detail::kInfeasible - 1, Path{});
    EXPECT_GE(resumed, counted) << g;
    EXPECT_LE(resumed, cost) << g;
    raised += resumed > counted ? 1 : 0;
    least = std::min(least, resumed);
  }
  EXPECT_GT(raised, 0);
  EXPECT_EQ(least, optimum);
}

// The classes one level below a first guess's class, journalled when their search took long (here
// every one, the time set to 0): each fact is true of its class, as a fresh search finds it, and
// a search given them proves the same optimum. A record of no such class is refused.
TEST(Anytime, AJournalKeepsTheClassesBelowTheFirstGuessesClasses) {
  const Rules rules = parse_rules("p4c6r");
  const std::uint64_t optimum = proven_optimum(rules);
  MemoryJournal journal;
  {
    const auto search = own_search(rules);
    search->set_second_class_seconds(0);
    detail::journal_root_classes(*search, journal);
    EXPECT_EQ(detail::search_tree(*search, nullptr).best, optimum);
    search->on_root_class(nullptr);
    search->on_second_class(nullptr);
  }
  const auto fresh = own_search(rules);
  const Universe& u = fresh->universe();
  const int depth = fresh->child_depth(fresh->child_depth(kUnlimitedDepth));
  std::size_t seconds = 0;
  for (const OptimalJournal::Record& r : journal.records()) {
    if (!r.key.starts_with("w ")) continue;
    ++seconds;
    std::istringstream fields(r.key.substr(2));
    detail::CodeId first = 0, second = 0;
    std::size_t first_slot = 0, second_slot = 0;
    ASSERT_TRUE(fields >> first >> first_slot >> second >> second_slot) << r.key;
    const auto node = detail::classes_of(*fresh, first, u.all_ids())[first_slot];
    const auto ids = detail::classes_of(*fresh, second, node)[second_slot];
    ASSERT_FALSE(ids.empty()) << r.key;
    const Path path = Path{}.then(first, u.colour_mask(first)).then(second, u.colour_mask(second));
    const std::uint64_t value = fresh->bounded(ids, depth, detail::kInfeasible - 1, path, nullptr);
    ASSERT_EQ(r.numbers.size(), 2U);
    if (r.numbers[1] == 1)
      EXPECT_EQ(r.numbers[0], value) << r.key << ": an exact value";
    else
      EXPECT_LE(r.numbers[0], value) << r.key << ": a lower bound";
  }
  EXPECT_GT(seconds, 0U) << "no class below a first guess's class was journalled";
  OptimalOptions options;
  options.journal = &journal;
  const OptimalResult resumed = solve_optimal(rules, options);
  EXPECT_TRUE(resumed.proven);
  EXPECT_EQ(resumed.total, optimum);
  MemoryJournal wrong;
  wrong.append({"w 0 3 1295 99", {12, 1}});
  try {
    detail::restore_root_classes(*own_search(rules), wrong);
    ADD_FAILURE() << "a record of no class of this board was taken";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::data);
  }
}

TEST(Anytime, AJournalKeepsTheBestStrategyAndRefusesOtherBoards) {
  const Rules rules = parse_rules("p4c7r");
  const auto search = own_search(rules);
  detail::StrategyImprover improver(*search, search->universe().all_ids(), Path{}, {}, kUnlimitedDepth);
  ASSERT_TRUE(improver.start());
  for (int step = 0; step < 20; ++step) improver.step();
  MemoryJournal journal;
  detail::journal_strategy(journal, improver.tree(), rules);
  const auto restored = detail::restore_strategy(journal, rules);
  ASSERT_TRUE(restored.has_value());
  const auto again = own_search(rules);
  detail::StrategyImprover next(*again, again->universe().all_ids(), Path{}, {}, kUnlimitedDepth);
  ASSERT_TRUE(next.offer(*restored));
  EXPECT_EQ(next.total(), improver.total()) << "the next run starts from the strategy kept, not the first one";
  // A journal of another board: refused (Error, data), never used.
  MemoryJournal other;
  other.append({"v 999999 3", {12, 1}});
  const auto p3 = own_search(parse_rules("p3c4r"));
  try {
    detail::restore_root_classes(*p3, other);
    ADD_FAILURE() << "a record of no class of this board was taken";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::data);
  }
}

}  // namespace
}  // namespace mm
