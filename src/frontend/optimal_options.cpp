#include "mm/frontend/optimal_options.hpp"

#include <charconv>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/number_option.hpp"

namespace mm::frontend {

namespace {

// No time limit beyond a week: longer is a typo.
constexpr double kMaxTimeLimit = 7 * 24 * 3600.0;

double parse_seconds(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end || !(value > 0) || value > kMaxTimeLimit)
    throw InputError(
        trf("--time-limit: '{}' is not a number of seconds above 0 and at most {:.0f}", excerpt(text), kMaxTimeLimit));
  return value;
}

}  // namespace

void add_max_depth_option(CLI::App& cmd, const std::shared_ptr<engine::OptimalLimits>& limits) {
  add_number_option(
      cmd, "--max-depth", {kMinGuesses, kMaxGuesses},
      [limits](std::uint64_t d) { limits->max_depth = static_cast<int>(d); },
      trf("With --strategy optimal: every secret within N guesses, the winning one included ({}-{})", kMinGuesses,
          kMaxGuesses));
}

void add_optimal_options(CLI::App& cmd, const std::shared_ptr<engine::OptimalLimits>& limits) {
  add_max_depth_option(cmd, limits);
  cmd.add_option_function<std::string>(
         "--time-limit", [limits](const std::string& s) { limits->time_limit = parse_seconds(s); },
         tr("With --strategy optimal: search boards outside the feasibility table, stopping after SECONDS "
            "with the best strategy found"))
      ->type_name(tr("SECONDS"));
}

std::string unproven_note(const std::optional<engine::OptimalFigures>& figures) {
  if (!figures || figures->proven) return "";
  return trf("not proven optimal: the time limit stopped the search; best found {}, proven lower bound {}",
             figures->total, figures->lower_bound);
}

}  // namespace mm::frontend
