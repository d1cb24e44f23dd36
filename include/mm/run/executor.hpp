#pragma once
// Where a run's parallel loops run: on a oneTBB task arena of the run's own size, or one after
// another on the calling thread (a serial executor: one thread asked for, or a build without
// threads, such as the engine in a browser). The solver reaches threads only through it, so two
// runs of one process (two games of a server, two calls of a Python program) each keep to their
// own number of threads, and no cap is set for the whole process.
//
// Results never depend on the executor: a loop's iterations are independent, and whatever they
// combine is combined in an order that does not depend on the threads.

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace mm {

// A callable borrowed for the length of one call, without the allocation of std::function.
template <class Signature>
class FunctionRef;

template <class R, class... Args>
class FunctionRef<R(Args...)> {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> && std::is_invocable_r_v<R, F&, Args...>)
      FunctionRef(F& f)
  noexcept  // NOLINT(google-explicit-constructor): a parameter type
      : object_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... args) -> R { return (*static_cast<F*>(o))(std::forward<Args>(args)...); }) {}
  R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

class Executor {
 public:
  // Every core, on the thread pool of the calling thread's own arena (the process's default).
  Executor() noexcept = default;
  // `threads` workers in an arena of the executor's own: 0 for every core, 1 for serial. No more
  // than the machine's cores: the work is bound by the processor, and oneTBB would refuse more.
  explicit Executor(int threads);
  static Executor serial();
  // Whether this build runs loops on threads at all.
  static bool threads_available() noexcept;

  // The most threads a loop of this executor runs on (1 for serial).
  int concurrency() const noexcept;
  bool is_serial() const noexcept { return concurrency() <= 1; }

  // body(i) for every i in [begin, end), in any order.
  template <class Body>
  void for_each(std::size_t begin, std::size_t end, Body&& body) const {
    run_each(begin, end, FunctionRef<void(std::size_t)>(body));
  }
  // body(lo, hi) for consecutive ranges that cover [begin, end), about `grain` long: exactly that
  // on the serial executor (bar the last), never shorter than half of it on threads, where oneTBB
  // may leave neighbours joined.
  template <class Body>
  void for_ranges(std::size_t begin, std::size_t end, std::size_t grain, Body&& body) const {
    run_ranges(begin, end, grain, FunctionRef<void(std::size_t, std::size_t)>(body));
  }
  // Runs `first` and `second` at once, each on an executor of its share of this one's threads
  // (`first` gets first_threads of them); returns when both have. An exception of either is
  // rethrown once both have returned; `on_failure` is called at once so that the other can stop.
  void side_by_side(int first_threads, const std::function<void(const Executor&)>& first,
                    const std::function<void(const Executor&)>& second, const std::function<void()>& on_failure) const;

  // Counts the threads that take part in this executor's loops from now on (a test hook: -j is
  // checked by what ran, not by timing). Only an executor with an arena of its own counts.
  void count_threads() const;
  std::size_t threads_seen() const;

 private:
  struct Pool;
  void run_each(std::size_t begin, std::size_t end, FunctionRef<void(std::size_t)> body) const;
  void run_ranges(std::size_t begin, std::size_t end, std::size_t grain,
                  FunctionRef<void(std::size_t, std::size_t)> body) const;
  // Null: the calling thread's arena, every core.
  std::shared_ptr<Pool> pool_;
  // Read only where threads are built in (MM_THREADS): without them every executor is serial.
  [[maybe_unused]] bool serial_ = false;
};

}  // namespace mm
