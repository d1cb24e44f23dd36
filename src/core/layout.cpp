#include "mm/core/layout.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "mm/core/text.hpp"

namespace mm {

namespace {

constexpr char kEscape = '\x1b';

// Length of the escape sequence at text[i] (CSI: ESC [ parameters final byte), or 0.
std::size_t escape_length(std::string_view text, std::size_t i) {
  if (text[i] != kEscape || i + 1 >= text.size() || text[i + 1] != '[') return 0;
  std::size_t k = i + 2;
  while (k < text.size() && !(text[k] >= 0x40 && text[k] <= 0x7E)) ++k;
  return k < text.size() ? k + 1 - i : text.size() - i;
}

// The number an SGR parameter starts with, 0 (a reset) when it starts with none, as an empty
// parameter means 0, or with one past an int. A negative number, which no terminal writes, is no
// colour and no reset: -1.
int sgr_number(std::string_view param) {
  const bool minus = param.starts_with('-');
  const std::optional<std::uint64_t> value = parse_decimal(leading_digits(param.substr(minus ? 1 : 0)));
  const std::uint64_t most = std::uint64_t{std::numeric_limits<int>::max()} + (minus ? 1 : 0);
  if (!value || *value > most) return 0;
  return minus && *value != 0 ? -1 : static_cast<int>(*value);
}

// Whether an SGR sequence (`\x1b[30;101m`) leaves a background colour on, given the state before.
bool background_after(std::string_view sequence, bool before) {
  if (sequence.size() < 3 || sequence.back() != 'm') return before;
  std::string_view params = sequence.substr(2, sequence.size() - 3);
  if (params.empty()) return false;  // `\x1b[m` resets
  bool on = before;
  while (!params.empty()) {
    const std::size_t end = std::min(params.find(';'), params.size());
    const int n = sgr_number(params.substr(0, end));
    constexpr int kReset = 0, kBackFirst = 40, kBackLast = 47, kBackDefault = 49;
    constexpr int kBrightBackFirst = 100, kBrightBackLast = 107;
    if (n == kReset || n == kBackDefault) on = false;
    if ((n >= kBackFirst && n <= kBackLast) || (n >= kBrightBackFirst && n <= kBrightBackLast)) on = true;
    params.remove_prefix(std::min(end + 1, params.size()));
  }
  return on;
}

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// A piece of a line: a word (with any escapes in it) and its width, and the spaces before it.
struct Piece {
  std::string spaces;
  std::string word;
  std::size_t width = 0;
};

std::string wrap_line(std::string_view line, std::size_t columns) {
  if (display_width(line) <= columns) return std::string(line);
  std::size_t indent_end = 0;
  while (indent_end < line.size() && line[indent_end] == ' ') ++indent_end;
  const std::string indent(line.substr(0, indent_end));

  std::vector<Piece> pieces(1);
  bool background = false;
  for (std::size_t i = indent_end; i < line.size();) {
    if (const std::size_t esc = escape_length(line, i)) {
      background = background_after(line.substr(i, esc), background);
      pieces.back().word.append(line.substr(i, esc));
      i += esc;
      continue;
    }
    const char c = line[i];
    if (c == ' ' && !background) {
      if (!pieces.back().word.empty()) pieces.emplace_back();
      pieces.back().spaces += c;
    } else {
      pieces.back().word += c;
      if (!is_continuation(c)) ++pieces.back().width;
    }
    ++i;
  }

  std::string out = indent;
  std::size_t used = indent.size();
  bool first_on_line = true;
  for (const Piece& p : pieces) {
    if (p.word.empty()) continue;  // trailing spaces
    if (!first_on_line && used + p.spaces.size() + p.width > columns) {
      out += '\n';
      out += indent;
      used = indent.size();
      first_on_line = true;
    }
    if (!first_on_line) {
      out += p.spaces;
      used += p.spaces.size();
    }
    out += p.word;
    used += p.width;
    first_on_line = false;
  }
  return out;
}

}  // namespace

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t esc = escape_length(text, i)) {
      i += esc;
      continue;
    }
    if (!is_continuation(text[i])) ++width;
    ++i;
  }
  return width;
}

std::string wrap_text(std::string_view text, int columns) {
  const auto limit = static_cast<std::size_t>(columns > 0 ? columns : kDefaultColumns);
  std::string out;
  out.reserve(text.size());
  for (;;) {
    const std::size_t end = text.find('\n');
    out += wrap_line(text.substr(0, end), limit);
    if (end == std::string_view::npos) break;
    out += '\n';
    text.remove_prefix(end + 1);
  }
  return out;
}

}  // namespace mm
