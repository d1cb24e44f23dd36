#include "mm/game/solve.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>
#include <utility>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/solver/consistent_codes.hpp"

namespace mm {

namespace {

constexpr std::array kSolveCommands = {Command::help, Command::undo, Command::rules, Command::quit};
// With another program as the codebreaker: no undo, which the protocol cannot carry.
constexpr std::array kExternalSolveCommands = {Command::help, Command::rules, Command::quit};

std::unique_ptr<Strategy> make_codebreaker(const SolveOptions& options) {
  const Rules& rules = options.variant.rules;
  if (resolve_search(options.codebreaker.search, rules) == SearchMode::exact)
    require_exact_board(rules, LargeBoardAdvice::sampled_search);
  if (options.secret && !is_valid(*options.secret, rules))
    throw InputError(tr("the secret is not a code of this game"));
  if (options.external_codebreaker) return options.external_codebreaker(rules);
  return engine::make_codebreaker(rules, options.codebreaker, options.run);
}

}  // namespace

std::vector<WrongAnswer> wrong_answers(const Code& secret, const std::vector<Turn>& board, FeedbackRule rule) {
  std::vector<WrongAnswer> wrong;
  for (std::size_t row = 0; row < board.size(); ++row) {
    const Feedback expected = score(secret, board[row].guess, rule);
    if (expected != board[row].feedback) wrong.push_back({row, board[row].feedback, expected});
  }
  return wrong;
}

SolveSession::SolveSession(SolveOptions options)
    : options_(std::move(options)),
      strategy_(make_codebreaker(options_)),
      life_(options_.clock),
      secret_(options_.secret) {}

SolveSession::~SolveSession() = default;
SolveSession::SolveSession(SolveSession&&) noexcept = default;
SolveSession& SolveSession::operator=(SolveSession&&) noexcept = default;

std::span<const Command> SolveSession::commands() noexcept { return kSolveCommands; }

std::string_view SolveSession::strategy_name() const noexcept { return strategy_->name(); }

const Code& SolveSession::current_guess() const {
  if (!current_) current_ = strategy_->next_guess();
  return *current_;
}

bool SolveSession::quick_guess() {
  if (state() != SolveState::answering) throw std::logic_error("a quick guess needs a guess to be waiting");
  // A seed of its own per turn, so a second quick guess in another game or turn is another code.
  const std::uint64_t seed = options_.codebreaker.seed + static_cast<std::uint64_t>(guesses_used());
  const std::vector<Code> found = ConsistentCodes(options_.variant.rules, board(), options_.run).sample(1, seed);
  if (found.empty()) return false;
  current_ = found.front();
  return true;
}

const std::vector<Turn>& SolveSession::board() const noexcept { return strategy_->history(); }

std::uint64_t SolveSession::remaining() const { return strategy_->remaining(); }

std::vector<Code> SolveSession::candidates(std::size_t limit) const { return strategy_->candidates(limit); }

SolveEvent SolveSession::submit(const SolveMove& move) {
  if (over()) return InvalidInput{tr("the game is over")};
  if (const Feedback* feedback = std::get_if<Feedback>(&move)) return answer(*feedback);
  if (const Code* code = std::get_if<Code>(&move)) return reveal(*code);
  return command(std::get<Command>(move));
}

SolveEvent SolveSession::answer(Feedback feedback) {
  if (state() != SolveState::answering) return InvalidInput{tr("no guess is waiting for an answer")};
  // A typo, not yet a contradiction: no code at all gives this answer to this guess.
  if (auto why = why_impossible(feedback, current_guess(), options_.variant.rules, options_.variant.style))
    return InvalidInput{*why};
  return apply(feedback);
}

SolveEvent SolveSession::auto_answer() {
  if (!options_.secret) throw std::logic_error("auto_answer needs the secret in the options");
  return answer(score(*options_.secret, current_guess(), options_.variant.rules.feedback));
}

SolveEvent SolveSession::command(Command command) {
  switch (command) {
    case Command::help: {
      HelpRequested help = answers_taken_back() ? help_for(commands()) : help_for(kExternalSolveCommands);
      help.assisted_notes = false;  // nothing in solve is ranked
      return help;
    }
    case Command::undo:
      return undo();
    case Command::rules:
      return RulesRequested{};
    case Command::quit:
      life_.leave(Ending::quit);
      return Abandoned{secret_};
    default:
      break;
  }
  return InvalidInput{trf("`{}` is not available here", command_word(command))};
}

// Detection is the moment the candidates run out: no cap on guesses, no loop.
SolveEvent SolveSession::apply(Feedback feedback) {
  const Turn turn{current_guess(), feedback};
  strategy_->observe(turn.guess, turn.feedback);
  const std::uint64_t left = strategy_->remaining();
  if (left == 0) {
    contradiction_ = true;
  } else if (feedback.is_win(options_.variant.rules.pegs)) {
    life_.finish(Outcome::won);
  } else if (guesses_left() <= 0) {
    life_.finish(Outcome::lost);
  } else {
    current_.reset();  // the next guess is worked out when it is asked for
  }
  return AnswerAccepted{turn, left, strategy_->remaining_is_exact()};
}

SolveEvent SolveSession::undo() {
  if (board().empty()) return InvalidInput{tr("there is no answer to take back")};
  const Turn turn = board().back();
  if (!strategy_->undo()) return InvalidInput{tr("this codebreaker cannot take an answer back")};
  current_ = turn.guess;
  contradiction_ = false;
  return Undone{turn};
}

SolveEvent SolveSession::reveal(const Code& code) {
  if (state() != SolveState::contradiction) return InvalidInput{tr("no secret is expected now")};
  if (!is_valid(code, options_.variant.rules)) return InvalidInput{tr("the secret is not a code of this game")};
  LieFound lie{code, wrong_answers(code, board(), options_.variant.rules.feedback)};
  if (lie.wrong.empty())
    return InvalidInput{
        answers_taken_back()
            ? trf("that code fits every answer; type the secret you had in mind, or `{}`", command_word(Command::undo))
            : tr("that code fits every answer; type the secret you had in mind")};
  secret_ = code;
  life_.finish(Outcome::contradicted);
  return lie;
}

SolveState SolveSession::state() const noexcept {
  if (!life_.over()) return contradiction_ ? SolveState::contradiction : SolveState::answering;
  switch (*life_.outcome()) {
    case Outcome::won:
      return SolveState::won;
    case Outcome::lost:
      return SolveState::lost;
    case Outcome::contradicted:
      return SolveState::exposed;
    case Outcome::abandoned:
      break;
  }
  return SolveState::abandoned;
}

GameRecord SolveSession::record(std::string player) const {
  GameRecord r = life_.record(std::move(player), GameMode::solve, options_.variant, board(), secret_);
  // Quitting when no code fits the answers still says the answers were contradictory.
  if (r.outcome == Outcome::abandoned && strategy_->remaining() == 0) {
    r.outcome = Outcome::contradicted;
    r.ending = Ending::none;
  }
  return r;
}

}  // namespace mm
