#include "mm/frontend/search_checkpoint.hpp"

#include <mutex>
#include <vector>

#include "mm/frontend/checkpoint.hpp"

namespace mm::frontend {

namespace {

// What tells this search's files from mastermind-mpi's (whose header has no such entry).
constexpr const char* kSearchName = "anytime";

class CheckpointJournal final : public engine::SearchJournal {
 public:
  CheckpointJournal(const std::string& path, const Checkpoint::Header& header) : file_(path, header) {
    for (const Checkpoint::Record& r : file_.records()) records_.push_back({r.key, r.numbers});
  }
  const std::vector<Record>& records() const override { return records_; }
  // The search appends from any of its threads; one SQLite statement is not for two at once.
  void append(const Record& record) override {
    const std::lock_guard lock(mutex_);
    file_.append(record.key, record.numbers);
  }
  std::string where() const override { return file_.path(); }

 private:
  Checkpoint file_;
  std::vector<Record> records_;
  std::mutex mutex_;
};

}  // namespace

std::shared_ptr<engine::SearchJournal> open_search_checkpoint(const std::string& path, const Rules& rules,
                                                              std::optional<int> max_depth, bool hard,
                                                              Objective objective) {
  Checkpoint::Header header{{"rules", rules.spelling()},
                            {"strategy", std::string(strategy_name(StrategyKind::optimal))},
                            {"max_depth", max_depth ? std::to_string(*max_depth) : "none"},
                            {"search", kSearchName}};
  // Only a hard-mode file has the entry, so that the files of every other search stay as they were.
  if (hard) header.emplace("mode", "hard");
  // The same for the worst-case objective's files.
  if (objective != Objective::average) header.emplace("objective", std::string(objective_name(objective)));
  return std::make_shared<CheckpointJournal>(path, header);
}

}  // namespace mm::frontend
