// User alphabets (`--alphabet RGYPWB`): an accepted alphabet has one distinct symbol per colour,
// each found again by index_of, and codes written with it read back.

#include "fuzz_input.hpp"
#include "mm/core/alphabet.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  const mm::Rules rules = in.rules();
  try {
    const mm::Alphabet alphabet = mm::Alphabet::parse(in.rest(), rules.colors);
    MM_FUZZ_CHECK(alphabet.size() == rules.colors);
    for (int c = 0; c < alphabet.size(); ++c) MM_FUZZ_CHECK(alphabet.index_of(alphabet.symbol(c)) == c);
    MM_FUZZ_CHECK(!alphabet.describe().empty());
    mm::Code code;
    code.size = rules.pegs;
    for (int i = 0; i < rules.pegs; ++i) code.set(i, rules.repeats ? rules.colors - 1 : i);
    MM_FUZZ_CHECK(mm::parse_code(mm::format_code(code, alphabet), rules, alphabet) == code);
  } catch (const mm::InputError& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
