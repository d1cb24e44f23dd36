#include "mm/frontend/errors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <vector>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/output_channels.hpp"

namespace mm::frontend {

namespace {

// An error line is cut after this many characters of reason: one line, whatever was typed.
constexpr std::size_t kMaxReasonChars = 240;

// A name more letters away than this is not a typo of it.
constexpr std::size_t kMaxTypo = 2;

constexpr const char* kLostOutput = N_("cannot write the output");

std::string& name_storage() {
  static std::string name = "mastermind";
  return name;
}

bool errors_said = true;

// CLI11 starts its messages with a capital, ours do not; one voice reads better.
std::string lower_first(std::string text) {
  if (text.size() > 1 && text[0] >= 'A' && text[0] <= 'Z' && text[1] >= 'a' && text[1] <= 'z')
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

// CLI11's reason in our voice. It echoes arguments whole and unquoted (`the following argument was
// not expected: <a pasted megabyte>`), so every word is cut as our own messages cut what they
// echo; error_line cuts the line.
std::string cli11_reason(const CLI::Error& e) {
  const std::string what = e.what();
  // Two options that cannot go together, and a value left out: said in our words (CLI11 writes
  // "--secret excludes --replay" and "GUESS is required").
  constexpr std::string_view kExcludes = " excludes ";
  constexpr std::string_view kRequired = " is required";
  if (dynamic_cast<const CLI::ExcludesError*>(&e) != nullptr) {
    if (const std::size_t at = what.find(kExcludes); at != std::string::npos)
      return trf("{} and {} cannot be given together", excerpt(what.substr(0, at)),
                 excerpt(what.substr(at + kExcludes.size())));
  }
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && what.ends_with(kRequired) &&
      what.find(' ') == what.size() - kRequired.size())
    return trf("{} is missing: see --help", excerpt(what.substr(0, what.size() - kRequired.size())));
  const std::string text = lower_first(what);
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t stop = std::min(text.find_first_of(" \n", start), text.size());
    out += excerpt(std::string_view(text).substr(start, stop - start));
    if (stop < text.size()) out += text[stop];
    start = stop + 1;
  }
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// An exception that escaped the run: when a write had failed before it, the write is what went
// wrong (fmt reports a failed write by throwing), not the program.
int escaped(const char* what) noexcept {
  if (output_failed())
    return std::ferror(stdout) != 0 ? report(tr(kLostOutput), ExitCode::io_error)
                                    : static_cast<int>(ExitCode::io_error);
  try {
    return report(trf("internal error: {}", what), ExitCode::software);
  } catch (...) {
    return report(tr("internal error"), ExitCode::software);
  }
}

}  // namespace

void set_program_name(std::string_view name) { name_storage() = std::string(name); }

const std::string& program_name() noexcept { return name_storage(); }

void set_errors_said(bool said) noexcept { errors_said = said; }

std::string error_line(std::string_view reason) {
  // CLI11 sometimes spreads a message over lines; keep every line but join them.
  std::string joined;
  while (!reason.empty()) {
    const std::size_t end = reason.find('\n');
    const std::string_view line = trim(reason.substr(0, end));
    if (!line.empty()) joined += (joined.empty() ? "" : "; ") + std::string(line);
    if (end == std::string_view::npos) break;
    reason.remove_prefix(end + 1);
  }
  return program_name() + ": " + excerpt(joined, kMaxReasonChars);
}

std::string notice_with_command(std::string_view reason, std::string_view command, int columns) {
  // Indented, the command stands apart from the prose; a shell ignores the spaces when pasted.
  constexpr std::string_view kCommandIndent = "  ";
  return wrap_text(error_line(reason), columns) + '\n' + std::string(kCommandIndent) + escape_control(command);
}

int report(std::string_view reason, ExitCode status) noexcept {
  const int code = static_cast<int>(status);
  if (!errors_said) return code;
  try {
    return write_error_line(error_line(reason)) ? code : static_cast<int>(ExitCode::io_error);
  } catch (...) {
    return write_error_line(program_name() + ": " + tr("internal error")) ? code : static_cast<int>(ExitCode::io_error);
  }
}

std::optional<std::string> nearest_subcommand(const CLI::App& app, std::string_view word) {
  const std::string lower = to_lower_ascii(word);
  std::optional<std::string> best;
  std::size_t best_distance = kMaxTypo + 1;
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string& name = sub->get_name();
    // A prefix is as good as a typo: `eval` means `evaluate`.
    const std::size_t d = name.starts_with(lower) && !lower.empty() ? 1 : edit_distance(lower, name);
    if (d < best_distance) {
      best_distance = d;
      best = name;
    }
  }
  return best;
}

std::string unknown_subcommand(const CLI::App& app, std::string_view word) {
  const auto near = nearest_subcommand(app, word);
  return trf("'{}' is not a subcommand{}; `{} --help` lists them", excerpt(word),
             near ? trf(" (did you mean '{}'?)", *near) : std::string(), program_name());
}

int parse_failure(const CLI::App& app, const CLI::ParseError& error) noexcept {
  try {
    // Help and version are "errors" with status 0 that CLI11 knows how to print.
    if (error.get_exit_code() == 0) return errors_said ? app.exit(error) : 0;
    // A first word that names no subcommand is most likely a mistyped one.
    const std::vector<std::string> extras = app.remaining();
    const bool no_subcommand = dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr ||
                               dynamic_cast<const CLI::RequiredError*>(&error) != nullptr;
    if (no_subcommand && app.get_subcommands().empty() && !extras.empty() && !extras.front().starts_with('-'))
      return report(unknown_subcommand(app, extras.front()), ExitCode::usage);
    return report(cli11_reason(error), ExitCode::usage);
  } catch (...) {
    return report(tr("internal error"), ExitCode::software);
  }
}

int run_program(std::string_view name, const std::function<int()>& body) noexcept {
  guard_standard_channels();
  try {
    set_program_name(name);
    int status = 0;
    try {
      status = body();
    } catch (const CLI::ParseError&) {
      throw;  // parsing is the body's to handle, with its app at hand
    } catch (const CLI::Error& e) {
      status = report(cli11_reason(e), static_cast<ExitCode>(e.get_exit_code()));
    } catch (const Error& e) {
      status = report(e.what(), e.code());
    }
    // Buffered output fails only when flushed, and a result that never arrived must not look
    // like one.
    if (!stdout_delivered()) return report(tr(kLostOutput), ExitCode::io_error);
    return status;
  } catch (const std::exception& e) {
    return escaped(e.what());
  } catch (...) {
    return escaped("unknown exception");
  }
}

}  // namespace mm::frontend
