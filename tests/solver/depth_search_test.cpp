// The depth search (optimal/depth_search.hpp): whether some strategy solves every secret within a
// number of guesses, against a brute force on small boards, its strategies walked secret by
// secret, and the worst case of the larger boards it settles.
#include "optimal/depth_search.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "memory_journal.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/run/stop.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/optimal_search.hpp"

namespace mm {
namespace {

// Whether every secret of a set can be solved within a number of guesses, by trying every guess
// (every candidate in hard mode) at every node. Boards of at most 64 codes.
class BruteFeasibility {
 public:
  BruteFeasibility(const Rules& rules, bool hard) : rules_(rules), codes_(all_codes(rules)), hard_(hard) {
    EXPECT_LE(codes_.size(), 64u);
  }

  bool solvable(int depth) {
    const std::uint64_t all = codes_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << codes_.size()) - 1;
    return solvable(all, depth);
  }

 private:
  bool solvable(std::uint64_t set, int left) {
    if (set == 0) return true;
    if (left == 0) return false;
    const auto key = std::make_pair(set, left);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool found = false;
    for (std::size_t g = 0; g < codes_.size() && !found; ++g) {
      if (hard_ && !(set >> g & 1)) continue;
      std::map<int, std::uint64_t> classes;
      for (std::size_t c = 0; c < codes_.size(); ++c)
        if (set >> c & 1) {
          const Feedback f = score(codes_[c], codes_[g]);
          if (f.black != rules_.pegs) classes[f.black * 16 + f.white] |= std::uint64_t{1} << c;
        }
      bool all = true;
      for (const auto& [answer, members] : classes) all = all && members != set && solvable(members, left - 1);
      found = all;
    }
    memo_[key] = found;
    return found;
  }

  Rules rules_;
  std::vector<Code> codes_;
  bool hard_;
  std::map<std::pair<std::uint64_t, int>, bool> memo_;
};

// The fewest guesses the search finds enough, each smaller depth refuted on the way.
int fewest(detail::DepthSearch& search) {
  int depth = 1;
  while (!search.solvable(depth)) ++depth;
  return depth;
}

const char* const kSmallBoards[] = {"p2c3r", "p2c4r", "p3c3r", "p3c4n", "p2c5r", "p2c6r", "p2c8r", "p3c4r", "p6c2r"};

TEST(DepthSearch, AgreesWithTheBruteForceAtEveryDepthOnBoardsOfAtMost64Codes) {
  for (const bool hard : {false, true})
    for (const char* spelling : kSmallBoards) {
      const Rules rules = parse_rules(spelling);
      BruteFeasibility brute(rules, hard);
      detail::DepthSearch search(detail::Universe::of(rules), hard, 0, 0);
      bool reached = false;
      for (int depth = 1; depth <= 8 && !reached; ++depth) {
        const bool expected = brute.solvable(depth);
        EXPECT_EQ(search.solvable(depth), expected) << spelling << (hard ? " hard" : "") << " depth " << depth;
        reached = expected;
      }
      EXPECT_TRUE(reached) << spelling;
    }
}

// Its strategy is a whole tree that meets the depth: every secret solved within it.
void expect_tree_within(detail::DepthSearch& search, const Rules& rules, int depth, bool hard = false) {
  const DecisionTree tree = search.tree(depth);
  const TreeFigures figures = check_tree(tree);
  EXPECT_EQ(figures.secrets, rules.code_count()) << rules.spelling();
  EXPECT_EQ(figures.worst, depth) << rules.spelling();
  EXPECT_EQ(tree.hard, hard);
}

TEST(DepthSearch, TheClassicBoardNeedsFiveAsKnuthFound) {
  const Rules rules = parse_rules("p4c6r");
  detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0);
  EXPECT_EQ(fewest(search), 5);
  expect_tree_within(search, rules, 5);
}

TEST(DepthSearch, HardModeOnTheClassicBoardAgreesWithTheSearchForTheLeastTotal) {
  // The depth-limited search for the least total in hard mode finds a strategy within the depth
  // this search settles, and none within one guess less.
  const Rules rules = parse_rules("p4c6r");
  detail::DepthSearch search(detail::Universe::of(rules), true, 0, 0);
  const int depth = fewest(search);
  OptimalOptions options;
  options.hard = true;
  options.max_depth = depth;
  EXPECT_TRUE(solve_optimal(rules, options).solvable);
  options.max_depth = depth - 1;
  EXPECT_FALSE(solve_optimal(rules, options).solvable);
  expect_tree_within(search, rules, depth, true);
}

