// Numeric options (the one strict reader every option goes through): an accepted number is
// written in decimal digits only, is in its range, and is the value those digits mean; a refusal
// is one short line, however long the input.

#include <string>

#include "fuzz_input.hpp"
#include "mm/core/error.hpp"
#include "mm/frontend/number_option.hpp"

namespace {

// Refusals echo at most an excerpt of the input: the line stays readable.
constexpr std::size_t kMaxMessageBytes = 300;

std::uint64_t edge(mm::fuzz::FuzzInput& in) {
  switch (in.pick(0, 3)) {
    case 0:
      return static_cast<std::uint64_t>(in.pick(0, 255));
    case 1:
      return std::uint64_t{1} << in.pick(0, 63);
    case 2:
      return ~std::uint64_t{0} - static_cast<std::uint64_t>(in.pick(0, 255));
    default:
      return static_cast<std::uint64_t>(in.pick(0, 255)) * 1'000'003;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  std::uint64_t low = edge(in), high = edge(in);
  if (low > high) std::swap(low, high);
  const std::string_view text = in.rest();
  try {
    const std::uint64_t value = mm::frontend::parse_number("-n", text, {low, high});
    MM_FUZZ_CHECK(low <= value && value <= high);
    MM_FUZZ_CHECK(!text.empty());
    for (char c : text) MM_FUZZ_CHECK(c >= '0' && c <= '9');
    const std::size_t digits = text.find_first_not_of('0');
    MM_FUZZ_CHECK(std::to_string(value) == (digits == std::string_view::npos ? "0" : std::string(text.substr(digits))));
  } catch (const mm::InputError& e) {
    const std::string_view message = e.what();
    MM_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
    MM_FUZZ_CHECK(message.size() <= kMaxMessageBytes);
  }
  return 0;
}
