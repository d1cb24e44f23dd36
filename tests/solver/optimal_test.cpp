// The optimal search (branch and bound, symmetry, memo, threads) against a deliberately plain
// exhaustive solver written here: every code is tried as the guess at every node, no symmetry,
// no bounds, values memoised by candidate set only. Both the totals and the trees (the guess at
// every node, by the tie order: a candidate first, then the lowest index) must agree.

#include "mm/solver/optimal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/strategy.hpp"
#include "optimal/history_symmetry.hpp"
#include "optimal/lower_bound.hpp"
#include "optimal/optimal_search.hpp"

namespace mm {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max() / 4;

class PlainOptimal {
 public:
  PlainOptimal(const Rules& rules, int max_depth) : rules_(rules), all_(all_codes(rules)), max_depth_(max_depth) {}

  // Guesses needed over `cands` (indices into all codes) with `left` guesses left per secret.
  std::uint64_t value(const std::vector<std::size_t>& cands, int left) {
    if (cands.empty()) return 0;
    if (left == 0) return kNever;
    const auto key = std::make_pair(cands, left);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = kNever;
    for (std::size_t g = 0; g < all_.size(); ++g) best = std::min(best, cost(g, cands, left));
    memo_[key] = best;
    return best;
  }

  // Guesses needed over `cands` when `g` is guessed first.
  std::uint64_t cost_of(std::size_t g, const std::vector<std::size_t>& cands, int left) { return cost(g, cands, left); }

  // The first guess in the tie order that attains the value.
  std::size_t choice(const std::vector<std::size_t>& cands, int left) {
    const std::uint64_t best = value(cands, left);
    for (std::size_t c : cands)
      if (cost(c, cands, left) == best) return c;
    for (std::size_t g = 0; g < all_.size(); ++g)
      if (cost(g, cands, left) == best) return g;
    return cands.front();
  }

  std::map<std::pair<int, int>, std::vector<std::size_t>> split(std::size_t g, const std::vector<std::size_t>& cands) {
    std::map<std::pair<int, int>, std::vector<std::size_t>> classes;
    for (std::size_t c : cands) {
      const Feedback f = score(all_[c], all_[g]);
      classes[{f.black, f.white}].push_back(c);
    }
    return classes;
  }

  // The game against every secret: the guesses, in order.
  std::map<std::size_t, std::vector<std::size_t>> games() {
    std::map<std::size_t, std::vector<std::size_t>> out;
    std::vector<std::size_t> everything(all_.size());
    for (std::size_t i = 0; i < all_.size(); ++i) everything[i] = i;
    walk(everything, max_depth_, {}, out);
    return out;
  }

  const std::vector<Code>& codes() const { return all_; }

 private:
  std::uint64_t cost(std::size_t g, const std::vector<std::size_t>& cands, int left) {
    std::uint64_t total = cands.size();
    for (const auto& [answer, members] : split(g, cands)) {
      if (answer.first == rules_.pegs) continue;
      if (members.size() == cands.size()) return kNever;           // learns nothing
      total = std::min(total + value(members, left - 1), kNever);  // kNever stays kNever
    }
    return total;
  }

  void walk(const std::vector<std::size_t>& cands, int left, std::vector<std::size_t> path,
            std::map<std::size_t, std::vector<std::size_t>>& out) {
    const std::size_t g = choice(cands, left);
    path.push_back(g);
    for (const auto& [answer, members] : split(g, cands)) {
      if (answer.first == rules_.pegs)
        out[g] = path;
      else
        walk(members, left - 1, path, out);
    }
  }

