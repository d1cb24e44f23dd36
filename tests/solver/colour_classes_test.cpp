// The guesses a node rates once its interchangeable colours are merged: orbit_firsts generates
// them directly, and must list exactly the codes that the plain test (Universe::canonical, one
// class at a time) keeps, in ascending order.

#include "heuristics/colour_classes.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "board/universe.hpp"

namespace mm::detail {
namespace {

constexpr const char* kBoards[] = {"p3c4r", "p4c6r", "p4c10n", "p2c7n", "p5c8r", "p3c9n", "p6c4r"};

std::uint32_t all_colours(const Rules& rules) { return (std::uint32_t{1} << rules.colors) - 1; }

std::vector<CodeId> plain_orbit_firsts(const Universe& u, const ColourClasses& classes) {
  std::vector<CodeId> out;
  for (CodeId id = 0; id < u.size(); ++id) {
    bool first = true;
    for (std::uint32_t set : classes.sets)
      if (set != 0) first = first && u.canonical(id, all_colours(u.rules()) & ~set);
    if (first) out.push_back(id);
  }
  return out;
}

RC_GTEST_PROP(ColourClasses, OrbitFirstsAreThePlainTestsCodesInOrder, ()) {
  const Rules rules =
      parse_rules(*rc::gen::elementOf(std::vector<const char*>(std::begin(kBoards), std::end(kBoards))));
  const auto u = Universe::of(rules);
  const std::uint32_t all = all_colours(rules);
  const auto played = *rc::gen::inRange<std::uint32_t>(0, all + 1);
  const auto present = *rc::gen::inRange<std::uint32_t>(0, all + 1);
  const ColourClasses classes = ColourClasses::of_node(rules.colors, played, present);
  std::vector<CodeId> generated;
  orbit_firsts(rules, classes, generated);
  RC_ASSERT(generated == plain_orbit_firsts(*u, classes));
}

TEST(ColourClasses, AColourBothUnplayedAndAbsentMergesTheClasses) {
  // Six colours; guesses used 0 and 1; candidates use 0, 1 and 2. Unplayed: 2..5, absent: 3..5.
  const ColourClasses merged = ColourClasses::of_node(6, 0b000011, 0b000111);
  EXPECT_EQ(merged.sets[0], 0b111100u);
  EXPECT_EQ(merged.sets[1], 0u);
  // Every colour played, candidates lack 4 and 5: one class of the absent ones.
  const ColourClasses absent = ColourClasses::of_node(6, 0b111111, 0b001111);
  EXPECT_EQ(absent.sets[0], 0u);
  EXPECT_EQ(absent.sets[1], 0b110000u);
  // Colour 5 unplayed but used by candidates, colour 0 played but absent: two classes.
  const ColourClasses both = ColourClasses::of_node(6, 0b011111, 0b111110);
  EXPECT_EQ(both.sets[0], 0b100000u);
  EXPECT_EQ(both.sets[1], 0b000001u);
}

}  // namespace
}  // namespace mm::detail
