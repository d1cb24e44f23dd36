#include "mm/frontend/optimal_options.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/records.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/search_checkpoint.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

// No time limit beyond a week: longer is a typo.
constexpr double kMaxTimeLimit = 7 * 24 * 3600.0;
// --memory: K, M, G and T are powers of 1024; at least a mebibyte, at most a pebibyte.
constexpr std::string_view kMemoryUnits = "KMGT";
constexpr std::size_t kKibibyte = 1024;
constexpr std::size_t kLeastMemory = kKibibyte * kKibibyte;
constexpr std::uint64_t kMostMemoryNumber = std::uint64_t{1} << 50;
// A search the estimate puts above this many seconds is announced (announce_search).
constexpr double kAnnouncedSeconds = 5;
// Before a search the estimate puts above this many seconds, a shipped proof is pointed out.
constexpr double kPointedSeconds = 60;
constexpr double kPercent = 100;
constexpr double kMinute = 60, kHour = 3600, kDay = 86400, kYear = 365 * kDay;

double parse_seconds(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end || !(value > 0) || value > kMaxTimeLimit)
    throw InputError(
        trf("--time-limit: '{}' is not a number of seconds above 0 and at most {:.0f}", excerpt(text), kMaxTimeLimit));
  return value;
}

// "5.8G": a size as --memory reads it, to one decimal.
std::string show_memory(std::size_t bytes) {
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (unit < kMemoryUnits.size() && value >= static_cast<double>(kKibibyte)) {
    value /= static_cast<double>(kKibibyte);
    ++unit;
  }
  if (unit == 0) return fmt::format("{}", bytes);
  return fmt::format("{:.1f}{}", value, kMemoryUnits[unit - 1]);
}

// "about 3 minutes", in the user's language.
std::string show_duration(double seconds) {
  if (seconds < kMinute) return trf("about {:.0f} seconds", seconds);
  if (seconds < kHour) return trf("about {:.0f} minutes", seconds / kMinute);
  if (seconds < kDay) return trf("about {:.0f} hours", seconds / kHour);
  if (seconds < kYear) return trf("about {:.0f} days", seconds / kDay);
  return tr("more than a year");
}

}  // namespace

std::size_t parse_memory(const std::string& text) {
  std::string_view digits = text;
  std::size_t scale = 1;
  if (!digits.empty()) {
    const auto unit = kMemoryUnits.find(static_cast<char>(std::toupper(static_cast<unsigned char>(digits.back()))));
    if (unit != std::string_view::npos) {
      digits.remove_suffix(1);
      for (std::size_t i = 0; i <= unit; ++i) scale *= kKibibyte;
    }
  }
  const auto refuse = [&] {
    return InputError(trf("--memory: '{}' is not a size of at least 1M, such as 512M or 4G", excerpt(text)));
  };
  std::uint64_t number = 0;
  try {
    number = parse_number("--memory", digits, {1, kMostMemoryNumber});
  } catch (const InputError&) {
    throw refuse();
  }
  if (number > kMostMemoryNumber / scale || number * scale < kLeastMemory) throw refuse();
  return static_cast<std::size_t>(number * scale);
}

void add_max_depth_option(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits) {
  add_number_option(
      cmd, "--max-depth", {kMinGuesses, kMaxGuesses},
      [limits](std::uint64_t d) { limits->optimal.max_depth = static_cast<int>(d); },
      trf("With --strategy optimal: every secret within N guesses, the winning one included ({}-{})", kMinGuesses,
          kMaxGuesses));
}

void add_time_and_memory_options(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits) {
  cmd.add_option_function<std::string>(
         "--time-limit", [limits](const std::string& s) { limits->optimal.time_limit = parse_seconds(s); },
         tr("With --strategy optimal: stop after SECONDS with the best strategy found and both bounds "
            "(Ctrl-C does the same; a second Ctrl-C quits)"))
      ->type_name(tr("SECONDS"));
  cmd.add_option_function<std::string>(
         "--memory", [limits](const std::string& s) { limits->memory = parse_memory(s); },
         trf("With --strategy optimal: the memory every table of the search may take together, e.g. 512M or "
             "4G (default a quarter of this machine's, {})",
             show_memory(engine::default_memory())))
      ->type_name(tr("SIZE"));
}

