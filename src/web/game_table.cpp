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

GameTable::GameTable(TableSettings settings) : settings_(std::move(settings)) {
  if (!settings_.clock) settings_.clock = system_clock();
}

std::optional<std::string> GameTable::add(PlaySession session, std::string player) {
  if (games_.size() >= settings_.max_games) expire_idle();
  if (games_.size() >= settings_.max_games) return std::nullopt;
  std::string token = new_token();
  auto game = std::make_unique<WebGame>(std::move(session));
  game->player = std::move(player);
  game->last_used = settings_.clock->seconds();
  games_.emplace(token, std::move(game));
  return token;
}

WebGame* GameTable::find(const std::string& token) {
  const auto it = games_.find(token);
  if (it == games_.end()) return nullptr;
  it->second->last_used = settings_.clock->seconds();
  return it->second.get();
}

std::optional<std::int64_t> record_game(const TableSettings& settings, const GameRecord& record, std::string& problem) {
  if (!settings.scores_file) return std::nullopt;
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

void GameTable::record_if_over(WebGame& game) {
  if (!game.session.over() || game.stored_id || game.recording || game.player.empty() || !settings_.scores_file) return;
  game.stored_id = record_game(settings_, game.session.record(game.player), game.store_problem);
}

void GameTable::leave_and_record(WebGame& game, Ending ending) {
  game.session.leave(ending);
  record_if_over(game);
}

void GameTable::expire_idle() {
  const double now = settings_.clock->seconds();
  for (auto it = games_.begin(); it != games_.end();) {
    const WebGame& game = *it->second;
    if (!game.busy && !game.recording && now - game.last_used > settings_.idle_seconds) {
      leave_and_record(*it->second, Ending::hangup);
      it = games_.erase(it);
    } else {
      ++it;
    }
  }
}

std::vector<StoredGame> GameTable::top(const VariantKey& variant, std::size_t n) const {
  std::error_code ignored;
  // Reading creates nothing: no file yet is no games yet.
  if (!settings_.scores_file || !std::filesystem::exists(*settings_.scores_file, ignored)) return {};
  const ScoreStore store(*settings_.scores_file, StoreAccess::read_only);
  return store.top(variant, n);
}

std::size_t GameTable::abandon_all(Ending ending) {
  std::size_t in_progress = 0;
  for (auto& [token, game] : games_) {
    if (!game->session.over()) ++in_progress;
    leave_and_record(*game, ending);
  }
  games_.clear();
  return in_progress;
}

}  // namespace mm::web