  Rules rules_;
  std::vector<Code> all_;
  int max_depth_;
  std::map<std::pair<std::vector<std::size_t>, int>, std::uint64_t> memo_;
};

constexpr int kNoLimit = 1000;

// The guesses the tree plays against `secret`.
std::vector<std::size_t> game_in(const DecisionTree& tree, const Code& secret) {
  std::vector<std::size_t> out;
  std::size_t at = 0;
  while (out.size() <= tree.nodes.size()) {
    const auto& node = tree.nodes[at];
    out.push_back(code_index(node.guess, tree.rules));
    const Feedback f = score(secret, node.guess);
    if (f.is_win(tree.rules.pegs)) break;
    const auto it =
        std::find_if(node.branches.begin(), node.branches.end(), [&](const auto& b) { return b.answer == f; });
    if (it == node.branches.end()) break;
    at = it->child;
  }
  return out;
}

struct TinyBoard {
  const char* rules;
  int max_depth;  // kNoLimit: none
};

class AgainstPlainOptimal : public ::testing::TestWithParam<TinyBoard> {};

TEST_P(AgainstPlainOptimal, SameTotalAndSameTree) {
  const Rules rules = parse_rules(GetParam().rules);
  const int depth = GetParam().max_depth;
  PlainOptimal plain(rules, depth);
  std::vector<std::size_t> everything(rules.code_count());
  for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
  const bool feasible = plain.value(everything, depth) < kNever;

  OptimalOptions options;
  if (depth != kNoLimit) options.max_depth = depth;
  const OptimalResult r = solve_optimal(rules, options);
  ASSERT_EQ(r.solvable, feasible);
  if (!feasible) return;
  const auto expected = plain.games();
  std::uint64_t expected_total = 0;
  for (const auto& [secret, game] : expected) expected_total += game.size();
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.total, expected_total);
  EXPECT_EQ(r.lower_bound, expected_total);
  ASSERT_EQ(expected.size(), rules.code_count());
  for (const auto& [secret, game] : expected)
    EXPECT_EQ(game_in(r.tree, plain.codes()[secret]), game) << "secret #" << secret;
}

TEST_P(AgainstPlainOptimal, TheStrategyPlaysTheTree) {
  if (GetParam().max_depth != kNoLimit) GTEST_SKIP() << "the strategy has no depth limit";
  const Rules rules = parse_rules(GetParam().rules);
  const OptimalResult r = solve_optimal(rules, {});
  for (const Code& secret : all_codes(rules)) {
    const auto game = play_out(rules, StrategyKind::optimal, secret);
    std::vector<std::size_t> guesses;
    for (const Turn& t : game) guesses.push_back(code_index(t.guess, rules));
    EXPECT_EQ(guesses, game_in(r.tree, secret));
  }
  EvaluateOptions eo;
  eo.strategy = StrategyKind::optimal;
  EXPECT_EQ(evaluate(rules, eo).total, r.total);
}

constexpr TinyBoard kTinyBoards[] = {
    {"p2c3r", kNoLimit}, {"p2c4r", kNoLimit}, {"p3c3r", kNoLimit}, {"p3c4n", kNoLimit}, {"p2c5n", kNoLimit},
    {"p2c5r", kNoLimit}, {"p3c4r", kNoLimit}, {"p3c3r", 3},        {"p3c3r", 4},        {"p2c4r", 3},
    {"p2c4r", 4},        {"p3c4n", 3},        {"p3c4n", 4},        {"p2c5r", 3},
};

std::string board_name(const ::testing::TestParamInfo<TinyBoard>& row) {
  std::string name = row.param.rules;
  if (row.param.max_depth != kNoLimit) name += "_depth" + std::to_string(row.param.max_depth);
  return name;
}

INSTANTIATE_TEST_SUITE_P(TinyBoards, AgainstPlainOptimal, ::testing::ValuesIn(kTinyBoards), board_name);

// Off the tree: after any first guess and answer (not only the tree's own), the strategy plays
// what the plain solver picks for that node.
TEST(Optimal, AfterAnyOpeningTheStrategyPicksThePlainChoice) {
  for (const char* spelling : {"p2c4r", "p3c3r", "p2c5n"}) {
    const Rules rules = parse_rules(spelling);
    PlainOptimal plain(rules, kNoLimit);
    std::vector<std::size_t> everything(rules.code_count());
    for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
    for (std::size_t first = 0; first < everything.size(); ++first) {
      for (const auto& [answer, members] : plain.split(first, everything)) {
        if (answer.first == rules.pegs) continue;
        auto breaker = make_strategy(StrategyKind::optimal, rules);
        breaker->observe(plain.codes()[first], Feedback{answer.first, answer.second});
        EXPECT_EQ(breaker->next_guess(), plain.codes()[plain.choice(members, kNoLimit)])
            << spelling << " after guess #" << first << " answered " << answer.first << "B" << answer.second << "W";
      }
    }
  }
}

