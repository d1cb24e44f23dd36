#include "mm/api/computer_game.hpp"

#include <algorithm>
#include <string_view>
#include <variant>

#include "mm/api/play_json.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"

namespace mm::api {

namespace {

using engine::Json;

constexpr std::array<std::string_view, 5> kSolveActions = {"answer", "secret", "undo", "quit", "think"};
constexpr std::array kAnswerFields = {Field{"black", FieldType::integer}, Field{"white", FieldType::integer}};
constexpr std::array kCodeFields = {Field{"code", FieldType::string}};

std::string_view solve_state_name(SolveState state) {
  switch (state) {
    case SolveState::answering:
      return "answering";
    case SolveState::contradiction:
      return "contradiction";
    case SolveState::won:
      return "won";
    case SolveState::lost:
      return "lost";
    case SolveState::abandoned:
      return "abandoned";
    case SolveState::exposed:
      return "exposed";
  }
  return "answering";
}

// The rows the real secret shows were answered wrongly, each with its sentence in the player's
// words, as the terminal says it.
Json lie_json(const LieFound& lie, const ComputerGame& game) {
  const Variant& v = game.solve->variant();
  Json wrong = Json::array();
  for (const WrongAnswer& w : lie.wrong) {
    const Turn& turn = game.board.at(w.row);
    wrong.push_back({{"row", w.row + 1},
                     {"guess", format_code(turn.guess, v.alphabet)},
                     {"given", engine::feedback_json(w.given)},
                     {"expected", engine::feedback_json(w.expected)},
                     {"message", trf("Row {} was answered wrongly:", w.row + 1) +
                                     trf(" your secret {} answers the guess {} with {}, not {}.",
                                         format_code(lie.secret, v.alphabet), format_code(turn.guess, v.alphabet),
                                         feedback_counts(w.expected, v.style), feedback_counts(w.given, v.style))}});
  }
  return {{"secret", format_code(lie.secret, v.alphabet)}, {"wrong", wrong}};
}

Json solve_json(const std::string& token, const ComputerGame& game) {
  const SolveSession& s = *game.solve;
  const Variant& v = s.variant();
  const std::string_view state = game.busy ? "thinking" : game.stopped ? "stopped" : solve_state_name(s.state());
  Json out = {{"token", token},
              {"mode", "solve"},
              {"variant", variant_json(v)},
              {"strategy", s.strategy_name()},
              {"state", state},
              {"guesses_left", v.rules.max_guesses - static_cast<int>(game.board.size())},
              {"board", board_json(game.board, v)},
              {"remaining", game.remaining},
              {"remaining_exact", game.remaining_exact}};
  // The guess is the worker's until it is done, and never worked out on a request's thread.
  if (state == "answering" && game.guess_ready) {
    out["guess"] = format_code(s.current_guess(), v.alphabet);
    out["quick"] = game.quick;
  }
  if (game.lie) out["lie"] = lie_json(*game.lie, game);
  if (s.over() && !game.busy) {
    out["recorded"] = game.stored_id ? Json(*game.stored_id) : Json(nullptr);
    if (!game.store_problem.empty()) out["record_problem"] = game.store_problem;
  }
  return out;
}

Json watch_json(const std::string& token, const ComputerGame& game) {
  const WatchSession& w = *game.watch;
  const Variant& v = w.variant();
  const bool won = !game.board.empty() && game.board.back().feedback.is_win(v.rules.pegs);
  const bool over = won || static_cast<int>(game.board.size()) >= v.rules.max_guesses;
  const std::string_view state = game.busy      ? "thinking"
                                 : game.stopped ? "stopped"
                                 : won          ? "won"
                                 : over         ? "lost"
                                                : "ready";
  return {{"token", token},
          {"mode", "watch"},
          {"variant", variant_json(v)},
          {"strategy", w.strategy_name()},
          {"state", state},
          {"secret", format_code(w.secret(), v.alphabet)},
          {"guesses_left", v.rules.max_guesses - static_cast<int>(game.board.size())},
          {"board", board_json(game.board, v)}};
}

}  // namespace

Json computer_game_json(const std::string& token, const ComputerGame& game) {
  return game.solve ? solve_json(token, game) : watch_json(token, game);
}

WatchOptions watch_options_of(const RequestBody& body) {
  WatchOptions options;
  options.variant = variant_of(body);
  if (const auto secret = body.text("secret")) options.secret = options.variant.read_code(*secret);
  return options;
}

bool is_solve_action(std::string_view action) noexcept {
  return std::find(kSolveActions.begin(), kSolveActions.end(), action) != kSolveActions.end();
}

std::span<const Field> solve_action_fields(std::string_view action) noexcept {
  if (action == "answer") return kAnswerFields;
  if (action == "secret") return kCodeFields;
  return {};
}

std::optional<ApiResponse> solve_submit(ComputerGame& game, std::string_view action, const RequestBody& body) {
  SolveSession& session = *game.solve;
  const bool with_answer = action == "answer";
  if (with_answer && (!game.guess_ready || session.state() != SolveState::answering))
    return error_answer(400, tr("there is no guess to answer"));
  const SolveEvent event = [&] {
    if (with_answer) {
      const auto black = body.number("black");
      const auto white = body.number("white");
      if (!black || !white) throw InputError(tr("fields 'black' and 'white' are needed"));
      return session.submit(Feedback{*black, *white});
    }
    if (action == "secret") {
      if (!body.text("code")) throw InputError(tr("field 'code' is missing"));
      return session.submit(session.variant().read_code(*body.text("code")));
    }
    return session.submit(action == "undo" ? Command::undo : Command::quit);
  }();
  if (const auto* invalid = std::get_if<InvalidInput>(&event)) return error_answer(400, invalid->message);
  if (const auto* accepted = std::get_if<AnswerAccepted>(&event)) {
    game.remaining = accepted->remaining;
    game.remaining_exact = accepted->exact;
    game.guess_ready = false;
  }
  if (std::holds_alternative<Undone>(event)) {
    game.guess_ready = true;  // the guess of the row taken back is the current one again
    game.remaining = session.remaining();
    game.remaining_exact = true;
  }
  if (const auto* lie = std::get_if<LieFound>(&event)) game.lie = *lie;
  game.quick = false;
  game.stopped = false;
  game.board = session.board();
  return std::nullopt;
}

}  // namespace mm::api
