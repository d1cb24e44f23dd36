#pragma once
// A random node for the property tests of the batched ratings (squares_scan_test,
// colour_bounds_test): a board of one or two words a key, a random ascending subset of its codes
// as the candidates (small or large), their keys, and up to 40 random guesses.

#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <memory>
#include <random>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/rules.hpp"

namespace mm::detail {

struct RandomNode {
  std::shared_ptr<const Universe> universe;
  std::vector<CodeId> candidates;  // never empty
  std::vector<std::uint64_t> keys;
  std::vector<CodeId> guesses;
};

inline RandomNode random_node() {
  static constexpr const char* kBoards[] = {"p4c6r", "p4c10n", "p3c4r", "p5c8r", "p6c6r", "p7c5r"};
  RandomNode node;
  node.universe =
      Universe::of(parse_rules(*rc::gen::elementOf(std::vector<const char*>(std::begin(kBoards), std::end(kBoards)))));
  const Universe& u = *node.universe;
  const auto want = *rc::gen::inRange<std::size_t>(1, std::min<std::size_t>(u.size(), 700));
  std::mt19937_64 engine(*rc::gen::arbitrary<std::uint64_t>());
  for (CodeId id = 0; id < u.size(); ++id)
    if (std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(engine) < want) node.candidates.push_back(id);
  RC_PRE(!node.candidates.empty());
  for (CodeId c : node.candidates) node.keys.insert(node.keys.end(), u.key(c), u.key(c) + u.words());
  const auto count = *rc::gen::inRange<std::size_t>(0, 40);
  for (std::size_t i = 0; i < count; ++i) node.guesses.push_back(*rc::gen::inRange<CodeId>(0, u.size()));
  return node;
}

}  // namespace mm::detail
