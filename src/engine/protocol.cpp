#include "mm/engine/protocol.hpp"

#include <fmt/format.h>

#include <array>
#include <limits>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::engine::protocol {

namespace {

// std::visit with one lambda per alternative.
template <class... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

// The words of a line: runs of characters between spaces (or tabs). Empty when the line holds a
// byte outside printable ASCII, which `*bad` then says.
std::vector<std::string_view> words_of(std::string_view line, bool* bad) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> words;
  std::size_t i = 0;
  *bad = false;
  while (i < line.size()) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') {
      const auto d = static_cast<unsigned char>(line[i]);
      if (d < 0x21 || d > 0x7e) {
        *bad = true;
        return {};
      }
      ++i;
    }
    words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::optional<std::uint64_t> number(std::string_view word, std::uint64_t max) {
  const std::optional<std::uint64_t> n = parse_decimal(word);
  if (!n || *n > max) return std::nullopt;
  return n;
}

Malformed expected(std::string_view form) { return {trf("expected '{}'", form)}; }

// `key value` pairs after the first `skip` words; keys a program does not know are skipped, as
// docs/protocol.md promises for newer referees.
std::variant<Board, Malformed> board_of(const std::vector<std::string_view>& words, std::size_t skip,
                                        std::string_view form) {
  if ((words.size() - skip) % 2 != 0) return expected(form);
  std::optional<std::uint64_t> pegs, colors, guesses;
  std::optional<bool> repeats;
  std::optional<std::string_view> symbols;
  for (std::size_t i = skip; i + 1 < words.size(); i += 2) {
    const std::string_view key = words[i], value = words[i + 1];
    if (key == "pegs") pegs = number(value, kMaxPegs);
    if (key == "colors") colors = number(value, kMaxColors);
    if (key == "guesses") guesses = number(value, kMaxGuesses);
    if (key == "repeats" && (value == "yes" || value == "no")) repeats = value == "yes";
    if (key == "symbols") symbols = value;
  }
  const bool wants_guesses = form.starts_with("game");
  if (!pegs || !colors || !repeats || !symbols || (wants_guesses && !guesses)) return expected(form);
  Board board;
  board.rules = {static_cast<int>(*pegs), static_cast<int>(*colors), *repeats,
                 wants_guesses ? static_cast<int>(*guesses) : kDefaultGuesses};
  try {
    board.rules.validate();
    board.symbols = Alphabet::parse(*symbols, board.rules.colors);
  } catch (const InputError& e) {
    return Malformed{e.what()};
  }
  return board;
}

std::string board_words(const Board& board, bool with_guesses) {
  std::string out = fmt::format("pegs {} colors {} repeats {}", board.rules.pegs, board.rules.colors,
                                board.rules.repeats ? "yes" : "no");
  if (with_guesses) out += fmt::format(" guesses {}", board.rules.max_guesses);
  return out + " symbols " + board.symbols.str();
}

constexpr std::string_view kGameForm = "game G pegs P colors C repeats yes|no guesses N symbols S";
constexpr std::string_view kRulesForm = "rules pegs P colors C repeats yes|no symbols S";
constexpr auto kMaxId = std::numeric_limits<std::uint64_t>::max();

std::optional<Feedback> feedback_of(std::string_view black, std::string_view white) {
  const auto b = number(black, kMaxPegs), w = number(white, kMaxPegs);
  if (!b || !w) return std::nullopt;
  return Feedback{static_cast<int>(*b), static_cast<int>(*w)};
}

std::variant<ToProgram, Malformed> parse_score(const std::vector<std::string_view>& words,
                                               const std::optional<Board>& board) {
  const std::optional<std::uint64_t> id = words.size() == 4 ? number(words[1], kMaxId) : std::nullopt;
  if (!id) return expected("score ID SECRET GUESS");
  if (!board) return Malformed{tr("a score request before the rules line")};
  std::string why;
  const std::optional<Code> secret = read_code(words[2], *board, &why);
  if (!secret) return Malformed{why};
  const std::optional<Code> guess = read_code(words[3], *board, &why);
  if (!guess) return Malformed{why};
  return ScoreRequest{*id, *secret, *guess};
}

}  // namespace

std::string_view role_name(Role role) noexcept { return role == Role::breaker ? "breaker" : "scorer"; }

std::string format(const ToProgram& message, const Alphabet& symbols) {
  return std::visit(
      Overloaded{
          [](const Hello& m) { return fmt::format("hello {} {}", m.version, role_name(m.role)); },
          [](const GameStart& m) { return fmt::format("game {} {}", m.game, board_words(m.board, true)); },
          [](const Answer& m) { return fmt::format("answer {} {} {}", m.id, m.feedback.black, m.feedback.white); },
          [](const GameEnd& m) { return fmt::format("end {} {} {}", m.game, m.won ? "won" : "lost", m.guesses); },
          [](const RulesLine& m) { return "rules " + board_words(m.board, false); },
          [&](const ScoreRequest& m) {
            return fmt::format("score {} {} {}", m.id, format_code(m.secret, symbols), format_code(m.guess, symbols));
          },
          [](const Quit&) { return std::string("quit"); },
      },
      message);
}

