#include "mm/engine/candidates.hpp"

#include "mm/solver/consistent_codes.hpp"

namespace mm::engine {

namespace {

// Counted up to this many; beyond, the count is left unknown rather than searched for long.
constexpr std::uint64_t kCountLimit = 10'000'000;

}  // namespace

CandidatesResult candidates(const Rules& rules, const std::vector<Turn>& history, std::size_t limit,
                            const RunContext& run) {
  const ConsistentCodes consistent(rules, history, run);
  ConsistentCodes::Enumeration listed = consistent.first(limit);
  CandidatesResult result;
  result.complete = listed.complete;
  result.codes = std::move(listed.codes);
  if (result.complete)
    result.count = result.codes.size();
  else
    result.count = consistent.count_up_to(kCountLimit);
  return result;
}

}  // namespace mm::engine
