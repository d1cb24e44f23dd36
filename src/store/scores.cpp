#include "mm/store/scores.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/sqlite/statement.hpp"
#include "scores_transactions.hpp"

// The queries of the scores file: recording games, rankings, a player's figures, settings.
// Opening the file, its checks and its schema are in scores_schema.cpp.

namespace mm {

namespace {

using sqlite::Statement;

// Ranked games: won, unassisted, against a hidden code a human broke, not replayed from an id.
constexpr std::string_view kRankedCondition =
    "outcome = 'won' AND assisted = 0 AND replay = 0 AND mode IN ('play', 'duel')";

constexpr std::string_view kGameColumns =
    "id, player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at, "
    "secret, guess_list, hard, game_id, replay, ending, own_secret, adversary";

// The columns of kGameColumns after the id, as record() and update() bind them (?1 to ?18).
constexpr std::string_view kInsert =
    "INSERT INTO games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, assisted, played_at, "
    "secret, guess_list, hard, game_id, replay, ending, own_secret, adversary) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
    "?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)";
constexpr std::string_view kUpdate =
    "UPDATE games SET player = ?1, mode = ?2, rules = ?3, max_guesses = ?4, alphabet = ?5, outcome = ?6, "
    "guesses = ?7, seconds = ?8, assisted = ?9, played_at = ?10, secret = ?11, guess_list = ?12, hard = ?13, "
    "game_id = ?14, replay = ?15, ending = ?16, own_secret = ?17, adversary = ?18 WHERE id = ?19";

// A game in progress under its key (?19), replacing what was kept under it.
constexpr std::string_view kKeep =
    "INSERT OR REPLACE INTO kept_games (player, mode, rules, max_guesses, alphabet, outcome, guesses, seconds, "
    "assisted, played_at, secret, guess_list, hard, game_id, replay, ending, own_secret, adversary, key) VALUES (?1, "
    "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)";

// A variant's games: ?2 to ?5 hold its rules, guess limit, hard mode and adversary (VariantKey), or
// NULL for every variant.
constexpr std::string_view kVariantCondition =
    "(?2 IS NULL OR (rules = ?2 AND max_guesses = ?3 AND hard = ?4 AND adversary = ?5))";

std::int64_t flag(bool value) { return value ? 1 : 0; }

Statement& bind_record(Statement& statement, const GameRecord& game) {
  return statement.bind(1, game.player)
      .bind(2, mode_name(game.mode))
      .bind(3, game.rules)
      .bind(4, std::int64_t{game.max_guesses})
      .bind(5, game.alphabet)
      .bind(6, outcome_name(game.outcome))
      .bind(7, std::int64_t{game.guesses})
      .bind(8, game.seconds)
      .bind(9, flag(game.assisted))
      .bind(10, game.date)
      .bind(11, game.secret)
      .bind(12, nlohmann::json(game.guess_list).dump())
      .bind(13, flag(game.hard))
      .bind(14, game.game_id)
      .bind(15, flag(game.replay))
      .bind(16, ending_name(game.ending))
      .bind(17, flag(game.own_secret))
      .bind(18, flag(game.adversary));
}

std::int64_t to_limit(std::size_t n) {
  constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(n < kMax ? n : kMax);
}

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

// Binds ?1 to the player and ?2 to ?5 to the variant (kVariantCondition), or to NULL for every
// variant.
void bind_player(Statement& query, std::string_view player, const std::optional<VariantKey>& variant) {
  query.bind(1, player);
  if (variant) {
    query.bind(2, variant->rules)
        .bind(3, std::int64_t{variant->max_guesses})
        .bind(4, flag(variant->hard))
        .bind(5, flag(variant->adversary));
  } else {
    query.bind_null(2).bind_null(3).bind_null(4).bind_null(5);
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
  const auto ending = parse_ending(row.text(16));
  if (!mode || !outcome || !ending)
    throw Error(ExitCode::data, trf("{}: game {} has an unknown mode or outcome", file, game.id));
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
  r.ending = *ending;
  r.own_secret = row.integer(17) != 0;
  r.adversary = row.integer(18) != 0;
  return game;
}

}  // namespace

VariantKey VariantKey::of(const Rules& rules, bool hard, bool adversary) {
  return {rules.spelling(false), rules.max_guesses, hard, adversary};
}

std::int64_t ScoreStore::record(const GameRecord& game) {
  std::int64_t id = 0;
  write_transaction([&] {
    Statement insert(db_, kInsert);
    bind_record(insert, game);
    insert.step();
    id = db_.last_insert_id();
  });
  return id;
}

void ScoreStore::update(std::int64_t id, const GameRecord& game) {
  write_transaction([&] {
    Statement update(db_, kUpdate);
    bind_record(update, game);
    update.bind(19, id).step();
    if (db_.changes() != 1)
      throw Error(ExitCode::cant_create, trf("{}: game {} is not in the file any more", file_.string(), id));
  });
}

void ScoreStore::keep_games(const std::vector<std::pair<std::string, std::optional<GameRecord>>>& changes) {
  record_and_keep({}, changes);
}

std::vector<std::int64_t> ScoreStore::record_and_keep(
    const std::vector<GameRecord>& games,
    const std::vector<std::pair<std::string, std::optional<GameRecord>>>& changes) {
  std::vector<std::int64_t> ids;
  if (games.empty() && changes.empty()) return ids;
  write_transaction([&] {
    // Each statement prepared once for the whole batch (a server keeps hundreds of moves a second).
    if (!games.empty()) {
      Statement insert(db_, kInsert);
      for (const GameRecord& game : games) {
        bind_record(insert, game);
        insert.step();
        insert.reset();
        ids.push_back(db_.last_insert_id());
      }
    }
    if (changes.empty()) return;
    Statement keep(db_, kKeep);
    Statement forget(db_, "DELETE FROM kept_games WHERE key = ?1");
    for (const auto& [key, game] : changes) {
      Statement& statement = game ? keep : forget;
      if (game)
        bind_record(keep, *game).bind(19, key);
      else
        forget.bind(1, key);
      statement.step();
      statement.reset();
    }
  });
  return ids;
}

std::vector<std::pair<std::string, GameRecord>> ScoreStore::kept_games() const {
  std::vector<std::pair<std::string, GameRecord>> out;
  read_transaction([&] {
    Statement query(db_, fmt::format("SELECT {}, key FROM kept_games ORDER BY id", kGameColumns));
    while (query.step()) out.emplace_back(query.text(19), read_game(query, file_.string()).record);
  });
  return out;
}

std::optional<StoredGame> ScoreStore::game(std::int64_t id) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games WHERE id = ?1", kGameColumns));
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  return read_game(query, name);
}

std::optional<StoredGame> ScoreStore::latest_resumable(std::string_view player) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games WHERE player = ?1 AND mode = 'play' AND outcome = 'abandoned' "
                                   "AND ending != 'playing' ORDER BY played_at DESC, id DESC LIMIT 1",
                                   kGameColumns));
  query.bind(1, player);
  if (!query.step()) return std::nullopt;
  return read_game(query, name);
}

