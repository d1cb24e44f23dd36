#include "mm/web/game_table.hpp"

#include <random>

#include "mm/core/error.hpp"
#include "mm/core/variant.hpp"
#include "mm/game/game_id.hpp"
#include "mm/store/paths.hpp"
#include "mm/store/scores.hpp"

namespace mm::web {

namespace {

// The options that take up a kept game again (the secret, rules, symbols and answer style from its
// game id, the board, time and assistance so far). Throws Error when the record cannot be one of
// ours (a file edited by hand).
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

}  // namespace

GameTable::GameTable(TableSettings settings, ScoreWriter& writer) : settings_(std::move(settings)), writer_(writer) {
  if (!settings_.clock) settings_.clock = system_clock();
  for (auto& [token, record] : writer_.kept()) {
    try {
      PlayOptions options = kept_game_options(record);
      options.seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
      const StopSource stop;
      options.run.stop = stop.token();
      auto game = std::make_shared<WebGame>(PlaySession(std::move(options)));
      if (!is_token(token) || game->session.over()) throw InputError("not a game in progress");
      game->stop = stop;
      game->token = token;
      game->player = record.player;
      game->last_used = settings_.clock->seconds();
      games_.emplace(token, std::move(game));
    } catch (const Error&) {
      writer_.forget(token);  // edited by hand, or of another build: not taken up
    }
  }
}

std::optional<std::string> GameTable::add(PlaySession session, std::string player, StopSource stop) {
  auto game = std::make_shared<WebGame>(std::move(session));
  game->player = std::move(player);
  game->stop = std::move(stop);
  std::unique_lock lock(mutex_);
  if (games_.size() >= settings_.max_games) {
    const auto idle = take_idle();
    lock.unlock();  // the scores file is written without the table's lock
    leave_and_record(idle, Ending::hangup);
    lock.lock();
  }
  if (games_.size() >= settings_.max_games) return std::nullopt;
  std::string token = new_token();
  game->token = token;
  game->last_used = settings_.clock->seconds();
  keep(*game);  // nobody else has the game yet
  games_.emplace(token, std::move(game));
  return token;
}

std::shared_ptr<WebGame> GameTable::find(const std::string& token) {
  const std::lock_guard lock(mutex_);
  const auto it = games_.find(token);
  if (it == games_.end()) return nullptr;
  it->second->last_used = settings_.clock->seconds();
  return it->second;
}

std::size_t GameTable::size() {
  const std::lock_guard lock(mutex_);
  return games_.size();
}

void GameTable::keep(const WebGame& game) {
  if (game.session.over())
    writer_.forget(game.token);
  else
    writer_.keep(game.token, game.session.snapshot(game.player));
}

void GameTable::record_if_over(WebGame& game) {
  if (!game.session.over() || game.stored_id || game.recording || game.player.empty() || !settings_.scores_file) return;
  game.stored_id = writer_.record(game.session.record(game.player), game.store_problem);
}

std::vector<std::shared_ptr<WebGame>> GameTable::take_idle() {
  const double now = settings_.clock->seconds();
  std::vector<std::shared_ptr<WebGame>> idle;
  for (auto it = games_.begin(); it != games_.end();) {
    WebGame& game = *it->second;
    // A game whose lock is held is in use, not idle.
    std::unique_lock in_use(game.mutex, std::try_to_lock);
    if (now - game.last_used > settings_.idle_seconds && in_use && !game.busy && !game.recording) {
      idle.push_back(it->second);
      it = games_.erase(it);
    } else {
      ++it;
    }
  }
  return idle;
}

void GameTable::leave_and_record(const std::vector<std::shared_ptr<WebGame>>& games, Ending ending) {
  for (const auto& game : games) {
    const std::lock_guard lock(game->mutex);
    game->session.leave(ending);
    record_if_over(*game);
    writer_.forget(game->token);
  }
}

void GameTable::expire_idle() {
  std::unique_lock lock(mutex_);
  const auto idle = take_idle();
  lock.unlock();
  leave_and_record(idle, Ending::hangup);
}

std::vector<StoredGame> GameTable::top(const VariantKey& variant, std::size_t n) const {
  std::error_code ignored;
  // Reading creates nothing: no file yet is no games yet.
  if (!settings_.scores_file || !std::filesystem::exists(*settings_.scores_file, ignored)) return {};
  const ScoreStore store(*settings_.scores_file, StoreAccess::read_only);
  return store.top(variant, n);
}

std::size_t GameTable::abandon_all(Ending ending) {
  std::vector<std::shared_ptr<WebGame>> games;
  {
    const std::lock_guard lock(mutex_);
    for (auto& [token, game] : games_) games.push_back(std::move(game));
    games_.clear();
  }
  std::size_t in_progress = 0;
  for (const auto& game : games) {
    const std::lock_guard lock(game->mutex);
    if (!game->session.over()) ++in_progress;
  }
  leave_and_record(games, ending);
  writer_.flush();
  return in_progress;
}

}  // namespace mm::web
