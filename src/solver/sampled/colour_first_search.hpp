#pragma once
// The search behind ConsistentCodes' lists, counts and samples on big boards: colours first,
// then places. A peg-by-peg search learns only at the last pegs that a turn's colour matches
// cannot come out right (on 10 pegs of 20 colours it may visit millions of dead nodes to find
// one code); here it first chooses how many pegs of each colour the code has, bounding every
// turn's colour matches (sum over colours of min(in code, in guess)) from both sides after each
// colour, and only for a set of colours that gives every turn its matches does it place them,
// bounding every turn's blacks by the places still able to give one.
//
// Randomised, it tries counts and colours with the weights of an unconstrained uniform draw
// (how many codes of the board each choice leaves), so that with few answers a draw is close
// to uniform.

#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "mm/core/code.hpp"
#include "mm/core/rules.hpp"
#include "mm/run/stop.hpp"
#include "mm/solver/strategy.hpp"

namespace mm::detail {

class ColourFirstSearch {
 public:
  // `engine` null: colours and counts in ascending order (deterministic, any order of codes).
  // `stop`: checked every few thousand nodes (Cancelled).
  ColourFirstSearch(const Rules& rules, std::span<const Turn> history, std::uint64_t budget, StopToken stop,
                    std::mt19937_64* engine = nullptr);

  // Calls visit(code) for each consistent code until it returns false; false when the search
  // stopped early (visit said so, or the budget of nodes ran out).
  bool run(const std::function<bool(const Code&)>& visit);

  bool exhausted() const noexcept { return exhausted_; }
  std::uint64_t budget_left() const noexcept { return budget_; }

 private:
  struct TurnState {
    Code guess;
    int want_black = 0;
    int want_match = 0;
    bool any_match = false;  // black-peg feedback: the answer says nothing of the matches
    std::array<std::uint8_t, kMaxColors> in_guess{};
    int matches = 0;    // from the colours counted so far
    int potential = 0;  // pegs of the guess in colours not yet counted
    int blacks = 0;     // from the places filled so far
  };

  bool spend();
  bool count_colours(std::size_t at, int left);
  bool place_pegs(int empty);
  // Orders `items` by a weighted draw without replacement (or keeps them when not randomised).
  void weighted_order(std::span<int> items, std::span<const double> weights);

  Rules rules_;
  std::vector<TurnState> turns_;
  std::mt19937_64* engine_;
  StopToken stop_;
  std::uint64_t budget_;
  bool exhausted_ = false;
  const std::function<bool(const Code&)>* visit_ = nullptr;
  std::array<int, kMaxColors> colour_order_{};
  std::array<int, kMaxColors> count_{};  // pegs of each colour in the code, then still to place
  Code code_;
  std::uint32_t filled_ = 0;
};

}  // namespace mm::detail
