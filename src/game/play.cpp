#include "mm/game/play.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/game/adversary.hpp"
#include "mm/game/game_id.hpp"
#include "mm/solver/tree_strategy.hpp"
#include "secret.hpp"

namespace mm {

namespace {

constexpr std::array kPlayCommands = {Command::help, Command::hint,  Command::left, Command::check,
                                      Command::undo, Command::rules, Command::quit};

// The assistant works only where the solver does; elsewhere the player is told so and the game
// stays unassisted.
std::optional<InvalidInput> assistant_unavailable(const Rules& rules, SearchMode search) {
  if (rules.solver_can_handle() || resolve_search(search, rules) == SearchMode::sampled) return std::nullopt;
  return InvalidInput{BoardTooLarge(rules, LargeBoardAdvice::sampled_search).what()};
}

}  // namespace

PlaySession::PlaySession(PlayOptions options) : options_(std::move(options)), life_(options_.clock) {
  const Rules& rules = options_.variant.rules;
  if (options_.adversary) adversary_ = std::make_unique<Adversary>(rules, options_.seed);
  secret_ = options_.adversary && !options_.secret ? adversary_->possible().front()
                                                   : detail::choose_secret(rules, options_.secret, options_.seed);
  own_secret_ =
      options_.secret.has_value() && options_.mode == GameMode::play && !options_.replay && !options_.adversary;
  if (options_.resumed) resume(*options_.resumed);
}

// The board as it was left: each guess answered again from the secret (the adversary's too, as
// its secret fits every answer it gave).
void PlaySession::resume(const ResumedGame& game) {
  const Rules& rules = options_.variant.rules;
  if (game.guesses.empty() || static_cast<int>(game.guesses.size()) >= rules.max_guesses)
    throw InputError(tr("that game cannot be taken up: it has no guess left to play"));
  for (const Code& guess : game.guesses) {
    if (!is_valid(guess, rules)) throw InputError(tr("that game cannot be taken up: a guess does not fit its rules"));
    const Turn turn{guess, score(secret_, guess, rules.feedback)};
    if (turn.feedback.is_win(rules.pegs)) throw InputError(tr("that game cannot be taken up: it was won"));
    board_.push_back(turn);
  }
  if (adversary_) adversary_->restart(board_);
  own_secret_ = game.own_secret;
  assisted_ = game.assisted;
  life_.add_earlier_time(game.seconds);
}

PlaySession::~PlaySession() = default;
PlaySession::PlaySession(PlaySession&&) noexcept = default;
PlaySession& PlaySession::operator=(PlaySession&&) noexcept = default;

std::span<const Command> PlaySession::commands() noexcept { return kPlayCommands; }

PlayEvent PlaySession::submit(const PlayMove& move) {
  if (over()) return InvalidInput{tr("the game is over")};
  if (const Code* code = std::get_if<Code>(&move)) return guess(*code);
  const CheckCode* check_move = std::get_if<CheckCode>(&move);
  const Command command = check_move ? Command::check : std::get<Command>(move);
  PlayEvent event = check_move ? check(check_move->code) : run_command(command);
  // The one place where a command marks the game assisted, whatever it is and however it answered.
  if (marks_assisted(command) && !std::holds_alternative<InvalidInput>(event)) assisted_ = true;
  return event;
}

PlayEvent PlaySession::guess(const Code& code) {
  if (!is_valid(code, options_.variant.rules)) return InvalidInput{tr("that is not a code of this game")};
  const auto same = std::find_if(board_.begin(), board_.end(), [&](const Turn& t) { return t.guess == code; });
  if (same != board_.end())
    return InvalidInput{
        trf("{} is already on the board (row {}): it would tell you nothing new, so it "
            "costs no turn",
            format_code(code, options_.variant.alphabet), same - board_.begin() + 1)};
  if (options_.hard) {
    CheckResult fit = check_code(code);
    if (!fit.consistent()) return HardModeRefusal{std::move(fit)};
  }
  const Turn turn{code, adversary_ ? adversary_->answer(code) : score(secret_, code, options_.variant.rules.feedback)};
  board_.push_back(turn);
  // The adversary's secret so far: any code that fits every answer.
  if (adversary_) secret_ = adversary_->possible().front();
  if (assistant_) assistant_->observe(turn.guess, turn.feedback);
  if (turn.feedback.is_win(options_.variant.rules.pegs)) {
    life_.finish(Outcome::won);
  } else if (guesses_left() <= 0) {
    if (adversary_) secret_ = adversary_->reveal();
    life_.finish(Outcome::lost);
  }
  return GuessAccepted{turn, guesses_left()};
}

PlayEvent PlaySession::run_command(Command command) {
  switch (command) {
    case Command::help:
      return help_for(commands());
    case Command::hint:
      return hint();
    case Command::left:
      return codes_left();
    case Command::check: {
      const std::string word = command_word(Command::check);
      return InvalidInput{trf("check what? type `{}` and a code, e.g. `{} 1234`", word, word)};
    }
    case Command::rules:
      return RulesRequested{};
    case Command::quit:
      life_.leave(Ending::quit);
      return Abandoned{secret_};
    case Command::undo:
      return undo();
  }
  return InvalidInput{trf("`{}` is not available here", command_word(command))};
}

PlayEvent PlaySession::hint() {
  if (auto invalid = assistant_unavailable(options_.variant.rules, options_.hint.search)) return *invalid;
  Strategy& strategy = assistant();
  Hint hint{strategy.next_guess(), strategy.remaining(), strategy.remaining_is_exact(), {}};
  if (options_.hint.tree && strategy.name() != tree_strategy_label(*options_.hint.tree))
    hint.instead = std::string(strategy.name());
  // The best split is often a code the board has ruled out, which hard mode would refuse: there the
  // hint is a code that fits every row, and says so.
  if (options_.hard && !is_consistent(hint.guess, board_, options_.variant.rules.feedback)) {
    const std::vector<Code> fitting = strategy.candidates(1);
    if (!fitting.empty()) {
      hint.guess = fitting.front();
      hint.instead = tr("hard mode");
    }
  }
  return hint;
}

PlayEvent PlaySession::codes_left() {
  if (auto invalid = assistant_unavailable(options_.variant.rules, options_.hint.search)) return *invalid;
  Strategy& strategy = assistant();
  CodesLeft left{strategy.remaining(), {}, strategy.remaining_is_exact()};
  if (left.exact && left.count <= options_.left_list_limit)
    left.codes = strategy.candidates(static_cast<std::size_t>(left.count));
  return left;
}

PlayEvent PlaySession::check(const Code& code) const {
  if (!is_valid(code, options_.variant.rules)) return InvalidInput{tr("that is not a code of this game")};
  return check_code(code);
}

CheckResult PlaySession::check_code(const Code& code) const {
  CheckResult result{code, std::nullopt, {}, {}};
  if (auto contradiction = first_contradiction(code, board_, options_.variant.rules.feedback)) {
    result.contradicted_row = contradiction->turn;
    result.would_score = contradiction->expected;
    result.board_shows = board_[contradiction->turn].feedback;
  }
  return result;
}

PlayEvent PlaySession::undo() {
  if (board_.empty()) return InvalidInput{tr("there is no guess to take back")};
  const Turn turn = board_.back();
  board_.pop_back();
  // The assistant is made again from the board the next time it is asked.
  assistant_.reset();
  if (adversary_) adversary_->restart(board_);
  return GuessUndone{turn, guesses_left()};
}

std::string PlaySession::game_id() const {
  const Variant& v = options_.variant;
  GameId id;
  id.rules = v.rules;
  id.secret = secret_;
  id.hard = options_.hard;
  id.style = v.style;
  // A preset's own symbols (Bulls and Cows' digits) travel by its name; the standard ones need
  // none, and any others are the player's own choice.
  if (v.alphabet != Alphabet::standard(v.rules.colors))
    for (const Preset& p : presets())
      if (preset_variant(p.name).alphabet == v.alphabet) id.preset = std::string(p.name);
  return encode_game_id(id);
}

Strategy& PlaySession::assistant() {
  if (!assistant_) {
    // Built aside and kept only once complete: the work may be stopped (run/stop.hpp).
    CodebreakerSettings hint = options_.hint;
    hint.seed = options_.seed;
    std::unique_ptr<Strategy> assistant = engine::make_codebreaker(options_.variant.rules, hint, options_.run);
    for (const Turn& turn : board_) assistant->observe(turn.guess, turn.feedback);
    assistant_ = std::move(assistant);
  }
  return *assistant_;
}

PlayState PlaySession::state() const noexcept {
  switch (life_.outcome().value_or(Outcome::abandoned)) {
    case Outcome::won:
      return PlayState::won;
    case Outcome::lost:
      return PlayState::lost;
    default:
      return over() ? PlayState::abandoned : PlayState::playing;
  }
}

GameRecord PlaySession::record(std::string player) const {
  return with_play_fields(life_.record(std::move(player), options_.mode, options_.variant, board_, secret_));
}

GameRecord PlaySession::snapshot(std::string player) const {
  return with_play_fields(life_.snapshot(std::move(player), options_.mode, options_.variant, board_, secret_));
}

GameRecord PlaySession::with_play_fields(GameRecord r) const {
  r.assisted = !fair();  // the store ranks by this flag alone (GameRecord::is_ranked)
  r.hard = options_.hard;
  r.replay = options_.replay;
  r.own_secret = own_secret_;
  r.adversary = options_.adversary;
  // An adversary's game has no secret to play again.
  if (options_.mode == GameMode::play && !options_.adversary) r.game_id = game_id();
  return r;
}

std::string contradiction_text(const PlaySession& session, const CheckResult& check,
                               const std::function<std::string(Feedback)>& answer_words) {
  const Variant& v = session.variant();
  const std::size_t row = *check.contradicted_row;
  const Turn& turn = session.board()[row];
  return trf("{} cannot be the secret: row {} ({}) would be answered {}, but the board shows {}",
             format_code(check.code, v.alphabet), row + 1, format_code(turn.guess, v.alphabet),
             answer_words(check.would_score), answer_words(check.board_shows));
}

}  // namespace mm
