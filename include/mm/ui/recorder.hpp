#pragma once
// Finished games go to the highscore store. The store is opened on first use; when it cannot be
// (corrupt, unreadable, unwritable) the player is told once, plainly, and play goes on without
// recording. The player's name is asked once, at the first game to record.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "mm/core/error.hpp"
#include "mm/game/record.hpp"
#include "mm/store/scores.hpp"
#include "mm/ui/console.hpp"

namespace mm::ui {

// The login name of the user running the program, or "player" when there is none or it is not
// a valid player's name (why_bad_player_name).
std::string login_name();

class Recorder {
 public:
  Recorder(Console& console, std::optional<std::string> player, std::optional<std::filesystem::path> file);
  ~Recorder();
  // Holds the open store; one per program run.
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // The player's name: from --player, else asked once (the login name by default).
  const std::string& player();

  // The name given or asked so far, without asking.
  const std::optional<std::string>& known_player() const noexcept { return player_; }

  // Asks for a name with `question`, offering `fallback`; for the second player of a duel.
  std::string ask_name(std::string_view question, std::string_view fallback);

  // Opens the store before a game, so that a problem with it is told before playing, not after.
  void prepare();

  // Stores the game (whose `player` is already set); on failure says why, once per run.
  void record(const GameRecord& game);

  // The store for reading; nullptr when there is no file yet (silently) or after saying why it
  // cannot be opened.
  ScoreStore* open_for_reading();

  // Why the store could not be opened, as an exit status; nullopt while it has not failed.
  std::optional<ExitCode> failure() const noexcept { return failure_; }

  // The file in use (the default path when none was given), or nullopt when none can be found.
  std::optional<std::filesystem::path> file() const;

 private:
  ScoreStore* open(StoreAccess access);
  Console& console_;
  std::optional<std::string> player_;
  std::optional<std::filesystem::path> file_;
  std::unique_ptr<ScoreStore> store_;
  StoreAccess access_ = StoreAccess::read_only;
  std::optional<ExitCode> failure_;
};

}  // namespace mm::ui
