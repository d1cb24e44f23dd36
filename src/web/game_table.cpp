#include "mm/web/game_table.hpp"

#include <fmt/format.h>

#include <random>

#include "mm/core/error.hpp"
#include "mm/store/paths.hpp"
#include "mm/store/scores.hpp"

namespace mm::web {

namespace {

constexpr std::size_t kTokenDigits = 8;  // of each 32-bit draw
constexpr std::size_t kTokenDraws = 4;
constexpr std::size_t kTokenLength = kTokenDigits * kTokenDraws;

}  // namespace

std::string new_token() {
  std::random_device device;
  std::string token;
  for (std::size_t i = 0; i < kTokenDraws; ++i) token += fmt::format("{:08x}", static_cast<std::uint32_t>(device()));
  return token;
}

bool is_token(std::string_view text) noexcept {
  return text.size() == kTokenLength && text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

GameTable::GameTable(TableSettings settings)
    : settings_(std::move(settings)), keeper_(settings_.scores_file, settings_.default_scores_file) {
  if (!settings_.clock) settings_.clock = system_clock();
  for (auto& [token, record] : keeper_.kept()) {
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
      keeper_.forget(token);  // edited by hand, or of another build: not taken up
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

std::optional<std::int64_t> record_game(const TableSettings& settings, const GameRecord& record, std::string& problem) {
  if (!settings.scores_file) return std::nullopt;
  // The process's writers of the file take turns: the first one creates it, and SQLite's busy
  // waits are for other processes.
  static std::mutex writing;
  const std::lock_guard lock(writing);
  try {
    if (settings.default_scores_file) create_data_directory(*settings.scores_file);
    ScoreStore store(*settings.scores_file);
    return store.record(record);
  } catch (const Error& e) {
    // A file that is not ours or is damaged is left untouched (ScoreStore refuses it); the
    // player is told why in the game's answer.
    problem = e.what();
    return std::nullopt;
  }
}

void GameTable::keep(const WebGame& game) {
  if (game.session.over())
    keeper_.forget(game.token);
  else
    keeper_.keep(game.token, game.session.snapshot(game.player));
}

void GameTable::record_if_over(WebGame& game) {
  if (!game.session.over() || game.stored_id || game.recording || game.player.empty() || !settings_.scores_file) return;
  game.stored_id = record_game(settings_, game.session.record(game.player), game.store_problem);
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
    keeper_.forget(game->token);
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
  keeper_.flush();
  return in_progress;
}

}  // namespace mm::web