// The boards of the floor and shortcut tests below, one with a depth limit.
constexpr TinyBoard kFloorBoards[] = {{"p3c4r", kNoLimit}, {"p3c4n", kNoLimit}, {"p3c4r", 4}};

// A board's search and the plain solver beside it, numbering the codes alike.
struct SearchBesidePlain {
  explicit SearchBesidePlain(const TinyBoard& board)
      : rules(parse_rules(board.rules)),
        depth(board.max_depth == kNoLimit ? detail::kUnlimitedDepth : board.max_depth),
        search(detail::Universe::of(rules), depth, 0),
        plain(rules, board.max_depth) {}
  void check_same_codes() const {
    for (std::size_t i = 0; i < plain.codes().size(); ++i)
      ASSERT_EQ(search.universe().code(static_cast<detail::CodeId>(i)), plain.codes()[i]);
  }
  Rules rules;
  int depth;
  detail::OptimalSearch search;
  PlainOptimal plain;
};

// The floor from the most answer classes any guess makes of a node (parts_floor): after every
// first and second guess of small boards, with and without a depth limit, it is the counting
// bound with the largest number of classes found by trying every code (so the guesses the search
// rates miss no split), it never passes the node's optimum by the plain solver, and it is above
// the counting bound with the variant's branching at some nodes (else it would be no use). The
// same whether the guesses counted are the node's list under the position symmetry (as on these
// boards) or every canonical code (as on larger ones).
TEST(Optimal, TheFloorFromTheMostClassesNeverPassesANodesOptimum) {
  for (const TinyBoard& board : kFloorBoards)
    for (const bool canonical : {false, true}) {
      SearchBesidePlain beside(board);
      ASSERT_NO_FATAL_FAILURE(beside.check_same_codes());
      auto& [rules, depth, search, plain] = beside;
      if (canonical) search.set_listed_for_parts_codes(0);
      const detail::Universe& u = search.universe();
      // The non-winning answers of the variant: no floor is raised with as many classes as that.
      const int branching = u.response_count() - 1;
      int raised = 0, checked = 0;
      // Checks one node: its candidates (ascending), the path that led there and the guesses left.
      const auto check = [&](const std::vector<std::size_t>& cands, const detail::Path& path, int left) {
        if (cands.size() < 3) return;
        const std::vector<detail::CodeId> ids(cands.begin(), cands.end());
        const detail::NodeGuesses worth(u, path, true);
        const std::uint64_t floor = search.parts_floor(ids, search.keys_of(ids), left, 0, worth);
        int most = 0;
        for (std::size_t g = 0; g < plain.codes().size(); ++g) {
          int parts = 0;
          for (const auto& [answer, members] : plain.split(g, cands)) parts += answer.first == rules.pegs ? 0 : 1;
          most = std::max(most, parts);
        }
        const std::uint64_t expected = most >= branching ? 0 : detail::class_lower_bound(cands.size(), left, most);
        EXPECT_EQ(floor, expected) << board.rules << " node of " << cands.size();
        const std::uint64_t optimum = plain.value(cands, board.max_depth == kNoLimit ? kNoLimit : left);
        if (optimum < kNever) {
          EXPECT_LE(floor, optimum) << board.rules << " node of " << cands.size();
        }
        raised += floor > detail::class_lower_bound(cands.size(), left, branching) ? 1 : 0;
        ++checked;
      };
      std::vector<std::size_t> everything(rules.code_count());
      for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
      const detail::NodeGuesses first(u, detail::Path{}, true);
      for (const detail::CodeId g1 : first.all()) {
        const detail::Path path1 = detail::Path{}.then(g1, u.colour_mask(g1));
        const detail::NodeGuesses second(u, path1, true);
        for (const auto& [answer1, members1] : plain.split(g1, everything)) {
          if (answer1.first == rules.pegs) continue;
          check(members1, path1, search.child_depth(depth));
          for (const detail::CodeId g2 : second.all()) {
            const detail::Path path2 = path1.then(g2, u.colour_mask(g2));
            for (const auto& [answer2, members2] : plain.split(g2, members1))
              if (answer2.first != rules.pegs) check(members2, path2, search.child_depth(search.child_depth(depth)));
          }
        }
      }
      EXPECT_GT(checked, 20) << board.rules;
      EXPECT_GT(raised, 0) << board.rules << ": some node's floor is above the plain counting bound";
    }
}

