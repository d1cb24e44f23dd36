// Hard mode (every guess consistent with every answer so far): the optimal search's hard-mode
// optimum, both objectives and under a guess limit, checked on every board of at most 64 codes
// against a brute force written here, independent of the solver (candidate sets as bit masks,
// every candidate tried as the guess at every node, no bound, no symmetry); and every strategy,
// played over many seeded games and written out whole, guessing only consistent codes.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/strategy.hpp"
#include "mm/solver/tree_format.hpp"
#include "optimal/anytime_search.hpp"
#include "optimal/lower_bound.hpp"
#include "optimal/optimal_search.hpp"

namespace mm {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max() / 4;
// No depth limit: a hard-mode game of n candidates never needs more than n guesses.
constexpr int kUnlimited = -1;

// The boards of at most 64 codes the tests take, with and without repeats.
const char* const kSmallBoards[] = {"p2c3r", "p2c4r", "p3c3r", "p3c4n", "p2c5r", "p4c2r",
                                    "p5c2r", "p2c6r", "p2c8r", "p3c4r", "p6c2r"};

// The hard-mode optimum by trying every candidate as the guess at every node.
class HardBruteForce {
 public:
  explicit HardBruteForce(const Rules& rules) : rules_(rules), codes_(all_codes(rules)) {
    EXPECT_LE(codes_.size(), 64u);  // bit masks of 64 bits
  }

  std::uint64_t everything() const {
    return codes_.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << codes_.size()) - 1;
  }

  // The least total over `set` within `left` guesses per secret (kUnlimited: no limit).
  std::uint64_t value(std::uint64_t set, int left) {
    if (set == 0) return 0;
    if (left == 0) return kNever;
    const auto key = std::make_pair(set, left);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = kNever;
    for (std::size_t g = 0; g < codes_.size(); ++g) {
      if (!(set >> g & 1)) continue;  // hard mode: a candidate only
      std::uint64_t total = static_cast<std::uint64_t>(std::popcount(set));
      for (const auto& [answer, members] : split(g, set)) {
        if (answer.first == rules_.pegs) continue;
        total = std::min(total + value(members, left == kUnlimited ? kUnlimited : left - 1), kNever);
      }
      best = std::min(best, total);
    }
    memo_[key] = best;
    return best;
  }

  // The fewest guesses that always suffice, and the least total within them.
  std::pair<int, std::uint64_t> worst_case() {
    for (int depth = 1;; ++depth)
      if (const std::uint64_t total = value(everything(), depth); total < kNever) return {depth, total};
  }

  // Under a guess limit: the fewest games lost, then the fewest guesses (a lost game counting
  // `left` of them).
  std::pair<std::uint64_t, std::uint64_t> loss(std::uint64_t set, int left) {
    if (set == 0) return {0, 0};
    if (left == 0) return {static_cast<std::uint64_t>(std::popcount(set)), 0};
    const auto key = std::make_pair(set, left);
    if (const auto it = loss_memo_.find(key); it != loss_memo_.end()) return it->second;
    std::pair<std::uint64_t, std::uint64_t> best{kNever, kNever};
    for (std::size_t g = 0; g < codes_.size(); ++g) {
      if (!(set >> g & 1)) continue;
      std::pair<std::uint64_t, std::uint64_t> cost{0, static_cast<std::uint64_t>(std::popcount(set))};
      for (const auto& [answer, members] : split(g, set)) {
        if (answer.first == rules_.pegs) continue;
        const auto child = loss(members, left - 1);
        cost.first += child.first;
        cost.second += child.second;
      }
      best = std::min(best, cost);
    }
    loss_memo_[key] = best;
    return best;
  }

 private:
  std::map<std::pair<int, int>, std::uint64_t> split(std::size_t g, std::uint64_t set) const {
    std::map<std::pair<int, int>, std::uint64_t> classes;
    for (std::size_t c = 0; c < codes_.size(); ++c) {
      if (!(set >> c & 1)) continue;
      const Feedback f = score(codes_[c], codes_[g]);
      classes[{f.black, f.white}] |= std::uint64_t{1} << c;
    }
    return classes;
  }

  Rules rules_;
  std::vector<Code> codes_;
  std::map<std::pair<std::uint64_t, int>, std::uint64_t> memo_;
  std::map<std::pair<std::uint64_t, int>, std::pair<std::uint64_t, std::uint64_t>> loss_memo_;
};

OptimalResult hard_optimum(const Rules& rules, Objective objective = Objective::average) {
  OptimalOptions options;
  options.hard = true;
  options.objective = objective;
  return solve_optimal(rules, options);
}

