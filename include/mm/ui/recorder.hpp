#pragma once
// Finished games go to the highscore store. The store is opened on first use; when it cannot be
// (corrupt, unreadable, unwritable) the player is told once, plainly, and play goes on without
// recording. A game is stored the moment it ends, before its result is shown, so closing the
// terminal on the result loses nothing. The player's name is asked once ever, after their first
// recorded game, and remembered in the store (settings.hpp); until it is known their games are
// stored under the login name (which is what they keep if the question is never answered: end
// of input, Ctrl-C). `--player NAME` gives it, and is remembered the same way. No stand-in name
// ("player", "player two") is ever stored: without a login name, a name must be typed.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/record/game_record.hpp"
#include "mm/store/scores.hpp"
#include "mm/ui/console.hpp"

namespace mm::ui {

// The login name of the user running the program; nullopt when there is none or it is not a
// valid player's name (why_bad_player_name).
std::optional<std::string> login_name();

class Recorder {
 public:
  Recorder(Console& console, std::optional<std::string> player, std::optional<std::filesystem::path> file);
  ~Recorder();
  // Holds the open store; one per program run.
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // The player's name: from --player, else the one remembered from an earlier run, else asked
  // (the login name offered) and remembered for the next runs. Games stored under the login name
  // before it was asked move to the name given. Not asked when games cannot be recorded (the
  // store could not be opened), nor when `ask` is false (after a game the computer played
  // alone): then the login name, and nothing is remembered.
  const std::string& player(bool ask = true);

  // The name a game of the player's is stored under now: the one given, remembered or asked,
  // else the login name (an empty name where there is none: the game is not recorded). Never
  // asks.
  std::string recording_name() const;

  // Asks for a name with `question`, offering `fallback` (Enter takes it); without one, asks
  // until a name is typed.
  std::string ask_name(std::string_view question, const std::optional<std::string>& fallback);

  // A setting of the store (settings.hpp) remembered by key, for the duel's second player.
  std::optional<std::string> remembered(std::string_view key);
  void remember(std::string_view key, const std::string& value);

  // Opens the store before a game, so that a problem with it is told before playing, not after.
  void prepare();

  // Stores the game (whose `player` is already set); on failure says why, once per run.
  void record(const GameRecord& game);

  // Stores a game of the player's (play, solve), whose `player` is recording_name(); while the
  // name has not been asked, player() will move it to the name typed.
  // Returns the stored game's id, nullopt when it could not be stored.
  std::optional<std::int64_t> record_players_game(const GameRecord& game);

  // Writes a resumed game over its stored row (ScoreStore::update); false, after saying why,
  // when it could not.
  bool update_game(std::int64_t id, const GameRecord& game);

  // Where a stored game stands in its ranking; nullopt when it is not ranked or cannot be read.
  std::optional<Standing> standing(std::int64_t id);

  // The store for remembering settings (settings.hpp); nullptr when it cannot be written (the
  // reason was said once).
  ScoreStore* open_for_writing();

  // The store for reading; nullptr when there is no file yet (silently) or after saying why it
  // cannot be opened.
  ScoreStore* open_for_reading();

  // Why the store could not be opened for reading, as an exit status; nullopt while it has not
  // failed. A file that cannot be written may still be read.
  std::optional<ExitCode> failure() const noexcept { return read_failure_; }

  // The file in use (the default path when none was given), or nullopt when none can be found.
  std::optional<std::filesystem::path> file() const;

 private:
  ScoreStore* open(StoreAccess access);
  void say_why_off(const Error& error, StoreAccess access);
  std::optional<std::int64_t> store_game(const GameRecord& game);
  void remember_name(const std::string& name);
  Console& console_;
  std::optional<std::string> player_;
  std::optional<std::filesystem::path> file_;
  std::unique_ptr<ScoreStore> store_;
  StoreAccess access_ = StoreAccess::read_only;
  std::optional<ExitCode> write_failure_;
  std::optional<ExitCode> read_failure_;
  // Games stored under the default name while the player's name is not known yet.
  std::vector<std::int64_t> unnamed_games_;
  // The name remembered from an earlier run, read when the store is first opened.
  std::optional<std::string> remembered_;
  // The name player(false) answers while none is known.
  std::string unasked_;
};

}  // namespace mm::ui