// The shortcut of the few-candidate nodes (told_apart): after every first and second guess of
// small boards, with and without a depth limit, a node of up to kTinyNode candidates it settles
// has the plain solver's optimum as its value, and it settles some nodes (else it would be no use).
TEST(Optimal, ACandidateThatTellsTheOthersApartSettlesTheNode) {
  for (const TinyBoard& board : kFloorBoards) {
    SearchBesidePlain beside(board);
    ASSERT_NO_FATAL_FAILURE(beside.check_same_codes());
    auto& [rules, depth, search, plain] = beside;
    int settled = 0, unsettled = 0;
    const auto check = [&](const std::vector<std::size_t>& cands, int left) {
      if (cands.size() < 3 || cands.size() > detail::OptimalSearch::kTinyNode) return;
      const std::vector<detail::CodeId> ids(cands.begin(), cands.end());
      const std::uint64_t floor = search.lower_bound(ids.size(), left);
      if (!search.told_apart(ids, left, floor)) {
        ++unsettled;
        return;
      }
      ++settled;
      EXPECT_EQ(plain.value(cands, board.max_depth == kNoLimit ? kNoLimit : left), floor)
          << board.rules << " node of " << cands.size();
    };
    std::vector<std::size_t> everything(rules.code_count());
    for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
    for (std::size_t g1 = 0; g1 < everything.size(); ++g1)
      for (const auto& [answer1, members1] : plain.split(g1, everything)) {
        if (answer1.first == rules.pegs) continue;
        check(members1, search.child_depth(depth));
        for (std::size_t g2 = 0; g2 < everything.size(); ++g2)
          for (const auto& [answer2, members2] : plain.split(g2, members1))
            if (answer2.first != rules.pegs) check(members2, search.child_depth(search.child_depth(depth)));
      }
    EXPECT_GT(settled, 20) << board.rules << " within " << board.max_depth;
    EXPECT_GT(unsettled, 0) << board.rules << ": some small node has no such candidate";
  }
}

