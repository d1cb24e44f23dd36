#pragma once
// What an optimal search tells the layers above as it ends and as it goes: why it ended, and the
// journal of what it proved, which a front end keeps where it outlives the process (a checkpoint
// file, frontend/search_checkpoint.hpp).

#include <cstdint>
#include <string>
#include <vector>

namespace mm {

// Why a search ended: it finished (proven, or proven that no strategy meets the depth limit), or
// it was stopped with the best strategy found so far.
enum class SearchEnd { finished, time_limit, interrupted, memory };

// What a search proves as it goes, kept where it outlives the process (a checkpoint file), so
// that a later run of the same options goes on from there. The solver does no I/O: a front end
// implements it. Keys and numbers are the search's own (search_journal.hpp).
class OptimalJournal {
 public:
  struct Record {
    std::string key;
    std::vector<std::uint64_t> numbers;
  };
  virtual ~OptimalJournal() = default;
  // What an earlier run wrote, in order.
  virtual const std::vector<Record>& records() const = 0;
  // Kept once it returns; called from any thread.
  virtual void append(const Record& record) = 0;
  // Where it is kept, for messages.
  virtual std::string where() const = 0;
};

}  // namespace mm
