// The caches the runs of a process share (a board's codes, a board's optimal search): one entry
// per board whatever the threads, an entry a strategy holds lives on when the cache lets it go,
// and the games played after a board was let go are the same, guess for guess.

#include <gtest/gtest.h>

#include <memory>
#include <thread>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/strategy.hpp"
#include "optimal/optimal_search.hpp"
#include "optimal/optimal_tasks_internal.hpp"

namespace mm::detail {
namespace {

// Every game of `kind` on `rules`, each secret's guesses one after another.
std::vector<Code> every_game(StrategyKind kind, const Rules& rules) {
  std::vector<Code> guesses;
  for (CodeIndex i = 0; i < rules.code_count(); ++i) {
    const Code secret = code_at(i, rules);
    const auto strategy = make_strategy(kind, rules);
    for (int turn = 0; turn < rules.max_guesses; ++turn) {
      const Code guess = strategy->next_guess();
      guesses.push_back(guess);
      const Feedback answer = score(secret, guess, rules.feedback);
      if (answer.black == rules.pegs) break;
      strategy->observe(guess, answer);
    }
  }
  return guesses;
}

// Puts a cache's budget back as it was, whatever the test does.
template <class Cache>
class BudgetScope {
 public:
  explicit BudgetScope(Cache& cache) : cache_(cache), budget_(cache.budget()) {}
  ~BudgetScope() { cache_.set_budget(budget_); }
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;

 private:
  Cache& cache_;
  std::size_t budget_;
};

TEST(SharedCaches, TwoThreadsAskingForOneBoardGetOneUniverse) {
  const Rules rules = parse_rules("p3c7n");
  universe_cache().clear();
  std::shared_ptr<const Universe> a;
  std::shared_ptr<const Universe> b;
  std::thread first([&] { a = Universe::of(rules); });
  std::thread second([&] { b = Universe::of(rules); });
  first.join();
  second.join();
  EXPECT_EQ(a, b);
  EXPECT_TRUE(universe_cache().contains(rules.spelling()));
}

TEST(SharedCaches, TwoThreadsAskingForOneBoardGetOneSearch) {
  const Rules rules = parse_rules("p3c5r");
  std::shared_ptr<OptimalSearch> a;
  std::shared_ptr<OptimalSearch> b;
  std::thread first([&] { a = OptimalSearch::of(rules, kUnlimitedDepth); });
  std::thread second([&] { b = OptimalSearch::of(rules, kUnlimitedDepth); });
  first.join();
  second.join();
  EXPECT_EQ(a, b);
}

TEST(SharedCaches, UniversesPastTheBudgetGoAndThoseInUseLiveOn) {
  const BudgetScope scope(universe_cache());
  const Rules first = parse_rules("p4c5r");
  const Rules second = parse_rules("p4c7r");
  const auto held = Universe::of(first);
  EXPECT_GT(held->bytes(), std::size_t{held->size()} * sizeof(std::uint64_t));
  universe_cache().set_budget(held->bytes());
  Universe::of(second);  // the newest is kept: the first goes
  EXPECT_FALSE(universe_cache().contains(first.spelling()));
  EXPECT_TRUE(universe_cache().contains(second.spelling()));
  // The holder's copy is whole, and the board's next one the same codes.
  EXPECT_EQ(held->code(held->size() - 1), code_at(first.code_count() - 1, first));
  const auto again = Universe::of(first);
  EXPECT_NE(again, held);
  EXPECT_EQ(again->keys(), held->keys());
}

TEST(SharedCaches, SearchesPastTheBudgetGo) {
  const BudgetScope scope(search_cache());
  const Rules first = parse_rules("p3c4r");
  const Rules second = parse_rules("p3c3r");
  const auto held = OptimalSearch::of(first, kUnlimitedDepth);
  held->value(held->universe().all_ids(), kUnlimitedDepth, Path{});
  EXPECT_GT(held->bytes(), sizeof(OptimalSearch));
  search_cache().set_budget(0);
  OptimalSearch::of(second, kUnlimitedDepth);
  EXPECT_FALSE(search_cache().contains({first.spelling(), kUnlimitedDepth, false}));
  EXPECT_TRUE(search_cache().contains({second.spelling(), kUnlimitedDepth, false}));
  EXPECT_NE(OptimalSearch::of(first, kUnlimitedDepth), held);
}

// A board's search keeps its lists of guesses within its share of a budget, as a run's own
// search does: the search of a mastermind-mpi rank (task_search) had no limit on them, and a rank
// of 4 x 9 with --memory 256M peaked at 463 MiB, against 198 MiB with the limit. Boards no other
// test of the process asks for, so that these calls make their searches.
TEST(SharedCaches, ABoardsSearchKeepsItsListsWithinItsShareOfTheBudget) {
  constexpr std::size_t kBudget = std::size_t{256} << 20;
  RunContext run;
  run.executor = Executor(1);
  run.memory = kBudget;
  const auto rank = task_search(parse_rules("p3c7n"), std::nullopt, run);
  EXPECT_GT(rank->list_cache_limit(), 0u);
  EXPECT_LE(rank->list_cache_limit(), cache_share(kBudget));
  // With no limits given: the shares of the default budget.
  const auto shared = OptimalSearch::of(parse_rules("p3c8n"), kUnlimitedDepth);
  EXPECT_GT(shared->list_cache_limit(), 0u);
  EXPECT_LE(shared->list_cache_limit(), cache_share(default_run_memory()));
}

TEST(SharedCaches, GamesAreTheSameAfterTheBoardWasLetGo) {
  const Rules rules = parse_rules("p3c4r");
  for (const StrategyKind kind : {StrategyKind::optimal, StrategyKind::knuth}) {
    const std::vector<Code> before = every_game(kind, rules);
    // A strategy made before keeps its universe and search through the clearing.
    const auto playing = make_strategy(kind, rules);
    universe_cache().clear();
    search_cache().clear();
    EXPECT_EQ(every_game(kind, rules), before);
    EXPECT_EQ(playing->next_guess(), before.front());
  }
}

}  // namespace
}  // namespace mm::detail