// A guess's cost under a cap (guess_cost, which probes its large classes before it solves any,
// see node_search.cpp): after no guess and after every first guess of small boards, with and
// without a depth limit, for caps below, at and above the plain solver's cost of every guess, it
// is that cost when within the cap, and otherwise a lower bound of it above the cap. The caps come
// in turn on one search, as in a real one: what a refutation leaves in the memo serves the next.
TEST(Optimal, AGuessUnderACapIsExactWithinItAndRefutedAboveIt) {
  for (const TinyBoard& board : kFloorBoards) {
    SearchBesidePlain beside(board);
    ASSERT_NO_FATAL_FAILURE(beside.check_same_codes());
    auto& [rules, depth, search, plain] = beside;
    const detail::Universe& u = search.universe();
    int exact = 0, refuted = 0;
    const auto check = [&](const std::vector<std::size_t>& cands, const detail::Path& path, int left) {
      const std::vector<detail::CodeId> ids(cands.begin(), cands.end());
      for (std::size_t g = 0; g < plain.codes().size(); ++g) {
        const std::uint64_t cost = plain.cost_of(g, cands, board.max_depth == kNoLimit ? kNoLimit : left);
        // Below the cost, then at it and above; any cap refutes a guess that meets no limit.
        std::vector<std::uint64_t> caps;
        if (cost >= kNever) {
          caps.push_back(1000);
        } else {
          for (const std::uint64_t under : {std::uint64_t{3}, std::uint64_t{1}, std::uint64_t{0}})
            if (cost > under) caps.push_back(cost - under);
          caps.push_back(cost + 5);
        }
        for (const std::uint64_t cap : caps) {
          const std::uint64_t got = search.guess_cost(static_cast<detail::CodeId>(g), ids, left, cap, path);
          if (cost <= cap) {
            EXPECT_EQ(got, cost) << board.rules << " guess " << g << " of " << cands.size() << " cap " << cap;
            ++exact;
          } else {
            EXPECT_GT(got, cap) << board.rules << " guess " << g << " of " << cands.size() << " cap " << cap;
            if (cost < kNever) {
              EXPECT_LE(got, cost) << board.rules << " guess " << g << " of " << cands.size();
            }
            ++refuted;
          }
        }
      }
    };
    std::vector<std::size_t> everything(rules.code_count());
    for (std::size_t i = 0; i < everything.size(); ++i) everything[i] = i;
    check(everything, detail::Path{}, depth);
    const detail::NodeGuesses first(u, detail::Path{}, true);
    for (const detail::CodeId g1 : first.all()) {
      const detail::Path path1 = detail::Path{}.then(g1, u.colour_mask(g1));
      for (const auto& [answer1, members1] : plain.split(g1, everything))
        if (answer1.first != rules.pegs && members1.size() >= 3) check(members1, path1, search.child_depth(depth));
    }
    EXPECT_GT(exact, 100) << board.rules;
    EXPECT_GT(refuted, 100) << board.rules;
  }
}

