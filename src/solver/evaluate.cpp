#include "mm/solver/evaluate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include "board/answer_split.hpp"
#include "board/universe.hpp"
#include "heuristics/guess_search.hpp"
#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/solver/optimal.hpp"
#include "sampled/game_by_game.hpp"

namespace mm {

namespace {

using detail::CodeId;
using detail::Universe;

// Largest boards evaluated secret by secret without --sample. The look-ahead strategies rate
// every canonical guess against every candidate at every node, which grows roughly with the
// square of the board; the others only split the candidates.
constexpr std::uint64_t kMaxHeuristicEvaluationCodes = 60'000;
constexpr std::uint64_t kMaxSimpleEvaluationCodes = std::uint64_t{1} << 22;
// Nodes with at least this many candidates hand their children to other threads.
constexpr std::size_t kParallelChildren = 256;
// No strategy needs more guesses than this on any solver board; it bounds the histogram.
constexpr int kMaxDepth = 255;

class TreeWalk {
 public:
  TreeWalk(const Universe& u, const EvaluateOptions& options, const std::vector<std::uint8_t>* wanted,
           std::vector<std::uint8_t>& depth)
      : u_(u), options_(options), wanted_(wanted), depth_(depth) {}

  // `path`: the guesses that led here, for the symmetry pruning of the guess search.
  void solve(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int guesses, std::uint32_t played,
             std::uint64_t seed, std::span<const Code> path) {
    const int depth = guesses + 1;  // the guess chosen here is guess number `depth`
    if (ids.size() == 1) {
      record(ids[0], depth);
      return;
    }
    const CodeId guess =
        detail::choose_guess(u_, options_.strategy, {ids, keys, played, seed, path, options_.hard, &options_.run});
    const detail::AnswerSplit split = detail::split_by_answer(u_, guess, ids, keys);
    const int win = response_slot({u_.rules().pegs, 0}, u_.rules().pegs);
    const std::uint32_t child_played = played | u_.colour_mask(guess);
    std::vector<Code> child_path(path.begin(), path.end());
    child_path.push_back(code_at(guess, u_.rules()));
    std::vector<int> children;
    for (int s = 0; s < kResponseSlots; ++s) {
      if (split.count(s) == 0) continue;
      if (s == win) {
        record(guess, depth);
        continue;
      }
      if (wanted_ && !any_wanted(split.ids_of(s))) continue;
      children.push_back(s);
    }
    const auto visit = [&](int s) {
      solve(split.ids_of(s), split.keys_of(s), depth, child_played, detail::child_seed(seed, guess, s), child_path);
    };
    if (ids.size() >= kParallelChildren && children.size() > 1) {
      options_.run.executor.for_each(0, children.size(), [&](std::size_t i) { visit(children[i]); });
    } else {
      for (int s : children) visit(s);
    }
  }

 private:
  bool any_wanted(std::span<const CodeId> ids) const {
    return std::any_of(ids.begin(), ids.end(), [&](CodeId id) { return (*wanted_)[id] != 0; });
  }

  void record(CodeId id, int depth) {
    if (wanted_ && !(*wanted_)[id]) return;
    depth_[id] = static_cast<std::uint8_t>(std::min(depth, kMaxDepth));
    if (options_.progress) options_.progress->fetch_add(1, std::memory_order_relaxed);
  }

