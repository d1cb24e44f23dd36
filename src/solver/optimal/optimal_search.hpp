#pragma once
// The exact optimal search: the smallest total number of guesses over a set of candidates (every
// secret equally likely), optionally within a limit on the guesses per secret.
//
// bounded(S, d, budget) returns the exact optimum when it is at most `budget`, and otherwise a
// proven lower bound above `budget`. It is a depth-first branch and bound:
//   - admissible lower bounds (lower_bound.hpp) per class of candidates, summed per guess, order
//     the guesses and drop those that cannot come in under the budget;
//   - the candidates are rated and tried before the other guesses, which are rated only when a
//     candidate cannot settle the node (a guess that is not a candidate has a higher floor);
//   - a guess is abandoned as soon as the exact costs of its first classes (smallest first) and
//     the bounds of the rest exceed the budget;
//   - equivalent guesses are scored once (history_symmetry.hpp);
//   - every result, exact value or lower bound, is memoised by candidate set and guesses left:
//     the value of a node depends on nothing else, as guesses come from every code.
// Hard mode (every guess consistent with every answer so far) is a search of its own: the guesses
// of a node are its candidates, which again depend on the candidate set alone. Every lower bound
// above holds for any strategy, so for the hard-mode ones too; what assumes that any code may be
// guessed (the outsiders' floor and scan, the dead colours' twins, the tie order's second group)
// is left out, and the memo is the hard search's own.
// Pruning drops only guesses that cannot be strictly better than the best found, which is all the
// value needs. The guess itself is chosen apart (choose), by definition: the first guess in the
// tie order whose exact cost equals the node's value, so the tree never depends on the order of
// the search, the thread count or the memo's contents.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "board/universe.hpp"
#include "mm/core/feedback.hpp"
#include "mm/run/run_context.hpp"
#include "mm/run/shared_cache.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"
#include "optimal/history_symmetry.hpp"
#include "optimal/lower_bound.hpp"
#include "optimal/node_memo.hpp"
#include "optimal/outsider_scan.hpp"

namespace mm::detail {

// Thrown out of the search when its time limit is reached; nothing half-computed is memoised.
struct SearchStopped {};

// The shares of a memory budget (OptimalOptions::memory): the memo, the strategy an anytime
// search improves and the lists of guesses (solve.cpp). The rest is for what grows little (the board's codes, the
// symmetry lists, the threads' own) and for the memo's growth between two checks.
std::size_t memo_share(std::size_t budget) noexcept;
std::size_t plan_share(std::size_t budget) noexcept;
// The lists of guesses worth trying, per set of guesses played (OptimalSearch's cache_bytes).
std::size_t cache_share(std::size_t budget) noexcept;

class OptimalSearch;

// The boards' searches the runs of the process share (OptimalSearch::of), by board, depth limit
// and mode, the least recently used let go past kSearchCacheBytes whenever one is added (each
// grows within its memo's limit meanwhile). The search of a board of up to 1024 codes, whose games
// read its whole tree, takes 0.3 to 3.7 MB. A run that holds one keeps it.
inline constexpr std::size_t kSearchCacheBytes = std::size_t{256} << 20;
using SearchKey = std::tuple<std::string, int, bool>;
using SearchCache = SharedCache<SearchKey, OptimalSearch>;
SearchCache& search_cache();

class OptimalSearch {
 public:
  // `max_depth`: guesses allowed per secret, or kUnlimitedDepth. `memo_bytes`: the memo's limit
  // (0: none).
  // `cache_bytes`: the lists of guesses worth trying kept per set of guesses played, and their
  // groups by colours (0: no limit); past it they are made again where needed.
  // `hard`: hard mode, only candidates are guessed (see above).
  OptimalSearch(std::shared_ptr<const Universe> universe, int max_depth, std::size_t memo_bytes,
                std::size_t cache_bytes = 0, bool hard = false);
  OptimalSearch(std::shared_ptr<const Universe> universe, int max_depth)
      : OptimalSearch(std::move(universe), max_depth, memo_share(default_run_memory())) {}
  OptimalSearch(const OptimalSearch&) = delete;  // owns a memo shared by reference
  OptimalSearch& operator=(const OptimalSearch&) = delete;