// Before the first guess every permutation of positions and of colours maps the board onto
// itself, so the first guesses worth costing are one per orbit: one per way of writing the pegs as
// a sum of at most `colours` parts (4 x 6: 1111, 1112, 1122, 1123, 1234). With six pegs and more
// the permutations are more than a node keeps maps for; the first guesses of 6 x 5 were 31 until
// the root took the whole group.
TEST(Optimal, TheFirstGuessesAreOnePerOrbit) {
  // Partitions of n into at most k parts.
  const auto partitions = [](int n, int k) {
    std::vector<std::vector<std::uint64_t>> p(static_cast<std::size_t>(n) + 1,
                                              std::vector<std::uint64_t>(static_cast<std::size_t>(k) + 1, 0));
    for (int j = 0; j <= k; ++j) p[0][static_cast<std::size_t>(j)] = 1;
    for (int i = 1; i <= n; ++i)
      for (int j = 1; j <= k; ++j)
        p[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
            p[static_cast<std::size_t>(i)][static_cast<std::size_t>(j - 1)] +
            (i >= j ? p[static_cast<std::size_t>(i - j)][static_cast<std::size_t>(j)] : 0);
    return p[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
  };
  for (const char* spelling : {"p4c6r", "p5c8r", "p6c5r", "p6c4r", "p7c3r", "p3c2r"}) {
    const Rules rules = parse_rules(spelling);
    const auto u = detail::Universe::of(rules);
    const detail::NodeGuesses first(*u, detail::Path{}, true);
    EXPECT_EQ(first.all().size(), partitions(rules.pegs, rules.colors)) << spelling;
    // Each one first of its orbit: its pegs in order, its colours by how often they occur.
    for (const detail::CodeId g : first.all()) {
      const Code code = u->code(g);
      std::vector<int> count(static_cast<std::size_t>(rules.colors), 0);
      for (int i = 0; i < rules.pegs; ++i) {
        if (i > 0) {
          EXPECT_LE(code[i - 1], code[i]) << spelling;
        }
        ++count[static_cast<std::size_t>(code[i])];
      }
      EXPECT_TRUE(std::is_sorted(count.rbegin(), count.rend())) << spelling;
    }
  }
}

TEST(Optimal, ClassicNeeds5625GuessesAnd5626WithinFive) {
  OptimalOptions options;
  const OptimalResult free = solve_optimal(Rules{}, options);
  EXPECT_EQ(free.total, 5625u);  // Koyama and Lai 1993
  EXPECT_EQ(free.worst, 6);
  EXPECT_TRUE(free.proven);
  options.max_depth = 5;
  const OptimalResult five = solve_optimal(Rules{}, options);
  EXPECT_EQ(five.total, 5626u);  // Koyama and Lai 1993, no secret needing a sixth guess
  EXPECT_EQ(five.worst, 5);
}

TEST(Optimal, ClassicCannotBeSolvedWithinFour) {
  OptimalOptions options;
  options.max_depth = 4;
  const OptimalResult r = solve_optimal(Rules{}, options);
  EXPECT_FALSE(r.solvable);
  EXPECT_TRUE(r.tree.nodes.empty());
}

// Fresh searches: on two threads the first first guess's classes, and the first guess's classes
// of each of them large enough, are searched side by side (spread_uncapped), and so are the other
// guesses of those large nodes, each under the same cap.
TEST(Optimal, SameTreeOnOneAndTwoThreads) {
  for (const char* spelling : {"p3c5r", "p4c6r", "p4c7r"}) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    OptimalOptions one, two;
    one.fresh = two.fresh = true;
    one.run.executor = Executor::serial();
    two.run.executor = Executor(2);
    const OptimalResult a = solve_optimal(rules, one), b = solve_optimal(rules, two);
    EXPECT_EQ(a.total, b.total);
    ASSERT_EQ(a.tree.nodes.size(), b.tree.nodes.size());
    for (const Code& secret : all_codes(rules)) EXPECT_EQ(game_in(a.tree, secret), game_in(b.tree, secret));
  }
}

// A memory budget far too small for the board: the search forgets and works things out again
// (more nodes), and the answer is the same tree, node for node. One thread: with two, how many
// nodes each prunes depends on how the scheduler interleaves them, and on a busy machine the small
// memo's count once came out the lower (17123 against 26070).
TEST(Optimal, AMemoryBudgetCostsTimeNeverTheAnswer) {
  OptimalOptions options;
  options.run.executor = Executor::serial();
  EXPECT_GT(default_run_memory(), 0u) << "a quarter of the machine's memory by default";
  for (const int depth : {0, 5}) {
    if (depth) options.max_depth = depth;
    options.run.memory = std::size_t{1} << 40;
    const OptimalResult plain = solve_optimal(Rules{}, options);
    options.run.memory = std::size_t{96} << 10;
    const OptimalResult small = solve_optimal(Rules{}, options);
    EXPECT_TRUE(small.proven);
    EXPECT_EQ(small.total, plain.total);
    EXPECT_EQ(small.worst, plain.worst);
    EXPECT_GT(small.nodes, plain.nodes) << "the small memo forgot nodes and searched them again";
    ASSERT_EQ(small.tree.nodes.size(), plain.tree.nodes.size());
    for (std::size_t i = 0; i < plain.tree.nodes.size(); ++i) {
      EXPECT_EQ(small.tree.nodes[i].guess, plain.tree.nodes[i].guess);
      ASSERT_EQ(small.tree.nodes[i].branches.size(), plain.tree.nodes[i].branches.size());
      for (std::size_t b = 0; b < plain.tree.nodes[i].branches.size(); ++b)
        EXPECT_EQ(small.tree.nodes[i].branches[b].child, plain.tree.nodes[i].branches[b].child);
    }
  }
}

// No list of boards: every board the exact search takes is searched, the small ones proven at
// once (3 x 9 was refused as outside a table of measured boards).
TEST(Optimal, EveryBoardTheExactSearchTakesIsSearched) {
  EXPECT_FALSE(is_heuristic(StrategyKind::optimal));
  EXPECT_EQ(parse_strategy("optimal"), StrategyKind::optimal);
  EXPECT_TRUE(full_evaluation_feasible(Rules{}, StrategyKind::optimal));
  for (const char* spelling : {"p3c9r", "p2c20r", "p4c5n"}) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    const OptimalResult r = solve_optimal(rules, {});
    EXPECT_TRUE(r.proven);
    EXPECT_EQ(r.lower_bound, r.total);
    EXPECT_EQ(check_tree(r.tree).total, r.total);
  }
  EXPECT_NO_THROW(make_strategy(StrategyKind::optimal, parse_rules("p5c8r")));
  EXPECT_THROW(solve_optimal(parse_rules("p9c8r"), {}), InputError) << "beyond the exact search's codes";
  // The estimate orders the boards as measured: quick ones quick, the open ones slow.
  EXPECT_LT(optimal_time_estimate(Rules{}, std::nullopt), 1.0);
  EXPECT_GT(optimal_time_estimate(parse_rules("p5c6r"), std::nullopt), kAnytimeFromSeconds);
  EXPECT_LT(optimal_time_estimate(parse_rules("p4c7r"), std::nullopt),
            optimal_time_estimate(parse_rules("p4c8r"), std::nullopt));
  // Fewer answers split the candidates less: black pegs alone take longer on the same board.
  EXPECT_GT(optimal_time_estimate(parse_rules("p5c5rb"), std::nullopt),
            2 * optimal_time_estimate(parse_rules("p5c5r"), std::nullopt));
  // Hard mode's own model: 4 x 10 in seconds (5 s measured), where any guess takes half an hour,
  // so a hard-mode search of it begins with the exact search.
  EXPECT_LT(optimal_time_estimate(parse_rules("p4c10r"), std::nullopt, true), kAnytimeFromSeconds);
  EXPECT_GT(optimal_time_estimate(parse_rules("p4c10r"), std::nullopt, false), kAnytimeFromSeconds);
  EXPECT_LT(optimal_time_estimate(parse_rules("p5c6r"), std::nullopt, true),
            optimal_time_estimate(parse_rules("p5c7r"), std::nullopt, true));
}

