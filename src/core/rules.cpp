#include "mm/core/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <optional>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

int default_guesses(int pegs, int colors) noexcept {
  const int places = std::max(pegs, 1);  // guarded: called on boards not yet validated
  const int grown = std::max(pegs + (colors + 1) / 2, (colors + places - 1) / places);
  return std::clamp(grown, kDefaultGuesses, kMaxGuesses);
}

std::uint64_t Rules::code_count() const noexcept {
  std::uint64_t n = 1;
  for (int i = 0; i < pegs; ++i) n *= static_cast<std::uint64_t>(repeats ? colors : colors - i);
  return n;
}

void Rules::validate() const {
  if (pegs < kMinPegs || pegs > kMaxPegs) throw InputError(trf("pegs must be {}-{}, not {}", kMinPegs, kMaxPegs, pegs));
  if (colors < kMinColors || colors > kMaxColors)
    throw InputError(trf("colours must be {}-{}, not {}", kMinColors, kMaxColors, colors));
  if (!repeats && colors < pegs)
    throw InputError(
        trf("without repeats there must be at least as many colours as pegs ({} colours, {} pegs)", colors, pegs));
  if (max_guesses < kMinGuesses || max_guesses > kMaxGuesses)
    throw InputError(trf("guesses must be {}-{}, not {}", kMinGuesses, kMaxGuesses, max_guesses));
}

std::string_view feedback_rule_name(FeedbackRule rule) noexcept {
  return rule == FeedbackRule::black ? "black" : "full";
}

FeedbackRule parse_feedback_rule(std::string_view name) {
  const std::string lower = to_lower_ascii(trim(name));
  if (lower == "full") return FeedbackRule::full;
  if (lower == "black") return FeedbackRule::black;
  // TRANSLATORS: full and black are the values of --feedback, the same in every language.
  throw InputError(trf("'{}' is not a feedback rule: expected full or black", excerpt(name)));
}

std::string Rules::spelling(bool with_guesses) const {
  std::string s = fmt::format("p{}c{}{}", pegs, colors, repeats ? 'r' : 'n');
  if (black_only()) s += 'b';
  if (with_guesses) s += fmt::format("-g{}", max_guesses);
  return s;
}

namespace {

// Reads the number after a letter of the spelling; advances `pos`. A minus sign is read with it,
// so that p-1c6r is refused for its number of pegs (validate: "not -1"), as every int is.
int read_number(std::string_view text, std::size_t& pos, const char* what, std::string_view whole) {
  const bool minus = pos < text.size() && text[pos] == '-';
  const std::size_t first = pos + (minus ? 1 : 0);
  const std::string_view digits = leading_digits(text.substr(first));
  const std::optional<std::uint64_t> magnitude = parse_decimal(digits);
  const std::uint64_t most = std::uint64_t{std::numeric_limits<int>::max()} + (minus ? 1 : 0);
  if (!magnitude || *magnitude > most)
    throw InputError(
        trf("'{}' is not a rules spelling: expected a number of {} (e.g. p4c6r)", excerpt(whole), tr(what)));
  pos = first + digits.size();
  return static_cast<int>(minus ? -static_cast<std::int64_t>(*magnitude) : static_cast<std::int64_t>(*magnitude));
}

}  // namespace

Rules parse_rules(std::string_view text) {
  const std::string lower = to_lower_ascii(trim(text));
  const std::string_view s = lower;
  const auto fail = [&](const char* why) {
    // TRANSLATORS: the letters p, c, r, n, b and g of a rules spelling (p4c6r) are the same in
    // every language.
    return InputError(
        trf("'{}' is not a rules spelling: {} (e.g. p4c6r, p4c10n-g12 or p4c6rb)", excerpt(text), tr(why)));
  };
  if (s.empty()) throw fail(N_("it is empty"));
  std::size_t pos = 0;
  Rules rules;
  if (s[pos] != 'p') throw fail(N_("it starts with p and the number of pegs"));
  ++pos;
  rules.pegs = read_number(s, pos, N_("pegs"), text);
  if (pos >= s.size() || s[pos] != 'c') throw fail(N_("c and the number of colours follow the pegs"));
  ++pos;
  rules.colors = read_number(s, pos, N_("colours"), text);
  if (pos >= s.size() || (s[pos] != 'r' && s[pos] != 'n'))
    throw fail(N_("r (repeats) or n (no repeats) follows the colours"));
  rules.repeats = s[pos] == 'r';
  ++pos;
  if (pos < s.size() && s[pos] == 'b') {
    rules.feedback = FeedbackRule::black;
    ++pos;
  }
  if (pos < s.size()) {
    if (s[pos] == '-') ++pos;
    if (pos >= s.size() || s[pos] != 'g')
      throw fail(N_("only b (black pegs only) and g with a number of guesses may follow"));
    ++pos;
    rules.max_guesses = read_number(s, pos, N_("guesses"), text);
    if (pos != s.size()) throw fail(N_("unexpected text after the guesses"));
  } else {
    rules.max_guesses = default_guesses(rules.pegs, rules.colors);
  }
  rules.validate();
  return rules;
}

}  // namespace mm