  // The board's search for the depth limit and mode, from search_cache() (made when it has
  // none), so that strategies and evaluations of the same board share the memo; `memo_bytes` and
  // `cache_bytes` are the memo's and the lists' limits when this call makes it (the shares of the
  // default budget when 0).
  static std::shared_ptr<OptimalSearch> of(const Rules& rules, int max_depth, bool hard = false,
                                           std::size_t memo_bytes = 0, std::size_t cache_bytes = 0);

  // The bytes its memo and its tables take (what grows of it; its board's codes are the
  // universe cache's).
  std::size_t bytes();

  const Universe& universe() const noexcept { return *universe_; }
  // Hard mode: only a candidate of the node may be guessed there.
  bool hard() const noexcept { return hard_; }
  int max_depth() const noexcept { return max_depth_; }
  // Guesses left for a node reached after `played` guesses.
  int depth_left(int played) const noexcept {
    return max_depth_ == kUnlimitedDepth ? kUnlimitedDepth : max_depth_ - played;
  }

  // `worth`: the guesses worth rating after `path`, when the caller has them (nodes of three
  // candidates or more).
  std::uint64_t bounded(std::span<const CodeId> ids, int depth, std::uint64_t budget, const Path& path,
                        const NodeGuesses* worth = nullptr);
  // The exact optimum, or kInfeasible.
  std::uint64_t value(std::span<const CodeId> ids, int depth, const Path& path) {
    return bounded(ids, depth, kInfeasible - 1, path);
  }
  // The guess the optimal tree plays here (see above); nullopt when no strategy meets the limit.
  std::optional<CodeId> choose(std::span<const CodeId> ids, int depth, const Path& path);

  // What a first guess of the exact search tells while it is costed, for the progress line and a
  // stopped search's lower bound: a proven lower bound on its cost each time its classes raise it
  // (probed, or searched one after another), and, costed with no cap, its answer classes as they
  // settle (OptimalProgress::classes_done of classes_total). On 6 x 5 a first guess takes hours.
  struct CostWatch {
    std::function<void(std::uint64_t)> floor_rose;  // may be empty
    OptimalProgress* classes = nullptr;
  };
  // The cost of playing `guess` here (exact when at most `cap`, else a lower bound above it),
  // told to `watch` on the way when there is one.
  std::uint64_t guess_cost(CodeId guess, std::span<const CodeId> ids, int depth, std::uint64_t cap, const Path& path,
                           const CostWatch* watch = nullptr);
  // While set, a guess costed with no cap (the first one tried at a node searched with no
  // budget: the first first guess, then the first guess of each of its classes, and so on down)
  // on a node of at least kSpreadSize candidates has its classes searched side by side on the
  // executor's threads: with no cap, no class's budget depends on what the others cost, so the
  // work is the same as one after another. The exact search sets it for its first first guess.
  // (Every node of at least kSpreadSize candidates, spread or not, tries its guesses side by side
  // on threads, each under the cap as it is when it starts.)
  void spread_uncapped(bool on) noexcept { spread_.store(on, std::memory_order_relaxed); }
  // The cost of one answer class (`members`, answer `slot`) of `guess` played at the node `ids`:
  // exact when at most `budget`, else a lower bound above it. What it proves of a class of a
  // first guess of the whole board is kept as guess_cost keeps it (see on_root_class).
  std::uint64_t class_cost(CodeId guess, std::span<const CodeId> ids, int slot, std::span<const CodeId> members,
                           int depth, std::uint64_t budget, const Path& path);
  // The lower bound of a guess from its partition alone; kInfeasible for a useless guess.
  // `exact`, when given, tells whether the bound is the guess's exact cost (no class above two).
  // Counting stops once the bound is known to exceed `cap`: the value returned is then only some
  // lower bound above `cap`. `hist`, when given, is a histogram of kMaskSlots zeros to count in,
  // left cleared (a loop over many guesses saves clearing one each time).
  std::uint64_t guess_bound(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                            std::uint64_t cap = kInfeasible, bool* exact = nullptr, std::uint32_t* hist = nullptr);

