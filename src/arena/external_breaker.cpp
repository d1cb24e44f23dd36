#include "mm/arena/external_breaker.hpp"

#include <poll.h>

#include <cerrno>
#include <chrono>

#include "exit_words.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::arena {

namespace protocol = engine::protocol;

namespace {

using Clock = std::chrono::steady_clock;
// The game's number in the protocol: there is one.
constexpr std::uint64_t kGame = 1;
// After `quit`, how long the program has to end before it is killed.
constexpr int kQuitGraceMs = 1000;

}  // namespace

ExternalBreaker::ExternalBreaker(const std::vector<std::string>& argv, std::string label, const Variant& variant,
                                 double move_time, std::unique_ptr<Strategy> bookkeeper)
    : program_(argv, label),
      label_(std::move(label)),
      board_{variant.rules, variant.alphabet},
      move_time_(move_time),
      bookkeeper_(std::move(bookkeeper)) {}

ExternalBreaker::~ExternalBreaker() {
  // Told the end of the game and to quit; killed (by ~ChildProcess) if it has not ended soon after.
  const std::vector<Turn>& turns = history();
  const bool won = !turns.empty() && turns.back().feedback.is_win(board_.rules.pegs);
  if (started_)
    program_.send(protocol::format(protocol::GameEnd{kGame, won, static_cast<int>(turns.size())}, board_.symbols));
  program_.send(protocol::format(protocol::Quit{}, board_.symbols));
  program_.flush();
  program_.process().close_input();
  const auto deadline = Clock::now() + std::chrono::milliseconds(kQuitGraceMs);
  while (!program_.output_closed() && Clock::now() < deadline) {
    std::vector<pollfd> fds;
    program_.add_to_poll(fds);
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(left, 0))) <= 0) break;
    program_.handle(fds, 0);
    while (program_.next_line()) {
    }
  }
}

void ExternalBreaker::fail(const std::string& why) const {
  throw Error(ExitCode::unavailable, trf("the codebreaker '{}': {}", excerpt(label_), why));
}

// The next line of the program, waiting at most the time for a move.
std::string ExternalBreaker::next_line(const std::string& too_late) {
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(move_time_));
  for (;;) {
    if (std::optional<std::string> line = program_.next_line()) return *line;
    if (program_.flood()) fail(trf("a line longer than {} bytes", protocol::kMaxLineBytes));
    if (program_.output_closed()) {
      program_.process().wait_exit();
      fail(last_words(*program_.process().exit_info(), program_.last_error_line()));
    }
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) fail(too_late);
    std::vector<pollfd> fds;
    program_.add_to_poll(fds);
    if (poll(fds.data(), fds.size(), static_cast<int>(left)) > 0) program_.handle(fds, 0);
  }
}

Code ExternalBreaker::next_guess() {
  if (guess_) return *guess_;  // asked again before an answer: the same guess
  if (!started_) {
    program_.send(protocol::format(protocol::Hello{protocol::kVersion, protocol::Role::breaker}, board_.symbols));
    program_.flush();
    const std::string line = next_line(trf("no 'ready' within {} s", move_time_));
    const auto parsed = protocol::parse_from_program(line);
    if (!std::holds_alternative<protocol::FromProgram>(parsed) ||
        !std::holds_alternative<protocol::Ready>(std::get<protocol::FromProgram>(parsed)))
      fail(trf("expected 'ready', got '{}'", shown_line(line)));
    program_.send(protocol::format(protocol::GameStart{kGame, board_}, board_.symbols));
    started_ = true;
  } else if (pending_) {
    program_.send(protocol::format(protocol::Answer{kGame, *pending_}, board_.symbols));
    pending_.reset();
  }
  program_.flush();
  const std::string line = next_line(trf("no guess within {} s", move_time_));
  const auto parsed = protocol::parse_from_program(line);
  const auto* message = std::get_if<protocol::FromProgram>(&parsed);
  const auto* guess = message ? std::get_if<protocol::Guess>(message) : nullptr;
  if (guess == nullptr || guess->game != kGame)
    fail(trf("expected 'guess {} CODE', got '{}'", kGame, shown_line(line)));
  std::string why;
  const std::optional<Code> code = protocol::read_code(guess->code, board_, &why);
  if (!code) fail(why);
  guess_ = *code;
  return *code;
}

void ExternalBreaker::observe(const Code& guess, Feedback feedback) {
  bookkeeper_->observe(guess, feedback);
  if (guess_ && guess == *guess_) pending_ = feedback;
  guess_.reset();
}

}  // namespace mm::arena
