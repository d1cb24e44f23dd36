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
// One core: that six guesses do not always suffice on 4 x 9 took the search for the least total
// 617 s; this one settles all three depths, five, six and seven, in 38 s (docs/records.md).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "board/universe.hpp"
#include "mm/run/run_context.hpp"
#include "mm/solver/decision_tree.hpp"
#include "optimal/history_symmetry.hpp"
#include "optimal/node_memo.hpp"

namespace mm::detail {

class DepthSearch {
 public:
  // `hard`: only a candidate of its node may be guessed. `memo_bytes`: the memo's limit (0: none);
  // `cache_bytes`: the lists of guesses worth rating kept per set of guesses played (0: no limit).
  // The search ends with SearchStopped (optimal_search.hpp) once `stop` is requested or `deadline`
  // has passed. The first guesses are tried side by side on `executor`'s threads; the answer and
  // the strategy are the same on any number.
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
  // Where the node count is told every so often while the search runs (a progress line's field).
  void publish_nodes_to(std::atomic<std::uint64_t>* sink) noexcept { sink_ = sink; }
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

  bool solvable(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth, const Path& path,
                std::optional<CodeId>* chosen);
  // The guesses worth trying at a node, best first; none when the node cannot be solved.
  std::vector<Rated> rated_guesses(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                                   const Path& path);
  bool guess_works(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                   const Path& path);
  // The most candidates `depth` guesses can tell apart when no guess makes more than `parts`
  // classes besides the winning one: 1 + parts + parts^2 + ... (saturating).
  static std::uint64_t capacity(int depth, std::uint64_t parts) noexcept;
  void append_subtree(DecisionTree& tree, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                      const Path& path);
  void tick();

  std::shared_ptr<const Universe> universe_;
  bool hard_;
  int win_slot_;
  std::size_t slots_;        // answer slots in use on the board
  std::uint64_t branching_;  // non-winning answers of the variant
  PathSymmetries symmetries_;
  NodeMemo memo_;
  StopToken stop_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  Executor executor_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t>* sink_ = nullptr;
};

}  // namespace mm::detail
