#pragma once
// A codebreaker that is another program, for one game of `solve --breaker`: the program makes the
// guesses over the protocol (docs/protocol.md), behind the solver's Strategy interface, so that
// the game runs as with one of ours. A bookkeeper of ours (any of our codebreakers) keeps the
// history and the codes still possible, so the game's cheat detection guards the player's answers
// as always; the program is never told the secret, only the answers the player gives.
//
// The protocol cannot take an answer back, so undo() is false. A fault of the program (a line that
// is not a guess of this game, no guess within the time for a move, its end) throws
// Error(unavailable) naming it. The program never outlives the object.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/arena/program.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/protocol.hpp"

namespace mm::arena {

class ExternalBreaker final : public Strategy {
 public:
  // Starts the program (Error(unavailable) when it cannot be started); the handshake waits for
  // the first guess.
  ExternalBreaker(const std::vector<std::string>& argv, std::string label, const Variant& variant, double move_time,
                  std::unique_ptr<Strategy> bookkeeper);
  ~ExternalBreaker() override;
  ExternalBreaker(const ExternalBreaker&) = delete;
  ExternalBreaker& operator=(const ExternalBreaker&) = delete;

  std::string_view name() const noexcept override { return label_; }
  Code next_guess() override;
  void observe(const Code& guess, Feedback feedback) override;
  bool undo() override { return false; }
  std::uint64_t remaining() const override { return bookkeeper_->remaining(); }
  bool remaining_is_exact() const override { return bookkeeper_->remaining_is_exact(); }
  std::vector<Code> candidates(std::size_t limit) const override { return bookkeeper_->candidates(limit); }
  const std::vector<Turn>& history() const noexcept override { return bookkeeper_->history(); }

 private:
  // The next line of the program, waiting at most the time for a move (then `too_late` fails).
  std::string next_line(const std::string& too_late);
  [[noreturn]] void fail(const std::string& why) const;

  Program program_;
  std::string label_;
  engine::protocol::Board board_;
  double move_time_;
  std::unique_ptr<Strategy> bookkeeper_;
  bool started_ = false;
  std::optional<Code> guess_;        // the program's last guess, waiting for its answer
  std::optional<Feedback> pending_;  // the answer to send before the next guess
};

}  // namespace mm::arena
