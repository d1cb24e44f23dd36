#include "mm/solver/decision_tree.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <limits>

#include "board/answer_split.hpp"
#include "board/universe.hpp"
#include "heuristics/guess_search.hpp"
#include "mm/core/alphabet.hpp"
#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/optimal.hpp"
#include "mm/solver/strategy.hpp"

namespace mm {

namespace {

std::string describe_code(const Code& code, const Rules& rules) {
  // Colour indices out of range cannot be written with the alphabet: show them as numbers.
  bool printable = code.size == rules.pegs;
  for (int i = 0; i < code.size; ++i) printable = printable && code[i] >= 0 && code[i] < rules.colors;
  if (printable) return format_code(code, Alphabet::standard(rules.colors));
  std::vector<int> colours(code.pegs.begin(), code.pegs.begin() + code.size);
  return fmt::format("[{}]", fmt::join(colours, ","));
}

std::string describe_answer(Feedback f) { return fmt::format("{}B{}W", f.black, f.white); }

Error bad_tree(const std::string& message) { return Error(ExitCode::data, message); }

// Walks every code of the variant through the tree, checking it on the way, and records the
// guesses each secret needs (by code index).
class TreeCheck {
 public:
  explicit TreeCheck(const DecisionTree& tree) : tree_(tree), rules_(tree.rules) {}

  std::vector<std::uint8_t> run() {
    require_exact_board(rules_);
    if (tree_.nodes.empty()) throw bad_tree("the tree has no nodes");
    visited_.assign(tree_.nodes.size(), 0);
    depth_.assign(rules_.code_count(), 0);
    walk(0, all_codes(rules_), 1, "at the root");
    for (std::size_t i = 0; i < visited_.size(); ++i)
      if (!visited_[i]) throw bad_tree(fmt::format("node {} is not reached from the root", i));
    return depth_;
  }

 private:
  void walk(std::size_t index, const std::vector<Code>& secrets, int depth, const std::string& where) {
    if (visited_[index]) throw bad_tree(fmt::format("node {} is reached twice", index));
    visited_[index] = 1;
    const DecisionTree::Node& node = tree_.nodes[index];
    if (!is_valid(node.guess, rules_))
      throw bad_tree(fmt::format("the guess {} {} is not a code of {}", describe_code(node.guess, rules_), where,
                                 rules_.spelling()));
    const std::string guess = describe_code(node.guess, rules_);
    if (tree_.hard && std::find(secrets.begin(), secrets.end(), node.guess) == secrets.end())
      throw bad_tree(
          fmt::format("the guess {} {} does not fit the answers before it, which hard mode requires", guess, where));
    const int pegs = rules_.pegs;
    std::array<std::vector<Code>, kResponseSlots> classes;
    for (const Code& s : secrets)
      classes[static_cast<std::size_t>(response_slot(score(s, node.guess, rules_.feedback), pegs))].push_back(s);
    const int win = response_slot({pegs, 0}, pegs);
    for (const Code& s : classes[static_cast<std::size_t>(win)])
      depth_[code_index(s, rules_)] = static_cast<std::uint8_t>(std::min<int>(depth, kMaxRecordedDepth));
    std::array<bool, kResponseSlots> listed{};
    for (const DecisionTree::Branch& b : node.branches) {
      const Feedback f = b.answer;
      const std::string answer = describe_answer(f);
      if (f.black < 0 || f.white < 0 || f.black + f.white > pegs)
        throw bad_tree(fmt::format("answer {} to {} {} does not fit {} pegs", answer, guess, where, pegs));
      const auto slot = static_cast<std::size_t>(response_slot(f, pegs));
      // An answer some secret gives is possible: the (slower) reason is sought only for the others.
      if (classes[slot].empty())
        if (const auto why = why_impossible(f, node.guess, rules_))
          throw bad_tree(fmt::format("answer {} to {} {} is impossible: {}", answer, guess, where, *why));
      if (f.is_win(pegs))
        throw bad_tree(fmt::format("answer {} to {} {} wins the game and cannot lead on", answer, guess, where));
      if (listed[slot]) throw bad_tree(fmt::format("answer {} to {} {} is listed twice", answer, guess, where));
      listed[slot] = true;
      if (classes[slot].empty())
        throw bad_tree(fmt::format("no secret gives answer {} to {} {}", answer, guess, where));
      if (b.child >= tree_.nodes.size())
        throw bad_tree(
            fmt::format("answer {} to {} {} leads to node {}, which does not exist", answer, guess, where, b.child));
      walk(b.child, classes[slot], depth + 1, fmt::format("after {} {}", guess, answer));
    }
    for (std::size_t slot = 0; slot < classes.size(); ++slot) {
      if (slot == static_cast<std::size_t>(win) || listed[slot] || classes[slot].empty()) continue;
      const Feedback f = feedback_of_slot(static_cast<int>(slot), pegs);
      throw bad_tree(fmt::format("secret {} is never solved: {} {} has no branch for its answer {}",
                                 describe_code(classes[slot].front(), rules_), guess, where, describe_answer(f)));
    }
  }

  // Depths are stored in a byte; a tree deeper than this is reported at this depth.
  static constexpr int kMaxRecordedDepth = std::numeric_limits<std::uint8_t>::max();

