#include "mm/core/code.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm {

bool Code::has_repeats() const noexcept {
  std::uint32_t seen = 0;
  for (int i = 0; i < size; ++i) {
    const std::uint32_t bit = std::uint32_t{1} << (*this)[i];
    if (seen & bit) return true;
    seen |= bit;
  }
  return false;
}

std::uint32_t Code::colour_mask() const noexcept {
  std::uint32_t mask = 0;
  for (int i = 0; i < size; ++i) mask |= std::uint32_t{1} << (*this)[i];
  return mask;
}

Code make_code(std::initializer_list<int> colours) {
  Code code;
  for (int c : colours) code.set(code.size++, c);
  return code;
}

bool is_valid(const Code& code, const Rules& rules) noexcept {
  if (code.size != rules.pegs) return false;
  for (int i = 0; i < code.size; ++i)
    if (code[i] < 0 || code[i] >= rules.colors) return false;
  return rules.repeats || !code.has_repeats();
}

namespace {

// Arrangements of k pegs from n colours without repeats: n! / (n-k)!.
std::uint64_t falling(int n, int k) noexcept {
  std::uint64_t r = 1;
  for (int i = 0; i < k; ++i) r *= static_cast<std::uint64_t>(n - i);
  return r;
}

}  // namespace

CodeIndex code_index(const Code& code, const Rules& rules) noexcept {
  CodeIndex index = 0;
  if (rules.repeats) {
    for (int i = 0; i < rules.pegs; ++i)
      index = index * static_cast<CodeIndex>(rules.colors) + static_cast<CodeIndex>(code[i]);
    return index;
  }
  std::uint32_t used = 0;
  for (int i = 0; i < rules.pegs; ++i) {
    const int c = code[i];
    const int rank = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
    index += static_cast<CodeIndex>(rank) * falling(rules.colors - 1 - i, rules.pegs - 1 - i);
    used |= std::uint32_t{1} << c;
  }
  return index;
}

Code code_at(CodeIndex index, const Rules& rules) noexcept {
  Code code;
  code.size = rules.pegs;
  if (rules.repeats) {
    for (int i = rules.pegs - 1; i >= 0; --i) {
      code.set(i, static_cast<int>(index % static_cast<CodeIndex>(rules.colors)));
      index /= static_cast<CodeIndex>(rules.colors);
    }
    return code;
  }
  std::uint32_t used = 0;
  for (int i = 0; i < rules.pegs; ++i) {
    const std::uint64_t block = falling(rules.colors - 1 - i, rules.pegs - 1 - i);
    int rank = static_cast<int>(index / block);
    index %= block;
    int c = 0;
    for (;; ++c) {
      if (used & (std::uint32_t{1} << c)) continue;
      if (rank-- == 0) break;
    }
    code.set(i, c);
    used |= std::uint32_t{1} << c;
  }
  return code;
}

bool next_code(Code& code, const Rules& rules) noexcept {
  const CodeIndex next = code_index(code, rules) + 1;
  if (next >= rules.code_count()) return false;
  code = code_at(next, rules);
  return true;
}

std::vector<Code> all_codes(const Rules& rules) {
  const CodeIndex n = rules.code_count();
  std::vector<Code> codes;
  codes.reserve(n);
  Code code = code_at(0, rules);
  for (CodeIndex i = 0; i < n; ++i) {
    codes.push_back(code);
    if (rules.repeats) {
      // Odometer step: cheaper than unranking every code.
      for (int k = rules.pegs - 1; k >= 0; --k) {
        if (code[k] + 1 < rules.colors) {
          code.set(k, code[k] + 1);
          break;
        }
        code.set(k, 0);
      }
    } else if (i + 1 < n) {
      code = code_at(i + 1, rules);
    }
  }
  return codes;
}

namespace {

// White space of any kind counts as a space: a line read from a pipe or a file may still end in
// CR LF. Alphabets can hold none of these (Alphabet::parse refuses them).
bool is_code_separator(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' || c == ',' || c == '(' ||
         c == ')' || c == '[' || c == ']';
}

// The character starting at text[i] (a whole UTF-8 sequence when it looks like one), escaped.
std::string symbol_at(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  return escape_control(text.substr(i, len));
}

}  // namespace

namespace {

// The messages of parse_code in the words of each kind of symbol, as whole sentences so that
// each language can word them (a noun put into a sentence cannot agree with it).
struct CodeMessages {
  std::string_view noun;
  const char* not_here;
  const char* twice;
  const char* times;
};

constexpr std::array<CodeMessages, 3> kCodeMessages = {{
    {"colour", N_("'{}' is not a colour here: use {}"),
     N_("'{}' appears twice, but colours may not repeat in this game"),
     N_("'{}' appears {} times, but colours may not repeat in this game")},
    {"digit", N_("'{}' is not a digit here: use {}"), N_("'{}' appears twice, but digits may not repeat in this game"),
     N_("'{}' appears {} times, but digits may not repeat in this game")},
    {"symbol", N_("'{}' is not a symbol here: use {}"),
     N_("'{}' appears twice, but symbols may not repeat in this game"),
     N_("'{}' appears {} times, but symbols may not repeat in this game")},
}};

const CodeMessages& code_messages(std::string_view noun) {
  for (const CodeMessages& m : kCodeMessages)
    if (m.noun == noun) return m;
  return kCodeMessages.front();
}

}  // namespace

Code parse_code(std::string_view text, const Rules& rules, const Alphabet& alphabet, std::string_view noun) {
  const CodeMessages& messages = code_messages(noun);
  Code code;
  int count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (is_code_separator(ch)) continue;
    const int colour = alphabet.index_of(ch);
    if (colour < 0) throw InputError(trf(messages.not_here, symbol_at(text, i), alphabet.describe()));
    if (count < kMaxPegs) code.set(count, colour);
    ++count;
  }
  if (count == 0)
    throw InputError(trnf("empty code: type {} symbol from {}", "empty code: type {} symbols from {}",
                          static_cast<unsigned>(rules.pegs), rules.pegs, alphabet.describe()));
  if (count != rules.pegs)
    throw InputError(trnf("expected {} peg, got {}", "expected {} pegs, got {}", static_cast<unsigned>(rules.pegs),
                          rules.pegs, count));
  code.size = count;
  if (!rules.repeats) {
    for (int i = 0; i < count; ++i) {
      int times = 0;
      for (int k = 0; k < count; ++k) times += code[k] == code[i] ? 1 : 0;
      if (times > 1)
        throw InputError(times == 2 ? trf(messages.twice, alphabet.symbol(code[i]))
                                    : trf(messages.times, alphabet.symbol(code[i]), times));
    }
  }
  return code;
}

std::string format_code(const Code& code, const Alphabet& alphabet) {
  std::string out;
  for (int i = 0; i < code.size; ++i) out += alphabet.symbol(code[i]);
  return out;
}

}  // namespace mm
