#pragma once
// What runs share rather than each making it again (a board's codes, a board's optimal search, a
// loaded decision tree), kept within a budget of bytes: past it the least recently used entries
// are let go. A process that lives for weeks (a server, a Python program) meets ever more boards,
// and a cache that only grows would hold every one of them.
//
// - An entry in use stays alive: get() hands out a shared_ptr, so a run that holds one keeps it
//   whole when the cache lets it go; the next get() of its key makes a new one.
// - One entry per key: a thread that asks for a key another thread is making waits for that one
//   (a board's search is built once, not once per game that starts at the same moment). Making
//   is done outside the cache's lock, so other keys are served meanwhile; a make that throws
//   leaves no entry, and each caller waiting for it gets the exception.
// - Entries are measured (bytes_of) each time an entry is added, as they may grow after they
//   were made (a search's memo, within its own limit): the budget holds at every addition. The
//   entry just made is kept whatever its size, so a board larger than the budget is made once
//   per stretch of use, not once per call.
//
// Values are shared between threads: they must be immutable or safe to use from several at once.

#include <cstddef>
#include <exception>
#include <functional>
#include <future>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace mm {

template <class Key, class Value>
class SharedCache {
 public:
  using Pointer = std::shared_ptr<Value>;
  // The bytes an entry takes; called under the cache's lock while runs may use the value, so it
  // must be safe alongside them.
  using Measure = std::function<std::size_t(Value&)>;

  SharedCache(std::size_t budget, Measure bytes_of) : budget_(budget), bytes_of_(std::move(bytes_of)) {}
  SharedCache(const SharedCache&) = delete;  // owns its entries; a copy would double the budget
  SharedCache& operator=(const SharedCache&) = delete;

  // The entry of `key`, made by make() (returning a Pointer, possibly null) when there is none.
  template <class Make>
  Pointer get(const Key& key, Make&& make) {
    std::promise<Pointer> made;
    std::uint64_t mine = 0;  // the generation of the entry this call makes, if it does
    std::shared_future<Pointer> waiting;
    {
      const std::lock_guard lock(mutex_);
      if (const auto it = entries_.find(key); it != entries_.end()) {
        recency_.splice(recency_.begin(), recency_, it->second.used);
        waiting = it->second.value;
      } else {
        mine = ++generation_;
        recency_.push_front(key);
        entries_.emplace(key, Entry{made.get_future().share(), 0, false, mine, recency_.begin()});
      }
    }
    // Waited for outside the lock: the maker of this key may take long, and others are served.
    if (mine == 0) return waiting.get();
    Pointer value;
    try {
      value = std::forward<Make>(make)();
    } catch (...) {
      made.set_exception(std::current_exception());
      const std::lock_guard lock(mutex_);
      if (const auto it = entries_.find(key); it != entries_.end() && it->second.generation == mine) erase(it);
      throw;
    }
    made.set_value(value);
    const std::lock_guard lock(mutex_);
    if (const auto it = entries_.find(key); it != entries_.end() && it->second.generation == mine) {
      it->second.ready = true;
      trim(mine);
    }
    return value;
  }

  std::size_t budget() const {
    const std::lock_guard lock(mutex_);
    return budget_;
  }
  // A new budget, kept to at once (an entry in use lives on with its users).
  void set_budget(std::size_t budget) {
    const std::lock_guard lock(mutex_);
    budget_ = budget;
    trim(0);
  }
  // Entries kept (those being made among them).
  std::size_t size() const {
    const std::lock_guard lock(mutex_);
    return entries_.size();
  }
  // The bytes of the entries kept, measured now.
  std::size_t bytes() const {
    const std::lock_guard lock(mutex_);
    std::size_t total = 0;
    for (const auto& [key, entry] : entries_)
      if (entry.ready) total += measure(entry);
    return total;
  }
  bool contains(const Key& key) const {
    const std::lock_guard lock(mutex_);
    return entries_.contains(key);
  }
  // Lets every finished entry go (those in use live on with their users).
  void clear() {
    const std::lock_guard lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end();) it = it->second.ready ? erase(it) : std::next(it);
  }

 private:
  struct Entry {
    std::shared_future<Pointer> value;
    std::size_t bytes;  // as measured at the last addition
    bool ready;         // made (an entry being made is neither measured nor let go)
    std::uint64_t generation;
    typename std::list<Key>::iterator used;  // its place in recency_
  };
  using Entries = std::map<Key, Entry>;

  std::size_t measure(const Entry& entry) const {
    const Pointer& value = entry.value.get();  // ready: does not wait
    return value ? bytes_of_(*value) : 0;
  }

  typename Entries::iterator erase(typename Entries::iterator it) {
    recency_.erase(it->second.used);
    return entries_.erase(it);
  }

  // Lets the least recently used entries go until the rest fit the budget, all but the entry of
  // generation `keep` (0: none kept).
  void trim(std::uint64_t keep) {  // under mutex_
    std::size_t total = 0;
    for (auto& [key, entry] : entries_)
      if (entry.ready) total += entry.bytes = measure(entry);
    std::vector<Key> gone;
    for (auto at = recency_.rbegin(); total > budget_ && at != recency_.rend(); ++at) {
      const Entry& entry = entries_.at(*at);
      if (!entry.ready || entry.generation == keep) continue;
      total -= entry.bytes;
      gone.push_back(*at);
    }
    for (const Key& key : gone) erase(entries_.find(key));
  }

  mutable std::mutex mutex_;
  std::size_t budget_;
  Measure bytes_of_;
  Entries entries_;
  std::list<Key> recency_;  // most recently used first
  std::uint64_t generation_ = 0;
};

}  // namespace mm
