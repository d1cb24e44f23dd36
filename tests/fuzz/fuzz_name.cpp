// Player names, wherever they come from (prompt, --player, login name): an accepted name is
// something a reader can see and a terminal cannot take for a command.

#include "fuzz_input.hpp"
#include "mm/store/player_name.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  const std::string_view name = in.rest();
  const auto why = mm::why_bad_player_name(name);
  if (why) {
    MM_FUZZ_CHECK(!why->empty() && why->find('\n') == std::string::npos);
    return 0;
  }
  MM_FUZZ_CHECK(!name.empty());
  MM_FUZZ_CHECK(name.front() != ' ' && name.back() != ' ');
  std::size_t characters = 0, visible = 0;
  for (const char ch : name) {
    const auto byte = static_cast<unsigned char>(ch);
    MM_FUZZ_CHECK(byte >= 0x20 && byte != 0x7f);  // no ASCII control byte, NUL and escape included
    if ((byte & 0xC0) != 0x80) ++characters;      // UTF-8: count the bytes that start a character
    if (byte > 0x20) ++visible;
  }
  MM_FUZZ_CHECK(characters <= mm::kMaxPlayerNameLength);
  MM_FUZZ_CHECK(visible > 0);
  return 0;
}
