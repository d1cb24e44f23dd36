// Scoring, candidates, a strategy's next guess, an evaluation and a decision tree through the
// engine's public headers. Usage: embed [TREE_FILE]   (e.g. <prefix>/share/mastermind/trees/p4c6r-d5.json)
#include <iostream>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/candidates.hpp"
#include "mm/engine/json.hpp"
#include "mm/engine/trees.hpp"

int main(int argc, char** argv) try {
  const mm::Variant classic = mm::preset_variant("classic");  // 4 pegs, 6 colours, repeats
  const mm::Code secret = classic.read_code("3632"), guess = classic.read_code("1122");
  const mm::Feedback answer = mm::score(secret, guess);
  std::cout << "score 3632 1122: " << mm::format_feedback(answer, classic.rules.pegs, classic.style) << "\n";

  const std::vector<mm::Turn> history = {{guess, answer}};
  std::cout << "candidates after 1122=B...: " << mm::engine::candidates(classic.rules, history, 2000).codes.size()
            << "\n";
  const mm::engine::NextResult next = mm::engine::next_guess({.rules = classic.rules, .history = history});
  std::cout << "next guess: " << mm::format_code(next.guess, classic.alphabet) << "\n";

  mm::engine::AnalysisRequest request{.rules = classic.rules, .codebreaker = {.strategy = mm::StrategyKind::knuth}};
  const mm::engine::EvaluationResult knuth = mm::engine::evaluate(request);
  std::cout << "knuth total: " << knuth.evaluation.total << "\nknuth worst: " << knuth.evaluation.max << "\n";
  std::cout << "json: " << mm::engine::json_line(mm::engine::evaluation_json(knuth, classic)) << "\n";

  if (argc > 1) {
    const auto tree = mm::engine::read_tree_file(argv[1], classic.rules);  // checked against the board
    std::cout << "tree total: "
              << mm::engine::evaluate({.rules = classic.rules, .codebreaker = {.tree = tree}}).evaluation.total << "\n";
  }
} catch (const mm::Error& e) {  // one line, and the exit status the error stands for
  std::cerr << "embed: " << e.what() << "\n";
  return static_cast<int>(e.code());
}
