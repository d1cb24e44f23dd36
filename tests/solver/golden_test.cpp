// The golden table: total guesses over every secret and the worst case, per variant and
// strategy, like a chess engine's perft counts. Rows marked "literature" are published figures;
// the others were produced by this solver and guard against accidental changes in play (a change
// that alters them must say so and update the table).

#include <gtest/gtest.h>

#include "mm/solver/evaluate.hpp"
#include "mm/solver/optimal.hpp"

namespace mm {
namespace {

struct GoldenRow {
  const char* rules;
  const char* strategy;
  std::uint64_t total;
  int worst;
};

constexpr GoldenRow kGolden[] = {
    // classic 4 pegs x 6 colours, repeats
    {"p4c6r", "knuth", 5801, 5},       // literature: Knuth 1977
    {"p4c6r", "most-parts", 5668, 6},  // literature: Kooi 2005
    {"p4c6r", "irving", 5696, 6},      // literature: the figure for expected size
    {"p4c6r", "consistent", 7471, 9},  // literature: the figure for the first consistent code
    {"p4c6r", "entropy", 5722, 6},
    {"p4c6r", "random", 6034, 8},
    // Bulls and Cows: 4 different digits of 10
    {"p4c10n", "knuth", 27139, 7},
    {"p4c10n", "most-parts", 26751, 8},
    {"p4c10n", "irving", 26551, 7},
    {"p4c10n", "entropy", 26424, 8},
    {"p4c10n", "consistent", 28024, 9},
    {"p4c10n", "random", 27444, 8},
    // small boards
    {"p3c4r", "knuth", 216, 4},
    {"p4c4r", "most-parts", 910, 5},
    {"p3c8r", "irving", 2401, 6},
    {"p5c5n", "entropy", 540, 6},
    // the optimal strategy: the smallest total over every secret
    {"p4c6r", "optimal", 5625, 6},  // literature: Koyama and Lai 1993
    {"p4c4r", "optimal", 905, 5},
    {"p3c8r", "optimal", 2359, 6},
    {"p5c5n", "optimal", 535, 6},
    {"p4c6n", "optimal", 1446, 5},
    // the optimal strategy under black-peg feedback (no published figure to compare with)
    {"p4c6rb", "optimal", 8859, 9},
    {"p3c7rb", "optimal", 2293, 9},
};

class Golden : public ::testing::TestWithParam<GoldenRow> {};

TEST_P(Golden, TotalAndWorstCase) {
  const GoldenRow& row = GetParam();
  EvaluateOptions options;
  options.strategy = parse_strategy(row.strategy);
  const Evaluation e = evaluate(parse_rules(row.rules), options);
  EXPECT_EQ(e.secrets, parse_rules(row.rules).code_count());
  EXPECT_EQ(e.total, row.total) << row.rules << " " << row.strategy;
  EXPECT_EQ(e.max, row.worst) << row.rules << " " << row.strategy;
}

std::string row_name(const ::testing::TestParamInfo<GoldenRow>& row) {
  std::string name = std::string(row.param.rules) + "_" + row.param.strategy;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Table, Golden, ::testing::ValuesIn(kGolden), row_name);

// The optimal column with a depth limit: the smallest total when no secret may need more than D
// guesses, D counting the winning guess.
struct DepthRow {
  const char* rules;
  int max_depth;
  std::uint64_t total;
  int worst;
};

constexpr DepthRow kOptimalWithinDepth[] = {
    {"p4c6r", 5, 5626, 5},  // literature: Koyama and Lai 1993
    {"p3c4r", 3, 0, 0},     // no strategy solves every secret within three guesses
    {"p4c4r", 5, 905, 5},   // the limit the optimum meets anyway costs nothing
};

TEST(Golden, OptimalWithinADepthLimit) {
  for (const DepthRow& row : kOptimalWithinDepth) {
    SCOPED_TRACE(row.rules);
    OptimalOptions options;
    options.max_depth = row.max_depth;
    const OptimalResult r = solve_optimal(parse_rules(row.rules), options);
    if (row.total == 0) {
      EXPECT_FALSE(r.solvable);
      continue;
    }
    ASSERT_TRUE(r.solvable && r.proven);
    EXPECT_EQ(r.total, row.total);
    EXPECT_EQ(r.worst, row.worst);
    EXPECT_EQ(check_tree(r.tree).total, row.total);
  }
}

TEST(Golden, KnuthOpensWith1122AndWinsClassicInFive) {
  auto breaker = make_strategy(StrategyKind::knuth, Rules{});
  EXPECT_EQ(breaker->next_guess(), make_code({0, 0, 1, 1}));
  EvaluateOptions options;
  const Evaluation e = evaluate(Rules{}, options);
  EXPECT_EQ(e.max, 5);
  EXPECT_EQ(e.lost, 0u);
  EXPECT_NEAR(e.average(), 4.476, 0.001);
}

}  // namespace
}  // namespace mm