TEST(DepthSearch, SettlesTheWorstCaseOfLargerBoards) {
  // docs/records.md: no strategy always finishes within one guess less, one within these.
  struct Board {
    const char* rules;
    int fewest;
  };
  for (const Board board : {Board{"p4c10r", 7}, Board{"p5c7r", 6}}) {
    const Rules rules = parse_rules(board.rules);
    detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0);
    EXPECT_FALSE(search.solvable(board.fewest - 1)) << board.rules;
    EXPECT_TRUE(search.solvable(board.fewest)) << board.rules;
    expect_tree_within(search, rules, board.fewest);
  }
}

TEST(DepthSearch, TwoThreadsGiveTheSameAnswersAndTheSameStrategy) {
  // The guesses of the root and of its classes are tried side by side; the one kept at each node
  // is still the first that works.
  for (const char* spelling : {"p4c8r", "p4c7r", "p3c9r"}) {
    const Rules rules = parse_rules(spelling);
    detail::DepthSearch serial(detail::Universe::of(rules), false, 0, 0);
    detail::DepthSearch threaded(detail::Universe::of(rules), false, 0, 0, {}, std::nullopt, Executor(2));
    const int depth = fewest(serial);
    EXPECT_EQ(fewest(threaded), depth) << spelling;
    const DecisionTree one = serial.tree(depth);
    const DecisionTree two = threaded.tree(depth);
    ASSERT_EQ(one.nodes.size(), two.nodes.size()) << spelling;
    for (std::size_t i = 0; i < one.nodes.size(); ++i) {
      ASSERT_EQ(one.nodes[i].guess, two.nodes[i].guess) << spelling << " node " << i;
      ASSERT_EQ(one.nodes[i].branches.size(), two.nodes[i].branches.size()) << spelling << " node " << i;
    }
  }
}

TEST(DepthSearch, AStopEndsTheSearch) {
  StopSource source;
  source.request_stop();
  const Rules rules = parse_rules("p5c7r");
  detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0, source.token());
  EXPECT_THROW(search.solvable(6), detail::SearchStopped);
}

// What the depth search kept of 4 x 8 in a journal, at first and when a second run went on from
// it: the fewest guesses, the nodes that run searched, its strategy.
struct JournaledRun {
  int fewest;
  std::uint64_t nodes;
  DecisionTree tree;
};

JournaledRun journaled_run(testing::MemoryJournal& journal, const Rules& rules) {
  detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0);
  search.keep_in(journal);
  const int depth = fewest(search);
  return {depth, search.nodes(), search.tree(depth)};
}

TEST(DepthSearch, ARunGoesOnFromWhatTheJournalKeeps) {
  const Rules rules = parse_rules("p4c8r");
  testing::MemoryJournal journal;
  const JournaledRun first = journaled_run(journal, rules);
  // The board at each depth tried, and the classes of the first guess that works.
  const std::size_t kept = journal.records().size();
  EXPECT_GT(kept, 2U);
  const JournaledRun second = journaled_run(journal, rules);
  EXPECT_EQ(second.fewest, first.fewest);
  // Each depth settled from the journal at the root: no node searched but the strategy's own,
  // which tree() reads back, and nothing new written.
  EXPECT_LT(second.nodes, first.nodes);
  EXPECT_EQ(journal.records().size(), kept);
  ASSERT_EQ(second.tree.nodes.size(), first.tree.nodes.size());
  for (std::size_t i = 0; i < first.tree.nodes.size(); ++i)
    ASSERT_EQ(second.tree.nodes[i].guess, first.tree.nodes[i].guess);
}

