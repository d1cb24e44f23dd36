#include "mm/frontend/progress_line.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>

#include "mm/core/i18n.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

constexpr auto kProgressTick = std::chrono::milliseconds(100);
// Work shorter than this passes without a word.
constexpr auto kThinkingDelay = std::chrono::milliseconds(500);
constexpr std::string_view kSpinner = "|/-\\";

}  // namespace

ProgressLine::ProgressLine(std::function<std::string()> describe, std::chrono::milliseconds delay)
    : describe_(std::move(describe)), delay_(delay) {
  thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

ProgressLine::~ProgressLine() {
  thread_.request_stop();
  thread_.join();
}

void ProgressLine::run(std::stop_token stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  const auto never = [] { return false; };
  wake.wait_for(lock, stop, delay_, never);
  std::size_t width = 0;
  while (!stop.stop_requested()) {
    const std::string line = describe_();
    width = std::max(width, line.size());
    // fputs rather than fmt::print, which throws when stderr is gone: in this thread that would
    // end the program.
    std::fputs(fmt::format("\r{:<{}}", line, width).c_str(), stderr);
    std::fflush(stderr);
    wake.wait_for(lock, stop, kProgressTick, never);
  }
  if (width > 0) {
    std::fputs(fmt::format("\r{:{}}\r", "", width).c_str(), stderr);
    std::fflush(stderr);
  }
}

ThinkingLine::ThinkingLine() {
  if (!is_terminal(STDERR_FILENO)) return;
  line_.emplace([tick = std::size_t{0}]() mutable { return trf("thinking… {}", kSpinner[tick++ % kSpinner.size()]); },
                kThinkingDelay);
}

}  // namespace mm::frontend