std::string format(const FromProgram& message) {
  return std::visit(
      Overloaded{
          [](const Ready& m) { return m.games == 1 ? std::string("ready") : fmt::format("ready games {}", m.games); },
          [](const Guess& m) { return fmt::format("guess {} {}", m.game, m.code); },
          [](const Answer& m) { return fmt::format("answer {} {} {}", m.id, m.feedback.black, m.feedback.white); },
      },
      message);
}

std::variant<FromProgram, Malformed> parse_from_program(std::string_view line) {
  bool bad = false;
  const std::vector<std::string_view> w = words_of(line, &bad);
  if (bad) return Malformed{tr("a character that is not printable ASCII")};
  if (w.empty()) return Malformed{tr("an empty line")};
  if (w[0] == "guess") {
    const std::optional<std::uint64_t> game = w.size() == 3 ? number(w[1], kMaxId) : std::nullopt;
    if (!game) return expected("guess G CODE");
    return Guess{*game, std::string(w[2])};
  }
  if (w[0] == "ready") {
    if (w.size() == 1) return Ready{};
    const std::optional<std::uint64_t> n =
        w.size() == 3 && w[1] == "games" ? number(w[2], kMaxGamesAtOnce) : std::nullopt;
    if (!n || *n == 0) return Malformed{trf("expected 'ready' or 'ready games N' (N from 1 to {})", kMaxGamesAtOnce)};
    return Ready{static_cast<int>(*n)};
  }
  if (w[0] == "answer") {
    const std::optional<std::uint64_t> id = w.size() == 4 ? number(w[1], kMaxId) : std::nullopt;
    const std::optional<Feedback> f = id ? feedback_of(w[2], w[3]) : std::nullopt;
    if (!f) return expected("answer ID B W");
    return Answer{*id, *f};
  }
  return Malformed{trf("'{}' is not a message of the protocol", excerpt(w[0], kExcerptChars))};
}

std::variant<ToProgram, Malformed> parse_to_program(std::string_view line, const std::optional<Board>& board) {
  bool bad = false;
  const std::vector<std::string_view> w = words_of(line, &bad);
  if (bad) return Malformed{tr("a character that is not printable ASCII")};
  if (w.empty()) return Malformed{tr("an empty line")};
  const std::string_view kind = w[0];
  if (kind == "hello") {
    const std::optional<std::uint64_t> version = w.size() == 3 ? number(w[1], 1'000'000) : std::nullopt;
    if (!version || (w[2] != "breaker" && w[2] != "scorer")) return expected("hello VERSION breaker|scorer");
    return Hello{static_cast<int>(*version), w[2] == "breaker" ? Role::breaker : Role::scorer};
  }
  if (kind == "game") {
    const std::optional<std::uint64_t> game = w.size() > 1 ? number(w[1], kMaxId) : std::nullopt;
    if (!game) return expected(kGameForm);
    auto read = board_of(w, 2, kGameForm);
    if (auto* m = std::get_if<Malformed>(&read)) return *m;
    return GameStart{*game, std::get<Board>(read)};
  }
  if (kind == "answer" || kind == "end") {
    const std::optional<std::uint64_t> id = w.size() == 4 ? number(w[1], kMaxId) : std::nullopt;
    if (kind == "answer") {
      const std::optional<Feedback> f = id ? feedback_of(w[2], w[3]) : std::nullopt;
      if (!f) return expected("answer G B W");
      return Answer{*id, *f};
    }
    const std::optional<std::uint64_t> n = id ? number(w[3], kMaxGuesses) : std::nullopt;
    if (!n || (w[2] != "won" && w[2] != "lost")) return expected("end G won|lost N");
    return GameEnd{*id, w[2] == "won", static_cast<int>(*n)};
  }
  if (kind == "rules") {
    auto read = board_of(w, 1, kRulesForm);
    if (auto* m = std::get_if<Malformed>(&read)) return *m;
    return RulesLine{std::get<Board>(read)};
  }
  if (kind == "score") return parse_score(w, board);
  if (kind == "quit" && w.size() == 1) return Quit{};
  return Malformed{trf("'{}' is not a message of the protocol", excerpt(kind, kExcerptChars))};
}

std::optional<Code> read_code(std::string_view text, const Board& board, std::string* why) {
  const auto fail = [&](std::string reason) -> std::optional<Code> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  const Rules& rules = board.rules;
  if (text.size() != static_cast<std::size_t>(rules.pegs))
    return fail(trnf("'{}' is not a code: expected {} symbol, got {}",
                     "'{}' is not a code: expected {} symbols, got {}", static_cast<unsigned>(rules.pegs),
                     excerpt(text), rules.pegs, text.size()));
  Code code;
  code.size = rules.pegs;
  for (int i = 0; i < rules.pegs; ++i) {
    const int colour = board.symbols.index_of(text[static_cast<std::size_t>(i)]);
    if (colour < 0)
      return fail(trf("'{}' is not a code: '{}' is not one of the symbols {}", excerpt(text),
                      excerpt(text.substr(static_cast<std::size_t>(i), 1)), board.symbols.str()));
    code.set(i, colour);
  }
  if (!rules.repeats && code.has_repeats())
    return fail(trf("'{}' is not a code: a symbol repeats, and this game has no repeats", excerpt(text)));
  return code;
}

}  // namespace mm::engine::protocol