  const Universe& u_;
  const EvaluateOptions& options_;
  const std::vector<std::uint8_t>* wanted_;
  std::vector<std::uint8_t>& depth_;
};

}  // namespace

// Distinct random code indices from a seeded generator (the same on every platform).
std::vector<std::uint8_t> sample_secrets(std::uint64_t count, std::uint64_t n, std::uint64_t seed) {
  std::vector<std::uint8_t> wanted(count, 0);
  std::mt19937_64 engine(seed);
  std::uint64_t chosen = 0;
  while (chosen < std::min(n, count)) {
    const std::uint64_t id = detail::uniform_below(count, engine);
    if (!wanted[id]) {
      wanted[id] = 1;
      ++chosen;
    }
  }
  return wanted;
}

bool full_evaluation_feasible(const Rules& rules, StrategyKind strategy) noexcept {
  // The optimal strategy plays game by game from the tree of the whole board, which the exact
  // search writes only on boards where it ends soon (evaluate and tree take every board: they
  // search with limits and answer with the best strategy found).
  if (strategy == StrategyKind::optimal)
    return rules.solver_can_handle() && optimal_time_estimate(rules, std::nullopt) <= kAnytimeFromSeconds;
  const std::uint64_t n = rules.code_count();
  return n <= (is_heuristic(strategy) ? kMaxHeuristicEvaluationCodes : kMaxSimpleEvaluationCodes);
}

bool plays_game_by_game(const Rules& rules, SearchMode search, const std::optional<std::uint64_t>& sample) noexcept {
  return sample ? resolve_search(search, rules) == SearchMode::sampled : search == SearchMode::sampled;
}

Evaluation evaluate(const Rules& rules, const EvaluateOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  if (!options.sample && !full_evaluation_feasible(rules, options.strategy))
    throw InputError(
        fmt::format("{} has {} codes, too many to evaluate {} on every secret in reasonable time: "
                    "use --sample N",
                    rules.spelling(), format_count(rules.code_count()), strategy_name(options.strategy)));
  if (options.sample && *options.sample == 0) throw InputError("--sample needs at least one secret");
  if (plays_game_by_game(rules, options.search, options.sample)) {
    if (options.strategy == StrategyKind::optimal) throw InputError("the optimal strategy needs the exact search");
    if (options.hard) throw InputError(tr("--hard goes with the exact search only"));
    return detail::evaluate_game_by_game(rules, options);
  }
  require_exact_board(rules, LargeBoardAdvice::sample);
  const auto universe = Universe::of(rules);
  const Universe& u = *universe;

  std::vector<std::uint8_t> wanted;
  if (options.sample) wanted = sample_secrets(u.size(), *options.sample, options.seed);
  std::vector<std::uint8_t> depth(u.size(), 0);
  TreeWalk walk(u, options, options.sample ? &wanted : nullptr, depth);
  walk.solve(u.all_ids(), u.keys(), 0, 0, options.seed, {});

  Evaluation e;
  e.strategy = options.strategy;
  e.rules = rules;
  e.seed = options.seed;
  for (CodeId id = 0; id < u.size(); ++id)
    if (depth[id] != 0) e.add(id, depth[id]);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return e;
}

std::vector<Turn> play_out(const Rules& rules, StrategyKind strategy, const Code& secret, std::uint64_t seed,
                           SearchMode search, bool hard, const RunContext& run) {
  auto breaker = make_strategy(strategy, rules, seed, search, hard, run);
  std::vector<Turn> game;
  for (int turn = 0; turn < kMaxDepth; ++turn) {
    const Code guess = breaker->next_guess();
    const Feedback f = score(secret, guess, rules.feedback);
    game.push_back({guess, f});
    if (f.is_win(rules.pegs)) break;
    breaker->observe(guess, f);
  }
  return game;
}

std::vector<HardSecret> hardest(const Rules& rules, const Evaluation& evaluation, std::size_t n, bool hard,
                                const RunContext& run) {
  return hardest(evaluation, n, [&](const Code& secret) {
    return play_out(rules, evaluation.strategy, secret, evaluation.seed, evaluation.search, hard, run);
  });
}

std::vector<HardSecret> hardest(const Evaluation& evaluation, std::size_t n,
                                const std::function<std::vector<Turn>(const Code&)>& game_of) {
  std::vector<std::size_t> order(evaluation.secret_indices.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Ties in code order, so that which of many equally hard secrets are shown is said in one phrase.
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (evaluation.guesses_needed[a] != evaluation.guesses_needed[b])
      return evaluation.guesses_needed[a] > evaluation.guesses_needed[b];
    return evaluation.secret_indices[a] < evaluation.secret_indices[b];
  });
  order.resize(std::min(n, order.size()));
  std::vector<HardSecret> out;
  for (std::size_t i : order) {
    const Code secret = code_at(evaluation.secret_indices[i], evaluation.rules);
    out.push_back({secret, game_of(secret)});
  }
  return out;
}

}  // namespace mm
