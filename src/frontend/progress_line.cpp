#include "mm/frontend/progress_line.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>

#include "mm/core/i18n.hpp"
#include "mm/core/numbers.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

constexpr auto kProgressTick = std::chrono::milliseconds(100);
// Work shorter than this passes without a word.
constexpr auto kThinkingDelay = std::chrono::milliseconds(500);
constexpr std::string_view kSpinner = "|/-\\";
constexpr double kPercent = 100.0;

// A UTF-8 continuation byte: inside a character, not the start of one.
bool continues_character(char c) { return (static_cast<unsigned char>(c) & 0xC0u) == 0x80u; }

// The width of the terminal stderr shows on, or 0 when it is not one (a log written with
// --progress): the whole line goes there, since nothing is redrawn in place.
int stderr_columns() noexcept { return is_terminal(STDERR_FILENO) ? terminal_columns(STDERR_FILENO) : 0; }

// `line` cut to the terminal's width less one column: a line that wrapped could not be redrawn
// in place by \r. Columns are counted as characters (UTF-8 lead bytes), which the progress lines'
// letters are.
std::string fit_to_terminal(std::string line) {
  const int columns = stderr_columns();
  if (columns <= 1) return line;
  const auto most = static_cast<std::size_t>(columns - 1);
  std::size_t seen = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (continues_character(line[i])) continue;
    if (seen++ == most) {
      line.resize(i);
      break;
    }
  }
  return line;
}

std::size_t characters(std::string_view text) {
  return text.size() - static_cast<std::size_t>(std::count_if(text.begin(), text.end(), continues_character));
}

// The optimal search's line without its nodes per second where the whole of it would not fit the
// terminal: the bounds and the gap say more than the speed, and a line cut short says neither.
std::string fitting_progress(const Progress& p) {
  std::string line = describe_progress(p);
  const int columns = stderr_columns();
  if (p.kind != Progress::Kind::optimal || columns <= 1 || characters(line) < static_cast<std::size_t>(columns))
    return line;
  return describe_progress(p, false);
}

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
    const std::string line = fit_to_terminal(describe_());
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

bool progress_shown(bool forced) { return forced || is_terminal(STDERR_FILENO); }

