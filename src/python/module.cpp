// The Python module `mastermind`: the engine's small public API on Python strings and lists. Every
// answer that the command line gives as JSON comes back as the same content, a dict (the dialect
// of engine/json.hpp, read by Python's json module); codes are strings in the variant's symbols.
// Long calls release the GIL; the engine's errors become Python exceptions with the program's
// words (InputError: ValueError), never a crash of the interpreter.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <signal.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/score.hpp"
#include "mm/core/text.hpp"
#include "mm/core/turn_text.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/candidates.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/json.hpp"
#include "mm/engine/stop.hpp"
#include "mm/engine/threads.hpp"
#include "mm/engine/trees.hpp"

namespace py = pybind11;

namespace mm::python {

namespace {

// A list of codes is for a person or a script to look through: codes() lists boards of up to this
// many codes, candidates() at most this many (past it, a history that narrows the board).
constexpr std::uint64_t kMaxListedCodes = 1'000'000;

// Ctrl-C during a long call. Python's own handler only runs between bytecodes, never while the
// engine works, so for the length of a call made from the main thread (where signals are
// delivered) SIGINT stops that call's run instead (engine/stop.hpp); the engine gives up with
// Cancelled, which reaches Python as KeyboardInterrupt. Python's handler is put back after. Every
// call has a run of its own: a call in another thread goes on, whatever happens to this one.

// The stop source of the main thread's call in progress, for the handler; null between calls.
std::atomic<const StopSource*> g_main_call{nullptr};
static_assert(std::atomic<const StopSource*>::is_always_lock_free, "read by a signal handler");

extern "C" void request_stop(int) {
  if (const StopSource* call = g_main_call.load()) call->request_stop();
}

class InterruptibleCall {
 public:
  // Made with the GIL held, before the call releases it. `threads` as the module's functions
  // take it (0: every core); `memory` the bytes of the call's optimal search (0: the default).
  explicit InterruptibleCall(int threads = 0, std::size_t memory = 0)
      : run_{.stop = stop_.token(),
             .executor = engine::executor_for(threads),
             .memory = memory,
             .data = process_data_source()} {
    const py::module_ threading = py::module_::import("threading");
    if (!threading.attr("current_thread")().is(threading.attr("main_thread")())) return;
    g_main_call.store(&stop_);
    struct sigaction stop {};
    stop.sa_handler = request_stop;
    sigemptyset(&stop.sa_mask);
    installed_ = sigaction(SIGINT, &stop, &previous_) == 0;
    if (!installed_) g_main_call.store(nullptr);
  }
  ~InterruptibleCall() {
    if (!installed_) return;
    sigaction(SIGINT, &previous_, nullptr);
    g_main_call.store(nullptr);
  }
  InterruptibleCall(const InterruptibleCall&) = delete;  // restores the handler once
  InterruptibleCall& operator=(const InterruptibleCall&) = delete;

  // The call's run, for the engine's request.
  const RunContext& run() const noexcept { return run_; }

  // A Ctrl-C that came as the work finished still stops: the caller asked for it.
  void throw_if_stopped() const {
    if (stop_.stop_requested()) throw Cancelled();
  }