// The tree is a hard-mode one (check_tree refuses a guess that does not fit the answers before
// it) and plays every secret for the figures the search reports.
void expect_hard_tree(const OptimalResult& r, const std::string& board) {
  ASSERT_FALSE(r.tree.nodes.empty()) << board;
  EXPECT_TRUE(r.tree.hard) << board;
  const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
  EXPECT_EQ(e.total, r.total) << board;
  EXPECT_EQ(e.max, r.worst) << board;
  EXPECT_EQ(e.secrets, r.tree.rules.code_count()) << board;
}

TEST(HardMode, TheAverageOptimumAgreesWithTheBruteForce) {
  int dearer = 0;
  for (const char* spelling : kSmallBoards) {
    const Rules rules = parse_rules(spelling);
    HardBruteForce brute(rules);
    const OptimalResult r = hard_optimum(rules);
    ASSERT_TRUE(r.proven) << spelling;
    EXPECT_EQ(r.total, brute.value(brute.everything(), kUnlimited)) << spelling;
    expect_hard_tree(r, spelling);
    // Never below the optimum with any guess allowed; above it on some board.
    const std::uint64_t free = solve_optimal(rules, {}).total;
    EXPECT_GE(r.total, free) << spelling;
    dearer += r.total > free ? 1 : 0;
  }
  EXPECT_GT(dearer, 0) << "hard mode costs guesses on some small board";
}

TEST(HardMode, TheWorstCaseAgreesWithTheBruteForce) {
  for (const char* spelling : kSmallBoards) {
    const Rules rules = parse_rules(spelling);
    HardBruteForce brute(rules);
    const auto [depth, total] = brute.worst_case();
    const OptimalResult r = hard_optimum(rules, Objective::worst);
    ASSERT_TRUE(r.proven) << spelling;
    EXPECT_EQ(r.worst, depth) << spelling;
    EXPECT_EQ(r.total, total) << spelling;
    expect_hard_tree(r, spelling);
  }
}