bool ScoreStore::claim_for_resuming(std::int64_t id) {
  bool claimed = false;
  write_transaction([&] {
    Statement claim(db_,
                    "UPDATE games SET ending = 'playing' WHERE id = ?1 AND mode = 'play' AND outcome = 'abandoned' "
                    "AND ending != 'playing'");
    claim.bind(1, id).step();
    claimed = db_.changes() == 1;
  });
  return claimed;
}

void ScoreStore::rename_games(const std::vector<std::int64_t>& ids, std::string_view player) {
  write_transaction([&] {
    Statement update(db_, "UPDATE games SET player = ?1 WHERE id = ?2");
    for (const std::int64_t id : ids) {
      update.bind(1, player).bind(2, id).step();
      update.reset();
    }
  });
}

std::vector<StoredGame> ScoreStore::top(const VariantKey& variant, std::size_t n) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?4 AND "
                                   "adversary = ?5 AND {} ORDER BY guesses, seconds, id LIMIT ?3",
                                   kGameColumns, kRankedCondition));
  query.bind(1, variant.rules)
      .bind(2, std::int64_t{variant.max_guesses})
      .bind(3, to_limit(n))
      .bind(4, flag(variant.hard))
      .bind(5, flag(variant.adversary));
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::vector<VariantKey> ScoreStore::ranked_variants() const {
  Statement query(db_, fmt::format("SELECT DISTINCT rules, max_guesses, hard, adversary FROM games WHERE {} "
                                   "ORDER BY rules, max_guesses, hard, adversary",
                                   kRankedCondition));
  std::vector<VariantKey> variants;
  while (query.step())
    variants.push_back(
        {query.text(0), static_cast<int>(query.integer(1)), query.integer(2) != 0, query.integer(3) != 0});
  return variants;
}

std::vector<VariantKey> ScoreStore::played_variants(std::string_view player) const {
  Statement query(db_,
                  "SELECT DISTINCT rules, max_guesses, hard, adversary FROM games WHERE player = ?1 "
                  "AND mode IN ('play', 'duel') ORDER BY rules, max_guesses, hard, adversary");
  query.bind(1, player);
  std::vector<VariantKey> variants;
  while (query.step())
    variants.push_back(
        {query.text(0), static_cast<int>(query.integer(1)), query.integer(2) != 0, query.integer(3) != 0});
  return variants;
}

