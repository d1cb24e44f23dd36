#pragma once
// Whether some strategy solves every secret within a number of guesses: the worst-case
// objective's first question (worst_case.hpp), asked apart from the least total within it.
//
// An AND-OR search. A node (its candidates, the guesses left) is solvable when some guess splits
// it into answer classes each solvable with a guess less. Unlike the search for the least total,
// it stops at the first guess that works and refutes a guess by its first class that fails:
//   - a depth that suffices is proven by one strategy, found by trying first the guesses whose
//     largest class is smallest;
//   - a depth that does not is proven by refuting every guess of every node on the way (up to the
//     symmetry of history_symmetry.hpp), each by one class, the largest tried first;
//   - no guess splits a node into more classes than the most any guess makes of its parent, so that
//     count bounds how many candidates the guesses left can tell apart, below the node as at it;
//   - every node settled is memoised by candidates and guesses left (NodeMemo).
//   - before a node's guesses are rated, a count that stops at each guess's first class too large
//     for the guesses left tells whether any guess could work (some_guess_fits), after the
//     colours alone (colour_bounds.hpp): where no set of colours can, no guess can;
//   - the nodes settled near the root can be kept in a journal, a checkpoint file
//     (depth_journal.hpp), so that a search of hours spans several runs.
// One core: that six guesses do not always suffice on 4 x 9 took the search for the least total
// 617 s; this one settles all three depths, five, six and seven, in 38 s (docs/records.md), and
// refutes six in 14 s with the count that stops, in 1.8 s with the colours first.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/optimal_journal.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/history_symmetry.hpp"
#include "optimal/node_memo.hpp"

namespace mm::detail {

class DepthSearch {
 public:
  // `hard`: only a candidate of its node may be guessed. `memo_bytes`: the memo's limit (0: none);
  // `cache_bytes`: the lists of guesses worth rating kept per set of guesses played (0: no limit).
  // The search ends with SearchStopped (optimal_search.hpp) once `stop` is requested or `deadline`
  // has passed. The guesses of the root and of its classes are tried side by side on `executor`'s
  // threads; the answer and the strategy are the same on any number.
  DepthSearch(std::shared_ptr<const Universe> universe, bool hard, std::size_t memo_bytes, std::size_t cache_bytes,
              StopToken stop = {}, std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt,
              Executor executor = Executor::serial());
  DepthSearch(const DepthSearch&) = delete;  // owns a memo
  DepthSearch& operator=(const DepthSearch&) = delete;

  // Whether some strategy solves every code of the board within `depth` guesses.
  bool solvable(int depth);
  // Such a strategy, after solvable(depth) said there is one: at each node the first guess in the
  // search's order that works. The search's stop and deadline no longer apply.
  DecisionTree tree(int depth);

  std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }
  // Where the search tells how far it is while it runs (a progress line's fields): the node
  // count every so often, the first guesses settled of the board's, and the second guesses
  // settled of those at the first guesses' classes opened so far (what moves on 5 x 8, where one
  // first guess takes hours).
  void report_to(OptimalProgress* progress) noexcept;
  // Takes what an earlier run of the same options kept in `journal` (depth_journal.hpp), then
  // appends what this one settles near the root. Throws Error(data) for a record of no node of
  // this board. Before the first question.
  void keep_in(OptimalJournal& journal);
  std::size_t memo_bytes() const { return memo_.bytes(); }

 private:
  // A guess of a node, rated by its classes.
  struct Rated {
    CodeId guess;
    std::uint32_t largest;  // the largest class other than the winning one
    std::uint32_t parts;    // classes other than the winning one
    bool candidate;
    std::uint64_t squares;  // the sum of the squared sizes of those classes
  };

  // A guess tried side by side with the others of its node, as the search below it sees it: given
  // up once an earlier guess in the node's order works (then whether it works is of no use). A
  // chain, one link per loop of guesses side by side above the node.
  struct SideBySide {
    const std::atomic<std::size_t>* first_that_works;
    std::size_t index;
    const SideBySide* outer;
  };

  bool solvable(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth, const Path& path,
                std::optional<CodeId>* chosen, const SideBySide* trying = nullptr);
  // The first of `rated` in their order that works, tried on the executor's threads side by side.
  std::optional<CodeId> first_that_works(const std::vector<Rated>& rated, std::span<const CodeId> ids,
                                         std::span<const std::uint64_t> keys, int depth, const Path& path,
                                         std::atomic<std::uint32_t>* settled, const SideBySide* trying);
  // The guesses worth trying at a node, best first; none when the node cannot be solved.
  std::vector<Rated> rated_guesses(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                                   const Path& path);
  // False when no guess leaves every class of the node small enough for the guesses left after
  // it, by the counting bound alone: then the node is lost, without the full rating.
  bool some_guess_fits(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth, const Path& path);
  // Calls `take` on the node's guesses worth trying, candidates first, until it returns true;
  // whether it did.
  bool first_guess_that(std::span<const CodeId> ids, const Path& path, const std::function<bool(CodeId)>& take);
  bool guess_works(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                   const Path& path, const SideBySide* trying);
  // The most candidates `depth` guesses can tell apart when no guess makes more than `parts`
  // classes besides the winning one: 1 + parts + parts^2 + ... (saturating).
  static std::uint64_t capacity(int depth, std::uint64_t parts) noexcept;
  // Keeps a node settled near the root (see keep_in): those one guess below the root always,
  // those two guesses below when their search took long.
  void keep(std::span<const CodeId> ids, int depth, const Path& path, std::uint64_t hash, bool solvable,
            std::optional<CodeId> choice, std::chrono::steady_clock::time_point started);
  void append_subtree(DecisionTree& tree, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                      const Path& path);
  // Counts a node; throws SearchStopped when the run stops, GuessGivenUp (depth_search.cpp) when a
  // guess of `trying` is given up.
  void tick(const SideBySide* trying);

  std::shared_ptr<const Universe> universe_;
  bool hard_;
  int win_slot_;
  std::size_t slots_;        // answer slots in use on the board
  std::uint64_t branching_;  // non-winning answers of the variant
  KeyLayout::CountKernel kernel_;
  // A guess of each set of colours, for the colour bound of a node's every guess at once.
  std::vector<CodeId> colour_sets_;
  PathSymmetries symmetries_;
  NodeMemo memo_;
  StopToken stop_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  Executor executor_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t>* sink_ = nullptr;
  OptimalProgress* progress_ = nullptr;
  OptimalJournal* journal_ = nullptr;
  // The nodes read from the journal or written to it: few (the root's and the two levels below),
  // kept whatever the memo's limit, so that a run going on from a checkpoint never searches them
  // again.
  NodeMemo kept_;
};

}  // namespace mm::detail
