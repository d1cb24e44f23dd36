// `mastermind-mpi`: the exact optimal search spread over the processes of an MPI job,
//   mpirun -np N mastermind-mpi evaluate|tree [variant options] [--max-depth D] [--checkpoint FILE]
// Every rank reads the same options; rank 0 hands out the tasks (coordinator.hpp), prints and
// writes files; every rank, rank 0 included, runs tasks (worker.hpp). The answer and the tree are
// those of `mastermind evaluate|tree --strategy optimal`, whatever the number of ranks.

#include <fmt/format.h>
#include <mpi.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <tuple>

#include "anytime_lane.hpp"
#include "coordinator.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/engine/json.hpp"
#include "mm/engine/spread_search.hpp"
#include "mm/engine/stop.hpp"
#include "mm/engine/threads.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/checkpoint.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/evaluation_text.hpp"
#include "mm/frontend/file_output.hpp"
#include "mm/frontend/language_option.hpp"
#include "mm/frontend/optimal_options.hpp"
#include "mm/frontend/options.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/progress_line.hpp"
#include "mm/frontend/requests.hpp"
#include "run_options.hpp"
#include "run_report.hpp"
#include "transport.hpp"
#include "worker.hpp"

namespace mm::cluster {

namespace {

constexpr int kSignalExitBase = 128;  // a shell's status for a process ended by a signal

// The rank a process will have, before MPI_Init: Open MPI's mpirun says it in the environment.
// Options are read before MPI starts, so that a usage error, --help and --version cost no job; only
// rank 0 (or a process started without mpirun) prints them, once for the whole job.
bool speaks_for_the_job() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK"})
    if (const char* rank = std::getenv(name)) return std::strcmp(rank, "0") == 0;
  return true;
}

// What rank 0 says when mpirun ends the job under it (a rank died, or the job was interrupted):
// written from the signal handler, so made beforehand.
char g_ended_line[512];
std::size_t g_ended_length = 0;
// Set once the output is written: a stop after it (during MPI's end) has nothing to go on from.
volatile std::sig_atomic_t g_output_written = 0;

extern "C" void on_ended(int signal) {
  if (g_output_written == 0) {
    [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, g_ended_line, g_ended_length);
  }
  std::_Exit(kSignalExitBase + signal);
}

void say_when_ended(bool checkpoint) {
  const std::string line =
      frontend::error_line(trf("the job ended before the search did (a rank died, or it was stopped){}",
                               checkpoint ? tr("; run it again with the same --checkpoint to go on from the tasks it "
                                               "finished")
                                          : "")) +
      "\n";
  g_ended_length = std::min(line.size(), sizeof g_ended_line);
  std::memcpy(g_ended_line, line.data(), g_ended_length);
  std::signal(SIGTERM, on_ended);
  std::signal(SIGINT, on_ended);
  std::signal(SIGHUP, on_ended);
}

// The ranks on one machine share the half of its memory a single search's memo may take (a
// search past its share forgets and works things out again rather than run the machine out).
int processes_on_this_machine() {
  MPI_Comm machine = MPI_COMM_NULL;
  int here = 1;
  if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine) == MPI_SUCCESS) {
    MPI_Comm_size(machine, &here);
    MPI_Comm_free(&machine);
  }
  return here;
}

// This process's run: -j's threads and its share of the memory (nothing stops it but the job's
// own messages).
RunContext process_run(const RunArgs& args, const frontend::CommonOptions& options) {
  return RunContext{.stop = {}, .executor = options.executor, .memory = args.memory, .data = process_data_source()};
}

