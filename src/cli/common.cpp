#include "common.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <limits>
#include <string_view>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/text.hpp"

namespace mm::cli {

namespace {

// More threads than this is a typo rather than a machine.
constexpr int kMaxThreads = 1024;

constexpr std::string_view kVariantGroup = "Variant";
constexpr std::string_view kOutputGroup = "Output";
constexpr std::string_view kEngineGroup = "Engine";

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

// Digits only: CLI11 would read `-1` as the largest unsigned number, a surprise for a seed.
std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc{} || stop != end)
    throw InputError(fmt::format("--seed: '{}' is not a number from 0 to {}", escape_control(text),
                                 std::numeric_limits<std::uint64_t>::max()));
  return value;
}

}  // namespace

// Every option writes straight into `options` through a callback, so an option that is not
// given leaves its std::optional empty and make_variant can apply the documented precedence.
void add_common_options(CLI::App& app, CommonOptions& options) {
  VariantOptions& v = options.variant;
  const std::string variant_group(kVariantGroup);
  app.add_option_function<std::string>(
         "--preset", [&v](const std::string& s) { v.preset = s; }, "A named variant: classic, bulls, super, dk")
      ->type_name("NAME")
      ->group(variant_group);
  app.add_option_function<std::string>(
         "--rules", [&v](const std::string& s) { v.rules = s; },
         "Rules in one word, e.g. p4c6r or p4c10n-g12 (after --preset)")
      ->type_name("SPELLING")
      ->group(variant_group);
  app.add_option_function<int>(
         "-p,--pegs", [&v](const int& n) { v.pegs = n; }, "Pegs per code (1-10)")
      ->type_name("N")
      ->group(variant_group);
  app.add_option_function<int>(
         "-c,--colors,--colours", [&v](const int& n) { v.colors = n; }, "Number of colours (2-20)")
      ->type_name("N")
      ->group(variant_group);
  app.add_flag_callback(
         "--repeats", [&v] { v.repeats = true; }, "A colour may occur more than once")
      ->group(variant_group);
  app.add_flag_callback(
         "--no-repeats", [&v] { v.repeats = false; }, "Every peg has a different colour")
      ->group(variant_group);
  app.add_option_function<int>(
         "-g,--guesses", [&v](const int& n) { v.guesses = n; }, "Guesses allowed (1-50)")
      ->type_name("N")
      ->group(variant_group);
  app.add_option_function<std::string>(
         "--alphabet", [&v](const std::string& s) { v.alphabet = s; }, "One symbol per colour, e.g. RGYPWB")
      ->type_name("SYMBOLS")
      ->group(variant_group);

  const std::string output_group(kOutputGroup);
  app.add_option_function<std::string>(
         "--style", [&v](const std::string& s) { v.style = parse_feedback_style(s); },
         "How answers are written: pegs, boxes, bulls, numbers")
      ->type_name("STYLE")
      ->group(output_group);
  app.add_option_function<std::string>(
         "--color,--colour",
         [&options](const std::string& s) {
           options.color = s == "always" ? ColorMode::always : s == "never" ? ColorMode::never : ColorMode::automatic;
         },
         "Colour output: auto, always, never")
      ->type_name("WHEN")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->group(output_group);
  app.add_flag_callback(
         "--no-color,--no-colour", [&options] { options.color = ColorMode::never; }, "The same as --color never")
      ->group(output_group);
  app.add_flag("--json", options.json, "Machine-readable output")->group(output_group);

  const std::string engine_group(kEngineGroup);
  app.add_option_function<std::string>(
         "--seed", [&options](const std::string& s) { options.seed = parse_seed(s); },
         "Seed for random choices, for reproducible runs (0-18446744073709551615)")
      ->type_name("N")
      ->group(engine_group);
  app.add_option("--strategy", options.strategy,
                 "Codebreaker: consistent, random, knuth, irving, entropy, most-parts, optimal")
      ->type_name("NAME")
      ->group(engine_group);
  app.add_option("-j,--threads", options.threads, "Worker threads (0: every core)")
      ->type_name("N")
      ->check(CLI::Range(0, kMaxThreads).description(""))
      ->group(engine_group);
}

Variant resolve_variant(const CommonOptions& options) { return make_variant(options.variant); }

bool use_color(const CommonOptions& options, int fd) {
  switch (options.color) {
    case ColorMode::always:
      return true;
    case ColorMode::never:
      return false;
    case ColorMode::automatic:
      break;
  }
  if (env_set("NO_COLOR")) return false;
  if (const char* term = std::getenv("TERM"); term != nullptr && std::string_view(term) == "dumb") return false;
  return isatty(fd) == 1;
}

std::string error_line(std::string_view reason) {
  // CLI11 sometimes spreads a message over lines; keep every line but join them.
  std::string joined;
  while (!reason.empty()) {
    const std::size_t end = reason.find('\n');
    const std::string_view line = trim(reason.substr(0, end));
    if (!line.empty()) joined += (joined.empty() ? "" : "; ") + std::string(line);
    if (end == std::string_view::npos) break;
    reason.remove_prefix(end + 1);
  }
  return "mastermind: " + escape_control(joined);
}

}  // namespace mm::cli