  const DecisionTree& tree_;
  const Rules& rules_;
  std::vector<char> visited_;
  std::vector<std::uint8_t> depth_;
};

}  // namespace

TreeFigures check_tree(const DecisionTree& tree) {
  const std::vector<std::uint8_t> depth = TreeCheck(tree).run();
  TreeFigures f;
  for (std::uint8_t d : depth) {
    ++f.secrets;
    f.total += d;
    f.worst = std::max<int>(f.worst, d);
    if (f.histogram.size() <= d) f.histogram.resize(d + 1u, 0);
    ++f.histogram[d];
  }
  return f;
}

Evaluation evaluation_of(const DecisionTree& tree, StrategyKind kind, double seconds) {
  const std::vector<std::uint8_t> depth = TreeCheck(tree).run();
  Evaluation e;
  e.strategy = kind;
  e.rules = tree.rules;
  for (std::size_t id = 0; id < depth.size(); ++id) e.add(id, depth[id]);
  e.seconds = seconds;
  return e;
}

Evaluation sampled_evaluation_of(const DecisionTree& tree, StrategyKind kind, std::uint64_t sample,
                                 std::uint64_t seed) {
  const std::vector<std::uint8_t> depth = TreeCheck(tree).run();
  const std::vector<std::uint8_t> wanted = sample_secrets(depth.size(), sample, seed);
  Evaluation e;
  e.strategy = kind;
  e.rules = tree.rules;
  e.seed = seed;
  for (std::size_t id = 0; id < depth.size(); ++id)
    if (wanted[id]) e.add(id, depth[id]);
  return e;
}

int guesses_for(const DecisionTree& tree, const Code& secret) {
  std::size_t at = 0;
  for (int depth = 1; at < tree.nodes.size() && depth <= static_cast<int>(tree.nodes.size()); ++depth) {
    const DecisionTree::Node& node = tree.nodes[at];
    const Feedback f = score(secret, node.guess, tree.rules.feedback);
    if (f.is_win(tree.rules.pegs)) return depth;
    const auto it = std::find_if(node.branches.begin(), node.branches.end(),
                                 [&](const DecisionTree::Branch& b) { return b.answer == f; });
    if (it == node.branches.end()) return 0;
    at = it->child;
  }
  return 0;
}

std::vector<Turn> tree_game(const DecisionTree& tree, const Code& secret) {
  std::vector<Turn> game;
  std::size_t at = 0;
  while (at < tree.nodes.size() && game.size() < tree.nodes.size()) {
    const DecisionTree::Node& node = tree.nodes[at];
    const Feedback f = score(secret, node.guess, tree.rules.feedback);
    game.push_back({node.guess, f});
    if (f.is_win(tree.rules.pegs)) break;
    const auto it = std::find_if(node.branches.begin(), node.branches.end(),
                                 [&](const DecisionTree::Branch& b) { return b.answer == f; });
    if (it == node.branches.end()) break;
    at = it->child;
  }
  return game;
}

std::vector<HardSecret> hardest_in_tree(const DecisionTree& tree, const Evaluation& evaluation, std::size_t n) {
  return hardest(evaluation, n, [&](const Code& secret) { return tree_game(tree, secret); });
}

namespace {

// The tree of a heuristic strategy, node by node in depth-first order (children in answer order),
// by the same walk as evaluate: the candidates split by each guess, no codebreaker replayed.
class StrategyTreeBuilder {
 public:
  StrategyTreeBuilder(const detail::Universe& u, StrategyKind kind, DecisionTree& tree, const RunContext& run)
      : u_(u), kind_(kind), tree_(tree), run_(run), win_(response_slot({u.rules().pegs, 0}, u.rules().pegs)) {}

  std::size_t add(std::span<const detail::CodeId> ids, std::span<const std::uint64_t> keys, std::uint32_t played,
                  std::uint64_t seed) {
    const std::size_t index = tree_.nodes.size();
    tree_.nodes.emplace_back();
    const detail::CodeId guess = detail::choose_guess(u_, kind_, {ids, keys, played, seed, path_, tree_.hard, &run_});
    tree_.nodes[index].guess = code_at(guess, u_.rules());
    if (ids.size() == 1 && ids[0] == guess) return index;
    const detail::AnswerSplit split = detail::split_by_answer(u_, guess, ids, keys);
    path_.push_back(tree_.nodes[index].guess);
    for (int slot = 0; slot < kResponseSlots; ++slot) {
      if (split.count(slot) == 0 || slot == win_) continue;
      const std::size_t child = add(split.ids_of(slot), split.keys_of(slot), played | u_.colour_mask(guess),
                                    detail::child_seed(seed, guess, slot));
      tree_.nodes[index].branches.push_back({feedback_of_slot(slot, u_.rules().pegs), child});
    }
    path_.pop_back();
    return index;
  }

 private:
  const detail::Universe& u_;
  StrategyKind kind_;
  DecisionTree& tree_;
  const RunContext& run_;
  int win_;
  std::vector<Code> path_;  // the guesses that led here, for the guess search's symmetry pruning
};

}  // namespace

DecisionTree strategy_tree(const Rules& rules, StrategyKind kind, std::uint64_t seed, bool hard,
                           const RunContext& run) {
  if (kind == StrategyKind::optimal) {
    OptimalOptions options;
    options.hard = hard;
    options.run = run;
    return solve_optimal(rules, options).tree;
  }
  DecisionTree tree;
  tree.rules = rules;
  tree.strategy = std::string(strategy_name(kind));
  tree.hard = hard;
  const auto universe = detail::Universe::of(rules);
  StrategyTreeBuilder(*universe, kind, tree, run).add(universe->all_ids(), universe->keys(), 0, seed);
  return tree;
}

}  // namespace mm