// The floor from the most answer classes (parts_floor) counts the candidates' classes alone in
// hard mode, where every guess at a node or below it is one of its candidates. After every first
// guess and every hard-mode second guess of the small boards it is the counting bound with the
// most classes a candidate makes, it never passes the node's hard-mode optimum by the brute force,
// and it is above what counting every code's classes gives at some node (else no use).
TEST(HardMode, TheFloorFromTheMostClassesCountsTheCandidates) {
  int above_any_code = 0, checked = 0;
  for (const char* spelling : kSmallBoards) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    HardBruteForce brute(rules);
    const std::vector<Code> codes = all_codes(rules);
    detail::OptimalSearch search(detail::Universe::of(rules), detail::kUnlimitedDepth, 0, 0, true);
    const detail::Universe& u = search.universe();
    for (std::size_t i = 0; i < codes.size(); ++i) ASSERT_EQ(u.code(static_cast<detail::CodeId>(i)), codes[i]);
    const int branching = u.response_count() - 1;
    // The classes of `set` by their answers to guess `g`, as bit masks.
    const auto split = [&](std::size_t g, std::uint64_t set) {
      std::map<std::pair<int, int>, std::uint64_t> classes;
      for (std::size_t c = 0; c < codes.size(); ++c)
        if (set >> c & 1) {
          const Feedback f = score(codes[c], codes[g]);
          classes[{f.black, f.white}] |= std::uint64_t{1} << c;
        }
      return classes;
    };
    // The most classes (the winning one aside) any of `guesses` makes of `set`.
    const auto most_classes = [&](std::uint64_t set, std::uint64_t guesses) {
      int most = 0;
      for (std::size_t g = 0; g < codes.size(); ++g)
        if (guesses >> g & 1) most = std::max(most, static_cast<int>(split(g, set & ~(std::uint64_t{1} << g)).size()));
      return most;
    };
    const auto check = [&](std::uint64_t set, const detail::Path& path) {
      if (std::popcount(set) < 3) return;
      std::vector<detail::CodeId> ids;
      for (std::size_t c = 0; c < codes.size(); ++c)
        if (set >> c & 1) ids.push_back(static_cast<detail::CodeId>(c));
      const detail::NodeGuesses worth(u, path, true);
      const std::uint64_t floor = search.parts_floor(ids, search.keys_of(ids), detail::kUnlimitedDepth, 0, worth);
      const int most = most_classes(set, set);
      const std::uint64_t n = ids.size();
      EXPECT_EQ(floor, most >= branching ? 0 : detail::class_lower_bound(n, detail::kUnlimitedDepth, most));
      EXPECT_LE(floor, brute.value(set, kUnlimited)) << "a node of " << n;
      const int by_any_code = most_classes(set, brute.everything());
      above_any_code +=
          floor > (by_any_code >= branching ? 0 : detail::class_lower_bound(n, detail::kUnlimitedDepth, by_any_code));
      ++checked;
    };
    for (std::size_t g1 = 0; g1 < codes.size(); ++g1) {
      const auto first = split(g1, brute.everything());
      const auto id1 = static_cast<detail::CodeId>(g1);
      const detail::Path path1 = detail::Path{}.then(id1, u.colour_mask(id1));
      for (const auto& [answer1, set1] : first) {
        if (answer1.first == rules.pegs) continue;
        check(set1, path1);
        for (std::size_t g2 = 0; g2 < codes.size(); ++g2) {
          if (!(set1 >> g2 & 1)) continue;  // hard mode: a candidate
          const auto second = split(g2, set1);
          const auto id2 = static_cast<detail::CodeId>(g2);
          const detail::Path path2 = path1.then(id2, u.colour_mask(id2));
          for (const auto& [answer2, set2] : second)
            if (answer2.first != rules.pegs) check(set2, path2);
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(above_any_code, 0) << "counting the candidates alone raises the floor somewhere";
}

TEST(HardMode, UnderAGuessLimitTheFewestGamesAreLost) {
  // Limits one and two below the hard-mode optimum's deepest game: the games lost, and the guesses
  // the game lets be played, are the brute force's.
  int lossy = 0;
  for (const char* spelling : {"p2c4r", "p3c3r", "p2c5r", "p2c6r", "p3c4n", "p2c8r"}) {
    Rules rules = parse_rules(spelling);
    const int deepest = hard_optimum(rules).worst;
    for (int limit = deepest - 2; limit < deepest && limit >= 1; ++limit) {
      rules.max_guesses = limit;
      HardBruteForce brute(rules);
      const auto [lost, guesses] = brute.loss(brute.everything(), limit);
      const OptimalResult r = hard_optimum(rules);
      ASSERT_TRUE(r.proven) << spelling;
      EXPECT_TRUE(r.tree.hard) << spelling;
      const Evaluation e = evaluation_of(r.tree, StrategyKind::optimal);
      EXPECT_EQ(e.secrets, rules.code_count()) << spelling << ": every secret is solved, some late";
      EXPECT_EQ(e.lost, lost) << spelling << " -g " << limit;
      std::uint64_t within = 0;
      for (int needed : e.guesses_needed) within += static_cast<std::uint64_t>(std::min(needed, limit));
      EXPECT_EQ(within, guesses) << spelling << " -g " << limit;
      lossy += lost > 0 ? 1 : 0;
    }
  }
  EXPECT_GT(lossy, 0) << "some limit loses games";
}

TEST(HardMode, EveryStrategyGuessesOnlyConsistentCodes) {
  // Many games per strategy, seeded secrets, checked turn by turn with the game's own rule.
  std::mt19937_64 engine(20261124);
  for (const char* spelling : {"p4c6r", "p3c5n", "p5c3r"}) {
    const Rules rules = parse_rules(spelling);
    const std::vector<Code> codes = all_codes(rules);
    for (StrategyKind kind : all_strategies()) {
      for (int game = 0; game < 25; ++game) {
        const Code secret = codes[engine() % codes.size()];
        auto breaker = make_strategy(kind, rules, engine(), SearchMode::exact, true);
        std::vector<Turn> history;
        for (int turn = 0; turn < 20; ++turn) {
          const Code guess = breaker->next_guess();
          ASSERT_TRUE(is_consistent(guess, history))
              << strategy_name(kind) << " on " << spelling << ", turn " << turn + 1;
          const Feedback f = score(secret, guess);
          if (f.is_win(rules.pegs)) break;
          history.push_back({guess, f});
          breaker->observe(guess, f);
        }
      }
    }
  }
}

TEST(HardMode, EveryStrategysWholeTreeIsAHardModeTree) {
  // Every secret at once: check_tree refuses a hard-mode tree with a guess that does not fit.
  for (const char* spelling : {"p4c6r", "p4c6n"}) {
    const Rules rules = parse_rules(spelling);
    for (StrategyKind kind : all_strategies()) {
      const DecisionTree tree = strategy_tree(rules, kind, 7, true);
      EXPECT_TRUE(tree.hard);
      EXPECT_NO_THROW(check_tree(tree)) << strategy_name(kind) << " on " << spelling;
      // The evaluation walks the same games.
      EvaluateOptions options;
      options.strategy = kind;
      options.seed = 7;
      options.hard = true;
      if (kind != StrategyKind::optimal) {
        EXPECT_EQ(evaluate(rules, options).total, evaluation_of(tree, kind).total) << strategy_name(kind);
      }
    }
  }
}

TEST(HardMode, TheHeuristicsPayForHardModeOnTheClassicBoard) {
  // Knuth's 5801 uses guesses that are not candidates; restricted to candidates it does worse.
  const Rules rules = parse_rules("p4c6r");
  EvaluateOptions options;
  options.strategy = StrategyKind::knuth;
  const std::uint64_t free = evaluate(rules, options).total;
  options.hard = true;
  EXPECT_GT(evaluate(rules, options).total, free);
}

TEST(HardMode, TreesSayTheirModeAndAreCheckedForIt) {
  const Rules rules = parse_rules("p3c3r");
  const DecisionTree hard = strategy_tree(rules, StrategyKind::knuth, 0, true);
  const std::string text = tree_to_json(hard);
  EXPECT_NE(text.find("\"hard\":true"), std::string::npos);
  EXPECT_TRUE(tree_from_json(text, rules).hard);
  // Any other tree's file is as it was.
  const DecisionTree plain = strategy_tree(rules, StrategyKind::knuth, 0, false);
  EXPECT_EQ(tree_to_json(plain).find("\"hard\""), std::string::npos);
  EXPECT_FALSE(tree_from_json(tree_to_json(plain), rules).hard);
  // A tree that claims hard mode with a guess the answers before it rule out is refused.
  DecisionTree lying = solve_optimal(parse_rules("p4c6r"), {}).tree;
  lying.hard = true;
  EXPECT_THROW(check_tree(lying), Error);
}

TEST(HardMode, TheClassicOptimumIsTheGoldenFigure) {
  // Produced by this program (no published figure was found): 35 guesses more than 5625.
  OptimalOptions options;
  options.hard = true;
  const OptimalResult r = solve_optimal(parse_rules("p4c6r"), options);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.total, 5660u);
  EXPECT_EQ(r.worst, 6);
}

TEST(HardMode, TheAnytimeSearchMeetsTheHardOptimum) {
  // The strategy it improves and the floors it raises keep to the candidates too: at the root of
  // the board, and at a node of a game (the first guess answered), where not every code fits.
  using detail::kUnlimitedDepth;
  for (const char* spelling : {"p3c5r", "p4c6r"}) {
    SCOPED_TRACE(spelling);
    const Rules rules = parse_rules(spelling);
    OptimalOptions options;
    options.hard = true;
    options.fresh = true;
    const OptimalResult exact = solve_optimal(rules, options);
    const auto universe = detail::Universe::of(rules);
    detail::OptimalSearch search(universe, kUnlimitedDepth, 0, 0, true);
    detail::AnytimeSettings settings;
    search.set_executor(Executor(2));
    const detail::AnytimeOutcome run =
        detail::anytime_search(search, {universe->all_ids(), detail::Path{}, {}, kUnlimitedDepth}, settings);
    EXPECT_TRUE(run.proven);
    EXPECT_EQ(run.upper, exact.total);
    DecisionTree tree{rules, "optimal", run.nodes, true};
    EXPECT_EQ(check_tree(tree).total, exact.total);  // every guess fits (check_tree checks it)

    const Code first = exact.tree.nodes.front().guess;
    const Code secret = all_codes(rules).back();
    const Feedback answer = score(secret, first);
    std::vector<detail::CodeId> ids;
    for (detail::CodeId id : universe->all_ids())
      if (score(universe->code(id), first) == answer) ids.push_back(id);
    const auto first_id = static_cast<detail::CodeId>(code_index(first, rules));
    const detail::Path path = detail::Path{}.then(first_id, universe->colour_mask(first_id));
    detail::OptimalSearch node_search(universe, kUnlimitedDepth, 0, 0, true);
    detail::AnytimeSettings node_settings;
    node_settings.canonical_tree = false;
    const detail::AnytimeOutcome node =
        detail::anytime_search(node_search, {ids, path, {first}, kUnlimitedDepth}, node_settings);
    detail::OptimalSearch plain_search(universe, kUnlimitedDepth, 0, 0, true);
    EXPECT_TRUE(node.proven);
    EXPECT_EQ(node.upper, plain_search.value(ids, kUnlimitedDepth, path));
    ASSERT_FALSE(node.nodes.empty());
    EXPECT_TRUE(std::binary_search(ids.begin(), ids.end(),
                                   static_cast<detail::CodeId>(code_index(node.nodes.front().guess, rules))));
  }
}

TEST(HardMode, TheSampledSearchIsRefused) {
  EXPECT_THROW(make_strategy(StrategyKind::knuth, parse_rules("p4c6r"), 0, SearchMode::sampled, true), InputError);
}

}  // namespace
}  // namespace mm
