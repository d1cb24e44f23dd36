#include "mm/arena/breaker_run.hpp"

#include <fmt/format.h>
#include <sys/prctl.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <list>
#include <memory>
#include <random>

#include "exit_words.hpp"
#include "mm/arena/event_loop.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/protocol.hpp"

namespace mm::arena {

namespace protocol = engine::protocol;

namespace {

// The command as the progress line names it.
constexpr std::size_t kProgressLabelChars = 30;

// A game a program is playing; `id` 0 until its `game` line is sent (the program has not said
// `ready` yet).
struct InFlight {
  std::size_t index = 0;  // into the run's secrets
  std::uint64_t id = 0;
  int guesses = 0;
  Clock::time_point deadline;
};

struct Worker {
  std::unique_ptr<Program> program;
  bool ready = false;
  int capacity = 1;
  std::vector<InFlight> games;
  std::optional<Clock::time_point> gone_since;  // its input or output closed while it runs
};

class BreakerReferee {
 public:
  explicit BreakerReferee(const BreakerRunOptions& options)
      : o_(options), board_{options.variant.rules, options.variant.alphabet} {
    for (std::size_t i = 0; i < o_.secrets.size(); ++i) pending_.push_back(i);
    outcomes_.resize(o_.secrets.size());
  }

  BreakerRunResult run() {
    const auto started = Clock::now();
    const ProgressScope scope(o_.run.progress, [this] {
      return Progress{.kind = Progress::Kind::secrets,
                      .strategy = excerpt(o_.label, kProgressLabelChars),
                      .rules = o_.variant.rules.spelling(),
                      .done = done_.load(std::memory_order_relaxed),
                      .total = o_.secrets.size()};
    });
    while (!signals_.stop_requested()) {
      start_workers();
      if (pending_.empty() && workers_.empty()) break;
      wait_for_events(programs(), signals_, next_deadline());
      const auto now = Clock::now();
      farewells_.tick(now);
      for (auto it = workers_.begin(); it != workers_.end();) {
        referee(*it, now);
        // Nothing left for it to play: it is told to quit now, not at the end of the run.
        if (it->program && it->games.empty() && pending_.empty()) farewells_.dismiss(std::move(it->program), now);
        it = it->program ? std::next(it) : workers_.erase(it);
      }
    }
    result_.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    result_.interrupted = signals_.stop_requested();
    see_off();
    for (auto& outcome : outcomes_)
      if (outcome) result_.games.push_back(*outcome);
    std::sort(result_.games.begin(), result_.games.end(),
              [](const GameOutcome& a, const GameOutcome& b) { return a.secret < b.secret; });
    result_.planned = o_.secrets.size();
    return std::move(result_);
  }

 private:
  Code secret_of(const InFlight& game) const { return code_at(o_.secrets[game.index], o_.variant.rules); }

  std::vector<Program*> programs() const {
    std::vector<Program*> out;
    for (const Worker& w : workers_) out.push_back(w.program.get());
    farewells_.add_programs(out);
    return out;
  }

  std::optional<Clock::time_point> next_deadline() const {
    std::optional<Clock::time_point> first = farewells_.next_deadline();
    const auto consider = [&](Clock::time_point t) {
      if (!first || t < *first) first = t;
    };
    for (const Worker& w : workers_) {
      for (const InFlight& g : w.games) consider(g.deadline);
      if (w.gone_since) consider(*w.gone_since + kQuitGrace);
    }
    return first;
  }

  // Each copy starts with a game of its own waiting for its `ready`, so that even a program that
  // never gets that far uses up a game and the run comes to an end.
  void start_workers() {
    while (static_cast<int>(workers_.size()) < o_.jobs && !pending_.empty() && !signals_.stop_requested()) {
      Worker w;
      try {
        w.program = std::make_unique<Program>(o_.argv, o_.label);
      } catch (const Error& e) {
        if (!anyone_ready_ || e.code() != ExitCode::unavailable) throw;
        const std::size_t index = pending_.front();
        pending_.pop_front();
        InFlight game{index, 0, 0, Clock::now()};
        record_fault(game, false, {FaultKind::crash, 0, {}, {}, 0, {}, e.what()});
        continue;
      }
      ++result_.programs_started;
      w.program->send(protocol::format(protocol::Hello{protocol::kVersion, protocol::Role::breaker}, board_.symbols));
      w.games.push_back({pending_.front(), 0, 0, after(Clock::now(), o_.move_time)});
      pending_.pop_front();
      workers_.push_back(std::move(w));
    }
  }

