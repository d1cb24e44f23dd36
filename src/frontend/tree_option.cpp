#include "mm/frontend/tree_option.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/output_channels.hpp"

namespace mm::frontend {

void add_tree_option(CLI::App& cmd, CommonOptions& options) {
  cmd.add_option_function<std::string>(
         "--tree", [&options](const std::string& path) { options.tree = path; },
         tr("Play this decision tree (a JSON file from `mastermind tree`) instead of searching"))
      ->type_name(tr("FILE"));
}

std::shared_ptr<const DecisionTree> load_tree_option(const CommonOptions& options, const Variant& variant) {
  if (!options.tree) return nullptr;
  if (options.strategy) throw InputError(tr("--tree plays the tree's strategy: --strategy does not go with it"));
  if (options.search == SearchMode::sampled)
    throw InputError(tr("--tree plays every guess from the tree: --search sampled does not go with it"));
  if (options.tree->empty()) throw InputError(tr("--tree: expected a file name, got nothing"));
  const Rules& rules = variant.rules;
  require_exact_board(rules);
  auto tree = engine::read_tree_file(*options.tree, rules);
  check_tree_mode(*tree, options.hard, *options.tree);
  const TreeFigures figures = engine::tree_figures(*tree);
  if (figures.worst > rules.max_guesses)
    write_error_line(
        trf("mastermind: warning: {} needs up to {} guesses, more than the {} allowed (-g); "
            "secrets beyond are lost",
            excerpt(*options.tree), figures.worst, rules.max_guesses));
  return tree;
}

}  // namespace mm::frontend