  // A floor of a node from the most answer classes (the winning one aside) that any guess in
  // `worth` (the guesses worth rating at the node; in hard mode, any of the candidates) makes of
  // its candidates (see guess_cost.cpp); `known` when it is no higher, or when that count is not
  // to be had cheaply.
  std::uint64_t parts_floor(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                            std::uint64_t known, const NodeGuesses& worth);
  // Boards of up to `codes` codes make `worth`'s list for parts_floor when it is not made yet,
  // larger ones count the canonical codes (guess_cost.cpp); a test takes both ways on one board.
  void set_listed_for_parts_codes(CodeId codes) noexcept { listed_for_parts_codes_ = codes; }
  // Boards of up to this many codes make a position symmetry's list of guesses for parts_floor;
  // on larger ones it counts the canonical codes until the list is made for another reason. On
  // 6 x 5 most lists were made for the count alone, and making them was a tenth of the search: a
  // class of 6 x 5 (112234=BBW..., 1140 codes) 0.80 x the time and half the memory, two of 5 x 7
  // 0.89 x and 0.95 x. On smaller boards most lists are needed anyway, and counting more codes
  // cost more: 4 x 9 1.06 x, 6 x 4 1.08 x, 5 x 5 1.03 x.
  static constexpr CodeId kListedForPartsCodes = 10000;
  // Nodes of up to this many candidates are first checked for a candidate that tells the others
  // all apart (told_apart), before the memo; their keys fit kTinyKeys words.
  static constexpr std::size_t kTinyNode = 6;
  static constexpr std::size_t kTinyKeys = 48;
  // Nodes of at least this many candidates spread an uncapped guess's classes over the threads
  // (guess_cost), and try their guesses side by side on threads (NodeSearch); below it a class or
  // a guess is too little work to be worth a task.
  static constexpr std::size_t kSpreadSize = 64;
  // A class one level below a first guess's class whose search took at least this long has its
  // fact kept for checkpoints (on_second_class): each one a run goes on from saves it that long,
  // and there are at most two a second of each thread. In 150 s of 6 x 5's largest class of
  // 112233 (2412 codes, two threads), the classes of 0.5 s or more were 205, 222 s of its 300
  // (those of 1 s or more 93 and 140 s, of 0.2 s or more 292 and 252 s).
  static constexpr double kSecondClassSeconds = 0.5;
  // Whether a candidate of `ids` gives each of the others an answer of its own, and the node's
  // value is then its floor (lower_bound of its size): n + (n - 1). False when not, or not known
  // cheaply (keys above kTinyKeys words).
  bool told_apart(std::span<const CodeId> ids, int depth, std::uint64_t floor) const noexcept;
  // The steps of bounds_for(depth) less one: entry k is bound(k + 1) - bound(k) - 1.
  const std::vector<std::uint64_t>& excess_for(int depth) const noexcept {
    return depth == kUnlimitedDepth ? unlimited_steps_ : depth_steps_[static_cast<std::size_t>(std::max(depth, 0))];
  }
  // The class sizes up to which bounds_for(depth) is 2k - 1.
  std::size_t linear_for(int depth) const noexcept {
    return depth == kUnlimitedDepth ? unlimited_linear_ : depth_linear_[static_cast<std::size_t>(std::max(depth, 0))];
  }
  const std::vector<std::uint64_t>& bounds_for(int depth) const noexcept {
    return depth == kUnlimitedDepth ? unlimited_bounds_ : depth_bounds_[static_cast<std::size_t>(std::max(depth, 0))];
  }
  std::uint64_t lower_bound(std::uint64_t n, int depth) const noexcept {
    const std::vector<std::uint64_t>& table =
        depth == kUnlimitedDepth ? unlimited_bounds_ : depth_bounds_[static_cast<std::size_t>(std::max(depth, 0))];
    return n < table.size() ? table[n] : class_lower_bound(n, depth, branching_);
  }
  int child_depth(int depth) const noexcept { return depth == kUnlimitedDepth ? kUnlimitedDepth : depth - 1; }

