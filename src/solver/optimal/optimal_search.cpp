// The exact optimal search (optimal_search.hpp): its tables of bounds, the instance shared per
// board, the memo's limit and the deadline, and the guess the tree plays (choose). The search of a
// node is in node_search.cpp, the bounds of a guess in guess_bounds.cpp.

#include "optimal/optimal_search.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "board/partition.hpp"
#include "mm/core/feedback.hpp"
#include "optimal/anytime_search.hpp"
#include "optimal/dead_colours.hpp"

namespace mm::detail {

namespace {

// Class sizes whose lower bounds are tabled.
constexpr std::size_t kBoundTableSizes = std::size_t{1} << 16;
// The caches of lists of guesses that share a budget (OptimalSearch's constructor): the search's
// path symmetries, its groups by colours, the strategy improver's path symmetries.
constexpr std::size_t kListCaches = 3;
// The clock is read once per this many nodes.
constexpr std::uint64_t kClockInterval = 1024;

}  // namespace

OptimalSearch::OptimalSearch(std::shared_ptr<const Universe> universe, int max_depth, std::size_t memo_bytes,
                             std::size_t cache_bytes, bool hard)
    : universe_(std::move(universe)),
      symmetries_(*universe_, cache_bytes / kListCaches),
      max_depth_(max_depth),
      hard_(hard),
      branching_(universe_->response_count() - 1),
      win_slot_(response_slot({universe_->rules().pegs, 0}, universe_->rules().pegs)),
      sum_kernel_(universe_->layout().sum_kernel()),
      count_kernel_(universe_->layout().count_kernel()),
      outsider_scan_(*universe_),
      memo_(memo_bytes),
      groups_limit_(cache_bytes / kListCaches) {
  const int pegs = universe_->rules().pegs;
  for (int s = 0; s < used_slots(pegs); ++s) {
    const Feedback f = feedback_of_slot(s, pegs);
    const bool valid = f.white >= 0 && f.black + f.white <= pegs && !(f.black == pegs - 1 && f.white == 1);
    if (valid && s != win_slot_) answer_slots_.push_back(static_cast<std::uint8_t>(s));
  }
  const std::size_t sizes = std::min<std::size_t>(universe_->size(), kBoundTableSizes) + 1;
  const auto table = [&](int depth) {
    std::vector<std::uint64_t> t(sizes);
    for (std::size_t n = 0; n < sizes; ++n) t[n] = class_lower_bound(n, depth, branching_);
    return t;
  };
  unlimited_bounds_ = table(kUnlimitedDepth);
  if (max_depth_ != kUnlimitedDepth)
    for (int d = 0; d <= max_depth_; ++d) depth_bounds_.push_back(table(d));
  // The steps of each table less one, for the counting kernel (see guess_bound). A step is at
  // least 1 until the table reaches kInfeasible, and 0 beyond: taken as 1 there, which only
  // raises bounds that are kInfeasible anyway.
  const auto steps = [](const std::vector<std::uint64_t>& t) {
    std::vector<std::uint64_t> s(t.size() - 1);
    for (std::size_t n = 0; n + 1 < t.size(); ++n) s[n] = std::max<std::uint64_t>(t[n + 1] - t[n], 1) - 1;
    return s;
  };
  unlimited_steps_ = steps(unlimited_bounds_);
  for (const auto& t : depth_bounds_) depth_steps_.push_back(steps(t));
  // The class sizes up to which the table is 2k - 1 (the first secret at the next guess, the rest
  // at the one after): every class of the variant's answers fits one more guess.
  const auto linear = [](const std::vector<std::uint64_t>& t) {
    std::size_t k = 0;
    while (k + 1 < t.size() && t[k + 1] == 2 * (k + 1) - 1) ++k;
    return k;
  };
  unlimited_linear_ = linear(unlimited_bounds_);
  for (const auto& t : depth_bounds_) depth_linear_.push_back(linear(t));
  if (outsider_scan_.has_colour_floors()) {
    std::unordered_map<std::uint64_t, std::uint32_t> index;
    colour_group_.resize(universe_->size());
    for (CodeId id = 0; id < universe_->size(); ++id) {
      const std::uint64_t field = outsider_scan_.count_field(id);
      const auto [it, added] = index.try_emplace(field, static_cast<std::uint32_t>(group_fields_.size()));
      if (added) group_fields_.push_back(field);
      colour_group_[id] = it->second;
    }
  }
}

SearchCache& search_cache() {
  static SearchCache cache(kSearchCacheBytes, [](OptimalSearch& search) { return search.bytes(); });
  return cache;
}

std::shared_ptr<OptimalSearch> OptimalSearch::of(const Rules& rules, int max_depth, bool hard, std::size_t memo_bytes,
                                                 std::size_t cache_bytes) {
  auto universe = Universe::of(rules);
  return search_cache().get({rules.spelling(), max_depth, hard}, [&] {
    // Both within the budget: with no limit on the lists, a rank of mastermind-mpi on 4 x 9 with
    // --memory 256M peaked at 463 MiB, past the budget's rule (415 MiB); 198 MiB with it.
    return std::make_shared<OptimalSearch>(std::move(universe), max_depth,
                                           memo_bytes != 0 ? memo_bytes : memo_share(default_run_memory()),
                                           cache_bytes != 0 ? cache_bytes : cache_share(default_run_memory()), hard);
  });
}

std::size_t OptimalSearch::bytes() {
  const auto table_bytes = [](const std::vector<std::vector<std::uint64_t>>& tables) {
    std::size_t n = 0;
    for (const auto& t : tables) n += t.capacity() * sizeof(std::uint64_t);
    return n;
  };
  std::size_t n = sizeof(OptimalSearch) + memo_.bytes() + table_bytes(depth_bounds_) + table_bytes(depth_steps_) +
                  (unlimited_bounds_.capacity() + unlimited_steps_.capacity()) * sizeof(std::uint64_t) +
                  colour_group_.capacity() * sizeof(std::uint32_t) + group_fields_.capacity() * sizeof(std::uint64_t);
  {
    const std::lock_guard lock(groups_mutex_);
    n += groups_bytes_;
  }
  const std::lock_guard lock(root_classes_mutex_);
  for (const auto& [hash, node] : pinned_) n += sizeof(node) + node.ids.capacity() * sizeof(CodeId);
  return n;
}

void OptimalSearch::blank_twins(std::span<const CodeId> ids, const std::vector<CodeId>& guesses,
                                std::optional<BlankTwins>& twins) const {
  if (pegwise(universe_->rules()) && BlankTwins::fits(universe_->rules())) twins.emplace(*universe_, ids, guesses);
}

void OptimalSearch::record(std::span<const CodeId> ids, int depth, std::uint64_t value) {
  remember(ids, depth, NodeMemo::hash_of(ids, depth), value, true);
}

bool OptimalSearch::pin(std::span<const CodeId> ids, int depth, RootClass known) {
  const std::uint64_t hash = NodeMemo::hash_of(ids, depth);
  auto [first, last] = pinned_.equal_range(hash);
  for (; first != last; ++first)
    if (first->second.depth == depth &&
        std::equal(ids.begin(), ids.end(), first->second.ids.begin(), first->second.ids.end()))
      break;
  if (first == last) {
    first = pinned_.emplace(hash, PinnedNode{{ids.begin(), ids.end()}, depth, known});
  } else {
    const RootClass& had = first->second.known;
    if (!tells_more(known, had)) return false;
    first->second.known = known;
  }
  any_pinned_.store(true, std::memory_order_relaxed);
  return true;
}

void OptimalSearch::note_root_class(CodeId guess, int slot, std::span<const CodeId> ids, int depth, std::uint64_t bound,
                                    bool exact, bool tell) {
  {
    const std::lock_guard lock(root_classes_mutex_);
    RootClass& known = root_classes_.try_emplace({guess, slot}, RootClass{0, false}).first->second;
    if (!tells_more({bound, exact}, known)) return;
    known = {bound, exact};
    pin(ids, depth, known);
  }
  if (tell && root_class_fact_) root_class_fact_(guess, slot, bound, exact);
}

void OptimalSearch::note_second_class(const Path& path, std::span<const CodeId> node, CodeId guess, int slot,
                                      std::span<const CodeId> ids, int depth, std::uint64_t bound, bool exact,
                                      double seconds) {
  if (seconds < second_class_seconds_ || !second_class_fact_ || node.empty()) return;
  const CodeId first = path.guesses[0];
  // Every code of the node gave the first guess the same answer: the node's class.
  const SecondClass where{first, universe_->layout().slot(universe_->key(first), universe_->key(node[0])), guess, slot};
  {
    const std::lock_guard lock(root_classes_mutex_);
    if (!pin(ids, depth, {bound, exact})) return;
  }
  any_second_pinned_.store(true, std::memory_order_relaxed);
  second_class_fact_(where, bound, exact);
}

void OptimalSearch::note_class(const Path& path, std::span<const CodeId> node, CodeId guess, int slot,
                               std::span<const CodeId> ids, int depth, std::uint64_t bound, bool exact,
                               std::chrono::steady_clock::time_point started) {
  if (node.size() == universe_->size()) {
    note_root_class(guess, slot, ids, depth, bound, exact);
  } else if (path.length == 1 && path.complete) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    note_second_class(path, node, guess, slot, ids, depth, bound, exact, seconds);
  }
}

