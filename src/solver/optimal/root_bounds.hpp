#pragma once
// The lower bound of an anytime optimal search: a proven floor per first guess (up to symmetry),
// raised a step at a time. The optimum is at least the least of them.
//
// A first guess costs one guess for every candidate plus what each of its answer classes costs,
// so its floor is that plus a floor per class, each proven on its own. A step searches one class
// of the guess of least floor again (OptimalSearch::class_cost) with a budget a little above the
// class's floor: either it comes in under the budget, and its exact cost is known, or it proves a
// floor above it (usually the budget plus one). The class searched is the one whose floor last
// rose at the least time per unit (each class is searched once first), and a class's step above
// its floor doubles while its searches stay quick and halves when they take long: the search below
// a class grows fast with its slack, so the cheap units of every class come before the dear units
// of any one. Costing the whole guess against one cap instead put all the slack on the first class
// that did not fit and left the others at their counting bounds. The memo keeps what each step
// proved, so the next step goes on from there; once the gap is small the budgets reach the best
// total and the search is the plain exact one.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "optimal/optimal_search.hpp"

namespace mm::detail {

class RootBounds {
 public:
  // The first guesses of a node: its candidates, the path that led there and the guesses left.
  RootBounds(OptimalSearch& search, std::span<const CodeId> ids, const Path& path, int depth);
  RootBounds(const RootBounds&) = delete;  // holds the search by reference
  RootBounds& operator=(const RootBounds&) = delete;

  // Raises the floors of up to `width` classes of the lowest first guesses that may still come in
  // below `upper` (the best total known), on as many threads: one class per guess, lowest guess
  // first, then more classes of the same guesses when fewer guesses than `width` are left (the
  // optimal guess alone, at the end, whose classes all need their exact costs). False when no
  // class is left to search (or every one left is being searched by another call). Any thread may
  // call it, several at once: each class is searched by one call at a time. Throws
  // SearchStopped; every floor raised by then is kept.
  bool raise(std::uint64_t upper, std::size_t width);
  // The optimum is at least this (and at most `upper`, a strategy's total).
  std::uint64_t lower_bound(std::uint64_t upper) const noexcept;
  // The first guess of least exact cost found below `upper`, and that cost.
  std::optional<std::pair<CodeId, std::uint64_t>> best_exact(std::uint64_t upper) const noexcept;
  std::size_t guesses() const noexcept { return options_.size(); }
  // Sets a first guess's floor from what is known elsewhere (never lowers it).
  void learn(CodeId guess, std::uint64_t floor, bool exact) noexcept;
  // Raises the floors of the whole board's first guesses to what the search knows of their
  // classes (OptimalSearch::root_class: from a checkpoint of an earlier run).
  void recall();
  // Where raise() runs its guesses side by side (the search's executor until set).
  void set_executor(Executor executor) noexcept { executor_ = std::move(executor); }

 private:
  // What is proven of one answer class of a first guess.
  struct Class {
    int slot;
    std::size_t size;
    std::uint64_t floor;  // the exact cost when `exact`
    bool exact;
    std::uint64_t step = 1;         // the next search's budget above the floor
    double seconds_per_unit = 0.0;  // of the last search: its time per unit the floor rose
    bool busy = false;              // being searched by a call of raise
  };
  struct Option {
    CodeId guess;
    std::atomic<std::uint64_t> floor;  // the exact cost when `exact`
    std::atomic<bool> exact{false};
    // Made at the first step (or recall), under mutex_, and never resized after; a class's fields
    // are read and written under mutex_ (its search runs outside it, the class marked busy).
    std::vector<Class> classes;
  };
  // One class to search: its guess, the class and the budget.
  struct Pick {
    Option* option;
    Class* work;
    std::uint64_t budget;
  };
  // The classes of `o.guess` with their floors from their sizes (and, for the whole board, from
  // what the search keeps of them), made once.
  void know_classes(Option& o);
  // The class of `o` to search next, marked busy, when any is left below `upper` (under mutex_).
  std::optional<Pick> pick(Option& o, std::uint64_t upper);
  // One step on a guess: the picked class searched again (see above).
  void search_class(const Pick& p);
  // The guess's floor from its classes', told to learn().
  void sum_classes(Option& o);
  OptimalSearch& search_;
  Executor executor_;
  const std::vector<CodeId> ids_;
  const Path path_;
  const int depth_;
  std::vector<Option> options_;  // by initial floor, then index: the order of the exact search
  std::mutex mutex_;             // the classes' bookkeeping (see Option::classes)
};

}  // namespace mm::detail