  // Stops every search in progress (they throw SearchStopped) once `deadline` has passed.
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) noexcept;
  bool has_deadline() const noexcept { return deadline_.has_value(); }
  // The stop token that ends the search too, as the deadline does (a token that never stops:
  // nothing but the deadline and stop()). A search shared between runs (the board's, of()) is
  // given one run's token only while a Lease of that run holds it.
  void set_stop(StopToken stop) noexcept {
    watched_ = watched_ || stop.stop_possible();
    stop_ = std::move(stop);
  }
  const StopToken& stop_token() const noexcept { return stop_; }
  // Where the search's parallel loops run.
  void set_executor(Executor executor) noexcept { executor_ = std::move(executor); }
  const Executor& executor() const noexcept { return executor_; }
  // The run's stop token and executor for as long as it lives, the search kept to that run alone
  // (another run that leases the same search waits): for the board's shared search.
  class Lease {
   public:
    Lease(OptimalSearch& search, const RunContext& run);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;

   private:
    std::unique_lock<std::mutex> lock_;
    OptimalSearch& search_;
  };
  // Stops the search as the deadline, a cancel or stop() would (a search that is not stoppable
  // and has no deadline runs on); for work outside the node search that shares its stop.
  void poll_stop();
  // Lets stop() end the search (the searches check for it from then on).
  void allow_stop() noexcept { watched_ = true; }
  // Ends every search in progress as the deadline would (from any thread), once allow_stop().
  void stop() noexcept { stop_requested_.store(true, std::memory_order_relaxed); }
  bool stopped() const noexcept { return stopped_.load(std::memory_order_relaxed); }
  // The share of the cache budget each list cache gets (the search's two, the improver's one).
  std::size_t list_cache_limit() const noexcept { return groups_limit_; }
  // Lets the search run again after a stop: no deadline, no stop request (its stop token still
  // stops it).
  void resume() noexcept;
  std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }
  // Where the node count is told every so often while the search runs (a progress line's field),
  // or null. Set and cleared by the run that holds the search, outside its parallel loops.
  void publish_nodes_to(std::atomic<std::uint64_t>* sink) noexcept { node_sink_.store(sink); }
  // Times part of the memo was forgotten to stay within its limit (memo_bytes).
  std::size_t memo_forgotten() const { return memo_.forgotten(); }

  // Runs `build` once in the life of the search (the tree of the whole board, which records the
  // choice at every node of it for the strategy to read back).
  template <class Build>
  void build_once(Build&& build) {
    std::call_once(tree_built_, std::forward<Build>(build));
  }

  // Records the exact value of a node found elsewhere (the parallel root search).
  void record(std::span<const CodeId> ids, int depth, std::uint64_t value);

  // What the search proves of the answer classes of first guesses (the nodes just below the
  // root) is kept apart from the memo, whatever it forgets, and told to `fact` when set: the exact
  // value of a class, or a lower bound. Any thread may call it. For checkpoints.
  using RootClassFact = std::function<void(CodeId guess, int slot, std::uint64_t bound, bool exact)>;
  void on_root_class(RootClassFact fact) { root_class_fact_ = std::move(fact); }
  // A fact of a class of a first guess proven elsewhere (a checkpoint of an earlier run); false
  // when the guess has no such class.
  bool learn_root_class(CodeId guess, int slot, std::uint64_t bound, bool exact);
  // The floor of a class of `size` secrets of a first guess, the root searched within `depth`: its
  // counting bound, or what is known of it (learn_root_class, or the search so far) when that is
  // higher; exact when known so.
  struct ClassFloor {
    std::uint64_t floor;
    bool exact;
  };
  ClassFloor root_class_floor(CodeId guess, int slot, std::size_t size, int depth);
  // A lower bound on what a first guess costs: a guess per code, and each answer class at its
  // root_class_floor. A proof resumed from a checkpoint starts from what the sittings before
  // proved, before any class is searched.
  std::uint64_t root_floor(CodeId guess);

  // The same one level down, for the classes whose search took long (kSecondClassSeconds): a
  // class of a second guess at a class of a first guess, named by both guesses and answers. A
  // class of a first guess can take hours on the open boards; a checkpoint of these facts lets a
  // run stopped in the middle of one go on from most of what it had proven there.
  struct SecondClass {
    CodeId first;
    int first_slot;
    CodeId second;
    int second_slot;
  };
  using SecondClassFact = std::function<void(const SecondClass& where, std::uint64_t bound, bool exact)>;
  void on_second_class(SecondClassFact fact) { second_class_fact_ = std::move(fact); }
  // A fact of such a class proven elsewhere; false when there is no such class.
  bool learn_second_class(const SecondClass& where, std::uint64_t bound, bool exact);
  // The search time below which a second class's fact is not kept: cheaper to find again than to
  // keep (most classes take milliseconds). Tests set it to 0.
  void set_second_class_seconds(double seconds) noexcept { second_class_seconds_ = seconds; }

  // The keys of `ids`, gathered for the scoring kernel.
  std::vector<std::uint64_t> keys_of(std::span<const CodeId> ids) const;

 private:
  // The guesses of a list worth rating (NodeGuesses::all, which lives as long as the search: the
  // universe's and the path symmetries' lists), grouped by their colours for the colour floors.
  struct GuessGroups {
    std::vector<CodeId> guesses;        // group by group, ascending within each
    std::vector<std::uint32_t> starts;  // group k is guesses[starts[k], starts[k + 1])
    std::vector<std::uint64_t> fields;  // the count field of group k's guesses
  };
  // Of `worth.all()`: kept by the list's address (with what keeps the list alive, so that no other
  // list takes the address) when the list outlives `worth`; made for the caller alone otherwise.
  // The cache is let go whole when it outgrows its limit, as PathSymmetries is.
  std::shared_ptr<const GuessGroups> groups_of(const NodeGuesses& worth);

  // One call of bounded (node_search.cpp).
  class NodeSearch;

  // Histogram slots for the summing kernel (boards of up to 7 pegs).
  static constexpr std::size_t kSumSlots = KeyLayout::CountKernel::kMaskSlots;

  // std::popcount without the popcnt instruction (the build assumes no processor extension) is a
  // library call; the answer masks of the search are counted inline instead.
  static constexpr std::uint64_t count_bits(std::uint64_t x) noexcept {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (x * 0x0101010101010101ULL) >> 56;
  }

  // guess_bound from the answers a guess gets (bit s for slot s), for nodes of at most
  // linear_for(child depth) candidates. Inline: the search rates most small nodes' guesses by it.
  std::uint64_t bound_from_answers(std::uint64_t answers, std::size_t n, bool* exact) const noexcept {
    // Every class costs 2k - 1 for its k secrets (one found by the next guess, the rest by the
    // one after): the bound is n + 2(n - w) - c for c classes besides the winning one (w = 1 when
    // the guess is a candidate). Which answers occur is all it takes: no histogram.
    const std::uint64_t win = std::uint64_t{1} << win_slot_;
    const std::uint64_t w = (answers & win) != 0 ? 1 : 0;
    const std::uint64_t c = count_bits(answers & ~win);
    if (exact) *exact = c + w == n;            // every class a single secret (others may be exact too)
    if (w == 0 && c == 1) return kInfeasible;  // every candidate together: nothing learnt
    return 3 * std::uint64_t{n} - 2 * w - c;
  }
  // guess_bound from a full histogram, for boards the summing kernel does not take.
  std::uint64_t guess_bound_by_count(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys,
                                     int depth, bool* exact);
  // Under the pegwise symmetry (pegwise_symmetry.hpp), the blank twins of a node's guesses, in
  // place of the dead colours' twins (dead_colours.hpp); none where the board is too large for their table.
  void blank_twins(std::span<const CodeId> ids, const std::vector<CodeId>& guesses,
                   std::optional<BlankTwins>& twins) const;
  CodeId first_optimal(std::span<const CodeId> ids, int depth, std::uint64_t target, const Path& path);
  // `choice`: the guess the tree plays at the node, when known.
  void remember(std::span<const CodeId> ids, int depth, std::uint64_t hash, std::uint64_t bound, bool exact,
                std::optional<CodeId> choice = std::nullopt) {
    memo_.remember(ids, depth, hash, bound, exact, choice);
  }
  void check_time();
  // Whether a stop is due: deadline, cancel or stop() (read the clock only when `clock`).
  bool stop_due(bool clock) const;

  std::shared_ptr<const Universe> universe_;
  PathSymmetries symmetries_;
  int max_depth_;
  bool hard_;
  int branching_;  // non-winning answers of the variant
  int win_slot_;
  CodeId listed_for_parts_codes_ = kListedForPartsCodes;
  // The slots of the non-winning answers a score can give (the others stay empty).
  std::vector<std::uint8_t> answer_slots_;
  // lower_bound() by class size, for the sizes that occur most (the rest are computed).
  std::vector<std::uint64_t> unlimited_bounds_;
  std::vector<std::vector<std::uint64_t>> depth_bounds_;  // by guesses left, when limited
  std::vector<std::uint64_t> unlimited_steps_;            // see excess_for
  std::vector<std::vector<std::uint64_t>> depth_steps_;
  std::size_t unlimited_linear_ = 0;  // see linear_for
  std::vector<std::size_t> depth_linear_;
  KeyLayout::SumKernel sum_kernel_;
  KeyLayout::CountKernel count_kernel_;
  OutsiderScan outsider_scan_;
  NodeMemo memo_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::atomic<std::uint64_t>*> node_sink_{nullptr};  // see publish_nodes_to
  std::atomic<bool> stopped_{false};
  std::atomic<bool> stop_requested_{false};
  StopToken stop_;
  Executor executor_;
  std::atomic<bool> spread_{false};  // see spread_uncapped
  std::mutex lease_mutex_;           // held by a Lease
  bool watched_ = false;             // a deadline, stop() or a stop token may end the search
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::once_flag tree_built_;
  // The facts of the classes of first guesses (see on_root_class), by (guess, slot).
  struct RootClass {
    std::uint64_t bound;
    bool exact;
  };
  // Whether `fact` says more of a node than `had`: nothing does once it is exact, and a bound
  // must be higher.
  static bool tells_more(RootClass fact, RootClass had) noexcept {
    return !had.exact && (fact.exact || fact.bound > had.bound);
  }
  // `tell`: pass it on to on_root_class's function (not for what came from it).
  void note_root_class(CodeId guess, int slot, std::span<const CodeId> ids, int depth, std::uint64_t bound, bool exact,
                       bool tell = true);
  std::optional<RootClass> pinned(std::span<const CodeId> ids, int depth);
  // Keeps `known` for bounded() to look up unless the node's pin says as much; false then. Under
  // root_classes_mutex_.
  bool pin(std::span<const CodeId> ids, int depth, RootClass known);
  // What a class searched at a node just below the root (path.length 1) proved, when its search
  // took long enough; `seconds` its search time.
  void note_second_class(const Path& path, std::span<const CodeId> node, CodeId guess, int slot,
                         std::span<const CodeId> ids, int depth, std::uint64_t bound, bool exact, double seconds);
  // When the search of a class at a node after `path` begins, for note_class: read only where its
  // time counts (a node just below the root, with a journal), the clock being a cost on every
  // class of every node.
  std::chrono::steady_clock::time_point class_started(const Path& path) const noexcept {
    return path.length == 1 && second_class_fact_ ? std::chrono::steady_clock::now()
                                                  : std::chrono::steady_clock::time_point{};
  }
  // What bounded() proved of a class of `guess` at a node: kept as a root class's or a second
  // class's fact where it is one. `started`: when the class's search began.
  void note_class(const Path& path, std::span<const CodeId> node, CodeId guess, int slot, std::span<const CodeId> ids,
                  int depth, std::uint64_t bound, bool exact, std::chrono::steady_clock::time_point started);
  RootClassFact root_class_fact_;
  SecondClassFact second_class_fact_;
  double second_class_seconds_ = kSecondClassSeconds;
  std::mutex root_classes_mutex_;
  std::map<std::pair<CodeId, int>, RootClass> root_classes_;
  // The same by node (hash, candidates, depth), for bounded() to look up.
  struct PinnedNode {
    std::vector<CodeId> ids;
    int depth;
    RootClass known;
  };
  std::unordered_multimap<std::uint64_t, PinnedNode> pinned_;
  std::atomic<bool> any_pinned_{false};
  std::atomic<bool> any_second_pinned_{false};  // a node below a first guess's class (path length 2)
  std::mutex groups_mutex_;
  struct KeptGroups {
    std::shared_ptr<const GuessGroups> groups;
    std::shared_ptr<const PathSymmetry> keeper;  // the list's owner; null for the universe's lists
  };
  std::unordered_map<const std::vector<CodeId>*, KeptGroups> groups_;
  // Where the board has colour floors: each code's group (its count field's index in
  // group_fields_), for groups_of to sort a list by.
  std::vector<std::uint32_t> colour_group_;
  std::vector<std::uint64_t> group_fields_;
  std::size_t groups_bytes_ = 0;  // under groups_mutex_
  std::size_t groups_limit_ = 0;  // 0: none
};

