// Codes as the player types them: whatever parse_code accepts is a valid code of the board,
// and reading back its own formatting gives the same code. Refusals are InputErrors with a
// one-line message; anything else escaping is a finding.

#include "fuzz_input.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  const mm::Rules rules = in.rules();
  const mm::Alphabet alphabet = mm::Alphabet::standard(rules.colors);
  try {
    const mm::Code code = mm::parse_code(in.rest(), rules, alphabet);
    MM_FUZZ_CHECK(mm::is_valid(code, rules));
    MM_FUZZ_CHECK(mm::parse_code(mm::format_code(code, alphabet), rules, alphabet) == code);
  } catch (const mm::InputError& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
