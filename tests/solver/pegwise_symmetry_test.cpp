// The pegwise symmetry of black-peg feedback (optimal/pegwise_symmetry.hpp) against the group it
// stands for, enumerated here map by map: a permutation of the positions and, at each position,
// a permutation of the colours.

#include "optimal/pegwise_symmetry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {
namespace {

int hits(const Code& a, const Code& b) {
  int n = 0;
  for (int i = 0; i < a.size; ++i) n += a[i] == b[i] ? 1 : 0;
  return n;
}

// Every map of the group on a board of few pegs and colours: position i of the image is
// colours[i][code[from[i]]].
struct Map {
  std::vector<int> from;
  std::vector<std::vector<int>> colours;
};

std::vector<Map> whole_group(const Rules& rules) {
  std::vector<std::vector<int>> colour_perms;
  std::vector<int> c(static_cast<std::size_t>(rules.colors));
  std::iota(c.begin(), c.end(), 0);
  do colour_perms.push_back(c);
  while (std::next_permutation(c.begin(), c.end()));
  std::vector<Map> maps;
  std::vector<int> from(static_cast<std::size_t>(rules.pegs));
  std::iota(from.begin(), from.end(), 0);
  do {
    // Every choice of a colour permutation per position, counted in base colour_perms.size().
    std::vector<std::size_t> pick(from.size(), 0);
    for (;;) {
      Map m{from, {}};
      for (std::size_t i = 0; i < from.size(); ++i) m.colours.push_back(colour_perms[pick[i]]);
      maps.push_back(std::move(m));
      std::size_t i = 0;
      while (i < pick.size() && ++pick[i] == colour_perms.size()) pick[i++] = 0;
      if (i == pick.size()) break;
    }
  } while (std::next_permutation(from.begin(), from.end()));
  return maps;
}

Code apply(const Map& m, const Code& code) {
  Code image = code;
  for (std::size_t i = 0; i < m.from.size(); ++i)
    image.pegs[i] = static_cast<std::uint8_t>(m.colours[i][static_cast<std::size_t>(code[m.from[i]])]);
  return image;
}

TEST(PegwiseSymmetry, HoldsForBlackPegsWithRepeatsOnly) {
  EXPECT_TRUE(pegwise(parse_rules("p4c6rb")));
  EXPECT_FALSE(pegwise(parse_rules("p4c6r")));
  EXPECT_FALSE(pegwise(parse_rules("p4c6nb")));
}

TEST(PegwiseSymmetry, TheClassesAreTheOrbitsOfTheMapsFixingEveryGuess) {
  // Two boards whose whole group is small enough to list: 3 pegs of 3 colours (1296 maps) and
  // 2 pegs of 4 colours (1152).
  for (const char* spelling : {"p3c3rb", "p2c4rb"}) {
    const Rules rules = parse_rules(spelling);
    const Universe universe(rules);
    const std::vector<Map> group = whole_group(rules);
    std::mt19937 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<Code> history;
      const int length = trial % 4;  // the root too
      for (int k = 0; k < length; ++k) history.push_back(universe.code(static_cast<CodeId>(rng() % universe.size())));
      // The orbits' least members, from the maps that fix each guess.
      std::set<CodeId> least;
      for (CodeId id = 0; id < universe.size(); ++id) {
        CodeId first = id;
        for (const Map& m : group) {
          if (!std::all_of(history.begin(), history.end(), [&](const Code& g) { return apply(m, g) == g; })) continue;
          first = std::min(first, static_cast<CodeId>(code_index(apply(m, universe.code(id)), rules)));
        }
        least.insert(first);
      }
      const PegwiseClasses classes(universe, history);
      EXPECT_EQ(classes.firsts(), std::vector<CodeId>(least.begin(), least.end())) << spelling << " trial " << trial;
      for (CodeId id = 0; id < universe.size(); ++id) EXPECT_EQ(classes.first(id), least.count(id) == 1);
    }
  }
}

TEST(PegwiseSymmetry, EveryFirstGuessOfTheClassicBoardIsAlike) {
  const Universe universe(parse_rules("p4c6rb"));
  EXPECT_EQ(PegwiseClasses(universe, {}).firsts(), std::vector<CodeId>{0});
  // After 1111: how many pegs repeat it, 0 to 4.
  const std::vector<Code> one{universe.code(0)};
  EXPECT_EQ(PegwiseClasses(universe, one).firsts().size(), 5u);
}

TEST(PegwiseSymmetry, BlankTwinsSplitTheCandidatesAsAnEarlierGuessDoes) {
  const Rules rules = parse_rules("p4c5rb");
  const Universe universe(rules);
  std::mt19937 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    // The candidates after two random guesses and the answers of a random secret.
    const Code secret = universe.code(static_cast<CodeId>(rng() % universe.size()));
    std::vector<Code> guesses;
    for (int k = 0; k < 2; ++k) guesses.push_back(universe.code(static_cast<CodeId>(rng() % universe.size())));
    std::vector<CodeId> ids;
    for (CodeId id = 0; id < universe.size(); ++id)
      if (std::all_of(guesses.begin(), guesses.end(),
                      [&](const Code& g) { return hits(universe.code(id), g) == hits(secret, g); }))
        ids.push_back(id);
    const PegwiseClasses classes(universe, guesses);
    const std::vector<CodeId>& list = classes.firsts();
    const BlankTwins twins(universe, ids, list);
    // Independently: the splits of the candidates by each guess of the list, and each guess with
    // the pegs no candidate has in its place blanked out.
    std::set<std::vector<int>> splits, blanked;
    std::size_t kept = 0;
    for (CodeId g : list) {
      const Code code = universe.code(g);
      std::vector<int> split, blank;
      for (CodeId c : ids) split.push_back(hits(universe.code(c), code));
      for (int i = 0; i < code.size; ++i) {
        const bool live = std::any_of(ids.begin(), ids.end(), [&](CodeId c) { return universe.code(c)[i] == code[i]; });
        blank.push_back(live ? code[i] : -1);
      }
      const bool new_split = splits.insert(split).second;
      const bool new_blank = blanked.insert(blank).second;
      // A twin splits like an earlier guess; the first guess of each blanked form is kept.
      if (twins.twin(g)) {
        EXPECT_FALSE(new_split) << "trial " << trial;
      }
      EXPECT_EQ(twins.twin(g), !new_blank) << "trial " << trial;
      if (!twins.twin(g)) ++kept;
    }
    EXPECT_EQ(kept, blanked.size());
  }
}

}  // namespace
}  // namespace mm::detail
