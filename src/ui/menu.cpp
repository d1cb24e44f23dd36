#include "mm/ui/menu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/game/duel.hpp"
#include "mm/ui/duel_mode.hpp"
#include "mm/ui/menu_settings.hpp"
#include "mm/ui/play_mode.hpp"
#include "mm/ui/scores_screen.hpp"
#include "mm/ui/screens.hpp"
#include "mm/ui/solve_mode.hpp"
#include "mm/ui/watch_mode.hpp"

namespace mm::ui {

namespace {

struct MenuEntry {
  MenuChoice choice;
  std::string_view key;    // what to type: a digit or q
  std::string_view word;   // also accepted, and its first letter (English)
  std::string_view alias;  // another accepted word, or empty
  const char* text;        // marked for translation
};

constexpr std::array<MenuEntry, 10> kMenu = {{
    // TRANSLATORS: the lines of the main menu. Each starts with the word a player may type for it
    // (the menu's word in your language, translated below with the context "menu"), then a colon.
    {MenuChoice::play, "1", "play", "", N_("play: you break the computer's secret code")},
    {MenuChoice::solve, "2", "solve", "", N_("solve: think of a code, the computer breaks it")},
    {MenuChoice::duel, "3", "duel", "", N_("duel: two players, one makes the code, the other breaks it")},
    {MenuChoice::watch, "4", "watch", "", N_("watch: the computer plays against itself")},
    {MenuChoice::rules, "5", "rules", "", N_("rules: how the game works")},
    {MenuChoice::scores, "6", "highscores", "scores", N_("highscores")},
    {MenuChoice::variant, "7", "variant", "", N_("variant: change the pegs, colours and rules")},
    {MenuChoice::hard, "8", "hard", "", N_("hard mode: every guess must fit the answers so far")},
    {MenuChoice::adversary, "9", "adversary", "", N_("adversary: a codemaker that fights back, fixing no secret")},
    {MenuChoice::quit, "q", "quit", "exit", N_("quit")},
}};
// Every entry but quit has a number.
constexpr std::size_t kNumberedEntries = kMenu.size() - 1;

constexpr const char* kBackToMenuPrompt = N_("Press Enter for the menu. ");

// The letters typed after a game in the player's language; the English a, m and q work too.
struct AfterGameKeys {
  std::string again, menu, quit;
};

AfterGameKeys after_game_keys() {
  // TRANSLATORS: one lower-case letter each, typed after a game for "again", "back to the menu"
  // and "quit" (the first letter of the word in your language). The three must differ, and a
  // letter may be one of the English a, m, q, y, n only where it means the same.
  return {to_lower_ascii(trc("after a game key", "a")), to_lower_ascii(trc("after a game key", "m")),
          to_lower_ascii(trc("after a game key", "q"))};
}

std::string again_prompt() {
  const AfterGameKeys keys = after_game_keys();
  // TRANSLATORS: {0}, {1} and {2} are the letters for again, menu and quit translated above.
  return trf("again ({0}), back to the menu ({1}) or quit ({2})? [{1}] ", keys.again, keys.menu, keys.quit);
}

std::string again_problem() {
  const AfterGameKeys keys = after_game_keys();
  return trf("Type {0} for the same again, {1} for the menu or {2} to quit.", keys.again, keys.menu, keys.quit);
}

Mode mode_of(MenuChoice choice) {
  switch (choice) {
    case MenuChoice::solve:
      return Mode::solve;
    case MenuChoice::duel:
      return Mode::duel;
    case MenuChoice::watch:
      return Mode::watch;
    default:
      return Mode::play;
  }
}

void show_menu(Context& context) {
  Console& con = context.console;
  con.line();
  con.line(con.style().bold(tr("Mastermind")));
  con.line("  " + variant_line(context.setup.variant, con.style()));
  for (const MenuEntry& e : kMenu) {
    std::string text(tr(e.text));
    if (e.choice == MenuChoice::hard) text += context.setup.hard ? tr(" (on)") : tr(" (off)");
    con.line(fmt::format("  {}  {}", con.style().bold(e.key), text));
  }
}

// A preset by number or name, or rules such as p5c8r; the set-up's other choices stay.
void change_variant(Context& context) {
  Console& con = context.console;
  con.line(tr("Variants:"));
  for (std::size_t i = 0; i < presets().size(); ++i)
    con.line(fmt::format("  {}  {:<8} {}", i + 1, presets()[i].name, tr(presets()[i].summary)));
  con.line(tr("Or type rules such as p5c8r (5 pegs, 8 colours, repeats) or p4c10n-g12 (no repeats, 12 guesses)."));
  for (;;) {
    const std::string line = con.ask(tr("variant (Enter keeps the current one)> "));
    if (line.empty()) return;
    VariantOptions options;
    const auto& list = presets();
    std::size_t number = 0;
    if (line.size() == 1 && line[0] >= '1' && static_cast<std::size_t>(line[0] - '0') <= list.size())
      number = static_cast<std::size_t>(line[0] - '0');
    if (number > 0)
      options.preset = std::string(list[number - 1].name);
    else if (std::any_of(list.begin(), list.end(), [&](const Preset& p) { return p.name == to_lower_ascii(line); }))
      options.preset = to_lower_ascii(line);
    else
      options.rules = line;
    try {
      context.setup.variant = make_variant(options);
      context.setup.secret.reset();  // a secret of the old variant would not fit the new one
      con.line(trf("Now playing {}", variant_line(context.setup.variant, con.style())));
      remember_menu_settings(context);
      return;
    } catch (const InputError& e) {
      con.problem(e.what());
    }
  }
}

// A duel from the menu asks for its rounds, as `duel --rounds N` says them; "again" keeps them.
void ask_rounds(Context& context) {
  Console& con = context.console;
  con.line(trf("The roles swap every round; {} rounds let each player break a code.", kDefaultDuelRounds));
  for (;;) {
    const std::string line = con.ask(trf("how many rounds? [{}] ", kDefaultDuelRounds));
    if (const auto rounds = parse_rounds(line)) {
      context.setup.rounds = *rounds;
      return;
    }
    con.problem(trf("'{}' is not a number of rounds: type a whole number from 1 to {}, or Enter for {}.",
                    escape_control(line), kMaxDuelRounds, kDefaultDuelRounds));
  }
}

}  // namespace

const char* menu_word(MenuChoice choice) noexcept {
  switch (choice) {
    // TRANSLATORS: the words typed at the main menu: one lower-case word each, all different,
    // the first word of the menu line above it. The English words (play, solve, duel, watch,
    // rules, highscores, variant, hard, adversary, quit) and their first letters always work too.
    case MenuChoice::play:
      return trc("menu", "play");
    case MenuChoice::solve:
      return trc("menu", "solve");
    case MenuChoice::duel:
      return trc("menu", "duel");
    case MenuChoice::watch:
      return trc("menu", "watch");
    case MenuChoice::rules:
      return trc("menu", "rules");
    case MenuChoice::scores:
      return trc("menu", "highscores");
    case MenuChoice::variant:
      return trc("menu", "variant");
    case MenuChoice::hard:
      return trc("menu", "hard");
    case MenuChoice::adversary:
      return trc("menu", "adversary");
    case MenuChoice::quit:
      return trc("menu", "quit");
  }
  return "";
}

std::optional<int> parse_rounds(std::string_view line) {
  const std::string_view text = trim(line);
  if (text.empty()) return kDefaultDuelRounds;
  const auto rounds = parse_decimal(text);
  if (!rounds || *rounds < 1 || *rounds > static_cast<std::uint64_t>(kMaxDuelRounds)) return std::nullopt;
  return static_cast<int>(*rounds);
}

std::optional<MenuChoice> parse_menu_choice(std::string_view line) {
  const std::string word = to_lower_ascii(trim(line));
  if (word.empty()) return MenuChoice::play;
  for (const MenuEntry& e : kMenu) {
    if (word == e.key || word == e.word || (!e.alias.empty() && word == e.alias)) return e.choice;
    if (word.size() == 1 && word[0] == e.word[0]) return e.choice;
  }
  for (const MenuEntry& e : kMenu)
    if (word == to_lower_ascii(menu_word(e.choice))) return e.choice;
  return std::nullopt;
}

std::optional<AfterGame> parse_after_game(std::string_view line) {
  const std::string word = to_lower_ascii(trim(line));
  // The letters the prompt shows come first: a translation may give an English letter a new use.
  const AfterGameKeys keys = after_game_keys();
  if (word == keys.again) return AfterGame::again;
  if (word == keys.menu) return AfterGame::menu;
  if (word == keys.quit) return AfterGame::quit;
  if (word.empty() || word == "m" || word == "menu") return AfterGame::menu;
  if (word == "a" || word == "again" || word == "y" || word == "yes") return AfterGame::again;
  if (word == "q" || word == "quit" || word == "exit" || word == "n" || word == "no") return AfterGame::quit;
  // TRANSLATORS: words accepted after a game besides the English ones (again, menu, quit, yes,
  // no): one lower-case word each.
  if (word == to_lower_ascii(trc("after a game", "menu"))) return AfterGame::menu;
  if (word == to_lower_ascii(trc("after a game", "again")) || word == to_lower_ascii(trc("after a game", "yes")))
    return AfterGame::again;
  if (word == to_lower_ascii(trc("after a game", "quit")) || word == to_lower_ascii(trc("after a game", "no")))
    return AfterGame::quit;
  return std::nullopt;
}

void run_game(Context& context, Mode mode) {
  switch (mode) {
    case Mode::play:
      play_game(context);
      break;
    case Mode::solve:
      solve_game(context);
      break;
    case Mode::duel:
      duel_match(context);
      break;
    case Mode::watch:
      if (context.setup.games || context.setup.all_games)
        watch_statistics(context);
      else
        watch_game(context);
      break;
    case Mode::scores:
      show_scores(context, !context.setup.variant_given);
      break;
    case Mode::rules:
      context.console.print(rules_text(context.setup.variant, context.console.style()));
      break;
  }
}

void menu_loop(Context& context) {
  Console& con = context.console;
  restore_menu_settings(context);
  // In the variant's own words: Bulls and Cows has digits, not coloured pegs.
  const std::string_view kind = context.setup.variant.symbol_kind();
  con.line(kind == "digit" ? tr("Welcome to Mastermind! Break a secret code of digits in as few guesses as you can.")
           : kind == "symbol"
               ? tr("Welcome to Mastermind! Break a secret code of symbols in as few guesses as you can.")
               : tr("Welcome to Mastermind! Break a secret code of coloured pegs in as few guesses as "
                    "you can."));
  for (;;) {
    show_menu(context);
    const std::string line = con.ask(tr("choose [1]> "));
    const auto choice = parse_menu_choice(line);
    if (!choice) {
      con.problem(trf("'{}' is not on the menu: type a number from 1 to {}, a word such as {}, or q.",
                      escape_control(line), kNumberedEntries, menu_word(MenuChoice::play)));
      continue;
    }
    switch (*choice) {
      case MenuChoice::quit:
        return;
      case MenuChoice::rules:
        con.print(rules_text(context.setup.variant, con.style()));
        // On a terminal the menu would scroll the rules away at once; a script has no one to wait for.
        if (con.interactive()) con.ask(tr(kBackToMenuPrompt));
        continue;
      case MenuChoice::scores:
        show_scores(context, false);
        // As after the rules: the menu would scroll the table away at once.
        if (con.interactive()) con.ask(tr(kBackToMenuPrompt));
        continue;
      case MenuChoice::variant:
        change_variant(context);
        continue;
      case MenuChoice::hard:
        context.setup.hard = !context.setup.hard;
        con.line(context.setup.hard ? tr("Hard mode is on: every guess must fit every answer so far.")
                                    : tr("Hard mode is off."));
        remember_menu_settings(context);
        continue;
      case MenuChoice::duel:
        ask_rounds(context);
        break;
      default:
        break;
    }
    for (;;) {
      try {
        // The adversary is a game of play with the codemaker fighting back.
        context.setup.adversary = *choice == MenuChoice::adversary;
        run_game(context, mode_of(*choice));
      } catch (const Error& e) {
        con.problem(e.what());
        break;
      }
      std::optional<AfterGame> after;
      while (!(after = parse_after_game(con.ask(again_prompt())))) con.problem(again_problem());
      if (*after == AfterGame::quit) return;
      if (*after == AfterGame::menu) break;
    }
  }
}

}  // namespace mm::ui