bool OptimalSearch::learn_second_class(const SecondClass& where, std::uint64_t bound, bool exact) {
  const auto valid = [&](CodeId guess, int slot) {
    return guess < universe_->size() && slot >= 0 && slot < kResponseSlots && slot != win_slot_;
  };
  if (!valid(where.first, where.first_slot) || !valid(where.second, where.second_slot)) return false;
  const auto first = classes_of(*this, where.first, universe_->all_ids());
  const std::vector<CodeId>& node = first[static_cast<std::size_t>(where.first_slot)];
  if (node.empty()) return false;
  const auto second = classes_of(*this, where.second, node);
  const std::vector<CodeId>& ids = second[static_cast<std::size_t>(where.second_slot)];
  if (ids.empty() || ids.size() == node.size()) return false;  // no class, or one that learns nothing
  const std::lock_guard lock(root_classes_mutex_);
  pin(ids, child_depth(child_depth(max_depth_)), {bound, exact});
  any_second_pinned_.store(true, std::memory_order_relaxed);
  return true;
}

std::optional<OptimalSearch::RootClass> OptimalSearch::pinned(std::span<const CodeId> ids, int depth) {
  const std::uint64_t hash = NodeMemo::hash_of(ids, depth);
  const std::lock_guard lock(root_classes_mutex_);
  auto [first, last] = pinned_.equal_range(hash);
  for (; first != last; ++first)
    if (first->second.depth == depth &&
        std::equal(ids.begin(), ids.end(), first->second.ids.begin(), first->second.ids.end()))
      return first->second.known;
  return std::nullopt;
}

