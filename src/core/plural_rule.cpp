#include "mm/core/plural_rule.hpp"

#include <cctype>
#include <stdexcept>
#include <string>

namespace mm {

namespace {

using Step = PluralRule::Step;
using Op = Step::Op;

// Deep enough for every rule gettext's manual lists (Arabic's nests five conditionals).
constexpr int kMaxDepth = 32;
constexpr std::size_t kMaxForms = 16;

// Recursive descent over the expression, by C's precedence, emitting steps for a stack machine.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  std::vector<Step> read() {
    conditional(0);
    skip_space();
    if (at_ < text_.size()) throw std::runtime_error("trailing text");
    return std::move(steps_);
  }

 private:
  void conditional(int depth) {
    if (depth > kMaxDepth) throw std::runtime_error("too deep");
    binary(0, depth);
    if (take("?")) {
      conditional(depth + 1);
      if (!take(":")) throw std::runtime_error("':' missing");
      conditional(depth + 1);
      steps_.push_back({Op::choose});
    }
  }

  // Levels from the loosest: || && (== !=) (< <= > >=) (+ -) (* / %).
  void binary(int level, int depth) {
    static constexpr int kLevels = 6;
    if (level == kLevels) return unary(depth);
    binary(level + 1, depth);
    for (;;) {
      const char symbol = operator_at(level);
      if (symbol == 0) return;
      binary(level + 1, depth);
      steps_.push_back({Op::binary, symbol});
    }
  }

  // The operator of `level` at the reading position, taken; 0 when there is none.
  char operator_at(int level) {
    switch (level) {
      case 0:
        return take("||") ? '|' : 0;
      case 1:
        return take("&&") ? '&' : 0;
      case 2:
        return take("==") ? '=' : take("!=") ? '!' : 0;
      case 3:
        return take("<=") ? 'l' : take(">=") ? 'g' : take("<") ? '<' : take(">") ? '>' : 0;
      case 4:
        return take("+") ? '+' : take("-") ? '-' : 0;
      default:
        return take("*") ? '*' : take("/") ? '/' : take("%") ? '%' : 0;
    }
  }

  void unary(int depth) {
    if (depth > kMaxDepth) throw std::runtime_error("too deep");
    if (take("!")) {
      unary(depth + 1);
      steps_.push_back({Op::negate});
      return;
    }
    if (take("(")) {
      conditional(depth + 1);
      if (!take(")")) throw std::runtime_error("')' missing");
      return;
    }
    if (take("n")) {
      steps_.push_back({Op::n});
      return;
    }
    skip_space();
    if (at_ == text_.size() || !std::isdigit(static_cast<unsigned char>(text_[at_])))
      throw std::runtime_error("a value expected");
    std::uint64_t value = 0;
    while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])))
      value = value * 10 + static_cast<std::uint64_t>(text_[at_++] - '0');
    steps_.push_back({Op::number, 0, value});
  }

  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  bool take(std::string_view token) {
    skip_space();
    if (!text_.substr(at_).starts_with(token)) return false;
    // `<` is not the start of `<=`, `!` not of `!=`, `|` and `&` only doubled.
    if (token.size() == 1 && at_ + 1 < text_.size() && text_[at_ + 1] == '=' &&
        std::string_view("<>!=").find(token[0]) != std::string_view::npos)
      return false;
    at_ += token.size();
    return true;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::vector<Step> steps_;
};

// The value after `name=` up to the next ';' in the Plural-Forms line, or empty.
std::string_view field(std::string_view line, std::string_view name) {
  const std::size_t at = line.find(name);
  if (at == std::string_view::npos) return {};
  std::string_view rest = line.substr(at + name.size());
  const std::size_t end = rest.find(';');
  return rest.substr(0, end);
}

std::uint64_t apply(char symbol, std::uint64_t a, std::uint64_t b) noexcept {
  switch (symbol) {
    case '*':
      return a * b;
    case '/':
      return b == 0 ? 0 : a / b;  // a division by zero is 0, not a crash
    case '%':
      return b == 0 ? 0 : a % b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '<':
      return a < b;
    case 'l':
      return a <= b;
    case '>':
      return a > b;
    case 'g':
      return a >= b;
    case '=':
      return a == b;
    case '!':
      return a != b;
    case '&':
      return a != 0 && b != 0;
    default:
      return a != 0 || b != 0;
  }
}

}  // namespace

PluralRule::PluralRule() : steps_{{Op::n}, {Op::number, 0, 1}, {Op::binary, '!'}} {}

PluralRule PluralRule::of_header(std::string_view header) {
  const std::size_t at = header.find("Plural-Forms:");
  if (at == std::string_view::npos) return {};
  std::string_view line = header.substr(at);
  line = line.substr(0, line.find('\n'));
  PluralRule rule;
  try {
    const std::string forms(field(line, "nplurals="));
    const unsigned long count = std::stoul(forms);
    if (count == 0 || count > kMaxForms) return {};
    rule.steps_ = Reader(field(line, "plural=")).read();
    rule.forms_ = count;
  } catch (const std::exception&) {
    return {};
  }
  return rule;
}

std::size_t PluralRule::form(unsigned long long n) const noexcept {
  // The reader nests at most kMaxDepth levels, so the stack stays small; a fixed array keeps
  // this free of allocation.
  constexpr std::size_t kStack = 4 * kMaxDepth + 8;
  std::uint64_t stack[kStack];
  std::size_t top = 0;
  for (const Step& step : steps_) {
    if (top + 1 >= kStack) return 0;
    switch (step.op) {
      case Op::number:
        stack[top++] = step.value;
        break;
      case Op::n:
        stack[top++] = n;
        break;
      case Op::negate:
        stack[top - 1] = stack[top - 1] == 0;
        break;
      case Op::binary:
        --top;
        stack[top - 1] = apply(step.symbol, stack[top - 1], stack[top]);
        break;
      case Op::choose:
        top -= 2;
        stack[top - 1] = stack[top - 1] != 0 ? stack[top] : stack[top + 1];
        break;
    }
  }
  const std::uint64_t form = top == 1 ? stack[0] : 0;
  return form < forms_ ? static_cast<std::size_t>(form) : 0;
}

}  // namespace mm
