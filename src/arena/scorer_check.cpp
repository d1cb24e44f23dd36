#include "mm/arena/scorer_check.hpp"

#include <algorithm>
#include <atomic>
#include <deque>
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

// Requests a program has at once: enough to keep a pipe busy, few enough to time out fairly.
constexpr std::size_t kWindow = 256;
constexpr std::size_t kProgressLabelChars = 30;

struct Request {
  Code secret;
  Code guess;
  std::optional<std::size_t> example;  // index into the result's examples
};

struct Sent {
  Request request;
  Clock::time_point deadline;
  bool answered = false;
};

// The pairs of a check, one after the other: every pair in code order, or random ones.
class PairSource {
 public:
  PairSource(const ScorerCheckOptions& o)
      : rules_(o.variant.rules), count_(rules_.code_count()), random_(o.pairs.has_value()), engine_(o.seed) {
    total_ = random_ ? *o.pairs : count_ * count_;
  }
  std::uint64_t total() const noexcept { return total_; }
  std::optional<Request> next() {
    if (given_ == total_) return std::nullopt;
    CodeIndex s, g;
    if (random_) {
      s = detail::uniform_below(count_, engine_);
      g = detail::uniform_below(count_, engine_);
    } else {
      s = given_ / count_;
      g = given_ % count_;
    }
    ++given_;
    return Request{code_at(s, rules_), code_at(g, rules_), std::nullopt};
  }

 private:
  Rules rules_;
  std::uint64_t count_;
  bool random_;
  std::mt19937_64 engine_;
  std::uint64_t total_ = 0;
  std::uint64_t given_ = 0;
};

class ScorerReferee {
 public:
  explicit ScorerReferee(const ScorerCheckOptions& options)
      : o_(options), board_{options.variant.rules, options.variant.alphabet}, pairs_(options) {
    for (const WorkedExample& example : worked_examples())
      if (auto codes = example_codes(example, o_.variant)) {
        redo_.push_back({codes->first, codes->second, result_.examples.size()});
        result_.examples.push_back({&example, std::nullopt});
      }
    result_.planned = pairs_.total();
  }

  ScorerCheckResult run() {
    const auto started = Clock::now();
    const ProgressScope scope(o_.run.progress, [this] {
      return Progress{.kind = Progress::Kind::pairs,
                      .strategy = excerpt(o_.label, kProgressLabelChars),
                      .rules = o_.variant.rules.spelling(),
                      .done = done_.load(std::memory_order_relaxed),
                      .total = result_.planned};
    });
    while (!signals_.stop_requested()) {
      if (!program_ && !more()) break;
      if (!program_) start();
      std::vector<Program*> programs{program_.get()};
      farewells_.add_programs(programs);
      wait_for_events(programs, signals_, next_deadline());
      const auto now = Clock::now();
      farewells_.tick(now);
      referee(now);
      if (program_ && ready_ && sent_.empty() && !more()) farewells_.dismiss(std::move(program_), now);
    }
    result_.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    result_.interrupted = signals_.stop_requested();
    if (program_) farewells_.stop(std::move(program_), Clock::now());
    while (!farewells_.empty()) {
      std::vector<Program*> programs;
      farewells_.add_programs(programs);
      wait_for_events(programs, signals_, farewells_.next_deadline());
      farewells_.tick(Clock::now());
    }
    return std::move(result_);
  }

 private:
  bool more() const { return !redo_.empty() || given_all_ == false; }

  std::optional<Request> take() {
    if (!redo_.empty()) {
      Request r = redo_.front();
      redo_.pop_front();
      return r;
    }
    std::optional<Request> r = pairs_.next();
    if (!r) given_all_ = true;
    return r;
  }

