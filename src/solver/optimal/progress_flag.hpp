#pragma once
// One of an OptimalProgress's flags (finishing, building) raised while a step of the search runs:
// the progress line says what the search does meanwhile, and no longer once the step ends, however
// it ends.

#include <atomic>

#include "mm/solver/optimal.hpp"

namespace mm::detail {

class RaisedProgressFlag {
 public:
  // Nothing when `progress` is null (a run with no progress line).
  RaisedProgressFlag(OptimalProgress* progress, std::atomic<bool> OptimalProgress::*flag) noexcept
      : flag_(progress ? &(progress->*flag) : nullptr) {
    if (flag_) flag_->store(true);
  }
  ~RaisedProgressFlag() {
    if (flag_) flag_->store(false);
  }
  RaisedProgressFlag(const RaisedProgressFlag&) = delete;
  RaisedProgressFlag& operator=(const RaisedProgressFlag&) = delete;

 private:
  std::atomic<bool>* flag_;
};

}  // namespace mm::detail
