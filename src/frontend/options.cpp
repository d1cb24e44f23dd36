#include "mm/frontend/options.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <limits>
#include <string_view>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/threads.hpp"
#include "mm/frontend/language_option.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::frontend {

namespace {

// TRANSLATORS: headings of groups of options in --help.
constexpr const char* kVariantGroup = N_("Variant");
constexpr const char* kOutputGroup = N_("Output");
constexpr const char* kEngineGroup = N_("Engine");

template <class T>
constexpr NumberRange range_of(T min, T max) {
  return {static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(max)};
}

// The names of the presets, for a person: "classic, bulls, super, dk".
std::string preset_names() {
  std::vector<std::string_view> names;
  for (const Preset& p : presets()) names.push_back(p.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// Every option writes straight into `options` through a callback, so an option that is not
// given leaves its std::optional empty and make_variant can apply the documented precedence.
void add_variant_options(CLI::App& app, VariantOptions& v) {
  const std::string group(tr(kVariantGroup));
  app.add_option_function<std::string>(
         "--preset", [&v](const std::string& s) { v.preset = s; }, trf("A named variant: {}", preset_names()))
      ->type_name(tr("NAME"))
      ->group(group);
  app.add_option_function<std::string>(
         "--rules", [&v](const std::string& s) { v.rules = s; },
         tr("Rules in one word, e.g. p4c6r or p4c10n-g12 (after --preset)"))
      ->type_name(tr("SPELLING"))
      ->group(group);
  add_number_option(
      app, "-p,--pegs", range_of(kMinPegs, kMaxPegs), [&v](std::uint64_t n) { v.pegs = static_cast<int>(n); },
      trf("Pegs per code ({}-{})", kMinPegs, kMaxPegs))
      ->group(group);
  add_number_option(
      app, "-c,--colors,--colours", range_of(kMinColors, kMaxColors),
      [&v](std::uint64_t n) { v.colors = static_cast<int>(n); },
      trf("Number of colours ({}-{})", kMinColors, kMaxColors))
      ->group(group);
  app.add_flag_callback(
         "--repeats", [&v] { v.repeats = true; }, tr("A colour may occur more than once"))
      ->group(group);
  app.add_flag_callback(
         "--no-repeats", [&v] { v.repeats = false; }, tr("Every peg has a different colour"))
      ->group(group);
  app.add_option_function<std::string>(
         "--feedback", [&v](const std::string& s) { v.feedback = parse_feedback_rule(s); },
         tr("What an answer tells: full (black and white pegs; default) or black (only the pegs in place)"))
      ->type_name(tr("RULE"))
      ->group(group);
  add_number_option(
      app, "-g,--guesses", range_of(kMinGuesses, kMaxGuesses),
      [&v](std::uint64_t n) { v.guesses = static_cast<int>(n); },
      trf("Guesses allowed ({}-{}); by default a preset's, else the most of {}, pegs + colours/2 and "
          "colours/pegs",
          kMinGuesses, kMaxGuesses, kDefaultGuesses))
      ->group(group);
  app.add_option_function<std::string>(
         "--alphabet", [&v](const std::string& s) { v.alphabet = s; }, tr("One symbol per colour, e.g. RGYPWB"))
      ->type_name(tr("SYMBOLS"))
      ->group(group);
}

void add_output_options(CLI::App& app, CommonOptions& options) {
  const std::string group(tr(kOutputGroup));
  VariantOptions& v = options.variant;
  app.add_option_function<std::string>(
         "--style", [&v](const std::string& s) { v.style = parse_feedback_style(s); },
         trf("How answers are written: {}", style_names()))
      ->type_name(tr("STYLE"))
      ->group(group);
  app.add_option_function<std::string>(
         "--color,--colour",
         [&options](const std::string& s) {
           options.color = s == "always" ? ColorMode::always : s == "never" ? ColorMode::never : ColorMode::automatic;
         },
         tr("Colour output: auto, always, never"))
      ->type_name(tr("WHEN"))
      ->check(choice_check(std::vector<std::string>(kColorModeNames.begin(), kColorModeNames.end())))
      ->group(group);
  app.add_flag_callback(
         "--no-color,--no-colour", [&options] { options.color = ColorMode::never; }, tr("The same as --color never"))
      ->group(group);
  app.add_flag("--json", options.json, tr("Machine-readable output"))->group(group);
  add_language_option(app, group);
}

void add_engine_options(CLI::App& app, CommonOptions& options) {
  const std::string group(tr(kEngineGroup));
  constexpr NumberRange seeds = range_of(std::uint64_t{0}, std::numeric_limits<std::uint64_t>::max());
  add_number_option(
      app, "--seed", seeds, [&options](std::uint64_t n) { options.seed = n; },
      trf("Seed for random choices, for reproducible runs ({}-{})", seeds.min, seeds.max))
      ->group(group);
  app.add_option_function<std::string>(
         "--strategy", [&options](const std::string& s) { options.strategy = s; },
         trf("Codebreaker: {}", engine::strategy_names()))
      ->type_name(tr("NAME"))
      ->group(group);
  app.add_option_function<std::string>(
         "--search", [&options](const std::string& s) { options.search = parse_search_mode(s); },
         tr("How the computer searches: exact (every code; boards up to 2^24 codes), sampled (a sample of "
            "the codes consistent with the answers; every board) or auto (exact up to 300000 codes; default)"))
      ->type_name(tr("MODE"))
      ->group(group);
  app.add_option_function<std::string>(
         "--objective", [&options](const std::string& s) { options.objective = parse_objective(s); },
         tr("With --strategy optimal: what it minimises, average (the total of guesses; default) or worst (the "
            "fewest guesses that always suffice, then the total)"))
      ->type_name(tr("GOAL"))
      ->group(group);
  add_number_option(
      app, "-j,--threads", range_of(0, engine::kMaxThreads),
      [&options](std::uint64_t n) { options.threads = static_cast<int>(n); },
      trf("Worker threads, 0 for every core (0-{})", engine::kMaxThreads))
      ->group(group);
}

}  // namespace

void add_common_options(CLI::App& app, CommonOptions& options) {
  add_variant_options(app, options.variant);
  add_output_options(app, options);
  add_engine_options(app, options);
}

void add_progress_option(CLI::App& cmd, CommonOptions& options) {
  cmd.add_flag("--progress", options.progress, tr("Show the progress line on stderr even when it is not a terminal"));
}

Variant resolve_variant(const CommonOptions& options) { return make_variant(options.variant); }

std::optional<StrategyKind> chosen_strategy(const CommonOptions& options) {
  if (!options.strategy) return std::nullopt;
  return engine::strategy_from_name(*options.strategy);
}

Objective chosen_objective(const CommonOptions& options) {
  if (options.objective && chosen_strategy(options) != StrategyKind::optimal)
    throw InputError(tr("--objective goes with --strategy optimal only"));
  return options.objective.value_or(Objective::average);
}

// The game's rule (color_enabled), so the game and the tool colour under the same conditions.
bool use_color(const CommonOptions& options, int fd) {
  const ColorRequest request = options.color == ColorMode::always  ? ColorRequest::always
                               : options.color == ColorMode::never ? ColorRequest::never
                                                                   : ColorRequest::automatic;
  return color_enabled(request, ColorEnvironment::current(fd));
}

}  // namespace mm::frontend
