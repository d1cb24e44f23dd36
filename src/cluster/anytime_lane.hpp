#pragma once
// A time-limited job's answer when its exact search cannot finish in time. Rank 0 runs
// `mastermind`'s anytime optimal search (a strategy that only gets cheaper, a lower bound that
// only rises) for the time limit, beside the exact search the other ranks run as tasks; the job
// answers with the exact tree when that is proven in time, else with the lane's strategy and the
// better of the two lower bounds. The exact search's tasks cannot give a strategy before they are
// all done, and the anytime search cannot be cut into tasks: each does what it is good at.

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "mm/engine/analysis.hpp"
#include "mm/engine/stop.hpp"
#include "mm/run/progress.hpp"

namespace mm::cluster {

class AnytimeLane final : private ProgressSink {
 public:
  // Starts the search on a thread of its own, in a run that stop() ends and whose progress the lane
  // hears (the request's stop token and progress sink are replaced by the lane's). The request's
  // optimal limits must hold the time limit.
  explicit AnytimeLane(engine::AnalysisRequest request);
  ~AnytimeLane() override;
  AnytimeLane(const AnytimeLane&) = delete;
  AnytimeLane& operator=(const AnytimeLane&) = delete;

  // The search has ended (its time limit, proven, or stopped).
  bool done() const noexcept { return done_.load(); }
  // Ends the search early, when the exact search has the answer (the lane's own stop: rank 0's
  // other work goes on).
  void stop() noexcept;
  // Waits for the end; the strategy and its figures. Rethrows what the search threw.
  engine::TreeResult result();
  // The best total and the lower bound so far (0 while none), for the progress line.
  std::pair<std::uint64_t, std::uint64_t> bounds() const;

 private:
  void begin(std::function<Progress()> poll) override;
  void end() noexcept override;

  mutable std::mutex poll_mutex_;
  std::function<Progress()> poll_;  // between begin() and end()
  std::atomic<bool> done_{false};
  engine::TreeResult result_;
  std::exception_ptr error_;
  StopSource stop_;
  std::thread thread_;
};

}  // namespace mm::cluster
