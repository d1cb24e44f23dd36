// Decision tree files (`--load`, the shipped trees): whatever tree_from_json accepts is a tree
// that solves every secret of the board, and its own JSON reads back as the same JSON. A bad
// file is refused with one line (exit 65 on the command line), never a crash.

#include "fuzz_input.hpp"
#include "mm/core/error.hpp"
#include "mm/solver/tree_format.hpp"

namespace {

// Small boards keep each check of a whole tree quick; the first byte picks one.
const mm::Rules kBoards[] = {{2, 3, true}, {2, 4, true}, {3, 3, true}, {2, 5, false}, {3, 4, false}, {4, 6, true}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  const mm::Rules& rules = kBoards[in.pick(0, std::size(kBoards) - 1)];
  try {
    const mm::DecisionTree tree = mm::tree_from_json(in.rest(), rules);
    const mm::TreeFigures figures = mm::check_tree(tree);
    MM_FUZZ_CHECK(figures.secrets == rules.code_count());
    const std::string json = mm::tree_to_json(tree);
    MM_FUZZ_CHECK(mm::tree_to_json(mm::tree_from_json(json, rules)) == json);
  } catch (const mm::Error& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