std::string describe_progress(const Progress& p, bool nodes_counted) {
  // TRANSLATORS: "knuth on p4c6r": a strategy's name (English) on a board's spelling.
  const std::string task = trf("{} on {}", p.strategy, p.rules);
  switch (p.kind) {
    case Progress::Kind::secrets: {
      const double share = p.total ? kPercent * static_cast<double>(p.done) / static_cast<double>(p.total) : 0;
      return trf("{}: {}/{} secrets ({}%)", task, format_count(p.done), format_count(p.total),
                 format_decimal(share, 0));
    }
    case Progress::Kind::games:
      return trnf("watching: {}/{} game", "watching: {}/{} games", p.total, format_count(p.done),
                  format_count(p.total));
    case Progress::Kind::pairs: {
      const double share = p.total ? kPercent * static_cast<double>(p.done) / static_cast<double>(p.total) : 0;
      return trf("{}: {}/{} pairs ({}%)", task, format_count(p.done), format_count(p.total), format_decimal(share, 0));
    }
    case Progress::Kind::optimal:
      break;
  }
  const double rate = p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0;
  // Before the first total, what moves is the first guess's classes (hours of them on an open
  // board); the bounds would stand still.
  if (!p.best_total && p.classes_total) {
    if (!nodes_counted)
      // TRANSLATORS: "optimal on p6c5r: 2 h 5 min, first guess 25/26 classes, lower bound 68,031": the
      // answer classes of the first guess tried, searched so far of all.
      return trf("{}: {}, first guess {}/{} classes, lower bound {}", task, format_duration(p.seconds, 0),
                 p.classes_done, p.classes_total, format_count(p.lower_bound));
    return trf("{}: {}, first guess {}/{} classes, lower bound {}, {} nodes/s", task, format_duration(p.seconds, 0),
               p.classes_done, p.classes_total, format_count(p.lower_bound),
               format_count(static_cast<std::uint64_t>(rate)));
  }
  if (p.finishing)
    // TRANSLATORS: "optimal on p6c5r: 2 h 5 min, stopped, building its strategy; Ctrl-C quits": a
    // search stopped by its time limit or Ctrl-C makes the best strategy it found into a tree,
    // which may take a while; a second Ctrl-C ends the program at once.
    return trf("{}: {}, stopped, building its strategy; Ctrl-C quits", task, format_duration(p.seconds, 0));
  if (p.building)
    // TRANSLATORS: "optimal on p6c5r: 9 h 2 min, optimum 73,795 proven, building its tree": the
    // search has ended and proven the optimum; it now makes its strategy into a tree to write.
    return trf("{}: {}, optimum {} proven, building its tree", task, format_duration(p.seconds, 0),
               format_count(p.best_total));
  // The worst case's first search asks depth by depth whether a strategy exists: no total yet.
  if (!p.best_total && p.depth_tried && p.total) {
    // The first guesses settled at this depth, and the second guesses at their classes: on 5 x 8
    // what moves in the hours of one first guess.
    if (!nodes_counted)
      // TRANSLATORS: "optimal on p5c8r: 1 h 3 min, seeking 6 guesses, first 1/7, second 37/288": a
      // strategy within 6 guesses sought; first guesses settled of all, and second guesses settled
      // of those at the first guesses' answer classes searched so far. Fits 80 columns.
      return trnf("{}: {}, seeking {} guess, first {}/{}, second {}/{}",
                  "{}: {}, seeking {} guesses, first {}/{}, second {}/{}", p.depth_tried, task,
                  format_duration(p.seconds, 0), p.depth_tried, p.done, p.total, p.second_done, p.second_total);
    return trnf("{}: {}, seeking a strategy within {} guess, first guesses {}/{}, second {}/{}, {} nodes/s",
                "{}: {}, seeking a strategy within {} guesses, first guesses {}/{}, second {}/{}, {} nodes/s",
                p.depth_tried, task, format_duration(p.seconds, 0), p.depth_tried, p.done, p.total, p.second_done,
                p.second_total, format_count(static_cast<std::uint64_t>(rate)));
  }
  if (!p.best_total && p.depth_tried) {
    if (!nodes_counted)
      // TRANSLATORS: "optimal on p5c8r: 3 min 0 s, seeking a strategy within 6 guesses": the
      // worst-case objective asks whether every secret can be solved within that many guesses.
      return trnf("{}: {}, seeking a strategy within {} guess", "{}: {}, seeking a strategy within {} guesses",
                  p.depth_tried, task, format_duration(p.seconds, 0), p.depth_tried);
    return trnf("{}: {}, seeking a strategy within {} guess, {} nodes/s",
                "{}: {}, seeking a strategy within {} guesses, {} nodes/s", p.depth_tried, task,
                format_duration(p.seconds, 0), p.depth_tried, format_count(static_cast<std::uint64_t>(rate)));
  }
  // Upper and lower bounds on the optimum, and how far apart they are.
  const double gap = p.best_total
                         ? kPercent * static_cast<double>(p.best_total - std::min(p.best_total, p.lower_bound)) /
                               static_cast<double>(p.best_total)
                         : kPercent;
  const std::string best = p.best_total ? format_count(p.best_total) : "-";
  if (!nodes_counted)
    return trf("{}: {}, best total {}, lower bound {}, gap {}%", task, format_duration(p.seconds, 0), best,
               format_count(p.lower_bound), format_decimal(gap, 2));
  // The exact search's first guesses settled, of all: what moves in the days of a proof once the
  // first total is known. Only where the whole line fits (a log, a wide terminal).
  if (p.best_total && p.total)
    // TRANSLATORS: "optimal on p6c5r: 5 h 2 min, best total 73,908, lower bound 68,045, gap 7.93%,
    // first guesses 4/10, 3,000 nodes/s": the first guesses costed or refuted so far, of all.
    return trf("{}: {}, best total {}, lower bound {}, gap {}%, first guesses {}/{}, {} nodes/s", task,
               format_duration(p.seconds, 0), best, format_count(p.lower_bound), format_decimal(gap, 2), p.done,
               p.total, format_count(static_cast<std::uint64_t>(rate)));
  return trf("{}: {}, best total {}, lower bound {}, gap {}%, {} nodes/s", task, format_duration(p.seconds, 0), best,
             format_count(p.lower_bound), format_decimal(gap, 2), format_count(static_cast<std::uint64_t>(rate)));
}

void ProgressDisplay::begin(std::function<Progress()> poll) {
  if (shown_) line_.emplace([poll = std::move(poll)] { return fitting_progress(poll()); });
}

void ProgressDisplay::end() noexcept { line_.reset(); }

ThinkingLine::ThinkingLine() {
  if (!progress_shown()) return;
  line_.emplace([tick = std::size_t{0}]() mutable { return trf("thinking… {}", kSpinner[tick++ % kSpinner.size()]); },
                kThinkingDelay);
}

}  // namespace mm::frontend