 private:
  StopSource stop_;
  RunContext run_;
  bool installed_ = false;
  struct sigaction previous_ {};
};

// The board named by `rules` (a spelling, p4c6r) and/or `preset` (classic, bulls, super, dk), as
// the command line's --preset and --rules; the classic board when neither is given.
Variant variant_of(const std::optional<std::string>& rules, const std::optional<std::string>& preset) {
  VariantOptions options;
  options.preset = preset;
  options.rules = rules;
  return make_variant(options);
}

// A Python object made from the engine's JSON (the same content as the command line's --json).
py::object to_python(const engine::Json& value) {
  return py::module_::import("json").attr("loads")(engine::json_line(value));
}

// One turn: "1122=BW.." as the command line's `next` takes it, or a pair (guess, answer), the
// answer in any style the program reads. An answer no code could give is refused with the reason.
Turn read_turn(const py::handle& item, const Variant& variant) {
  if (py::isinstance<py::str>(item)) return mm::read_turn(item.cast<std::string>(), variant);
  std::pair<std::string, std::string> pair;
  try {
    pair = item.cast<std::pair<std::string, std::string>>();
  } catch (const py::cast_error&) {
    throw py::type_error(fmt::format("a turn is 'GUESS=ANSWER' or a pair (guess, answer) of strings, not {}",
                                     excerpt(py::repr(item).cast<std::string>())));
  }
  return mm::read_turn(pair.first, pair.second, variant);
}

std::vector<Turn> read_history(const py::iterable& history, const Variant& variant) {
  std::vector<Turn> turns;
  for (const py::handle item : history) turns.push_back(read_turn(item, variant));
  return turns;
}

std::optional<StrategyKind> strategy_of(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  return engine::strategy_from_name(*name);
}

SearchMode search_of(const std::string& name) { return parse_search_mode(name); }

std::shared_ptr<const DecisionTree> tree_of(const std::optional<std::string>& path, const Rules& rules) {
  if (!path) return nullptr;
  return engine::read_tree_file(*path, rules);
}

py::dict score(const std::string& secret, const std::string& guess, const std::optional<std::string>& rules,
               const std::optional<std::string>& preset) {
  const Variant variant = variant_of(rules, preset);
  const Feedback f = mm::score(variant.read_named_code(N_("secret"), secret),
                               variant.read_named_code(N_("guess"), guess), variant.rules.feedback);
  return to_python(engine::feedback_json(f));
}

std::vector<std::string> codes(const std::optional<std::string>& rules, const std::optional<std::string>& preset) {
  const Variant variant = variant_of(rules, preset);
  const std::uint64_t count = variant.rules.code_count();
  if (count > kMaxListedCodes)
    throw InputError(fmt::format("{} has {} codes, more than the {} codes() lists; candidates() takes a history",
                                 variant.rules.spelling(), count, kMaxListedCodes));
  std::vector<std::string> out;
  out.reserve(count);
  for (const Code& c : all_codes(variant.rules)) out.push_back(format_code(c, variant.alphabet));
  return out;
}

std::vector<std::string> candidates(const py::iterable& history, const std::optional<std::string>& rules,
                                    const std::optional<std::string>& preset, std::size_t limit) {
  if (limit > kMaxListedCodes)
    throw InputError(fmt::format("limit: at most {} codes are listed, not {}", kMaxListedCodes, limit));
  const Variant variant = variant_of(rules, preset);
  const std::vector<Turn> turns = read_history(history, variant);
  engine::CandidatesResult result;
  {
    const InterruptibleCall interruptible;
    py::gil_scoped_release free;
    result = engine::candidates(variant.rules, turns, limit, interruptible.run());
    interruptible.throw_if_stopped();
  }
  std::vector<std::string> out;
  for (const Code& c : result.codes) out.push_back(format_code(c, variant.alphabet));
  return out;
}

py::object next_guess(const py::iterable& history, const std::optional<std::string>& rules,
                      const std::optional<std::string>& preset, const std::optional<std::string>& strategy,
                      const std::string& search, const std::optional<std::string>& tree, std::uint64_t seed) {
  const Variant variant = variant_of(rules, preset);
  engine::NextRequest request;
  request.rules = variant.rules;
  request.codebreaker = {.strategy = strategy_of(strategy),
                         .search = search_of(search),
                         .tree = tree_of(tree, variant.rules),
                         .seed = seed};
  request.history = read_history(history, variant);
  request.listed = 10;  // as the command line's `next`
  engine::NextResult result;
  {
    const InterruptibleCall interruptible;
    request.run = interruptible.run();
    py::gil_scoped_release free;
    result = engine::next_guess(request);
    interruptible.throw_if_stopped();
  }
  if (result.contradiction) {
    const Turn& t = request.history[*result.contradiction];
    const std::string typed = format_code(t.guess, variant.alphabet) + "=" + variant.show_answer(t.feedback);
    return to_python(engine::Json{{"remaining", 0},
                                  {"contradiction", fmt::format("turn {}: {}", *result.contradiction + 1, typed)}});
  }
  return to_python(engine::next_json(result, variant));
}

struct AnalysisArgs {
  std::optional<std::string> strategy;
  std::optional<std::string> rules;
  std::optional<std::string> preset;
  std::string search;
  std::optional<std::string> tree;
  std::optional<std::uint64_t> sample;
  std::uint64_t seed = 0;
  int threads = 0;
  std::optional<int> max_depth;
  std::optional<double> time_limit;
  std::optional<std::size_t> memory;  // bytes; the optimal search's budget
};

engine::AnalysisRequest analysis_request(const AnalysisArgs& args, const Variant& variant) {
  engine::AnalysisRequest request;
  request.rules = variant.rules;
  std::shared_ptr<const DecisionTree> tree = tree_of(args.tree, variant.rules);
  if (tree && args.strategy) throw InputError(tr("--tree plays the tree's strategy: --strategy does not go with it"));
  request.codebreaker = {.strategy = strategy_of(args.strategy),
                         .search = search_of(args.search),
                         .tree = std::move(tree),
                         .seed = args.seed};
  request.sample = args.sample;
  request.optimal.max_depth = args.max_depth;
  request.optimal.time_limit = args.time_limit;
  return request;
}

py::object evaluate(const AnalysisArgs& args) {
  const Variant variant = variant_of(args.rules, args.preset);
  engine::AnalysisRequest request = analysis_request(args, variant);
  engine::EvaluationResult result;
  {
    const InterruptibleCall interruptible(args.threads, args.memory.value_or(0));
    request.run = interruptible.run();
    py::gil_scoped_release free;
    result = engine::evaluate(request);
    interruptible.throw_if_stopped();
  }
  engine::Json out = engine::evaluation_json(result, variant);
  if (args.tree) out["tree"] = *args.tree;
  return to_python(out);
}

py::object hardest(const AnalysisArgs& args, std::size_t count) {
  const Variant variant = variant_of(args.rules, args.preset);
  engine::AnalysisRequest request = analysis_request(args, variant);
  engine::HardestResult result;
  {
    const InterruptibleCall interruptible(args.threads);
    request.run = interruptible.run();
    py::gil_scoped_release free;
    result = engine::hardest(request, count);
    interruptible.throw_if_stopped();
  }
  engine::Json out = engine::evaluation_json(result.evaluated, variant);
  out["hardest"] = engine::hardest_json(result.hardest, variant);
  return to_python(out);
}

py::object load_tree(const std::string& path, const std::optional<std::string>& rules,
                     const std::optional<std::string>& preset) {
  const Variant variant = variant_of(rules, preset);
  const std::shared_ptr<const DecisionTree> tree = engine::read_tree_file(path, variant.rules);
  return py::module_::import("json").attr("loads")(engine::render_tree(*tree, variant, engine::TreeFormat::json));
}

std::vector<std::string> preset_names() {
  std::vector<std::string> out;
  for (const Preset& p : presets()) out.emplace_back(p.name);
  return out;
}

std::vector<std::string> strategy_names() {
  std::vector<std::string> out;
  for (StrategyKind kind : all_strategies()) out.emplace_back(strategy_name(kind));
  return out;
}

// The engine's errors as Python's: what the user passed is a ValueError, a file that cannot be
// written an OSError, a stopped search a KeyboardInterrupt, anything else a RuntimeError; each
// with the program's one line.
void translate_errors() {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Cancelled& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const Error& e) {
      switch (e.code()) {
        case ExitCode::usage:
        case ExitCode::data:
        case ExitCode::failure:
          PyErr_SetString(PyExc_ValueError, e.what());
          break;
        case ExitCode::cant_create:
        case ExitCode::io_error:
          PyErr_SetString(PyExc_OSError, e.what());
          break;
        default:
          PyErr_SetString(PyExc_RuntimeError, e.what());
      }
    }
  });
}

}  // namespace

}  // namespace mm::python

