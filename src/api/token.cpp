#include "mm/api/token.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <random>

namespace mm::api {

namespace {

constexpr std::size_t kTokenDigits = 8;  // of each 32-bit draw
constexpr std::size_t kTokenDraws = 4;
constexpr std::size_t kTokenLength = kTokenDigits * kTokenDraws;

}  // namespace

std::string new_token() {
  std::random_device device;
  std::string token;
  for (std::size_t i = 0; i < kTokenDraws; ++i) token += fmt::format("{:08x}", static_cast<std::uint32_t>(device()));
  return token;
}

bool is_token(std::string_view text) noexcept {
  return text.size() == kTokenLength && text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

}  // namespace mm::api