// Open MPI opens every messaging layer (pml) it has before it keeps one (ob1 here), and the
// others' start and end cost about 0.2 s per job: a two-rank job on p3c4r took 368 ms before this
// line, 163 ms with it (hyperfine, side by side, 15 runs each; 4 x 7 on two ranks was not slower,
// best of 4 runs 2.55 s against 2.94 s). ob1 is what Debian's Open MPI picks anyway, and a task's
// few small messages need no more. A pml named by the user wins: OMPI_MCA_pml, or mpirun's
// --mca pml X, which reaches each process as OMPI_MCA_pml. (One named only in an mca-params.conf
// file gives way to this, as Open MPI ranks the environment above its files.)
void name_the_messaging_layer() { ::setenv("OMPI_MCA_pml", "ob1", 0); }

// Rank 0's answer, written as `mastermind evaluate|tree --strategy optimal` writes it: the tree,
// and what the search knows of it (proven, or the bounds of a search ended early).
void write_answer(const RunArgs& args, const frontend::CommonOptions& options, const Variant& variant,
                  const DecisionTree& tree, const engine::OptimalFigures& figures, double seconds) {
  if (args.command == "tree") {
    const std::string text = engine::render_tree(tree, variant, engine::parse_tree_format(args.format));
    if (args.output.empty())
      fmt::print("{}", text);
    else
      frontend::write_file(args.output, text, args.force);
    if (const std::string note = frontend::unproven_note(figures); !note.empty())
      frontend::write_error_line(frontend::error_line(note));
    return;
  }
  const engine::EvaluationResult result = engine::spread_evaluation(tree, seconds, figures);
  if (!options.json) {
    fmt::print("{}", frontend::evaluation_text(result, variant));
    return;
  }
  // The ranks' own figures go to stderr (--stats): stdout is `mastermind`'s, key for key.
  fmt::print("{}\n", engine::json_line(engine::evaluation_json(result, variant)));
}

// The lane's request (a time-limited job): `mastermind tree --strategy optimal` with the job's
// limits, ended early by AnytimeLane::stop() when the exact search has the answer first.
engine::AnalysisRequest lane_request(const RunArgs& args, const frontend::CommonOptions& options,
                                     const Variant& variant) {
  engine::AnalysisRequest request = frontend::analysis_request(options, variant);
  request.codebreaker.strategy = StrategyKind::optimal;
  request.optimal = args.limits->optimal;
  request.run.memory = args.memory;
  return request;
}

// What the job answers: the exact tree when its search finished, else the lane's strategy with the
// better of the two lower bounds. Throws Error(failure) when no strategy meets the depth limit.
struct Answer {
  DecisionTree tree;
  engine::OptimalFigures figures;
};

Answer job_answer(ClusterOutcome& outcome, AnytimeLane* lane, const Rules& rules, std::optional<int> max_depth) {
  if (outcome.finished) {
    if (lane) {
      lane->stop();
      try {
        (void)lane->result();
      } catch (const std::exception&) {  // stopped or not, the exact answer stands
      }
    }
    if (!outcome.solvable)
      throw Error(ExitCode::failure, trf("no strategy solves every secret of {} within {} guesses", rules.spelling(),
                                         max_depth.value_or(0)));
    return {std::move(outcome.tree), {true, outcome.optimum, outcome.optimum, engine::SearchEnd::finished}};
  }
  engine::TreeResult found = lane->result();
  engine::OptimalFigures figures = found.optimal.value_or(engine::OptimalFigures{});
  figures.lower_bound = std::min(figures.total, std::max(figures.lower_bound, outcome.lower_bound));
  figures.proven = figures.proven || figures.lower_bound == figures.total;
  return {std::move(found.tree), figures};
}

