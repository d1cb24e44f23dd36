// `mastermind engine`: our codebreaker (or, with --scorer, our scorer) speaking the protocol on
// stdin and stdout (docs/protocol.md), for our arena and anyone else's. The answers come from the
// engine's ProtocolEngine; here they are read and written. Every line that came in one read is
// answered before the answers are written, in one write: a referee that sends many games'
// messages at once gets all the guesses back at once.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>

#include "engine_commands.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/engine/protocol_engine.hpp"
#include "mm/frontend/errors.hpp"
#include "mm/frontend/output_channels.hpp"
#include "mm/frontend/requests.hpp"
#include "mm/frontend/tree_option.hpp"

namespace mm::cli {

namespace {

// Longer lines from a referee are skipped with a word on stderr: no message of the protocol comes near.
constexpr std::size_t kMaxReadLine = 64 * 1024;
constexpr std::size_t kReadChunk = 64 * 1024;

struct EngineArgs {
  bool scorer = false;
};

class EngineLoop {
 public:
  explicit EngineLoop(engine::ProtocolEngineOptions options) : engine_(std::move(options)) {}

  // Until the end of input or `quit`. Throws Error(data) when the engine cannot go on (a hello
  // of another version or role).
  void run() {
    std::string buffer;
    char chunk[kReadChunk];
    bool skipping = false;  // inside a line too long to read
    while (!quit_) {
      const ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      buffer.append(chunk, static_cast<std::size_t>(n));
      std::size_t start = 0;
      for (std::size_t end; !quit_ && (end = buffer.find('\n', start)) != std::string::npos; start = end + 1) {
        if (!skipping) handle(std::string_view(buffer).substr(start, end - start));
        skipping = false;
      }
      buffer.erase(0, start);
      if (buffer.size() > kMaxReadLine) {
        if (!skipping) say(tr("a line too long to be a message was skipped"));
        skipping = true;
        buffer.clear();
      }
      write_out();
    }
    if (!quit_ && !buffer.empty() && !skipping) handle(buffer);
    write_out();
    if (fatal_) throw Error(ExitCode::data, *fatal_);
  }

 private:
  void handle(std::string_view line) {
    ++line_number_;
    engine::EngineReply reply = engine_.handle(line);
    for (const std::string& out : reply.lines) {
      out_ += out;
      out_ += '\n';
    }
    if (reply.quit) {
      quit_ = true;
      fatal_ = reply.problem;
    } else if (reply.problem) {
      say(trf("line {}: {}", line_number_, *reply.problem));
    }
  }

  void say(const std::string& what) { frontend::write_error_line(frontend::error_line(trf("engine: {}", what))); }

  void write_out() {
    if (out_.empty()) return;
    if (std::fwrite(out_.data(), 1, out_.size(), stdout) != out_.size() || std::fflush(stdout) != 0)
      throw Error(ExitCode::io_error, tr("cannot write the output"));
    out_.clear();
  }

  engine::ProtocolEngine engine_;
  std::string out_;
  std::uint64_t line_number_ = 0;
  bool quit_ = false;
  std::optional<std::string> fatal_;
};

int run_engine(const EngineArgs& args, const frontend::CommonOptions& options) {
  const Variant variant = frontend::resolve_variant(options);
  if (variant.rules.black_only())
    throw InputError(tr("the protocol has full black-and-white answers only: leave out --feedback black"));
  const engine::AnalysisRequest request = frontend::analysis_request(options, variant);
  engine::ProtocolEngineOptions engine_options;
  engine_options.role = args.scorer ? engine::protocol::Role::scorer : engine::protocol::Role::breaker;
  engine_options.codebreaker = request.codebreaker;
  engine_options.run = request.run;
  EngineLoop(std::move(engine_options)).run();
  return 0;
}

}  // namespace

void add_engine_protocol_command(CLI::App& app, frontend::CommonOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "engine",
      tr("Our codebreaker (or scorer) for other programs: the protocol of docs/protocol.md on stdin and stdout"));
  auto args = std::make_shared<EngineArgs>();
  cmd->add_flag("--scorer", args->scorer, tr("Score pairs of codes instead of breaking codes"));
  frontend::add_tree_option(*cmd, options);
  cmd->callback([args, &options] { options.exit_status = run_engine(*args, options); });
}

}  // namespace mm::cli
