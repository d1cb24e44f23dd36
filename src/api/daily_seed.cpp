#include "mm/api/daily_seed.hpp"

#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::api {

namespace {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;
constexpr std::size_t kDateLength = 10;  // YYYY-MM-DD
constexpr int kMonths = 12;

std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = kFnvOffset;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= kFnvPrime;
  }
  return hash;
}

int digits(std::string_view text) {
  int value = 0;
  for (const char c : text) value = value * 10 + (c - '0');
  return value;
}

bool is_date(std::string_view text) {
  if (text.size() != kDateLength || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i = 0; i < kDateLength; ++i)
    if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9')) return false;
  const int year = digits(text.substr(0, 4));
  const int month = digits(text.substr(5, 2));
  const int day = digits(text.substr(8, 2));
  if (month < 1 || month > kMonths || day < 1) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  constexpr int kDays[kMonths] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

}  // namespace

std::uint64_t daily_seed(std::string_view date, const Rules& rules) {
  if (!is_date(date)) throw InputError(trf("field 'daily' must be a date spelled YYYY-MM-DD, not '{}'", excerpt(date)));
  return fnv1a("daily " + std::string(date) + " " + rules.spelling(true));
}

}  // namespace mm::api