// Rank 0: the search, then the output. Returns the exit status. A time-limited job runs the
// anytime lane (anytime_lane.hpp) on rank 0 in place of its worker.
int lead(const RunArgs& args, const frontend::CommonOptions& options, const Variant& variant, int ranks) {
  say_when_ended(!args.checkpoint.empty());
  const Rules& rules = variant.rules;
  const bool limited = args.limits->optimal.time_limit.has_value();
  const RunContext run = process_run(args, options);
  std::thread local;
  if (!limited) local = std::thread([&] { run_worker(rules, args.max_depth, kCoordinatorRank, run); });
  const auto join_local = [&] {
    if (local.joinable()) local.join();
  };
  std::unique_ptr<Checkpoint> checkpoint;
  try {
    if (!args.output.empty()) frontend::refuse_taken_output(args.output, args.force);
    if (!args.checkpoint.empty())
      checkpoint = std::make_unique<Checkpoint>(args.checkpoint, checkpoint_header(rules, args));
  } catch (const Error& e) {
    stop_workers(ranks, limited);
    join_local();
    return frontend::report(e.what(), e.code());
  }
  ClusterProgress progress;
  ClusterOutcome outcome;
  const auto started = std::chrono::steady_clock::now();
  std::optional<AnytimeLane> lane;
  if (limited) lane.emplace(lane_request(args, options, variant));
  try {
    std::optional<frontend::ProgressLine> line;
    if (frontend::progress_shown(args.progress))
      line.emplace([&] {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (lane) std::tie(progress.lane_best, progress.lane_lower_bound) = lane->bounds();
        return progress_text(progress, rules, ranks, elapsed);
      });
    if (!limited) {
      outcome = coordinate(rules, args.max_depth, ranks, checkpoint.get(), progress, run);
    } else if (ranks > 1) {
      const auto deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                          std::chrono::duration<double>(*args.limits->optimal.time_limit));
      const EarlyEnd early_end{deadline, [&lane] { return lane->done(); }};
      outcome = coordinate(rules, args.max_depth, ranks, checkpoint.get(), progress, run, &early_end);
    } else {
      outcome.finished = false;  // one rank: the lane alone
    }
  } catch (const Error& e) {
    // Some ranks are in the middle of tasks: the job ends here, the checkpoint keeps what is done.
    frontend::report(e.what(), e.code());
    MPI_Abort(MPI_COMM_WORLD, static_cast<int>(e.code()));
  }
  join_local();
  try {
    const Answer answer = job_answer(outcome, lane ? &*lane : nullptr, rules, args.max_depth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    write_answer(args, options, variant, answer.tree, answer.figures, seconds);
  } catch (const Error& e) {
    return frontend::report(e.what(), e.code());
  }
  if (args.stats) frontend::write_error_line(frontend::error_line(stats_line(outcome, ranks)));
  if (!frontend::stdout_delivered()) return frontend::report(tr("cannot write the output"), ExitCode::io_error);
  g_output_written = 1;
  return 0;
}

int run(int argc, char** argv) {
  frontend::set_errors_said(speaks_for_the_job());
  // Before any text is made: the help below is built in the chosen language.
  frontend::set_language_from(argc, argv);
  frontend::CommonOptions options;
  auto args = std::make_shared<RunArgs>();
  const std::unique_ptr<CLI::App> made = make_app(options, args);
  CLI::App& app = *made;
  std::optional<Variant> variant;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return frontend::parse_failure(app, e);
  }
  variant = check_run_args(*args, options);

  name_the_messaging_layer();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    frontend::report(tr("this MPI library does not let two threads of a process communicate (MPI_THREAD_MULTIPLE)"),
                     ExitCode::software);
    MPI_Abort(MPI_COMM_WORLD, static_cast<int>(ExitCode::software));
  }
  // Errors come back as statuses (transport.cpp turns them into messages) instead of ending the
  // process silently.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  args->memory = engine::memory_per_process(processes_on_this_machine(), args->limits->memory);
  options.executor = engine::executor_for(options.threads);
  int status = 0;
  if (rank == kCoordinatorRank)
    status = lead(*args, options, *variant, ranks);
  else
    run_worker(variant->rules, args->max_depth, rank, process_run(*args, options),
               args->limits->optimal.time_limit.has_value());
  MPI_Finalize();
  return status;
}

}  // namespace

}  // namespace mm::cluster

int main(int argc, char** argv) {
  return mm::frontend::run_program("mastermind-mpi", [&] { return mm::cluster::run(argc, argv); });
}
