#include "optimal/depth_search.hpp"

#include <algorithm>
#include <array>

#include "board/answer_split.hpp"
#include "board/partition.hpp"
#include "heuristics/colour_bounds.hpp"
#include "optimal/dead_colours.hpp"
#include "optimal/depth_journal.hpp"
#include "optimal/lower_bound.hpp"
#include "optimal/optimal_search.hpp"

namespace mm::detail {

namespace {

// Nodes whose guesses are rated between two looks at the stop token and the clock: a node of
// 5 x 8 just below the root rates thousands of guesses against thousands of candidates, so a
// count of every node (most of them settled at once) let a time limit of 0.5 s run 10 s.
constexpr std::uint64_t kStopInterval = 16;
constexpr std::uint64_t kSaturated = std::uint64_t{1} << 62;
// What the memo keeps of a node: 0 when solvable within its guesses left, 1 when not.
constexpr std::uint64_t kSolvable = 0;
constexpr std::uint64_t kUnsolvable = 1;
// A node two guesses below the root is journaled when its search took this long: on 5 x 8 the
// refutation of such a class takes half a minute to a few, while most of them are settled at once.
constexpr double kJournalSeconds = 1.0;
// The guesses of the root and of its classes are tried side by side (a loop in a loop, which the
// executor's threads share). The root's alone left a thread idle once the first guesses left were
// fewer than the threads: on 5 x 8, 12345's 169 second guesses were done hours before 11234's 578.
constexpr int kSideBySideGuesses = 1;

// Thrown below a guess tried side by side once an earlier guess of its node works, caught by the
// loop that tried it.
struct GuessGivenUp {};

bool given_up(const std::atomic<std::size_t>& first_that_works, std::size_t index) noexcept {
  return first_that_works.load(std::memory_order_relaxed) < index;
}

}  // namespace

DepthSearch::DepthSearch(std::shared_ptr<const Universe> universe, bool hard, std::size_t memo_bytes,
                         std::size_t cache_bytes, StopToken stop,
                         std::optional<std::chrono::steady_clock::time_point> deadline, Executor executor)
    : universe_(std::move(universe)),
      hard_(hard),
      win_slot_(response_slot({universe_->rules().pegs, 0}, universe_->rules().pegs)),
      slots_(static_cast<std::size_t>(used_slots(universe_->rules().pegs))),
      branching_(static_cast<std::uint64_t>(universe_->response_count() - 1)),
      kernel_(universe_->layout().count_kernel()),
      colour_sets_(one_code_per_colour_set(*universe_)),
      symmetries_(*universe_, cache_bytes),
      memo_(memo_bytes),
      stop_(std::move(stop)),
      deadline_(deadline),
      executor_(std::move(executor)) {}

std::uint64_t DepthSearch::capacity(int depth, std::uint64_t parts) noexcept {
  std::uint64_t total = 0;
  for (int k = 0; k < depth; ++k) {
    if (total >= kSaturated / std::max<std::uint64_t>(parts, 1)) return kSaturated;
    total = total * parts + 1;
  }
  return total;
}

void DepthSearch::report_to(OptimalProgress* progress) noexcept {
  progress_ = progress;
  sink_ = progress ? &progress->nodes : nullptr;
}

void DepthSearch::keep_in(OptimalJournal& journal) {
  restore_depth_facts(*universe_, journal, [this](const DepthFact& fact) {
    kept_.remember(fact.ids, fact.depth, NodeMemo::hash_of(fact.ids, fact.depth),
                   fact.solvable ? kSolvable : kUnsolvable, true, fact.choice);
  });
  journal_ = &journal;
}

void DepthSearch::keep(std::span<const CodeId> ids, int depth, const Path& path, std::uint64_t hash, bool solvable,
                       std::optional<CodeId> choice, std::chrono::steady_clock::time_point started) {
  if (!journal_ || path.length > kJournaledGuesses) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (path.length == kJournaledGuesses && seconds < kJournalSeconds) return;
  kept_.remember(ids, depth, hash, solvable ? kSolvable : kUnsolvable, true, choice);
  journal_->append({depth_record_key(*universe_, path, ids.front(), depth), depth_record_numbers(solvable, choice)});
}

void DepthSearch::tick(const SideBySide* trying) {
  for (; trying != nullptr; trying = trying->outer)
    if (given_up(*trying->first_that_works, trying->index)) throw GuessGivenUp{};
  const std::uint64_t count = nodes_.fetch_add(1, std::memory_order_relaxed) + 1;
  if (count % kStopInterval != 0) return;
  if (sink_) sink_->store(count, std::memory_order_relaxed);
  if (stop_.stop_requested() || (deadline_ && std::chrono::steady_clock::now() >= *deadline_)) throw SearchStopped{};
}

bool DepthSearch::solvable(int depth) {
  const std::vector<CodeId>& ids = universe_->all_ids();
  return solvable(ids, universe_->keys(), depth, Path{}, nullptr);
}

std::vector<DepthSearch::Rated> DepthSearch::rated_guesses(std::span<const CodeId> ids,
                                                           std::span<const std::uint64_t> keys, int depth,
                                                           const Path& path) {
  const KeyLayout& layout = universe_->layout();
  std::array<std::uint32_t, kResponseSlots> hist{};
  std::vector<Rated> rated;
  std::uint32_t most = 0;
  // A guess none of whose classes holds more candidates than the guesses left after it works
  // (each class is solved by guessing its candidates in turn): the search takes it at once.
  const auto trivial = static_cast<std::uint32_t>(depth - 1);
  const auto rate = [&](CodeId g) {
    count_answers(layout, universe_->key(g), keys.data(), ids.size(), hist.data());
    Rated r{g, 0, 0, hist[static_cast<std::size_t>(win_slot_)] != 0, 0};
    for (std::size_t s = 0; s < slots_; ++s) {
      if (static_cast<int>(s) == win_slot_ || hist[s] == 0) continue;
      ++r.parts;
      r.largest = std::max(r.largest, hist[s]);
      r.squares += std::uint64_t{hist[s]} * hist[s];
    }
    if (!r.candidate && r.parts == 1) return false;  // the node again, a guess wasted
    most = std::max(most, r.parts);
    rated.push_back(r);
    return r.largest <= trivial;
  };
  const auto only = [&] {
    rated = {rated.back()};
    return rated;
  };
  if (first_guess_that(ids, path, rate)) return only();
  // No node below here is split into more than `most` classes either (each class of a subset lies
  // in one of the whole's), so a class larger than what `depth - 1` guesses tell apart with that
  // many classes is lost.
  const std::uint64_t room = capacity(depth - 1, most);
  std::erase_if(rated, [&](const Rated& r) { return r.largest > room; });
  // The evenest split first, by the sum of the squared class sizes (the expected size of the
  // class the secret falls in). Measured against the largest class first, the search to five
  // guesses: 6 x 4 3.6 s (from 9.0), 5 x 5 7.9 s (from 12.0); 4 x 8 unchanged.
  std::sort(rated.begin(), rated.end(), [](const Rated& a, const Rated& b) {
    if (a.squares != b.squares) return a.squares < b.squares;
    if (a.largest != b.largest) return a.largest < b.largest;
    if (a.parts != b.parts) return a.parts > b.parts;
    if (a.candidate != b.candidate) return a.candidate;
    return a.guess < b.guess;
  });
  return rated;
}

bool DepthSearch::some_guess_fits(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                                  const Path& path) {
  // Whatever a node's guesses make of it, no class larger than this can be solved with a guess
  // less (no node is split into more classes than the board has answers).
  const std::uint64_t room = capacity(depth - 1, branching_);
  const std::size_t n = ids.size();
  // On a small node a guess that fits is found at once or the full rating costs little more.
  if (n <= 2 * room) return true;
  // Counting stops once a guess's largest class passes `room`: on the five-peg boards a node
  // three guesses from its end, a few hundred candidates, is mostly refuted this way, each guess
  // after a third or so of its candidates (the full rating counted all of them).
  // The colours alone first (colour_bounds.hpp), with a class's cost what it holds beyond the
  // room: the candidates that share t colours with a guess fall into its t + 1 answers of t pegs in
  // all, so one of those holds at least their share. Guesses of one set of colours share it. At
  // such a node of 5 x 8 it showed every guess too coarse, where the count read some 67
  // candidates a guess: refuting five on 6 x 5 took 2.3 s, from 9.2 (1.35 s with every set of
  // colours at once, below).
  std::vector<std::uint64_t> beyond_room(n + 1, 0);
  for (std::size_t k = room + 1; k <= n; ++k) beyond_room[k] = k - room;
  ColourBound by_colours(*universe_, keys.data(), n, ClassCost{beyond_room.data()}, universe_->size());
  // Where no set of colours passes, no guess does: the node is lost without a look at its
  // guesses, which on 5 x 8 was most of the time once the bound was asked guess by guess.
  if (by_colours.available() &&
      std::all_of(colour_sets_.begin(), colour_sets_.end(), [&](CodeId g) { return by_colours(g) > 0; }))
    return false;
  std::array<std::uint32_t, kResponseSlots> hist{};
  const auto fits = [&](CodeId g) {
    if (by_colours.available() && by_colours(g) > 0) return false;
    const std::uint64_t largest = kernel_.count_largest_capped(universe_->key(g), keys.data(), n, hist.data(), room);
    std::fill_n(hist.begin(), slots_, 0u);
    return largest <= room;
  };
  return first_guess_that(ids, path, fits);
}

bool DepthSearch::first_guess_that(std::span<const CodeId> ids, const Path& path,
                                   const std::function<bool(CodeId)>& take) {
  // The candidates first: they are fewer, and one of them more often works at once. Of guesses
  // that split the node alike (history_symmetry.hpp) only the first, and of those that differ
  // only in colours no candidate has, only the first (dead_colours.hpp). In hard mode the
  // candidates are all the guesses there are.
  const NodeGuesses worth(*universe_, path, true, &symmetries_);
  for (CodeId g : ids)
    if (worth.first(g) && take(g)) return true;
  if (hard_) return false;
  const std::uint32_t dead = dead_colours(*universe_, ids);
  for (CodeId g : worth.all())
    if (!std::binary_search(ids.begin(), ids.end(), g) && (dead == 0 || !dead_twin(*universe_, g, dead)) && take(g))
      return true;
  return false;
}

bool DepthSearch::guess_works(CodeId guess, std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                              const Path& path, const SideBySide* trying) {
  const AnswerSplit split = split_by_answer(*universe_, guess, ids, keys);
  std::vector<int> order;
  for (std::size_t s = 0; s < slots_; ++s)
    if (static_cast<int>(s) != win_slot_ && split.count(static_cast<int>(s)) > 0) order.push_back(static_cast<int>(s));
  // The largest class first: the likeliest to fail, which settles the guess at once.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return split.count(a) > split.count(b); });
  const Path next = path.then(guess, universe_->colour_mask(guess));
  for (int s : order)
    if (!solvable(split.ids_of(s), split.keys_of(s), depth - 1, next, nullptr, trying)) return false;
  return true;
}

bool DepthSearch::solvable(std::span<const CodeId> ids, std::span<const std::uint64_t> keys, int depth,
                           const Path& path, std::optional<CodeId>* chosen, const SideBySide* trying) {
  const std::size_t n = ids.size();
  if (n == 0) return true;
  if (depth < 1) return false;
  if (n <= static_cast<std::size_t>(depth)) {
    // The candidates one after another: each guess leaves at most the others.
    if (chosen) *chosen = ids.front();
    return true;
  }
  if (depth == 1 || n > capacity(depth, branching_)) return false;
  const std::uint64_t hash = NodeMemo::hash_of(ids, depth);
  std::optional<NodeMemo::Known> known = memo_.recall(ids, depth, hash);
  if ((!known || !known->exact) && journal_ && path.length <= kJournaledGuesses) known = kept_.recall(ids, depth, hash);
  if (known && known->exact) {
    if (chosen) *chosen = known->choice;
    if (known->bound == kSolvable) {
      if (!chosen || *chosen) return true;
    } else {
      return false;
    }
  }
  tick(trying);
  // Read only where keep() may journal the node: the clock is no cost worth paying per node.
  const auto started = journal_ && path.length <= kJournaledGuesses ? std::chrono::steady_clock::now()
                                                                    : std::chrono::steady_clock::time_point{};
  if (!some_guess_fits(ids, keys, depth, path)) {
    memo_.remember(ids, depth, hash, kUnsolvable, true, std::nullopt);
    keep(ids, depth, path, hash, false, std::nullopt, started);
    return false;
  }
  const std::vector<Rated> rated = rated_guesses(ids, keys, depth, path);
  // The counts of the progress line: the first guesses, and the second guesses at the first
  // guesses' classes (a guess not tried once another works counts as settled).
  std::atomic<std::uint32_t>* settled = nullptr;
  if (progress_ && path.length == 0) {
    progress_->first_level_done.store(0);
    progress_->first_level_total.store(static_cast<std::uint32_t>(rated.size()));
    progress_->second_level_done.store(0);
    progress_->second_level_total.store(0);
    settled = &progress_->first_level_done;
  } else if (progress_ && path.length == 1) {
    progress_->second_level_total.fetch_add(static_cast<std::uint32_t>(rated.size()));
    settled = &progress_->second_level_done;
  }
  std::optional<CodeId> works;
  if (path.length <= kSideBySideGuesses && !executor_.is_serial() && rated.size() > 1) {
    works = first_that_works(rated, ids, keys, depth, path, settled, trying);
  } else {
    std::size_t left = rated.size();
    for (const Rated& r : rated) {
      --left;
      const bool ok = guess_works(r.guess, ids, keys, depth, path, trying);
      if (settled) settled->fetch_add(1);
      if (ok) {
        works = r.guess;
        if (settled) settled->fetch_add(static_cast<std::uint32_t>(left));
        break;
      }
    }
  }
  memo_.remember(ids, depth, hash, works ? kSolvable : kUnsolvable, true, works);
  keep(ids, depth, path, hash, works.has_value(), works, started);
  if (works && chosen) *chosen = *works;
  return works.has_value();
}

std::optional<CodeId> DepthSearch::first_that_works(const std::vector<Rated>& rated, std::span<const CodeId> ids,
                                                    std::span<const std::uint64_t> keys, int depth, const Path& path,
                                                    std::atomic<std::uint32_t>* settled, const SideBySide* trying) {
  // Each thread takes the next guess in the order, not a share of the list: where a guess works
  // it is likely an early one, and the guesses after it, tried beside it, are given up at once.
  // So the one kept is the first that works, as one after another.
  std::atomic<std::size_t> first{rated.size()};
  std::atomic<std::size_t> next{0};
  executor_.for_each(0, rated.size(), [&](std::size_t) {
    const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
    const SideBySide mine{&first, i, trying};
    bool ok = false;
    if (!given_up(first, i)) {
      try {
        ok = guess_works(rated[i].guess, ids, keys, depth, path, &mine);
      } catch (const GuessGivenUp&) {
        // Given up here, the guess is of no use; given up at a loop further out, this whole node
        // is not, and the loop that gave up takes it.
        if (!given_up(first, i)) throw;
      }
    }
    if (settled) settled->fetch_add(1);
    if (!ok) return;
    std::size_t seen = first.load(std::memory_order_relaxed);
    while (i < seen && !first.compare_exchange_weak(seen, i, std::memory_order_relaxed)) {
    }
  });
  if (first.load() < rated.size()) return rated[first.load()].guess;
  return std::nullopt;
}

DecisionTree DepthSearch::tree(int depth) {
  // The tree is read from the memo, which holds the strategy the proof found: no stop or deadline
  // cuts it short (a node the memo let go is searched again, as quickly as it was at first).
  stop_ = StopToken{};
  deadline_.reset();
  DecisionTree tree;
  tree.rules = universe_->rules();
  tree.strategy = strategy_name(StrategyKind::optimal);
  tree.hard = hard_;
  append_subtree(tree, universe_->all_ids(), universe_->keys(), depth, Path{});
  return tree;
}

void DepthSearch::append_subtree(DecisionTree& tree, std::span<const CodeId> ids, std::span<const std::uint64_t> keys,
                                 int depth, const Path& path) {
  std::optional<CodeId> chosen;
  if (!solvable(ids, keys, depth, path, &chosen) || !chosen)
    throw std::logic_error("DepthSearch::tree: a node of the strategy is not solvable");
  const std::size_t at = tree.nodes.size();
  tree.nodes.push_back({universe_->code(*chosen), {}});
  const AnswerSplit split = split_by_answer(*universe_, *chosen, ids, keys);
  const Path next = path.then(*chosen, universe_->colour_mask(*chosen));
  for (std::size_t s = 0; s < slots_; ++s) {
    const int slot = static_cast<int>(s);
    if (slot == win_slot_ || split.count(slot) == 0) continue;
    tree.nodes[at].branches.push_back({feedback_of_slot(slot, universe_->rules().pegs), tree.nodes.size()});
    append_subtree(tree, split.ids_of(slot), split.keys_of(slot), depth - 1, next);
  }
}

}  // namespace mm::detail
