#include "mm/web/game_keeper.hpp"

#include "mm/core/error.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/game_id.hpp"
#include "mm/store/paths.hpp"
#include "mm/store/scores.hpp"

namespace mm::web {

GameKeeper::GameKeeper(std::optional<std::filesystem::path> file, bool default_file)
    : file_(std::move(file)), default_file_(default_file) {
  if (file_) thread_ = std::thread([this] { run(); });
}

GameKeeper::~GameKeeper() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

ScoreStore* GameKeeper::store() {
  if (store_) return store_.get();
  try {
    if (default_file_) create_data_directory(*file_);
    store_ = std::make_unique<ScoreStore>(*file_);
  } catch (const Error&) {
    return nullptr;  // not ours, damaged or unwritable: nothing kept (its records say why)
  }
  return store_.get();
}

std::vector<std::pair<std::string, GameRecord>> GameKeeper::kept() {
  std::error_code ignored;
  // No file yet: nothing kept, and nothing created for it.
  if (!file_ || !std::filesystem::exists(*file_, ignored)) return {};
  // Read on this thread before any keep(), so the writer's store is not shared: a store of its own.
  try {
    const ScoreStore reading(*file_);
    return reading.kept_games();
  } catch (const Error&) {
    return {};
  }
}

void GameKeeper::keep(const std::string& token, GameRecord game) {
  if (!file_) return;
  {
    const std::lock_guard lock(mutex_);
    pending_[token] = std::move(game);
    ++asked_;
  }
  changed_.notify_all();
}

void GameKeeper::forget(const std::string& token) {
  if (!file_) return;
  {
    const std::lock_guard lock(mutex_);
    pending_[token] = std::nullopt;
    ++asked_;
  }
  changed_.notify_all();
}

void GameKeeper::flush() {
  std::unique_lock lock(mutex_);
  const std::uint64_t wanted = asked_;
  changed_.wait(lock, [&] { return written_ >= wanted || !thread_.joinable(); });
}

void GameKeeper::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (pending_.empty()) return;  // stopping, and everything written
    std::vector<std::pair<std::string, std::optional<GameRecord>>> changes;
    for (auto& [token, game] : pending_) changes.emplace_back(token, std::move(game));
    pending_.clear();
    const std::uint64_t asked = asked_;
    lock.unlock();
    try {
      if (ScoreStore* kept = store()) kept->keep_games(changes);
    } catch (const Error&) {
      store_.reset();  // opened again for the next write
    }
    lock.lock();
    written_ = asked;
    changed_.notify_all();
  }
}

PlayOptions kept_game_options(const GameRecord& game) {
  const GameId id = decode_game_id(game.game_id);
  PlayOptions options;
  options.variant = make_variant(variant_options_of(id));
  options.secret = id.secret;
  options.hard = id.hard;
  options.replay = game.replay;
  ResumedGame resumed;
  for (const std::string& guess : game.guess_list) resumed.guesses.push_back(options.variant.read_code(guess));
  resumed.seconds = game.seconds;
  resumed.own_secret = game.own_secret;
  // The record's assisted flag also stands for the player's own secret.
  resumed.assisted = game.assisted && !game.own_secret;
  options.resumed = std::move(resumed);
  return options;
}

}  // namespace mm::web
