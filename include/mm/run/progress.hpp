#pragma once
// How a long computation of a run says how far it has come, without the engine doing any I/O: the
// engine hands the run's sink (RunContext::progress) a way to read its progress, and the front end
// that made the run decides whether and how to show it (a line on a terminal, a field of a web
// page, nothing at all).

#include <cstdint>
#include <functional>
#include <string>
#include <utility>

namespace mm {

// What a running computation has done so far.
struct Progress {
  enum class Kind {
    secrets,  // an evaluation: secrets played of all to play
    games,    // many games watched: games played of all
    optimal,  // the optimal search: best total and lower bound so far, nodes visited
    pairs,    // a scorer checked: pairs of codes scored of all to score
  };
  Kind kind = Kind::secrets;
  std::string strategy;  // what runs, by name: "knuth"
  std::string rules;     // where: "p4c6r"
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  std::uint64_t best_total = 0;   // optimal: the best total found so far, 0 while there is none
  std::uint64_t lower_bound = 0;  // optimal: the proven lower bound on the optimum
  std::uint64_t nodes = 0;        // optimal: search nodes visited so far (for a rate)
  double seconds = 0;             // optimal: since the search started
  // optimal, before any best total: answer classes of the first first guess settled, of all
  // (0 of 0: none counted).
  std::uint32_t classes_done = 0;
  std::uint32_t classes_total = 0;
  // optimal, the worst-case objective: the guesses per secret a strategy is sought within (0: none).
  std::uint32_t depth_tried = 0;
  // and while it does, the second guesses settled at the first guesses' classes searched so far,
  // of all there (`done` and `total` count the first guesses).
  std::uint32_t second_done = 0;
  std::uint32_t second_total = 0;
  // optimal: stopped, the strategy found being made into a tree (a second Ctrl-C quits).
  bool finishing = false;
  // optimal: the optimum (best_total) proven, its tree being read back from the search.
  bool building = false;
};

// Told when a computation that may take a while starts and ends. Between the two calls the sink
// may call `poll` as often as it likes, from any thread; after end() it must not.
class ProgressSink {
 public:
  virtual ~ProgressSink() = default;
  virtual void begin(std::function<Progress()> poll) = 0;
  virtual void end() noexcept = 0;
};

// begin() when made, end() when gone (also when the computation throws); nothing without a sink.
class ProgressScope {
 public:
  ProgressScope(ProgressSink* sink, std::function<Progress()> poll) : sink_(sink) {
    if (sink_ != nullptr) sink_->begin(std::move(poll));
  }
  ~ProgressScope() {
    if (sink_ != nullptr) sink_->end();
  }
  // One begin, one end: a copy would end twice.
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;

 private:
  ProgressSink* sink_;
};

}  // namespace mm
