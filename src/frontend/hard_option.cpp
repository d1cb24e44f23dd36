#include "mm/frontend/hard_option.hpp"

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::frontend {

void add_hard_option(CLI::App& cmd, CommonOptions& options) {
  cmd.add_flag_callback(
      "--hard", [&options] { options.hard = true; },
      tr("Hard mode: every guess, the computer's too, fits every answer so far"));
}

void check_tree_mode(const DecisionTree& tree, bool hard, const std::string& file) {
  if (tree.hard && !hard)
    throw Error(ExitCode::data, trf("{}: a hard-mode tree, played only with --hard", excerpt(file)));
  if (!tree.hard && hard)
    throw Error(ExitCode::data, trf("{}: not a hard-mode tree, which --hard needs", excerpt(file)));
}

}  // namespace mm::frontend
