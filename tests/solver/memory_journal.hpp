#pragma once
// A journal kept in memory, as a checkpoint file keeps it: the tests of the searches that keep
// one (the anytime search's, the depth search's).

#include <mutex>
#include <string>
#include <vector>

#include "mm/core/optimal_journal.hpp"

namespace mm::testing {

class MemoryJournal final : public OptimalJournal {
 public:
  const std::vector<Record>& records() const override { return records_; }
  void append(const Record& record) override {
    const std::lock_guard lock(mutex_);
    records_.push_back(record);
  }
  std::string where() const override { return "memory"; }

 private:
  std::mutex mutex_;
  std::vector<Record> records_;
};

}  // namespace mm::testing
