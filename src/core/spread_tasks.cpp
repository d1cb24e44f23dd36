#include "mm/core/spread_tasks.hpp"

#include <fmt/format.h>

namespace mm {

std::string task_key(const ValueTask& task) {
  if (task.second == kWholeClass) return fmt::format("v {} {}", task.guess, task.slot);
  return fmt::format("v {} {} {}", task.guess, task.slot, task.second);
}
std::string task_key(const SubtreeTask& task) { return fmt::format("t {} {}", task.guess, task.slot); }

}  // namespace mm