TEST(Optimal, ATimeLimitGivesTheBestSoFarAndALowerBound) {
  OptimalOptions options;
  options.time_limit_seconds = 1e-6;
  const OptimalResult r = solve_optimal(parse_rules("p4c7r"), options);
  EXPECT_FALSE(r.proven);
  ASSERT_TRUE(r.solvable);
  EXPECT_LE(r.lower_bound, r.total);
  EXPECT_GT(r.lower_bound, 0u);
  EXPECT_EQ(check_tree(r.tree).total, r.total);
  // A game that plays the tree names it by its label: not the optimum.
  EXPECT_EQ(r.tree.strategy, kBestFoundLabel);
  EXPECT_EQ(solve_optimal(Rules{}, OptimalOptions{}).tree.strategy, "optimal");
}

// The node count reaches the progress line while the search runs (on 4 x 7 the first first guess
// is most of the search), and no longer once the sink is let go.
TEST(Optimal, TheNodeCountIsToldAsTheSearchGoes) {
  detail::OptimalSearch search(detail::Universe::of(Rules{}), detail::kUnlimitedDepth, 0);
  const std::span<const detail::CodeId> ids(search.universe().all_ids());
  std::atomic<std::uint64_t> sink{0};
  search.publish_nodes_to(&sink);
  search.guess_cost(0, ids, detail::kUnlimitedDepth, detail::kInfeasible - 1, detail::Path{});
  const std::uint64_t told = sink.load();
  EXPECT_GT(told, 0u);
  EXPECT_LE(told, search.nodes());
  EXPECT_GT(told + 1024, search.nodes()) << "told every 1024 nodes";
  search.publish_nodes_to(nullptr);
  const std::uint64_t before = search.nodes();
  search.guess_cost(7, ids, detail::kUnlimitedDepth, detail::kInfeasible - 1, detail::Path{});
  EXPECT_GT(search.nodes(), before + 1024);
  EXPECT_EQ(sink.load(), told);
}