PYBIND11_MODULE(mastermind, m) {
  using namespace pybind11::literals;
  namespace mp = mm::python;
  m.doc() = "Mastermind and its relatives: scoring, candidates, a strategy's next guess, evaluations.";
  m.attr("__version__") = MM_VERSION;
  mp::translate_errors();
  m.def("presets", &mp::preset_names, "The named variants: classic, bulls, super, dk.");
  m.def("strategies", &mp::strategy_names, "The codebreakers by name: consistent, random, knuth, ...");
  m.def("score", &mp::score, "secret"_a, "guess"_a, py::kw_only(), "rules"_a = py::none(), "preset"_a = py::none(),
        "The answer `secret` gives to `guess`: {'black': ..., 'white': ...}.");
  m.def("codes", &mp::codes, py::kw_only(), "rules"_a = py::none(), "preset"_a = py::none(),
        "Every code of the board, in order (boards of up to a million codes).");
  m.def("candidates", &mp::candidates, "history"_a = py::list(), py::kw_only(), "rules"_a = py::none(),
        "preset"_a = py::none(), "limit"_a = 1000,
        "The codes that would have given every answer so far, in order, at most `limit` (up to a million). A turn is "
        "'1122=BW..' or a pair ('1122', 'BW..'), the answer in any style the program reads.");
  m.def("next_guess", &mp::next_guess, "history"_a = py::list(), py::kw_only(), "rules"_a = py::none(),
        "preset"_a = py::none(), "strategy"_a = py::none(), "search"_a = "auto", "tree"_a = py::none(), "seed"_a = 0,
        "The strategy's next guess after the turns so far, as `mastermind next --json` gives it: guess, "
        "remaining, remaining_exact, solved, strategy, and candidates when at most ten remain; remaining 0 and "
        "contradiction when no code gives every answer.");
  const auto analysis_args = [](std::optional<std::string> strategy, std::optional<std::string> rules,
                                std::optional<std::string> preset, std::string search, std::optional<std::string> tree,
                                std::optional<std::uint64_t> sample, std::uint64_t seed, int threads,
                                std::optional<int> max_depth, std::optional<double> time_limit,
                                std::optional<std::size_t> memory) {
    return mp::AnalysisArgs{std::move(strategy),
                            std::move(rules),
                            std::move(preset),
                            std::move(search),
                            std::move(tree),
                            sample,
                            seed,
                            threads,
                            max_depth,
                            time_limit,
                            memory};
  };
  m.def(
      "evaluate",
      [analysis_args](std::optional<std::string> strategy, std::optional<std::string> rules,
                      std::optional<std::string> preset, std::string search, std::optional<std::string> tree,
                      std::optional<std::uint64_t> sample, std::uint64_t seed, int threads,
                      std::optional<int> max_depth, std::optional<double> time_limit,
                      std::optional<std::size_t> memory) {
        return mp::evaluate(analysis_args(std::move(strategy), std::move(rules), std::move(preset), std::move(search),
                                          std::move(tree), sample, seed, threads, max_depth, time_limit, memory));
      },
      "strategy"_a = py::none(), py::kw_only(), "rules"_a = py::none(), "preset"_a = py::none(), "search"_a = "auto",
      "tree"_a = py::none(), "sample"_a = py::none(), "seed"_a = 0, "threads"_a = 0, "max_depth"_a = py::none(),
      "time_limit"_a = py::none(), "memory"_a = py::none(),
      "The strategy (knuth when None) or decision tree file played against every secret, or `sample` random ones: "
      "the content of `mastermind evaluate --json` (total, average, max, histogram, ...). With the optimal "
      "strategy, `memory` is the bytes its search may take (the command line's --memory; None: a quarter of the "
      "machine's). Each call "
      "is a run of its own: Ctrl-C stops a call of the main thread, never one of another thread.");
  m.def(
      "hardest",
      [analysis_args](std::optional<std::string> strategy, std::size_t count, std::optional<std::string> rules,
                      std::optional<std::string> preset, std::string search, std::optional<std::string> tree,
                      std::optional<std::uint64_t> sample, std::uint64_t seed, int threads) {
        return mp::hardest(
            analysis_args(std::move(strategy), std::move(rules), std::move(preset), std::move(search), std::move(tree),
                          sample, seed, threads, std::nullopt, std::nullopt, std::nullopt),
            count);
      },
      "strategy"_a = py::none(), py::kw_only(), "count"_a = 5, "rules"_a = py::none(), "preset"_a = py::none(),
      "search"_a = "auto", "tree"_a = py::none(), "sample"_a = py::none(), "seed"_a = 0, "threads"_a = 0,
      "The evaluation with the `count` secrets that need most guesses and their games, as `mastermind hardest "
      "--json`.");
  m.def("load_tree", &mp::load_tree, "path"_a, py::kw_only(), "rules"_a = py::none(), "preset"_a = py::none(),
        "A decision tree file (as `mastermind tree` writes it), checked against the board, as a dict.");
}
