#include "mm/ui/recorder.hpp"

#include <fmt/format.h>
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/store/paths.hpp"
#include "mm/store/player_name.hpp"
#include "mm/store/scores.hpp"
#include "mm/store/settings.hpp"

namespace mm::ui {

std::optional<std::string> login_name() {
  for (const char* variable : {"USER", "LOGNAME"})
    if (const char* value = std::getenv(variable); value != nullptr && *value != '\0' && !why_bad_player_name(value))
      return value;
  if (const passwd* entry = getpwuid(getuid());
      entry != nullptr && entry->pw_name != nullptr && !why_bad_player_name(entry->pw_name))
    return entry->pw_name;
  return std::nullopt;
}

Recorder::Recorder(Console& console, std::optional<std::string> player, std::optional<std::filesystem::path> file)
    : console_(console), player_(std::move(player)), file_(std::move(file)) {}

Recorder::~Recorder() = default;

std::string Recorder::ask_name(std::string_view question, const std::optional<std::string>& fallback) {
  for (;;) {
    std::string name = console_.ask(fallback ? fmt::format("{} [{}]: ", question, escape_control(*fallback))
                                             : fmt::format("{}: ", question));
    if (name.empty()) {
      if (fallback) return *fallback;
      console_.problem(tr("Type a name (Enter alone gives none)."));
      continue;
    }
    if (const auto why = why_bad_player_name(name)) {
      console_.problem(*why);
      continue;
    }
    return name;
  }
}

std::string Recorder::recording_name() const {
  if (player_) return *player_;
  if (remembered_) return *remembered_;
  return login_name().value_or("");
}

const std::string& Recorder::player(bool ask) {
  if (player_) {
    // Given with --player: the name of the next runs too (nothing is written when it is already).
    if (!write_failure_) remember_name(*player_);
    return *player_;
  }
  if (remembered_) return player_.emplace(*remembered_);
  const std::optional<std::string> login = login_name();
  // Nothing is recorded, or nothing was the player's doing: a name would be asked for nothing.
  if (write_failure_) return player_.emplace(login.value_or(""));
  if (!ask) return unasked_ = login.value_or("");
  std::string name = ask_name(tr("Your name for the highscores"), login);
  player_ = name;
  if (name != login && !unnamed_games_.empty() && store_) {
    try {
      store_->rename_games(unnamed_games_, name);
    } catch (const Error& e) {
      console_.problem(trf("The name could not be recorded: {}.", escape_control(e.what())));
    }
  }
  unnamed_games_.clear();
  remember_name(name);
  return *player_;
}

std::optional<std::string> Recorder::remembered(std::string_view key) {
  ScoreStore* store = open_for_reading();
  if (!store) return std::nullopt;
  try {
    return store->setting(key);
  } catch (const Error&) {
    return std::nullopt;  // a remembered default is not worth a complaint
  }
}

void Recorder::remember(std::string_view key, const std::string& value) {
  ScoreStore* store = open(StoreAccess::read_write);
  if (!store) return;
  try {
    store->set_setting(key, value);
  } catch (const Error& e) {
    console_.problem(trf("Your name could not be remembered: {}.", escape_control(e.what())));
  }
}

bool Recorder::update_game(std::int64_t id, const GameRecord& game) {
  ScoreStore* store = open(StoreAccess::read_write);
  if (!store) return false;
  try {
    store->update(id, game);
    return true;
  } catch (const Error& e) {
    console_.problem(trf("This game could not be recorded: {}.", escape_control(e.what())));
    return false;
  }
}

void Recorder::remember_name(const std::string& name) {
  if (name == remembered_) return;
  ScoreStore* store = open(StoreAccess::read_write);
  if (!store) return;
  try {
    MenuSettings settings;
    settings.player = name;
    save_menu_settings(*store, settings);
    remembered_ = name;
  } catch (const Error& e) {
    console_.problem(trf("Your name could not be remembered: {}.", escape_control(e.what())));
  }
}

std::optional<std::filesystem::path> Recorder::file() const {
  if (file_) return file_;
  try {
    return default_scores_path();
  } catch (const Error&) {
    return std::nullopt;
  }
}

void Recorder::say_why_off(const Error& error, StoreAccess access) {
  console_.problem(trf("Highscores are off: {}.", escape_control(error.what())));
  if (access == StoreAccess::read_write)
    console_.line(tr("The file is left untouched and games are not recorded this time (-f FILE picks another file)."));
  else
    console_.line(tr("The file is left untouched (-f FILE picks another file)."));
}

ScoreStore* Recorder::open(StoreAccess access) {
  if (store_ && (access_ == StoreAccess::read_write || access == StoreAccess::read_only)) return store_.get();
  if (access == StoreAccess::read_write ? write_failure_ : read_failure_) return nullptr;
  const auto path = file();
  try {
    if (!path) throw Error(ExitCode::cant_create, tr("no home directory to keep it in (set HOME or use -f FILE)"));
    store_.reset();
    // The default file's directory is the program's to make; a given file's is the user's.
    if (!file_ && access == StoreAccess::read_write) create_data_directory(*path);
    store_ = std::make_unique<ScoreStore>(*path, access);
    access_ = access;
    if (!remembered_) {
      // A remembered name that is no longer acceptable (an edited file) is not offered.
      if (auto name = load_menu_settings(*store_).player; name && !why_bad_player_name(*name)) remembered_ = name;
    }
    return store_.get();
  } catch (const Error& e) {
    // A file that cannot be written may still be read; one that is damaged or not ours cannot.
    write_failure_ = e.code();
    if (access == StoreAccess::read_only || e.code() == ExitCode::data) read_failure_ = e.code();
    say_why_off(e, access);
    return nullptr;
  }
}

void Recorder::prepare() { open(StoreAccess::read_write); }

ScoreStore* Recorder::open_for_reading() {
  // Reading must not create the file: a missing one simply has no games yet.
  if (!store_ && !read_failure_) {
    const auto path = file();
    std::error_code ignored;
    if (path && !std::filesystem::exists(*path, ignored)) return nullptr;
  }
  return open(StoreAccess::read_only);
}

void Recorder::record(const GameRecord& game) { store_game(game); }

std::optional<std::int64_t> Recorder::record_players_game(const GameRecord& game) {
  const auto id = store_game(game);
  if (id && !player_) unnamed_games_.push_back(*id);
  return id;
}

std::optional<Standing> Recorder::standing(std::int64_t id) {
  if (!store_) return std::nullopt;
  try {
    return store_->standing(id);
  } catch (const Error&) {
    // Only a remark after the result: the game itself is stored.
    return std::nullopt;
  }
}

ScoreStore* Recorder::open_for_writing() { return open(StoreAccess::read_write); }

std::optional<std::int64_t> Recorder::store_game(const GameRecord& game) {
  ScoreStore* store = open(StoreAccess::read_write);
  if (!store) return std::nullopt;
  try {
    return store->record(game);
  } catch (const Error& e) {
    console_.problem(trf("This game could not be recorded: {}.", escape_control(e.what())));
    return std::nullopt;
  }
}

}  // namespace mm::ui
