// The compact rules spelling (`p4c6r-g10`): what parse_rules accepts is a playable variant whose
// own spelling reads back as the same rules.

#include "fuzz_input.hpp"
#include "mm/core/error.hpp"
#include "mm/core/rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  try {
    const mm::Rules rules = mm::parse_rules(in.rest());
    rules.validate();  // throws, and so is a finding, if parse_rules let an unplayable board through
    MM_FUZZ_CHECK(mm::parse_rules(rules.spelling(true)) == rules);
    MM_FUZZ_CHECK(rules.code_count() > 0);
  } catch (const mm::InputError& e) {
    MM_FUZZ_CHECK(std::string_view(e.what()).find('\n') == std::string_view::npos);
  }
  return 0;
}