bool OptimalSearch::learn_root_class(CodeId guess, int slot, std::uint64_t bound, bool exact) {
  if (guess >= universe_->size() || slot < 0 || slot >= kResponseSlots || slot == win_slot_) return false;
  const auto classes = classes_of(*this, guess, universe_->all_ids());
  if (classes[static_cast<std::size_t>(slot)].empty()) return false;
  note_root_class(guess, slot, classes[static_cast<std::size_t>(slot)], child_depth(max_depth_), bound, exact, false);
  return true;
}

OptimalSearch::ClassFloor OptimalSearch::root_class_floor(CodeId guess, int slot, std::size_t size, int depth) {
  const std::uint64_t counted = lower_bound(size, child_depth(depth));
  const std::lock_guard lock(root_classes_mutex_);
  const auto it = root_classes_.find({guess, slot});
  if (it == root_classes_.end()) return {counted, false};
  if (it->second.exact) return {it->second.bound, true};
  return {std::max(counted, it->second.bound), false};
}

std::uint64_t OptimalSearch::root_floor(CodeId guess) {
  const std::span<const CodeId> ids(universe_->all_ids());
  const auto classes = classes_of(*this, guess, ids);
  std::uint64_t floor = ids.size();
  for (int s = 0; s < kResponseSlots; ++s) {
    const std::size_t size = classes[static_cast<std::size_t>(s)].size();
    if (s == win_slot_ || size == 0) continue;
    floor = std::min(floor + root_class_floor(guess, s, size, max_depth_).floor, kInfeasible);
  }
  return floor;
}

