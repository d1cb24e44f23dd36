#include "mm/api/page_texts.hpp"

#include <array>
#include <string_view>

#include "mm/api/play_json.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/variant.hpp"

namespace mm::api {

namespace {

struct PageText {
  std::string_view key;
  const char* text;  // marked with N_, translated when sent
};

// Every word the page shows. `{}` stands for what the page puts in, in order.
constexpr std::array kPageTexts = {
    PageText{"title", N_("Mastermind")},
    PageText{"language", N_("Language")},
    PageText{"name", N_("Your name for the highscores")},
    PageText{"name_note", N_("Without a name the game is not recorded.")},
    PageText{"variant", N_("Variant")},
    PageText{"hard", N_("Hard mode: every guess must fit every answer so far (ranked apart)")},
    PageText{"replay", N_("Game id to play again (optional)")},
    PageText{"new_game", N_("New game")},
    PageText{"board", N_("Board")},
    PageText{"row", N_("Row {}: {}, answered {}")},
    PageText{"row_empty", N_("Row {}: not played yet")},
    PageText{"answer_counts", N_("{} in place and {} misplaced")},
    PageText{"your_guess", N_("Your guess")},
    PageText{"peg", N_("Peg {}: {}")},
    PageText{"peg_empty", N_("Peg {}: empty")},
    PageText{"palette", N_("Colours: click one to place it, or type its symbol")},
    PageText{"symbol", N_("Symbol {}")},
    PageText{"guess", N_("Guess")},
    PageText{"backspace", N_("Take back a peg")},
    PageText{"hint", N_("Hint")},
    PageText{"left", N_("Codes left")},
    PageText{"check", N_("Check")},
    PageText{"undo", N_("Undo")},
    PageText{"quit", N_("Give up")},
    PageText{"keys", N_("Type the symbols and press Enter; Backspace takes one back.")},
    PageText{"guesses_left", N_("Guesses left: {}")},
    PageText{"hint_says", N_("Hint: {} (codes still possible: {}).")},
    PageText{"left_count", N_("Codes still possible: {}.")},
    PageText{"left_list", N_("Still possible: {}")},
    PageText{"undone", N_("Guess {} taken back.")},
    PageText{"assisted", N_("(Helped by hint, left, check or undo, so it does not count for the highscores.)")},
    PageText{"won", N_("You found the secret {} (guesses used: {}).")},
    PageText{"lost", N_("No guesses left. The secret was {}.")},
    PageText{"abandoned", N_("Given up. The secret was {}.")},
    PageText{"game_id", N_("Game id {}: `mastermind play --replay {}` plays the same secret.")},
    PageText{"recorded", N_("Recorded in the highscores.")},
    PageText{"not_recorded", N_("Not recorded: give a name to keep your games.")},
    PageText{"server_gone", N_("The server cannot be reached.")},
    PageText{"highscores", N_("Highscores: {}")},
    PageText{"no_scores", N_("No ranked games yet.")},
    PageText{"col_player", N_("Player")},
    PageText{"col_guesses", N_("Guesses")},
    PageText{"col_seconds", N_("Seconds")},
    PageText{"mode", N_("Game")},
    PageText{"mode_play", N_("You break the computer's code")},
    PageText{"mode_solve", N_("The computer breaks your code")},
    PageText{"mode_watch", N_("The computer plays against itself")},
    PageText{"solve_note", N_("Think of a secret code; the computer guesses and you answer each guess.")},
    PageText{"thinking", N_("Thinking…")},
    PageText{"hint_stopped", N_("Out of time: the computer found no answer within its time limit. The game goes on.")},
    PageText{"my_guess", N_("My guess: {}")},
    PageText{"answer_pegs", N_("Your answer: click a peg once for black (right colour, right place), twice "
                               "for white (right colour, wrong place)")},
    PageText{"answer_peg", N_("Answer peg {}: {}")},
    PageText{"peg_none", N_("none")},
    PageText{"peg_black", N_("black")},
    PageText{"peg_white", N_("white")},
    PageText{"answer", N_("Answer")},
    PageText{"think_again", N_("Think again")},
    PageText{"stopped", N_("Out of time, with no guess that fits: think again, take back an answer or give up.")},
    PageText{"quick", N_("Out of time: a quick guess that fits every answer.")},
    PageText{"contradiction", N_("Wait: no code fits all of these answers, so one of them must be wrong.")},
    PageText{"tell_secret", N_("Tell me your secret and I will show you which answer it was.")},
    PageText{"your_secret", N_("Your secret")},
    PageText{"show_wrong", N_("Show the wrong answers")},
    PageText{"solve_won", N_("I found your code {} (guesses used: {}).")},
    PageText{"solve_lost", N_("I am out of guesses: you win this one.")},
    PageText{"solve_abandoned", N_("Game abandoned.")},
    PageText{"step", N_("Next guess")},
    PageText{"watch_secret", N_("The secret is {}: watch the computer find it ({}).")},
    PageText{"watch_won", N_("The computer found {} (guesses used: {}).")},
    PageText{"watch_lost", N_("The computer ran out of guesses; the secret was {}.")},
    PageText{"mode_duel", N_("Two players take turns at one screen")},
    PageText{"player1", N_("Player 1's name")},
    PageText{"player2", N_("Player 2's name")},
    PageText{"player_n", N_("Player {}")},
    PageText{"duel_set", N_("{}: type a secret code for {} to break (it stays hidden).")},
    PageText{"duel_confirm", N_("{}: type the secret again.")},
    PageText{"duel_break", N_("{}: break the code.")},
    PageText{"duel_secret", N_("Secret code")},
    PageText{"set_secret", N_("Set the secret")},
    PageText{"duel_broken", N_("{} broke {} with {} guesses.")},
    PageText{"duel_unbroken", N_("{} did not break {}.")},
    PageText{"duel_next", N_("Next round")},
    PageText{"duel_tally", N_("Guesses per round: {} {}, {} {}.")},
    PageText{"duel_leader", N_("{} wins the duel.")},
    PageText{"duel_tie", N_("The duel is a draw.")},
    PageText{"mode_netduel", N_("A duel across the network")},
    PageText{"join_code", N_("Code of a duel to join")},
    PageText{"join", N_("Join")},
    PageText{"net_waiting", N_("Give the other player the code {} or the link {}; the duel starts when they join.")},
    PageText{"net_set_secret", N_("Type a secret code for {} to break (it stays hidden).")},
    PageText{"net_wait_secret", N_("Your secret is {}; waiting for {} to set theirs.")},
    PageText{"net_break", N_("Break {}'s code; their moves appear below as they make them.")},
    PageText{"net_wait_them", N_("Done; waiting for {} to finish.")},
    PageText{"net_their_secret", N_("{}'s secret was {}.")},
    PageText{"their_board", N_("The other player's board")},
    PageText{"settings", N_("Settings")},
    PageText{"close", N_("Close")},
    PageText{"rules", N_("Rules")},
    PageText{"rules_text",
             N_("The computer hides a secret code of coloured pegs. Guess it: after each guess a black peg "
                "marks a right colour in the right place, a white peg a right colour in the wrong place (their "
                "order tells nothing). Find the code before your guesses run out.")},
    PageText{"theme", N_("Theme")},
    PageText{"theme_auto", N_("As the system")},
    PageText{"theme_light", N_("Light")},
    PageText{"theme_dark", N_("Dark")},
    PageText{"custom", N_("Custom board")},
    PageText{"pegs", N_("Pegs")},
    PageText{"colors", N_("Colours")},
    PageText{"repeats", N_("Colours may repeat")},
    PageText{"guess_limit", N_("Guesses allowed")},
    PageText{"style", N_("Answer style")},
    PageText{"style_pegs", N_("Black and white pegs")},
    PageText{"style_boxes", N_("Boxes")},
    PageText{"style_bulls", N_("Bulls and cows")},
    PageText{"style_numbers", N_("Numbers")},
    PageText{"server_only", N_("Highscores, ranked games and network duels need `mastermind serve`.")},
    PageText{"no_engine", N_("Neither the server nor the engine in the page can be reached: the game cannot start.")},
    PageText{"stats_title", N_("Statistics")},
    PageText{"stats_games", N_("Games")},
    PageText{"stats_wins", N_("Wins")},
    PageText{"stats_streak", N_("Streak")},
    PageText{"stats_best_streak", N_("Best streak")},
    PageText{"stats_distribution", N_("Guesses per game")},
    PageText{"daily", N_("Daily code")},
    PageText{"daily_done", N_("Today's code is solved; a new one tomorrow.")},
    PageText{"share", N_("Share")},
    PageText{"shared", N_("Copied")},
    PageText{"daily_share", N_("Mastermind {} {}: {}/{}")},
};

}  // namespace

engine::Json page_texts_json() {
  engine::Json texts = engine::Json::object();
  for (const PageText& t : kPageTexts) texts[std::string(t.key)] = tr(t.text);
  return {{"language", current_language()}, {"texts", texts}};
}

engine::Json presets_json() {
  engine::Json list = engine::Json::array();
  for (const Preset& p : presets())
    list.push_back({{"name", p.name}, {"summary", tr(p.summary)}, {"variant", variant_json(preset_variant(p.name))}});
  return {{"presets", list}};
}

}  // namespace mm::api
