#include "mm/store/scores.hpp"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "scores_transactions.hpp"
#include "statement.hpp"

// The queries of the scores file: recording games, rankings, a player's figures, settings.
// Opening the file, its checks and its schema are in scores_schema.cpp.

namespace mm {

namespace {

using detail::Statement;

// Ranked games: won, unassisted, against a hidden code a human broke, not replayed from an id.
constexpr std::string_view kRankedCondition =
    "outcome = 'won' AND assisted = 0 AND replay = 0 AND mode IN ('play', 'duel')";

constexpr std::string_view kGameColumns =
    "id, player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at, "
    "secret, guess_list, hard, game_id, replay";

std::int64_t to_limit(std::size_t n) {
  constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(n < kMax ? n : kMax);
}

std::string encode_guesses(const std::vector<std::string>& guesses) { return nlohmann::json(guesses).dump(); }

// Values a build of ours could not have written mean the file was edited or damaged.
std::vector<std::string> decode_guesses(const std::string& text, std::string_view file) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.is_array())
    throw Error(ExitCode::data, trf("{}: a stored guess list is damaged", file));
  std::vector<std::string> guesses;
  for (const auto& item : json) {
    if (!item.is_string()) throw Error(ExitCode::data, trf("{}: a stored guess list is damaged", file));
    guesses.push_back(item.get<std::string>());
  }
  return guesses;
}

// Binds ?1 to the player and ?2, ?3 to the variant's rules and guess limit, or to NULL for
// every variant.
void bind_player(Statement& query, std::string_view player, const std::optional<VariantKey>& variant) {
  query.bind(1, player);
  if (variant) {
    query.bind(2, variant->rules).bind(3, std::int64_t{variant->max_guesses});
  } else {
    query.bind_null(2).bind_null(3);
  }
}

// Reads a row selected with kGameColumns.
StoredGame read_game(const Statement& row, std::string_view file) {
  StoredGame game;
  game.id = row.integer(0);
  GameRecord& r = game.record;
  r.player = row.text(1);
  const auto mode = parse_mode(row.text(2));
  const auto outcome = parse_outcome(row.text(6));
  if (!mode || !outcome) throw Error(ExitCode::data, trf("{}: game {} has an unknown mode or outcome", file, game.id));
  r.mode = *mode;
  r.rules = row.text(3);
  r.max_guesses = static_cast<int>(row.integer(4));
  r.alphabet = row.text(5);
  r.outcome = *outcome;
  r.guesses = static_cast<int>(row.integer(7));
  r.seconds = row.real(8);
  r.assisted = row.integer(9) != 0;
  r.date = row.integer(10);
  r.secret = row.text(11);
  r.guess_list = decode_guesses(row.text(12), file);
  r.hard = row.integer(13) != 0;
  r.game_id = row.text(14);
  r.replay = row.integer(15) != 0;
  return game;
}

}  // namespace

VariantKey VariantKey::of(const Rules& rules, bool hard) { return {rules.spelling(false), rules.max_guesses, hard}; }

std::int64_t ScoreStore::record(const GameRecord& game) {
  const std::string name = file_.string();
  std::int64_t id = 0;
  write_transaction([&] {
    Statement insert(db_,
                     "INSERT INTO games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, "
                     "assisted, played_at, secret, guess_list, hard, game_id, replay) VALUES (?1, ?2, ?3, ?4, ?5, "
                     "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                     name);
    insert.bind(1, game.player)
        .bind(2, mode_name(game.mode))
        .bind(3, game.rules)
        .bind(4, std::int64_t{game.max_guesses})
        .bind(5, game.alphabet)
        .bind(6, outcome_name(game.outcome))
        .bind(7, std::int64_t{game.guesses})
        .bind(8, game.seconds)
        .bind(9, std::int64_t{game.assisted ? 1 : 0})
        .bind(10, game.date)
        .bind(11, game.secret)
        .bind(12, encode_guesses(game.guess_list))
        .bind(13, std::int64_t{game.hard ? 1 : 0})
        .bind(14, game.game_id)
        .bind(15, std::int64_t{game.replay ? 1 : 0});
    insert.step();
    id = sqlite3_last_insert_rowid(db_);
  });
  return id;
}

void ScoreStore::rename_games(const std::vector<std::int64_t>& ids, std::string_view player) {
  write_transaction([&] {
    Statement update(db_, "UPDATE games SET player = ?1 WHERE id = ?2", file_.string());
    for (const std::int64_t id : ids) {
      update.bind(1, player).bind(2, id).step();
      update.reset();
    }
  });
}

std::vector<StoredGame> ScoreStore::top(const VariantKey& variant, std::size_t n) const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT {} FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?4 AND {} "
                              "ORDER BY guesses, seconds, id LIMIT ?3",
                              kGameColumns, kRankedCondition),
                  name);
  query.bind(1, variant.rules)
      .bind(2, std::int64_t{variant.max_guesses})
      .bind(3, to_limit(n))
      .bind(4, std::int64_t{variant.hard ? 1 : 0});
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::vector<VariantKey> ScoreStore::ranked_variants() const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT DISTINCT rules, max_guesses, hard FROM games WHERE {} "
                              "ORDER BY rules, max_guesses, hard",
                              kRankedCondition),
                  name);
  std::vector<VariantKey> variants;
  while (query.step()) variants.push_back({query.text(0), static_cast<int>(query.integer(1)), query.integer(2) != 0});
  return variants;
}