// Before the first total, the progress line counts the first first guess's answer classes as they
// settle: all of them by the end, whether one thread takes them in turn or two side by side.
TEST(Optimal, TheFirstGuesssClassesAreCountedAsTheySettle) {
  detail::OptimalSearch search(detail::Universe::of(Rules{}), detail::kUnlimitedDepth, 0);
  const std::span<const detail::CodeId> ids(search.universe().all_ids());
  OptimalProgress progress;
  const detail::OptimalSearch::CostWatch watch{.floor_rose = {}, .classes = &progress};
  // 1111 on the classic board: no, one, two or three black pegs (four wins).
  search.guess_cost(0, ids, detail::kUnlimitedDepth, detail::kInfeasible - 1, detail::Path{}, &watch);
  EXPECT_EQ(progress.classes_total.load(), 4u);
  EXPECT_EQ(progress.classes_done.load(), 4u);
  // A guess under a cap is a refutation, not the first guess: it is not counted.
  search.guess_cost(7, ids, detail::kUnlimitedDepth, 6000, detail::Path{}, &watch);
  EXPECT_EQ(progress.classes_total.load(), 4u);
  // Nor one costed with no watch: the classes of the nodes below the first guess.
  search.guess_cost(7, ids, detail::kUnlimitedDepth, detail::kInfeasible - 1, detail::Path{});
  EXPECT_EQ(progress.classes_total.load(), 4u);
  EXPECT_EQ(progress.classes_done.load(), 4u);
  for (int threads : {1, 2}) {
    OptimalOptions options;
    options.fresh = true;
    options.run.executor = Executor(threads);
    OptimalProgress seen;
    options.progress = &seen;
    ASSERT_TRUE(solve_optimal(parse_rules("p4c6r"), options).proven);
    EXPECT_GT(seen.classes_total.load(), 1u) << threads;
    EXPECT_LT(seen.classes_total.load(), 14u) << threads;
    EXPECT_EQ(seen.classes_done.load(), seen.classes_total.load()) << threads;
    // The tree read back, the line no longer says it is being built, and gives the optimum.
    EXPECT_FALSE(seen.building.load()) << threads;
    EXPECT_EQ(seen.best_total.load(), 5625u) << threads;
    EXPECT_EQ(seen.lower_bound.load(), 5625u) << threads;
  }
}

// A first guess's floor, told as its classes are searched one after another, rises and never
// passes what the guess is proven to cost: under a cap that refutes it and under none.
TEST(Optimal, AGuesssFloorRisesAsItsClassesAreSearched) {
  detail::OptimalSearch search(detail::Universe::of(Rules{}), detail::kUnlimitedDepth, 0);
  const std::span<const detail::CodeId> ids(search.universe().all_ids());
  std::vector<std::uint64_t> told;
  const detail::OptimalSearch::CostWatch sink{.floor_rose = [&](std::uint64_t at_least) { told.push_back(at_least); },
                                              .classes = nullptr};
  const auto cost = [&](detail::CodeId guess, std::uint64_t cap) {
    told.clear();
    return search.guess_cost(guess, ids, detail::kUnlimitedDepth, cap, detail::Path{}, &sink);
  };
  for (const detail::CodeId guess : {detail::CodeId{0}, detail::CodeId{7}}) {
    SCOPED_TRACE(guess);
    const std::uint64_t exact = cost(guess, detail::kInfeasible - 1);
    ASSERT_FALSE(told.empty());
    EXPECT_TRUE(std::is_sorted(told.begin(), told.end()));
    EXPECT_LE(told.back(), exact);
    EXPECT_GT(told.back(), told.front());
    // Refuted 100 guesses short of its cost: what it tells stays at or below what it returns.
    const std::uint64_t refuted = cost(guess, exact - 100);
    EXPECT_GT(refuted, exact - 100);
    EXPECT_LE(refuted, exact);
    for (const std::uint64_t t : told) EXPECT_LE(t, refuted);
  }
}

}  // namespace
}  // namespace mm