  void referee(Worker& w, Clock::time_point now) {
    while (w.program) {
      const std::optional<std::string> line = w.program->next_line();
      if (!line) break;
      on_line(w, *line, now);
    }
    if (!w.program) return;
    if (const auto& flood = w.program->flood())
      return fault(w, FaultKind::flood, std::nullopt, *flood,
                   trf("a line longer than {} bytes", protocol::kMaxLineBytes));
    ChildProcess& process = w.program->process();
    if (process.poll_exit()) return ended(w);
    if ((w.program->output_closed() || w.program->input_closed()) && !w.gone_since) w.gone_since = now;
    if (w.gone_since && now >= *w.gone_since + kQuitGrace)
      return fault(w, FaultKind::early_exit, std::nullopt, {},
                   w.program->output_closed() ? tr("it closed its output and went on running")
                                              : tr("it closed its input and went on running"));
    check_time(w, now);
  }

  void ended(Worker& w) {
    w.program->drain();
    for (std::optional<std::string> line; w.program && (line = w.program->next_line());)
      on_line(w, *line, Clock::now());
    if (!w.program) return;
    const ExitInfo how = *w.program->process().exit_info();
    if (!w.ready && !anyone_ready_)
      throw Error(ExitCode::unavailable, trf("'{}' ended before it said 'ready': {}", excerpt(o_.label),
                                             last_words(how, w.program->last_error_line())));
    if (w.games.empty()) {
      w.program.reset();
      return;
    }
    fault(w, how.clean() ? FaultKind::early_exit : FaultKind::crash, std::nullopt, w.program->last_error_line(),
          exit_words(how));
  }

  void check_time(Worker& w, Clock::time_point now) {
    const auto late = std::min_element(w.games.begin(), w.games.end(),
                                       [](const InFlight& a, const InFlight& b) { return a.deadline < b.deadline; });
    if (late == w.games.end() || now < late->deadline) return;
    std::string detail =
        w.ready ? trf("no guess within {} s", o_.move_time) : trf("no 'ready' within {} s", o_.move_time);
    if (!w.program->said_anything()) detail += tr(" (nothing came at all: does it flush its output after each line?)");
    fault(w, FaultKind::timeout, late->id, {}, detail);
  }

  void on_line(Worker& w, const std::string& line, Clock::time_point now) {
    auto parsed = protocol::parse_from_program(line);
    if (const auto* bad = std::get_if<protocol::Malformed>(&parsed))
      return fault(w, FaultKind::malformed, std::nullopt, shown_line(line), bad->reason);
    const protocol::FromProgram& message = std::get<protocol::FromProgram>(parsed);
    if (const auto* ready = std::get_if<protocol::Ready>(&message)) {
      if (w.ready) return fault(w, FaultKind::malformed, std::nullopt, shown_line(line), tr("a second 'ready'"));
      w.ready = anyone_ready_ = true;
      w.capacity = ready->games;
      w.games.front().deadline = after(now, o_.move_time);
      send_game(w, w.games.front());
      return fill(w, now);
    }
    if (std::holds_alternative<protocol::Answer>(message))
      return fault(w, FaultKind::malformed, std::nullopt, shown_line(line), tr("a codebreaker sends guesses"));
    const auto& guess = std::get<protocol::Guess>(message);
    if (!w.ready) return fault(w, FaultKind::malformed, std::nullopt, shown_line(line), tr("a guess before 'ready'"));
    const auto game =
        std::find_if(w.games.begin(), w.games.end(), [&](const InFlight& g) { return g.id == guess.game; });
    if (game == w.games.end())
      return fault(w, FaultKind::malformed, std::nullopt, shown_line(line),
                   trf("no game {} is waiting for a guess", guess.game));
    std::string why;
    const std::optional<Code> code = protocol::read_code(guess.code, board_, &why);
    if (!code) return fault(w, FaultKind::invalid_guess, guess.game, shown_line(line), why);
    play(w, game, *code, now);
  }

  void play(Worker& w, std::vector<InFlight>::iterator game, const Code& guess, Clock::time_point now) {
    ++game->guesses;
    const Feedback answer = score(secret_of(*game), guess, o_.variant.rules.feedback);
    const bool won = answer.is_win(o_.variant.rules.pegs);
    if (!won && game->guesses < o_.variant.rules.max_guesses) {
      w.program->send(protocol::format(protocol::Answer{game->id, answer}, board_.symbols));
      game->deadline = after(now, o_.move_time);
      return;
    }
    w.program->send(protocol::format(protocol::GameEnd{game->id, won, game->guesses}, board_.symbols));
    outcomes_[game->index] = GameOutcome{o_.secrets[game->index], game->guesses, won, std::nullopt};
    done_.fetch_add(1, std::memory_order_relaxed);
    w.games.erase(game);
    fill(w, now);
  }

  void send_game(Worker& w, InFlight& game) {
    game.id = next_id_++;
    w.program->send(protocol::format(protocol::GameStart{game.id, board_}, board_.symbols));
  }

