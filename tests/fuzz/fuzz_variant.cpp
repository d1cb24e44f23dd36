// Variant options as the command line and the menu collect them (preset, rules spelling, single
// numbers, alphabet, answer style), combined in any way: make_variant gives a playable variant
// whose alphabet fits its colours, or refuses with a one-line InputError.

#include "fuzz_input.hpp"
#include "mm/core/error.hpp"
#include "mm/core/variant.hpp"

namespace {

// Numbers around and beyond every limit, so the range checks are exercised at their edges.
int edgy_number(mm::fuzz::FuzzInput& in) { return in.pick(-3, 60); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  mm::VariantOptions options;
  const int present = in.pick(0, 255);  // which options are given, one bit each
  if (present & 1) options.preset = std::string(in.text());
  if (present & 2) options.rules = std::string(in.text());
  if (present & 4) options.pegs = edgy_number(in);
  if (present & 8) options.colors = edgy_number(in);
  if (present & 16) options.repeats = in.flag();
  if (present & 32) options.guesses = edgy_number(in);
  if (present & 64) options.alphabet = std::string(in.text());
  try {
    if (present & 128) options.style = mm::parse_feedback_style(in.text());
    const mm::Variant variant = mm::make_variant(options);
    variant.rules.validate();
    MM_FUZZ_CHECK(variant.alphabet.size() == variant.rules.colors);
    MM_FUZZ_CHECK(!variant.describe().empty());
  } catch (const mm::InputError& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
