#pragma once
// What a program can do wrong under the protocol, as the referee counts it: each fault ends the
// game (or the score request) it happened in, never the run, and the first of each kind is kept
// to be shown with its game, turn and the line that gave it away.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mm/core/code.hpp"

namespace mm::arena {

enum class FaultKind {
  malformed,      // a line that is not the message due (or no message at all)
  invalid_guess,  // a guess that is not a code of the game
  timeout,        // no answer within the time for a move
  crash,          // ended by a signal or with a status other than 0 while it had games
  flood,          // a line longer than the protocol allows
  early_exit,     // ended with status 0, or closed its input or output, while it had games
};
inline constexpr std::array<FaultKind, 6> kFaultKinds = {FaultKind::malformed, FaultKind::invalid_guess,
                                                         FaultKind::timeout,   FaultKind::crash,
                                                         FaultKind::flood,     FaultKind::early_exit};

// The kind's key in JSON: "malformed", "invalid_guess", "timeout", "crash", "flood", "early_exit".
std::string_view fault_key(FaultKind kind) noexcept;
// The kind for a person, translated: "malformed line", "invalid guess", ...
std::string fault_title(FaultKind kind);

struct Fault {
  FaultKind kind = FaultKind::malformed;
  std::uint64_t game = 0;  // the game (or request) number the program was told; 0: before `ready`
  std::optional<Code> secret;
  std::optional<Code> guess;  // a scorer's request: the guess
  int turn = 0;               // the guess waited for, 1 for the first; 0: before `ready`
  std::string line;           // the offending line, or the last line on stderr, as shown_line cuts it
  std::string detail;         // what was wrong, in the user's language
};

class FaultLog {
 public:
  void add(Fault fault);
  std::uint64_t count(FaultKind kind) const noexcept { return counts_[static_cast<std::size_t>(kind)]; }
  std::uint64_t total() const noexcept;
  // The first fault of each kind that happened, in the order of kFaultKinds.
  std::vector<Fault> firsts() const;

 private:
  std::array<std::uint64_t, kFaultKinds.size()> counts_{};
  std::array<std::optional<Fault>, kFaultKinds.size()> first_{};
};

}  // namespace mm::arena
