#include "mm/run/run_context.hpp"

#include <unistd.h>

#include <iostream>

namespace mm {

namespace {

// The budget where the system does not say how much memory it has.
constexpr std::size_t kFallbackMemory = std::size_t{1} << 30;
constexpr std::size_t kMemoryShareOfMachine = 4;

}  // namespace

std::size_t default_run_memory() noexcept {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return kFallbackMemory;
  return static_cast<std::size_t>(pages) / kMemoryShareOfMachine * static_cast<std::size_t>(page);
}

const RunContext& default_run() noexcept {
  static const RunContext run;
  return run;
}

std::size_t RunContext::memory_budget() const noexcept { return memory != 0 ? memory : default_run_memory(); }

void RunContext::tell(std::string_view line) const {
  if (notice) {
    notice(line);
  } else {
    std::cerr << line << '\n' << std::flush;
  }
}

}  // namespace mm