TEST(DepthSearch, AStoppedRunGoesOnFromItsJournalToTheSameAnswer) {
  // Stopped once it has settled some second guesses at a class of a first guess (a kill -9 loses
  // no more than what was not yet written), then run again on the same journal.
  const Rules rules = parse_rules("p5c7r");
  testing::MemoryJournal journal;
  {
    OptimalProgress progress;
    StopSource source;
    detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0, source.token());
    search.report_to(&progress);
    search.keep_in(journal);
    std::atomic<bool> done{false};
    std::thread stopper([&] {
      while (!done.load() && progress.second_level_done.load() < 2)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      source.request_stop();
    });
    try {
      fewest(search);
    } catch (const detail::SearchStopped&) {
    }
    done.store(true);
    stopper.join();
  }
  detail::DepthSearch whole(detail::Universe::of(rules), false, 0, 0);
  const int depth = fewest(whole);
  const JournaledRun resumed = journaled_run(journal, rules);
  EXPECT_EQ(resumed.fewest, depth);
  EXPECT_EQ(check_tree(resumed.tree).worst, depth);
}

TEST(DepthSearch, AJournalRecordOfNoNodeOfTheBoardIsRefused) {
  const Rules rules = parse_rules("p4c6r");
  for (const OptimalJournal::Record& bad :
       {OptimalJournal::Record{"d 5 99999 3", {0, 0}}, OptimalJournal::Record{"d 5 0 3 1", {0, 0}},
        OptimalJournal::Record{"d 0", {0, 0}}, OptimalJournal::Record{"d 5", {2, 0}},
        OptimalJournal::Record{"d 5", {0, 7}}, OptimalJournal::Record{"d 5 0 1 0 1 0 1", {1, 0}}}) {
    testing::MemoryJournal journal;
    journal.append(bad);
    detail::DepthSearch search(detail::Universe::of(rules), false, 0, 0);
    EXPECT_THROW(search.keep_in(journal), Error) << bad.key;
  }
}

// The worst case of `rules` stopped once the search for the least total within the fewest
// guesses shows its first figure (the depth search before it shows none), whatever the load of
// the machine: time limits of two and eight seconds ran out before the depth search ended on a
// busy one.
OptimalResult stopped_in_the_second_search(const Rules& rules, OptimalOptions options) {
  options.objective = Objective::worst;
  OptimalProgress progress;
  options.progress = &progress;
  StopSource source;
  options.run.stop = source.token();
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    // The depth search counts its first guesses too, while it says the depth it tries.
    while (!done.load() && (progress.depth_tried.load() != 0 || progress.first_level_total.load() == 0) &&
           progress.best_total.load() == 0 && progress.lower_bound.load() == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    source.request_stop();
  });
  const OptimalResult r = solve_optimal(rules, options);
  done.store(true);
  stopper.join();
  return r;
}

TEST(WorstCase, AStopAfterTheFewestGuessesKeepsThemProven) {
  // On 4 x 10 the depth search settles seven in under a second on one core, and the least total
  // within seven takes as long as the average optimum (19 minutes on two cores): the answer keeps
  // the seven proven beside the best strategy found within them.
  const OptimalResult r = stopped_in_the_second_search(parse_rules("p4c10r"), {});
  ASSERT_TRUE(r.solvable);
  EXPECT_FALSE(r.proven);
  EXPECT_TRUE(r.worst_proven);
  EXPECT_EQ(r.worst, 7);
  const TreeFigures figures = check_tree(r.tree);
  EXPECT_EQ(figures.worst, 7);
  EXPECT_EQ(figures.total, r.total);
}

TEST(WorstCase, StoppedBeforeTheSearchForTheLeastTotalFindsAnyItPlaysAStrategyWithinTheDepth) {
  // On 4 x 8 the depth search settles six in a tenth of a second, and the exact search for the
  // least total within six, which finds no strategy before its proof, takes ten seconds on one
  // core: stopped as it begins, the answer is a strategy still within six, the six proven.
  OptimalOptions options;
  options.run.executor = Executor::serial();
  const OptimalResult r = stopped_in_the_second_search(parse_rules("p4c8r"), options);
  ASSERT_TRUE(r.solvable);
  EXPECT_FALSE(r.proven);
  EXPECT_TRUE(r.worst_proven);
  EXPECT_EQ(r.worst, 6);
  const TreeFigures figures = check_tree(r.tree);
  EXPECT_EQ(figures.worst, 6);
  EXPECT_EQ(figures.total, r.total);
}

}  // namespace
}  // namespace mm