  std::optional<Clock::time_point> next_deadline() const {
    std::optional<Clock::time_point> first = farewells_.next_deadline();
    const auto consider = [&](Clock::time_point t) {
      if (!first || t < *first) first = t;
    };
    if (program_ && !ready_) consider(ready_deadline_);
    for (const Sent& s : sent_)
      if (!s.answered) {
        consider(s.deadline);
        break;
      }
    if (gone_since_) consider(*gone_since_ + kQuitGrace);
    return first;
  }

  void start() {
    try {
      program_ = std::make_unique<Program>(o_.argv, o_.label);
    } catch (const Error& e) {
      if (!anyone_ready_ || e.code() != ExitCode::unavailable) throw;
      // Started before and not now: the request next in line takes the fault, and the check goes on.
      if (std::optional<Request> r = take()) record_fault(*r, 0, {FaultKind::crash, 0, {}, {}, 0, {}, e.what()});
      return;
    }
    ++result_.programs_started;
    ready_ = false;
    gone_since_.reset();
    first_id_ = next_id_;
    ready_deadline_ = after(Clock::now(), o_.move_time);
    program_->send(protocol::format(protocol::Hello{protocol::kVersion, protocol::Role::scorer}, board_.symbols));
  }

  void fill(Clock::time_point now) {
    while (program_ && ready_ && sent_.size() < kWindow) {
      std::optional<Request> r = take();
      if (!r) return;
      program_->send(protocol::format(protocol::ScoreRequest{next_id_++, r->secret, r->guess}, board_.symbols));
      sent_.push_back({*r, after(now, o_.move_time), false});
    }
  }

  void referee(Clock::time_point now) {
    while (program_) {
      const std::optional<std::string> line = program_->next_line();
      if (!line) break;
      on_line(*line, now);
    }
    if (!program_) return;
    if (const auto& flood = program_->flood())
      return fault(FaultKind::flood, *flood, trf("a line longer than {} bytes", protocol::kMaxLineBytes));
    if (program_->process().poll_exit()) return ended();
    if ((program_->output_closed() || program_->input_closed()) && !gone_since_) gone_since_ = now;
    if (gone_since_ && now >= *gone_since_ + kQuitGrace)
      return fault(FaultKind::early_exit, {}, tr("it closed a pipe and went on running"));
    const bool late = ready_ ? (!sent_.empty() && now >= sent_.front().deadline) : now >= ready_deadline_;
    if (!late) return;
    std::string detail =
        ready_ ? trf("no answer within {} s", o_.move_time) : trf("no 'ready' within {} s", o_.move_time);
    if (!program_->said_anything()) detail += tr(" (nothing came at all: does it flush its output after each line?)");
    fault(FaultKind::timeout, {}, detail);
  }

  void ended() {
    program_->drain();
    for (std::optional<std::string> line; program_ && (line = program_->next_line());) on_line(*line, Clock::now());
    if (!program_) return;
    const ExitInfo how = *program_->process().exit_info();
    if (!ready_ && !anyone_ready_)
      throw Error(ExitCode::unavailable, trf("'{}' ended before it said 'ready': {}", excerpt(o_.label),
                                             last_words(how, program_->last_error_line())));
    if (ready_ && sent_.empty() && !more()) {
      program_.reset();
      return;
    }
    fault(how.clean() ? FaultKind::early_exit : FaultKind::crash, program_->last_error_line(), exit_words(how));
  }

