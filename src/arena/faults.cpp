#include "mm/arena/faults.hpp"

#include "mm/core/i18n.hpp"

namespace mm::arena {

std::string_view fault_key(FaultKind kind) noexcept {
  switch (kind) {
    case FaultKind::malformed:
      return "malformed";
    case FaultKind::invalid_guess:
      return "invalid_guess";
    case FaultKind::timeout:
      return "timeout";
    case FaultKind::crash:
      return "crash";
    case FaultKind::flood:
      return "flood";
    case FaultKind::early_exit:
      return "early_exit";
  }
  return "malformed";
}

std::string fault_title(FaultKind kind) {
  switch (kind) {
    case FaultKind::malformed:
      return tr("malformed line");
    case FaultKind::invalid_guess:
      return tr("invalid guess");
    case FaultKind::timeout:
      return tr("no answer in time");
    case FaultKind::crash:
      return tr("crash");
    case FaultKind::flood:
      return tr("line too long");
    case FaultKind::early_exit:
      return tr("left early");
  }
  return {};
}

void FaultLog::add(Fault fault) {
  const auto i = static_cast<std::size_t>(fault.kind);
  ++counts_[i];
  if (!first_[i]) first_[i] = std::move(fault);
}

std::uint64_t FaultLog::total() const noexcept {
  std::uint64_t sum = 0;
  for (std::uint64_t n : counts_) sum += n;
  return sum;
}

std::vector<Fault> FaultLog::firsts() const {
  std::vector<Fault> out;
  for (const auto& f : first_)
    if (f) out.push_back(*f);
  return out;
}

}  // namespace mm::arena