std::vector<std::pair<VariantKey, PlayerStats>> ScoreStore::player_stats_by_variant(std::string_view player) const {
  std::vector<std::pair<VariantKey, PlayerStats>> out;
  for (VariantKey& key : played_variants(player)) {
    PlayerStats stats = player_stats(player, key);
    out.emplace_back(std::move(key), std::move(stats));
  }
  return out;
}

PlayerStats ScoreStore::player_stats(std::string_view player, const std::optional<VariantKey>& variant) const {
  Statement query(db_,
                  "SELECT COUNT(*), COALESCE(SUM(outcome = 'won'), 0), "
                  "COALESCE(AVG(CASE WHEN outcome = 'won' THEN guesses END), 0) FROM games "
                  "WHERE player = ?1 AND mode IN ('play', 'duel') AND " +
                      std::string(kVariantCondition));
  bind_player(query, player, variant);
  PlayerStats stats;
  stats.player = std::string(player);
  if (query.step()) {
    stats.games = static_cast<std::uint64_t>(query.integer(0));
    stats.wins = static_cast<std::uint64_t>(query.integer(1));
    stats.average_guesses = query.real(2);
  }
  Statement best(db_, fmt::format("SELECT MIN(guesses) FROM games WHERE player = ?1 AND {} AND {}", kRankedCondition,
                                  kVariantCondition));
  bind_player(best, player, variant);
  if (best.step() && !best.is_null(0)) stats.best = static_cast<int>(best.integer(0));
  // Streaks: wins in a row, in the order the games were recorded; any other outcome ends one.
  Statement outcomes(db_,
                     fmt::format("SELECT outcome = 'won' FROM games WHERE player = ?1 AND mode IN ('play', 'duel') "
                                 "AND {} ORDER BY id",
                                 kVariantCondition));
  bind_player(outcomes, player, variant);
  while (outcomes.step()) {
    stats.current_streak = outcomes.integer(0) != 0 ? stats.current_streak + 1 : 0;
    stats.longest_streak = std::max(stats.longest_streak, stats.current_streak);
  }
  return stats;
}

std::optional<Standing> ScoreStore::standing(std::int64_t id) const {
  const std::string name = file_.string();
  Statement game(db_, fmt::format("SELECT {} FROM games WHERE id = ?1", kGameColumns));
  game.bind(1, id);
  if (!game.step()) return std::nullopt;
  const StoredGame stored = read_game(game, name);
  const GameRecord& r = stored.record;
  if (!r.is_ranked()) return std::nullopt;
  // Games ranked before this one in the order of top(); ?5 limits them to one player.
  const std::string before = fmt::format(
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND adversary = ?8 AND {} "
      "AND (guesses < ?4 OR (guesses = ?4 AND (seconds < ?6 OR (seconds = ?6 AND id < ?7)))) "
      "AND (?5 IS NULL OR player = ?5)",
      kRankedCondition);
  const auto count = [&](bool same_player, std::string_view sql) {
    Statement query(db_, sql);
    query.bind(1, r.rules)
        .bind(2, std::int64_t{r.max_guesses})
        .bind(3, std::int64_t{r.hard ? 1 : 0})
        .bind(4, std::int64_t{r.guesses})
        .bind(6, r.seconds)
        .bind(7, id)
        .bind(8, flag(r.adversary));
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
      "SELECT COUNT(*) FROM games WHERE rules = ?1 AND max_guesses = ?2 AND hard = ?3 AND adversary = ?8 AND {} "
      "AND id < ?7 AND player = ?5",
      kRankedCondition);
  standing.first_of_player = count(true, earlier) == 0;
  standing.personal_best = !standing.first_of_player && count(true, before) == 0;
  return standing;
}

std::vector<StoredGame> ScoreStore::games_with_id(std::string_view game_id) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games WHERE game_id = ?1 AND game_id != '' "
                                   "ORDER BY outcome != 'won', CASE WHEN outcome = 'won' THEN guesses END, "
                                   "CASE WHEN outcome = 'won' THEN seconds END, id",
                                   kGameColumns));
  query.bind(1, game_id);
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

std::optional<std::string> ScoreStore::setting(std::string_view key) const {
  Statement query(db_, "SELECT value FROM settings WHERE key = ?1");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void ScoreStore::set_setting(std::string_view key, std::string_view value) {
  write_transaction([&] {
    Statement upsert(db_,
                     "INSERT INTO settings (key, value) VALUES (?1, ?2) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    upsert.bind(1, key).bind(2, value).step();
  });
}

std::vector<StoredGame> ScoreStore::games(std::size_t limit) const {
  const std::string name = file_.string();
  Statement query(db_, fmt::format("SELECT {} FROM games ORDER BY id LIMIT ?1", kGameColumns));
  query.bind(1, to_limit(limit));
  std::vector<StoredGame> games;
  while (query.step()) games.push_back(read_game(query, name));
  return games;
}

}  // namespace mm