  void on_line(const std::string& line, Clock::time_point now) {
    auto parsed = protocol::parse_from_program(line);
    if (const auto* bad = std::get_if<protocol::Malformed>(&parsed))
      return fault(FaultKind::malformed, shown_line(line), bad->reason);
    const protocol::FromProgram& message = std::get<protocol::FromProgram>(parsed);
    if (std::holds_alternative<protocol::Ready>(message)) {
      if (ready_) return fault(FaultKind::malformed, shown_line(line), tr("a second 'ready'"));
      ready_ = anyone_ready_ = true;
      program_->send(protocol::format(protocol::RulesLine{board_}, board_.symbols));
      return fill(now);
    }
    if (std::holds_alternative<protocol::Guess>(message))
      return fault(FaultKind::malformed, shown_line(line), tr("a scorer sends answers"));
    const auto& answer = std::get<protocol::Answer>(message);
    const std::uint64_t offset = answer.id - first_sent_id();
    if (!ready_ || answer.id < first_sent_id() || offset >= sent_.size() || sent_[offset].answered)
      return fault(FaultKind::malformed, shown_line(line), trf("no request {} is waiting for an answer", answer.id));
    Sent& sent = sent_[offset];
    sent.answered = true;
    compare(sent.request, answer.feedback);
    while (!sent_.empty() && sent_.front().answered) {
      sent_.pop_front();
      ++first_id_;
    }
    fill(now);
  }

  std::uint64_t first_sent_id() const noexcept { return first_id_; }

  void compare(const Request& r, Feedback got) {
    if (r.example) {
      result_.examples[*r.example].got = got;
      return;
    }
    done_.fetch_add(1, std::memory_order_relaxed);
    ++result_.checked;
    const Feedback expected = score(r.secret, r.guess, o_.variant.rules.feedback);
    if (got == expected) {
      ++result_.agreed;
    } else if (result_.mismatches.size() < kShownMismatches) {
      result_.mismatches.push_back({r.secret, r.guess, expected, got});
    }
  }

  // The oldest request not answered takes the fault; the others are asked again of a fresh copy.
  void fault(FaultKind kind, std::string line, std::string detail) {
    std::uint64_t id = 0;
    std::optional<Request> blamed;
    std::deque<Request> again;
    for (std::size_t i = 0; i < sent_.size(); ++i) {
      if (sent_[i].answered) continue;
      if (blamed) {
        again.push_back(sent_[i].request);
      } else {
        blamed = sent_[i].request;
        id = first_id_ + i;
      }
    }
    if (!blamed) blamed = take();
    if (blamed) record_fault(*blamed, id, {kind, 0, {}, {}, 0, std::move(line), std::move(detail)});
    redo_.insert(redo_.begin(), again.begin(), again.end());
    sent_.clear();
    first_id_ = next_id_;
    farewells_.stop(std::move(program_), Clock::now());
  }

  void record_fault(const Request& r, std::uint64_t id, Fault fault) {
    fault.game = id;
    fault.secret = r.secret;
    fault.guess = r.guess;
    if (!r.example) done_.fetch_add(1, std::memory_order_relaxed);
    result_.faults.add(std::move(fault));
  }

  const ScorerCheckOptions& o_;
  protocol::Board board_;
  PairSource pairs_;
  RunSignals signals_;
  OrphanCatcher orphans_;
  std::unique_ptr<Program> program_;
  bool ready_ = false;
  bool anyone_ready_ = false;
  Clock::time_point ready_deadline_;
  std::optional<Clock::time_point> gone_since_;
  std::deque<Request> redo_;  // asked before any new pair: the examples, then requests a fault cut off
  bool given_all_ = false;
  std::deque<Sent> sent_;  // in the order sent; sent_[i] has id first_id_ + i
  std::uint64_t first_id_ = 1;
  std::uint64_t next_id_ = 1;
  Farewells farewells_;
  std::atomic<std::uint64_t> done_{0};
  ScorerCheckResult result_;
};

}  // namespace

std::uint64_t ScorerCheckResult::examples_agreed() const {
  return static_cast<std::uint64_t>(std::count_if(
      examples.begin(), examples.end(), [](const ExampleCheck& c) { return c.got && *c.got == c.example->answer; }));
}

bool ScorerCheckResult::all_agree() const {
  return faults.total() == 0 && examples_agreed() == examples.size() && agreed == checked && checked == planned;
}

ScorerCheckResult check_scorer(const ScorerCheckOptions& options) {
  ScorerReferee referee(options);
  return referee.run();
}

}  // namespace mm::arena