PlayerStats ScoreStore::player_stats(std::string_view player, const std::optional<VariantKey>& variant) const {
  const std::string name = file_.string();
  Statement query(db_,
                  "SELECT COUNT(*), COALESCE(SUM(outcome = 'won'), 0), "
                  "COALESCE(AVG(CASE WHEN outcome = 'won' THEN guesses END), 0) FROM games "
                  "WHERE player = ?1 AND mode IN ('play', 'duel') "
                  "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3))",
                  name);
  bind_player(query, player, variant);
  PlayerStats stats;
  stats.player = std::string(player);
  if (query.step()) {
    stats.games = static_cast<std::uint64_t>(query.integer(0));
    stats.wins = static_cast<std::uint64_t>(query.integer(1));
    stats.average_guesses = query.real(2);
  }
  Statement best(db_,
                 fmt::format("SELECT MIN(guesses) FROM games WHERE player = ?1 AND {} "
                             "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3))",
                             kRankedCondition),
                 name);
  bind_player(best, player, variant);
  if (best.step() && !best.is_null(0)) stats.best = static_cast<int>(best.integer(0));
  // Streaks: wins in a row, in the order the games were recorded; any other outcome ends one.
  Statement outcomes(db_,
                     "SELECT outcome = 'won' FROM games WHERE player = ?1 AND mode IN ('play', 'duel') "
                     "AND (?2 IS NULL OR (rules = ?2 AND max_guesses = ?3)) ORDER BY id",
                     name);
  bind_player(outcomes, player, variant);
  while (outcomes.step()) {
    stats.current_streak = outcomes.integer(0) != 0 ? stats.current_streak + 1 : 0;
    stats.longest_streak = std::max(stats.longest_streak, stats.current_streak);
  }
  return stats;
}

std::optional<Standing> ScoreStore::standing(std::int64_t id) const {
  const std::string name = file_.string();
  Statement game(db_, fmt::format("SELECT {} FROM games WHERE id = ?1", kGameColumns), name);
  game.bind(1, id);
  if (!game.step()) return std::nullopt;
  const StoredGame stored = read_game(game, name);
  const GameRecord& r = stored.record;
  if (!r.is_ranked()) return std::nullopt;
  // Games ranked before this one in the order of top(); ?5 limits them to one player.
  const std::string before = fmt::format(
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND {} "
      "AND (guesses < ?4 OR (guesses = ?4 AND (seconds < ?6 OR (seconds = ?6 AND id < ?7)))) "
      "AND (?5 IS NULL OR player = ?5)",
      kRankedCondition);
  const auto count = [&](bool same_player, std::string_view sql) {
    Statement query(db_, sql, name);
    query.bind(1, r.rules)
        .bind(2, std::int64_t{r.max_guesses})
        .bind(3, std::int64_t{r.hard ? 1 : 0})
        .bind(4, std::int64_t{r.guesses})
        .bind(6, r.seconds)
        .bind(7, id);
    if (same_player)
      query.bind(5, r.player);
    else
      query.bind_null(5);
    query.step();
    return query.integer(0);
  };
  Standing standing;
  standing.place = static_cast<std::size_t>(count(false, before)) + 1;
  const std::string earlier = fmt::format(
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND {} "
      "AND id < ?7 AND player = ?5",
      kRankedCondition);
  standing.first_of_player = count(true, earlier) == 0;
  standing.personal_best = !standing.first_of_player && count(true, before) == 0;
  return standing;
}

std::vector<StoredGame> ScoreStore::games_with_id(std::string_view game_id) const {
  const std::string name = file_.string();
  Statement query(db_,
                  fmt::format("SELECT {} FROM games WHERE game_id = ?1 AND game_id != '' "
                              "ORDER BY outcome != 'won', CASE WHEN outcome = 'won' THEN guesses END, "
                              "CASE WHEN outcome = 'won' THEN seconds END, id",
                              kGameColumns),
                  name);
  query.bind(1, game_id);
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::optional<std::string> ScoreStore::setting(std::string_view key) const {
  Statement query(db_, "SELECT value FROM settings WHERE key = ?1", file_.string());
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void ScoreStore::set_setting(std::string_view key, std::string_view value) {
  write_transaction([&] {
    Statement upsert(db_,
                     "INSERT INTO settings (key, value) VALUES (?1, ?2) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     file_.string());
    upsert.bind(1, key).bind(2, value).step();
  });
}

std::vector<StoredGame> ScoreStore::games(std::size_t limit) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games ORDER BY id LIMIT ?1", kGameColumns), name);
  query.bind(1, to_limit(limit));
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

}  // namespace mm