void add_optimal_options(CLI::App& cmd, const std::shared_ptr<SearchLimits>& limits,
                         const std::shared_ptr<std::string>& checkpoint) {
  add_max_depth_option(cmd, limits);
  add_time_and_memory_options(cmd, limits);
  cmd.add_option("--checkpoint", *checkpoint,
                 tr("With --strategy optimal: keep what the search proves in FILE, and go on from there when run "
                    "again with the same options"))
      ->type_name(tr("FILE"));
}

engine::OptimalLimits search_limits(const engine::OptimalLimits& limits, const std::string& checkpoint,
                                    const Rules& rules, const CodebreakerSettings& codebreaker) {
  if (codebreaker.strategy != StrategyKind::optimal || codebreaker.tree) {
    // Refused before the file is made (the engine would refuse it too, once made).
    if (!checkpoint.empty()) throw InputError(tr("--checkpoint goes with --strategy optimal only"));
    return limits;
  }
  engine::OptimalLimits out = limits;
  if (!checkpoint.empty())
    out.journal = open_search_checkpoint(checkpoint, rules, limits.max_depth, codebreaker.hard, codebreaker.objective);
  return out;
}

namespace {

// The record of a board this program settled and ships the tree of, when the search asked is
// the one that settled it.
std::optional<engine::Record> settled_with_tree(const Rules& rules, const engine::OptimalLimits& limits,
                                                const CodebreakerSettings& codebreaker) {
  // The shipped trees answer the plain question only: the average, full answers, any guess.
  if (codebreaker.hard || limits.max_depth || codebreaker.objective != Objective::average || rules.black_only())
    return std::nullopt;
  for (const engine::Record& record : engine::records()) {
    const Rules settled = record.rules();
    if (settled.pegs != rules.pegs || settled.colors != rules.colors || settled.repeats != rules.repeats) continue;
    // A guess limit below the tree's depth asks another question (lost games first).
    if (!record.proven() || !record.worst || *record.worst > rules.max_guesses || !engine::record_tree(record))
      return std::nullopt;
    return record;
  }
  return std::nullopt;
}

}  // namespace

void announce_search(const Rules& rules, const engine::OptimalLimits& limits, const CodebreakerSettings& codebreaker) {
  const double estimate = engine::optimal_estimate(rules, limits.max_depth, codebreaker.hard);
  if (estimate < kAnnouncedSeconds) return;
  // Whoever starts an hour's search for a board this program settled should know the answer ships.
  // The command names the tree by its path, as long as the folder installed in: never cut, it can
  // be pasted.
  if (const auto record = estimate >= kPointedSeconds ? settled_with_tree(rules, limits, codebreaker) : std::nullopt)
    write_error_line(notice_with_command(
        trf("{}: the optimum, {} guesses, is proven, and its tree ships with the program; it plays every "
            "secret in a second:",
            rules.spelling(), record->upper_bound),
        engine::check_command(*record), terminal_columns(STDERR_FILENO)));
  // A time limit says how long the search will take, whatever the estimate.
  if (limits.time_limit.value_or(estimate) < kAnnouncedSeconds) return;
  write_error_line(error_line(
      trf("{}: {} codes; the exact search would take {} on one core: searching for the best strategy and the "
          "best lower bound, shown as they improve; --time-limit or Ctrl-C stops with the best found",
          rules.spelling(), rules.code_count(), show_duration(estimate))));
}

std::string unproven_note(const std::optional<engine::OptimalFigures>& figures) {
  if (!figures || figures->proven) return "";
  std::string why;
  switch (figures->end) {
    case engine::SearchEnd::interrupted:
      why = tr("Ctrl-C stopped the search");
      break;
    case engine::SearchEnd::memory:
      why = tr("the memory budget (--memory) was full");
      break;
    case engine::SearchEnd::finished:
    case engine::SearchEnd::time_limit:
      why = tr("the time limit stopped the search");
      break;
  }
  return trf("not proven optimal: {}; best found {}, proven lower bound {} (gap {:.2f}%)", why, figures->total,
             figures->lower_bound, kPercent * figures->gap());
}

}  // namespace mm::frontend
