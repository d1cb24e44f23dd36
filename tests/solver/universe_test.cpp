// A board's codes as the solver numbers them: Universe::code reads each back as code_at does,
// whether from its table (boards up to kTabledCodes codes) or from the code's key above that.

#include "board/universe.hpp"

#include <gtest/gtest.h>

#include <string>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {
namespace {

TEST(Universe, EveryCodeReadsBackAsTheOneOfItsNumber) {
  // Tabled with and without repeats and with black pegs only; the last two decoded from their
  // keys (of two words: every board of one-word keys is tabled).
  for (const std::string spelling : {"p5c8r", "p4c10n", "p3c5rb", "p6c8r", "p9c4r"}) {
    const Rules rules = parse_rules(spelling);
    const Universe universe(rules);
    EXPECT_EQ(universe.size() <= kTabledCodes, spelling != "p6c8r" && spelling != "p9c4r") << spelling;
    for (CodeId id = 0; id < universe.size(); ++id) {
      const Code code = universe.code(id);
      ASSERT_EQ(code, code_at(id, rules)) << spelling << " code " << id;
      ASSERT_EQ(code_index(code, rules), id) << spelling;
    }
  }
}

}  // namespace
}  // namespace mm::detail