void OptimalSearch::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) noexcept {
  deadline_ = deadline;
  watched_ = watched_ || deadline;
  stopped_.store(false, std::memory_order_relaxed);
}

OptimalSearch::Lease::Lease(OptimalSearch& search, const RunContext& run)
    : lock_(search.lease_mutex_), search_(search) {
  search_.set_stop(run.stop);
  search_.set_executor(run.executor);
}

OptimalSearch::Lease::~Lease() {
  search_.set_stop({});
  search_.set_executor({});
}

void OptimalSearch::resume() noexcept {
  deadline_.reset();
  stop_requested_.store(false, std::memory_order_relaxed);
  stopped_.store(false, std::memory_order_relaxed);
}

bool OptimalSearch::stop_due(bool clock) const {
  if (stop_requested_.load(std::memory_order_relaxed)) return true;
  if (stop_.stop_requested()) return true;
  return clock && deadline_ && std::chrono::steady_clock::now() >= *deadline_;
}

void OptimalSearch::check_time() {
  const std::uint64_t n = nodes_.fetch_add(1, std::memory_order_relaxed);
  const bool tick = n % kClockInterval == 0;
  if (tick)
    if (std::atomic<std::uint64_t>* sink = node_sink_.load(std::memory_order_relaxed))
      sink->store(n + 1, std::memory_order_relaxed);
  if (!watched_) return;
  if (stopped_.load(std::memory_order_relaxed)) throw SearchStopped{};
  if (tick && stop_due(true)) {
    stopped_.store(true, std::memory_order_relaxed);
    throw SearchStopped{};
  }
}

void OptimalSearch::poll_stop() {
  if (stopped_.load(std::memory_order_relaxed)) throw SearchStopped{};
  if (watched_ && stop_due(true)) {
    stopped_.store(true, std::memory_order_relaxed);
    throw SearchStopped{};
  }
}

std::vector<std::uint64_t> OptimalSearch::keys_of(std::span<const CodeId> ids) const {
  const std::size_t words = universe_->words();
  std::vector<std::uint64_t> keys(ids.size() * words);
  for (std::size_t i = 0; i < ids.size(); ++i) std::copy_n(universe_->key(ids[i]), words, keys.data() + i * words);
  return keys;
}

std::shared_ptr<const OptimalSearch::GuessGroups> OptimalSearch::groups_of(const NodeGuesses& worth) {
  const std::vector<CodeId>& list = worth.all();
  const bool lasting = worth.lasting();
  if (lasting) {
    const std::lock_guard lock(groups_mutex_);
    if (const auto it = groups_.find(&list); it != groups_.end()) return it->second.groups;
  }
  // A counting sort by the board's groups (colour_group_), in the order the groups first occur in
  // the list: lists are made for every new path with a symmetry, and a map and a vector per group
  // made the sort a tenth of the search on 4 x 8 (mostly the allocator).
  auto made = std::make_shared<GuessGroups>();
  // The board's group -> this list's, or kNone. One per thread (a list is sorted before another
  // begins on the thread), as long as the board's groups.
  thread_local std::vector<std::uint32_t> local;
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  local.assign(group_fields_.size(), kNone);
  for (CodeId g : list) {
    std::uint32_t& at = local[colour_group_[g]];
    if (at == kNone) {
      at = static_cast<std::uint32_t>(made->fields.size());
      made->fields.push_back(group_fields_[colour_group_[g]]);
      made->starts.push_back(0);
    }
    ++made->starts[at];
  }
  // Counts to starts, one past the last group.
  std::uint32_t sum = 0;
  for (std::uint32_t& start : made->starts) sum += std::exchange(start, sum);
  made->starts.push_back(sum);
  made->guesses.resize(list.size());
  {
    std::vector<std::uint32_t> fill(made->starts.begin(), made->starts.end() - 1);
    for (CodeId g : list) made->guesses[fill[local[colour_group_[g]]]++] = g;
  }
  if (!lasting) return made;
  const std::size_t bytes = made->guesses.capacity() * sizeof(CodeId) +
                            made->starts.capacity() * sizeof(std::uint32_t) +
                            made->fields.capacity() * sizeof(std::uint64_t) + sizeof(GuessGroups);
  const std::lock_guard lock(groups_mutex_);
  if (groups_limit_ != 0 && groups_bytes_ + bytes > groups_limit_) {
    groups_.clear();  // those in use live on with their users
    groups_bytes_ = 0;
  }
  auto& slot = groups_[&list];  // another thread may have made the same entry meanwhile
  if (!slot.groups) {
    slot = {std::move(made), worth.keeper()};
    groups_bytes_ += bytes;
  }
  return slot.groups;
}

