#include "mm/engine/protocol_engine.hpp"

#include <utility>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/solver/evaluate.hpp"

namespace mm::engine {

using protocol::Answer;
using protocol::GameEnd;
using protocol::GameStart;
using protocol::Guess;
using protocol::Hello;
using protocol::Role;

// A game follows its board's tree where there is one (a walk from node to node: no codes to
// filter), else asks its strategy.
struct ProtocolEngine::Game {
  std::shared_ptr<const DecisionTree> tree;
  std::size_t node = 0;
  std::unique_ptr<Strategy> breaker;
  Alphabet symbols;
  Code last_guess;
};

namespace {

EngineReply problem(std::string why) { return {{}, std::move(why), false}; }

}  // namespace

ProtocolEngine::ProtocolEngine(ProtocolEngineOptions options) : options_(std::move(options)) {}
ProtocolEngine::~ProtocolEngine() = default;

EngineReply ProtocolEngine::handle(std::string_view line) {
  const std::optional<protocol::Board>& board = scorer_board_;
  auto parsed = protocol::parse_to_program(line, board);
  if (auto* bad = std::get_if<protocol::Malformed>(&parsed)) return problem(bad->reason);
  const protocol::ToProgram& message = std::get<protocol::ToProgram>(parsed);
  const bool breaker = options_.role == Role::breaker;
  if (const auto* m = std::get_if<Hello>(&message)) return hello(*m);
  if (std::holds_alternative<protocol::Quit>(message)) return {{}, std::nullopt, true};
  if (breaker) {
    if (const auto* m = std::get_if<GameStart>(&message)) return start(*m);
    if (const auto* m = std::get_if<Answer>(&message)) return answer(*m);
    if (const auto* m = std::get_if<GameEnd>(&message)) {
      games_.erase(m->game);
      return {};
    }
  } else {
    if (const auto* m = std::get_if<protocol::RulesLine>(&message)) {
      scorer_board_ = m->board;
      return {};
    }
    if (const auto* m = std::get_if<protocol::ScoreRequest>(&message)) return score(*m);
  }
  return problem(trf("a {} is not sent '{}'", protocol::role_name(options_.role), line.substr(0, line.find(' '))));
}

EngineReply ProtocolEngine::hello(const Hello& hello) const {
  if (hello.version != protocol::kVersion)
    return {
        {},
        trf("the referee speaks version {} of the protocol, this engine version {}", hello.version, protocol::kVersion),
        true};
  if (hello.role != options_.role)
    return {{},
            trf("the referee wants a {}, this engine is a {}", protocol::role_name(hello.role),
                protocol::role_name(options_.role)),
            true};
  const protocol::Ready ready{options_.role == Role::breaker ? kEngineGamesAtOnce : 1};
  return {{protocol::format(protocol::FromProgram{ready})}, std::nullopt, false};
}

// The strategy's whole tree for the board, built once, where that is quick; null elsewhere.
std::shared_ptr<const DecisionTree> ProtocolEngine::tree_for(const Rules& rules, const CodebreakerSettings& breaker) {
  if (breaker.tree) return breaker.tree;
  const std::string key = rules.spelling(true);
  if (auto found = trees_.find(key); found != trees_.end()) return found->second;
  std::shared_ptr<const DecisionTree> tree;
  const bool quick = resolve_search(breaker.search, rules) == SearchMode::exact &&
                     rules.code_count() <= kEngineTreeMaxCodes &&
                     full_evaluation_feasible(rules, breaker.strategy_kind());
  if (quick) {
    AnalysisRequest request;
    request.rules = rules;
    request.codebreaker = breaker;
    request.run = options_.run;
    tree = std::make_shared<const DecisionTree>(build_tree(request).tree);
  }
  trees_.emplace(key, tree);
  return tree;
}

EngineReply ProtocolEngine::start(const GameStart& start) {
  const Rules& rules = start.board.rules;
  CodebreakerSettings breaker = choose_codebreaker(rules, options_.codebreaker, options_.run);
  auto game = std::make_unique<Game>();
  try {
    game->tree = tree_for(rules, breaker);
    if (!game->tree) {
      breaker.seed += start.game;  // each game draws its own
      game->breaker = make_codebreaker(rules, breaker, options_.run);
    }
  } catch (const Error& e) {
    return problem(e.what());
  }
  game->symbols = start.board.symbols;
  game->last_guess = game->tree ? game->tree->nodes.front().guess : game->breaker->next_guess();
  const Guess guess{start.game, format_code(game->last_guess, game->symbols)};
  games_[start.game] = std::move(game);
  return {{protocol::format(protocol::FromProgram{guess})}, std::nullopt, false};
}

EngineReply ProtocolEngine::answer(const Answer& answer) {
  const auto found = games_.find(answer.id);
  if (found == games_.end()) return problem(trf("no game {} is being played", answer.id));
  Game& game = *found->second;
  bool consistent = false;
  if (game.tree) {
    // A checked tree has a branch for every answer some code still possible gives.
    for (const DecisionTree::Branch& branch : game.tree->nodes[game.node].branches)
      if (branch.answer == answer.feedback) {
        game.node = branch.child;
        consistent = true;
      }
  } else {
    game.breaker->observe(game.last_guess, answer.feedback);
    consistent = game.breaker->remaining() > 0;
  }
  if (!consistent) {
    games_.erase(found);
    return problem(trf("no code gives every answer of game {}: the game is dropped", answer.id));
  }
  game.last_guess = game.tree ? game.tree->nodes[game.node].guess : game.breaker->next_guess();
  const Guess guess{answer.id, format_code(game.last_guess, game.symbols)};
  return {{protocol::format(protocol::FromProgram{guess})}, std::nullopt, false};
}

EngineReply ProtocolEngine::score(const protocol::ScoreRequest& request) const {
  const Answer reply{request.id, mm::score(request.secret, request.guess)};
  return {{protocol::format(protocol::FromProgram{reply})}, std::nullopt, false};
}

}  // namespace mm::engine