// The board's whole optimal tree, within the search's depth limit: the first guesses searched on
// every thread, then the tree read node by node (defined in optimal.cpp).
struct TreeSearch {
  bool stopped = false;                   // by the deadline
  std::uint64_t best = kInfeasible;       // the optimum, when not stopped
  std::optional<CodeId> best_guess;       // a first guess costing `best`, when known
  std::uint64_t lower_bound = 0;          // proven, also when stopped
  std::vector<DecisionTree::Node> nodes;  // empty when stopped or infeasible
};
TreeSearch search_tree(OptimalSearch& search, OptimalProgress* progress);

// `ids` split by the answer each gives to `guess`, each class ascending (defined in optimal.cpp).
std::array<std::vector<CodeId>, kResponseSlots> classes_of(const OptimalSearch& search, CodeId guess,
                                                           std::span<const CodeId> ids);

// The subtree of the optimal tree at a node, root first, child indices relative to it: choose at
// every node, answers in slot order (defined in optimal.cpp). The one definition both the whole
// tree and the spread search's subtree tasks (optimal_tasks.cpp) are built by, so the pieces join
// into the same tree byte for byte, whatever the threads.
std::vector<DecisionTree::Node> build_subtree(OptimalSearch& search, std::span<const CodeId> ids, int depth,
                                              const Path& path);

// The guess the optimal strategy plays at a node of a game (no depth limit), from the board's
// shared search. On a board whose exact search ends soon (optimal_time_estimate), the first call
// builds the whole tree with every symmetry of the history, so the nodes of a game that follows
// it are read back; elsewhere (a player's own guesses) the node is solved with the symmetry of the
// colours not yet played. On the other boards the node itself is searched (anytime_search.hpp),
// without limits: a stop of `run` ends it by throwing Cancelled.
// `history`: the guesses so far.
// `hard`: the hard-mode optimum's guess, from the board's hard-mode search.
// `run`: whose threads the search takes (and, on the big boards, whose stop ends it).
CodeId optimal_guess(const Universe& universe, std::span<const CodeId> candidates, std::uint32_t played,
                     std::span<const Code> history, bool hard, const RunContext& run);

}  // namespace mm::detail