std::optional<CodeId> OptimalSearch::choose(std::span<const CodeId> ids, int depth, const Path& path) {
  const std::uint64_t target = value(ids, depth, path);
  if (target >= kInfeasible) return std::nullopt;
  if (ids.size() <= 2) return ids.front();
  const std::uint64_t hash = NodeMemo::hash_of(ids, depth);
  if (const auto e = memo_.recall(ids, depth, hash); e && e->choice) return e->choice;
  const CodeId chosen = first_optimal(ids, depth, target, path);
  memo_.choose(ids, depth, hash, chosen);
  return chosen;
}

CodeId OptimalSearch::first_optimal(std::span<const CodeId> ids, int depth, std::uint64_t target, const Path& path) {
  // The tie order: candidates first, each group ascending (in hard mode, the candidates alone).
  const NodeGuesses worth(*universe_, path, true, &symmetries_);
  const std::vector<CodeId>& canonical = worth.all();
  const std::uint32_t dead = dead_colours(*universe_, ids);
  // Both lists ascending: one walk splits the guesses into candidates and outsiders (a binary
  // search of the candidates for every guess was a tenth of a next on a class of 6 x 5, which
  // reads the tree this way once the class is proven).
  std::vector<CodeId> order, outsiders;
  order.reserve(canonical.size());
  std::optional<BlankTwins> blanks;
  if (!hard_) blank_twins(ids, canonical, blanks);
  auto candidate = ids.begin();
  for (CodeId g : canonical) {
    while (candidate != ids.end() && *candidate < g) ++candidate;
    if (candidate != ids.end() && *candidate == g)
      order.push_back(g);
    else if (!hard_ && (dead == 0 || !dead_twin(*universe_, g, dead)) && (!blanks || !blanks->twin(g)))
      outsiders.push_back(g);
  }
  order.insert(order.end(), outsiders.begin(), outsiders.end());
  const std::vector<std::uint64_t> keys = keys_of(ids);
  for (CodeId g : order) {
    if (guess_bound(g, ids, keys, depth, target) > target) continue;
    if (guess_cost(g, ids, depth, target, path) == target) return g;
  }
  return ids.front();  // unreachable: some guess attains the value
}

CodeId optimal_guess(const Universe& universe, std::span<const CodeId> candidates, std::uint32_t played,
                     std::span<const Code> history, bool hard, const RunContext& run) {
  const auto search = OptimalSearch::of(universe.rules(), kUnlimitedDepth, hard);
  Path path;
  path.played = played;
  path.complete = false;  // the guesses themselves are not kept here
  if (optimal_time_estimate(universe.rules(), std::nullopt) <= kAnytimeFromSeconds) {
    // The whole tree, searched once and read by every game: no stop, which would leave it
    // half-built for the others.
    const RunContext unstoppable{.stop = {}, .executor = run.executor, .memory = run.memory, .data = run.data};
    const OptimalSearch::Lease lease(*search, unstoppable);
    search->build_once([&] { search_tree(*search, nullptr); });
    return search->choose(candidates, kUnlimitedDepth, path).value_or(candidates.front());
  }
  const OptimalSearch::Lease lease(*search, run);
  return searched_guess(*search, candidates, path, history);
}

}  // namespace mm::detail
