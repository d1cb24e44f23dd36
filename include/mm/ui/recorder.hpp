#pragma once
// Finished games go to the highscore store. The store is opened on first use; when it cannot be
// (corrupt, unreadable, unwritable) the player is told once, plainly, and play goes on without
// recording. A game is stored the moment it ends, before its result is shown, so closing the
// terminal on the result loses nothing; the player's name is asked once, after the first result,
// and until then their games are stored under the default name (which is what they keep if the
// question is never answered: end of input, Ctrl-C).

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

  // The player's name: from --player, else asked once (the name remembered from an earlier run,
  // else the login name, by default) and remembered for the next run. Games stored under the
  // default name before it was asked move to the name given. Not asked when games cannot be
  // recorded (the store could not be opened): then the default name.
  const std::string& player();

  // The name a game of the player's is stored under now: the one given or asked, else the
  // default one (remembered, else the login name). Never asks.
  std::string recording_name() const;

  // The name offered when one is asked: the remembered one, else the login name.
  std::string default_name() const;

  // The name given or asked so far, without asking.
  const std::optional<std::string>& known_player() const noexcept { return player_; }

  // Asks for a name with `question`, offering `fallback`; for the second player of a duel.
  std::string ask_name(std::string_view question, std::string_view fallback);

  // Opens the store before a game, so that a problem with it is told before playing, not after.
  void prepare();

  // Stores the game (whose `player` is already set); on failure says why, once per run.
  void record(const GameRecord& game);

  // Stores a game of the player's (play, solve), whose `player` is recording_name(); while the
  // name has not been asked, player() will move it to the name typed.
  // Returns the stored game's id, nullopt when it could not be stored.
  std::optional<std::int64_t> record_players_game(const GameRecord& game);

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
};

}  // namespace mm::ui
