#include "mm/ui/scores_screen.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <nlohmann/json.hpp>
#include <span>
#include <vector>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/numbers.hpp"
#include "mm/core/text.hpp"
#include "mm/core/variant.hpp"
#include "mm/ui/board.hpp"
#include "mm/ui/screens.hpp"

namespace mm::ui {

namespace {

constexpr std::size_t kNameColumn = 20;
constexpr std::string_view kEllipsis = "...";
constexpr std::size_t kDateLength = sizeof "YYYY-MM-DD";

std::string date_of(std::int64_t unix_time) {
  const auto t = static_cast<std::time_t>(unix_time);
  std::tm local{};
  if (localtime_r(&t, &local) == nullptr) return "?";
  char text[kDateLength] = {};
  if (std::strftime(text, sizeof text, "%Y-%m-%d", &local) == 0) return "?";
  return text;
}

// Names are shown escaped and cut to the column, so no name can break the table or the terminal;
// cut between characters, never inside one.
std::string shown_name(std::string_view name) {
  std::string shown = escape_control(name);
  if (display_width(shown) <= kNameColumn) return shown;
  std::size_t end = 0;
  for (std::size_t kept = 0; kept < kNameColumn - kEllipsis.size(); ++kept) do
      ++end;
    while (end < shown.size() && (static_cast<unsigned char>(shown[end]) & 0xC0) == 0x80);
  return shown.substr(0, end) + std::string(kEllipsis);
}

enum class Align { left, right };

// Rows laid out in columns as wide as their widest cell, counted in the columns a terminal shows
// (a heading or a name with å lines up), two spaces apart and two in from the edge. Translated
// headings and results ("5 gissningar") may be longer than the English: no fixed width fits all.
std::vector<std::string> table_lines(const std::vector<std::vector<std::string>>& rows, std::span<const Align> align) {
  std::vector<std::size_t> widths(align.size(), 0);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], display_width(row[c]));
  std::vector<std::string> lines;
  for (const auto& row : rows) {
    std::string line = " ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string pad(widths[c] - display_width(row[c]), ' ');
      const bool last = c + 1 == row.size();
      line += ' ';
      line += align[c] == Align::right ? pad + row[c] + ' ' : row[c] + (last ? "" : pad + ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

// An outcome in words for people (outcome_name is the stored, untranslated spelling).
std::string outcome_title(Outcome outcome) {
  switch (outcome) {
    case Outcome::won:
      return trc("outcome", "won");
    case Outcome::lost:
      return trc("outcome", "lost");
    case Outcome::abandoned:
      return trc("outcome", "abandoned");
    case Outcome::contradicted:
      return trc("outcome", "contradicted");
  }
  return std::string(outcome_name(outcome));
}

// The player's history. Said as "under the name", because the name is all the store knows: the
// person at the keyboard may have played under another one. `label` heads the figures: the
// name, or a variant's heading for its own figures.
std::string player_line(const PlayerStats& s, const std::string& label) {
  if (s.games == 0) return trf("No play or duel games recorded under the name {} yet.", label) + "\n";
  const std::string games = trnf("{} game", "{} games", s.games, format_count(s.games));
  std::string out = s.wins == 0 ? trf("{}: {}, none won yet.", label, games)
                                : trf("{}: {}, {} won, {} guesses on average per win.", label, games,
                                      format_count(s.wins), format_decimal(s.average_guesses, 2));
  out += "\n  " +
         trf("best ranked game: {}; winning streak: {} now, {} at longest.",
             s.best ? trnf("{} guess", "{} guesses", static_cast<unsigned>(*s.best), *s.best) : tr("none yet"),
             s.current_streak, s.longest_streak) +
         "\n";
  return out;
}

std::string player_line(const PlayerStats& s) { return player_line(s, shown_name(s.player)); }

// The player's figures in each variant they played (each ranking apart: hard mode and the
// adversary too), when there is more than one.
std::string variant_lines(const std::vector<std::pair<VariantKey, PlayerStats>>& by_variant) {
  if (by_variant.size() < 2) return {};
  std::string out = "\n" + std::string(tr("By variant:")) + "\n";
  for (const auto& [key, stats] : by_variant) {
    const std::string lines = player_line(stats, variant_heading(key));
    // Indented under the heading, each line of the figures.
    for (std::size_t start = 0, end = 0; start < lines.size(); start = end + 1) {
      end = lines.find('\n', start);
      out += "  " + lines.substr(start, end - start + 1);
    }
  }
  return out;
}

nlohmann::json stats_json(const PlayerStats& stats) {
  return {{"games", stats.games},
          {"wins", stats.wins},
          {"average_guesses", stats.average_guesses},
          {"best", stats.best ? nlohmann::json(*stats.best) : nlohmann::json()},
          {"current_streak", stats.current_streak},
          {"longest_streak", stats.longest_streak}};
}

nlohmann::json game_json(std::size_t rank, const StoredGame& g) {
  return {{"rank", rank},
          {"player", g.record.player},
          {"mode", mode_name(g.record.mode)},
          {"guesses", g.record.guesses},
          {"seconds", g.record.seconds},
          {"date", g.record.date},
          {"secret", g.record.secret}};
}

// The games of one id (ScoreStore::games_with_id): who broke that code in how many guesses.
std::string render_replays(std::span<const StoredGame> games) {
  // TRANSLATORS: the column headings of a table of games; short words read best.
  std::vector<std::vector<std::string>> rows{{"#", tr("player"), tr("result"), tr("time"), tr("date")}};
  for (std::size_t i = 0; i < games.size(); ++i) {
    const GameRecord& r = games[i].record;
    const std::string result = r.outcome == Outcome::won
                                   ? trnf("{} guess", "{} guesses", static_cast<unsigned>(r.guesses), r.guesses)
                                   : outcome_title(r.outcome);
    std::string notes;
    if (!r.replay) notes = tr("original");
    if (r.assisted) notes += notes.empty() ? tr("assisted") : tr(", assisted");
    if (!notes.empty()) notes = " (" + notes + ")";
    rows.push_back(
        {std::to_string(i + 1), shown_name(r.player), result, format_duration(r.seconds), date_of(r.date) + notes});
  }
  constexpr std::array kAlign{Align::right, Align::left, Align::right, Align::right, Align::left};
  std::string out;
  for (const std::string& line : table_lines(rows, kAlign)) out += line + '\n';
  return out;
}

int show_replays(Context& context, const std::string& id) {
  Console& con = context.console;
  ScoreStore* store = context.recorder.open_for_reading();
  if (const auto failure = context.recorder.failure()) return static_cast<int>(*failure);
  const auto games = store ? store->games_with_id(id) : std::vector<StoredGame>{};
  if (context.setup.json) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < games.size(); ++i) {
      nlohmann::json game = game_json(i + 1, games[i]);
      game["outcome"] = outcome_name(games[i].record.outcome);
      game["replay"] = games[i].record.replay;
      game["assisted"] = games[i].record.assisted;
      list.push_back(game);
    }
    con.line(
        nlohmann::json{{"game_id", id}, {"games", list}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    return 0;
  }
  con.line(con.style().bold(trf("Games with id {}", id)));
  if (games.empty()) {
    con.line(trf("None recorded here yet: `mastermind play --replay {}` plays it.", id));
    return 0;
  }
  con.print(render_replays(games));
  return 0;
}

}  // namespace

std::string variant_heading(const VariantKey& variant) {
  std::string names;
  for (const Preset& p : presets())
    if (p.rules.spelling() == variant.rules && p.rules.max_guesses == variant.max_guesses)
      names += (names.empty() ? "" : ", ") + std::string(p.name);
  const std::string rules =
      fmt::format("{}, {}", escape_control(variant.rules),
                  trnf("{} guess", "{} guesses", static_cast<unsigned>(variant.max_guesses), variant.max_guesses));
  const std::string heading = names.empty() ? rules : fmt::format("{} ({})", names, rules);
  return heading + (variant.hard ? tr(", hard mode") : "") + (variant.adversary ? tr(", against the adversary") : "");
}

std::string render_top(std::span<const StoredGame> games, const Style& style) {
  if (games.empty())
    return "  " + std::string(tr("No ranked games yet: win a game of play or duel without hints.")) + "\n";
  // TRANSLATORS: the column headings of the highscores; short words read best.
  std::vector<std::vector<std::string>> rows{{"#", tr("player"), trc("column", "guesses"), tr("time"), tr("date")}};
  for (std::size_t i = 0; i < games.size(); ++i) {
    const GameRecord& r = games[i].record;
    rows.push_back({std::to_string(i + 1), shown_name(r.player), std::to_string(r.guesses), format_duration(r.seconds),
                    date_of(r.date)});
  }
  constexpr std::array kAlign{Align::right, Align::left, Align::right, Align::right, Align::left};
  const std::vector<std::string> lines = table_lines(rows, kAlign);
  std::string out = style.bold(lines.front()) + "\n";
  for (std::size_t i = 1; i < lines.size(); ++i) out += lines[i] + '\n';
  return out;
}

int show_scores(Context& context, bool every_variant) {
  Console& con = context.console;
  const GameSetup& setup = context.setup;
  if (setup.replay_list) return show_replays(context, *setup.replay_list);
  const auto file = context.recorder.file();
  ScoreStore* store = context.recorder.open_for_reading();
  if (const auto failure = context.recorder.failure()) return static_cast<int>(*failure);
  // After opening: the store remembers the name of the last player who gave one.
  const std::string player = context.recorder.recording_name();

  std::vector<VariantKey> variants;
  if (store && every_variant) variants = store->ranked_variants();
  if (!every_variant) {
    variants.push_back(VariantKey::of(setup.variant.rules));
    if (setup.hard) variants.push_back(VariantKey::of(setup.variant.rules, true));
  }

  if (setup.json) {
    nlohmann::json out = {{"file", file ? file->string() : ""}, {"variants", nlohmann::json::array()}};
    for (const VariantKey& key : variants) {
      nlohmann::json top = nlohmann::json::array();
      if (store) {
        const auto games = store->top(key, setup.top);
        for (std::size_t i = 0; i < games.size(); ++i) top.push_back(game_json(i + 1, games[i]));
      }
      out["variants"].push_back({{"rules", key.rules},
                                 {"max_guesses", key.max_guesses},
                                 {"hard", key.hard},
                                 {"adversary", key.adversary},
                                 {"top", top}});
    }
    PlayerStats stats;
    stats.player = player;
    if (store) stats = store->player_stats(player);
    out["player"] = stats_json(stats);
    out["player"]["name"] = stats.player;
    nlohmann::json by_variant = nlohmann::json::array();
    if (store)
      for (const auto& [key, each] : store->player_stats_by_variant(player)) {
        nlohmann::json entry = stats_json(each);
        entry["rules"] = key.rules;
        entry["max_guesses"] = key.max_guesses;
        entry["hard"] = key.hard;
        entry["adversary"] = key.adversary;
        by_variant.push_back(std::move(entry));
      }
    out["player"]["variants"] = std::move(by_variant);
    // The JSON library escapes control characters; invalid UTF-8 is replaced rather than thrown.
    con.data(out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    return 0;
  }

  con.line(file ? con.style().bold(tr("Highscores")) + " " + trf("in {}", escape_control(file->string()))
                : con.style().bold(tr("Highscores")));
  if (!store) {
    con.line(tr("No games recorded yet."));
    return 0;
  }
  if (variants.empty()) con.line(tr("No ranked games yet: win a game of play or duel without hints."));
  for (const VariantKey& key : variants) {
    con.line();
    con.line(con.style().note(variant_heading(key)));
    const auto games = store->top(key, setup.top);
    con.print(render_top(games, con.style()));
  }
  con.line();
  if (every_variant) {
    con.print(player_line(store->player_stats(player)));
    con.print(variant_lines(store->player_stats_by_variant(player)));
  } else {
    // The figures of the variant asked for, each ranking apart; one variant is named by the
    // table's heading above.
    for (const VariantKey& key : variants)
      con.print(player_line(store->player_stats(player, key), variants.size() == 1
                                                                  ? shown_name(player)
                                                                  : shown_name(player) + ", " + variant_heading(key)));
  }
  return 0;
}

}  // namespace mm::ui
