#pragma once
// The line protocol between a referee (`mastermind arena`, `solve --breaker`) and a program that
// breaks codes or scores them, in any language: docs/protocol.md is its document, this is its
// one implementation of the messages, read and written here for both sides (the arena and
// `mastermind engine`). Pure: no I/O, no processes.
//
// A message is one line of ASCII words separated by spaces. The referee opens with
// `hello VERSION ROLE`, the program answers `ready` (`ready games N`: N games at once); then
//   breaker:  game G pegs P colors C repeats yes|no guesses N symbols S  ->  guess G CODE
//             answer G B W  ->  guess G CODE   ...   end G won|lost N
//   scorer:   rules pegs P colors C repeats yes|no symbols S;  score ID SECRET GUESS  ->  answer ID B W
// and `quit` at the end. Codes are written in the symbols the game names, one per peg.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "mm/core/alphabet.hpp"
#include "mm/core/code.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/rules.hpp"

namespace mm::engine::protocol {

// Raised only for changes a program written for an older version would misread; new keys in
// `game` and `rules` lines are not such a change (programs skip keys they do not know).
inline constexpr int kVersion = 1;
// The longest line a program may send, its line break not counted; past it the referee stops
// reading (a program that floods its output) and the game is a fault.
inline constexpr std::size_t kMaxLineBytes = 1024;
// The most games a program may ask to play at once (`ready games N`).
inline constexpr int kMaxGamesAtOnce = 256;

enum class Role { breaker, scorer };
std::string_view role_name(Role role) noexcept;  // "breaker", "scorer"

// What a `game` or `rules` line tells: the rules and the symbols codes are written in.
struct Board {
  Rules rules;
  Alphabet symbols = Alphabet::standard(6);
};

// --- From the referee to the program ---
struct Hello {
  int version = kVersion;
  Role role = Role::breaker;
};
struct GameStart {
  std::uint64_t game = 0;
  Board board;
};
// The answer to a guess of game (breaker), or to a score request (scorer, from the program).
struct Answer {
  std::uint64_t id = 0;
  Feedback feedback;
};
struct GameEnd {
  std::uint64_t game = 0;
  bool won = false;
  int guesses = 0;
};
struct RulesLine {
  Board board;
};
struct ScoreRequest {
  std::uint64_t id = 0;
  Code secret;
  Code guess;
};
struct Quit {};
using ToProgram = std::variant<Hello, GameStart, Answer, GameEnd, RulesLine, ScoreRequest, Quit>;

// --- From the program to the referee ---
struct Ready {
  int games = 1;  // how many games it plays at once
};
struct Guess {
  std::uint64_t game = 0;
  std::string code;  // as sent: the referee reads it against its game's board (read_code)
};
using FromProgram = std::variant<Ready, Guess, Answer>;

// A line that is not a message of the protocol: why, in the user's language.
struct Malformed {
  std::string reason;
};

// The line of a message, without its line break. `symbols` writes the codes of a ScoreRequest.
std::string format(const ToProgram& message, const Alphabet& symbols);
std::string format(const FromProgram& message);

// Reads a line the program sent (a trailing \r is allowed, nothing else around the words is).
std::variant<FromProgram, Malformed> parse_from_program(std::string_view line);

// Reads a line the referee sent; `board` reads the codes of a `score` line (the last `rules`).
std::variant<ToProgram, Malformed> parse_to_program(std::string_view line, const std::optional<Board>& board);

// A code as the protocol writes it: exactly one symbol of `board` per peg (either case of a
// letter), no separators; nullopt with `why` set when it is not a code of the board.
std::optional<Code> read_code(std::string_view text, const Board& board, std::string* why = nullptr);

}  // namespace mm::engine::protocol