  void fill(Worker& w, Clock::time_point now) {
    while (static_cast<int>(w.games.size()) < w.capacity && !pending_.empty()) {
      w.games.push_back({pending_.front(), 0, 0, after(now, o_.move_time)});
      pending_.pop_front();
      send_game(w, w.games.back());
    }
  }

  // Ends game `id` (or, when the fault names none, the one waited on longest) as a fault, stops
  // the program, and puts its other games back to be played from the start by a fresh copy.
  void fault(Worker& w, FaultKind kind, std::optional<std::uint64_t> id, std::string line, std::string detail) {
    auto blamed = w.games.end();
    if (id) blamed = std::find_if(w.games.begin(), w.games.end(), [&](const InFlight& g) { return g.id == *id; });
    if (blamed == w.games.end())
      blamed = std::min_element(w.games.begin(), w.games.end(),
                                [](const InFlight& a, const InFlight& b) { return a.deadline < b.deadline; });
    if (blamed != w.games.end()) {
      record_fault(*blamed, w.ready, {kind, blamed->id, {}, {}, 0, std::move(line), std::move(detail)});
      w.games.erase(blamed);
    }
    for (auto it = w.games.rbegin(); it != w.games.rend(); ++it) pending_.push_front(it->index);
    w.games.clear();
    farewells_.stop(std::move(w.program), Clock::now());
  }

  void record_fault(const InFlight& game, bool ready, Fault fault) {
    fault.secret = secret_of(game);
    fault.turn = ready ? game.guesses + 1 : 0;
    if (!ready) fault.game = 0;
    outcomes_[game.index] = GameOutcome{o_.secrets[game.index], game.guesses, false, fault.kind};
    done_.fetch_add(1, std::memory_order_relaxed);
    result_.faults.add(std::move(fault));
  }

  // The end of the run: programs told to quit (or stopped, after a signal) and waited for.
  void see_off() {
    const auto now = Clock::now();
    for (Worker& w : workers_) {
      if (!w.program) continue;
      if (result_.interrupted)
        farewells_.stop(std::move(w.program), now);
      else
        farewells_.dismiss(std::move(w.program), now);
    }
    workers_.clear();
    while (!farewells_.empty()) {
      // A second Ctrl-C does not hurry this: it takes a second at most.
      wait_for_events(programs(), signals_, farewells_.next_deadline());
      farewells_.tick(Clock::now());
    }
  }

  const BreakerRunOptions& o_;
  protocol::Board board_;
  RunSignals signals_;
  OrphanCatcher orphans_;
  std::deque<std::size_t> pending_;
  std::vector<std::optional<GameOutcome>> outcomes_;
  std::list<Worker> workers_;
  Farewells farewells_;
  std::uint64_t next_id_ = 1;
  bool anyone_ready_ = false;
  std::atomic<std::uint64_t> done_{0};
  BreakerRunResult result_;
};

}  // namespace

BreakerRunResult run_breaker(const BreakerRunOptions& options) {
  // Programs run as the same user could otherwise read the secrets from this process's memory.
  prctl(PR_SET_DUMPABLE, 0);
  BreakerReferee referee(options);
  BreakerRunResult result = referee.run();
  prctl(PR_SET_DUMPABLE, 1);
  return result;
}

int counted_guesses(const GameOutcome& game, const Rules& rules) noexcept {
  return game.won ? game.guesses : rules.max_guesses + 1;
}

engine::EvaluationResult evaluation_of(const BreakerRunResult& run, const Rules& rules, std::string name, bool sampled,
                                       std::uint64_t seed) {
  Evaluation e;
  e.rules = rules;
  e.seed = seed;
  e.seconds = run.seconds;
  for (const GameOutcome& game : run.games) e.add(game.secret, counted_guesses(game, rules));
  return {std::move(e), std::move(name), sampled, std::nullopt, std::nullopt};
}

engine::EvaluationResult as_run_counts(const engine::EvaluationResult& evaluation) {
  const Evaluation& ours = evaluation.evaluation;
  Evaluation e;
  e.strategy = ours.strategy;
  e.search = ours.search;
  e.rules = ours.rules;
  e.seed = ours.seed;
  e.seconds = ours.seconds;
  for (std::size_t i = 0; i < ours.secret_indices.size(); ++i)
    e.add(ours.secret_indices[i], std::min<int>(ours.guesses_needed[i], ours.rules.max_guesses + 1));
  return {std::move(e), evaluation.strategy, evaluation.sampled, evaluation.optimal, evaluation.search};
}

std::vector<CodeIndex> playing_order(std::vector<CodeIndex> secrets, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  for (std::size_t i = secrets.size(); i > 1; --i) std::swap(secrets[i - 1], secrets[detail::uniform_below(i, engine)]);
  return secrets;
}

}  // namespace mm::arena
