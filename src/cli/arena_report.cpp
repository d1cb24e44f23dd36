#include "arena_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <vector>

#include "mm/core/i18n.hpp"
#include "mm/core/layout.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/evaluation_text.hpp"
#include "mm/frontend/terminal.hpp"

namespace mm::cli {

namespace {

using arena::Fault;
using arena::FaultKind;

constexpr int kAverageDecimals = 4;
// Where a fault's line came from: stderr for a program that ended, its output otherwise.
bool line_is_stderr(FaultKind kind) { return kind == FaultKind::crash || kind == FaultKind::early_exit; }

std::string code_text(const Code& code, const Variant& v) { return format_code(code, v.alphabet); }

// "game 17, guess 3 (secret 3456)"; for the scorer "request 9 (secret 1213, guess 1224)".
std::string where(const Fault& f, const Variant& v) {
  const std::string secret = f.secret ? code_text(*f.secret, v) : "?";
  if (f.guess) {
    if (f.game == 0) return trf("before 'ready' (secret {}, guess {})", secret, code_text(*f.guess, v));
    return trf("request {} (secret {}, guess {})", f.game, secret, code_text(*f.guess, v));
  }
  if (f.game == 0) return trf("before 'ready' (secret {})", secret);
  return trf("game {}, guess {} (secret {})", f.game, f.turn, secret);
}

// The offending line after its label, cut further where the terminal is narrower than the 80
// characters the referee keeps of it: a line with no space to wrap at would overflow.
std::string shown(const std::string& line, bool from_stderr) {
  const auto labelled = [&](std::string_view text) {
    return from_stderr ? trf("stderr: {}", text) : trf("line: {}", text);
  };
  constexpr int kIndent = 4;
  constexpr int kFewestChars = 20;
  const auto label = static_cast<int>(display_width(labelled("")));
  const int room = std::max(kFewestChars, frontend::output_columns() - kIndent - label);
  if (display_width(line) <= static_cast<std::size_t>(room)) return labelled(line);
  return labelled(excerpt(line, static_cast<std::size_t>(room - 1)));
}

std::string faults_text(const arena::FaultLog& log, const Variant& v, bool games) {
  if (log.total() == 0) return std::string(tr("faults    none")) + '\n';
  std::string out = games ? trnf("faults    {} game, counted as lost", "faults    {} games, counted as lost",
                                 log.total(), log.total())
                          : trnf("faults    {} request", "faults    {} requests", log.total(), log.total());
  out += '\n';
  for (const Fault& f : log.firsts()) {
    // TRANSLATORS: a kind of fault, how many, and where the first happened: "crash: 2; the first in game 4, ...".
    out += "  " + trf("{}: {}; the first in {}:", arena::fault_title(f.kind), log.count(f.kind), where(f, v)) + '\n';
    out += "    " + f.detail + '\n';
    if (!f.line.empty()) out += "    " + shown(f.line, line_is_stderr(f.kind)) + '\n';
  }
  return out;
}

Json fault_json(const Fault& f, const Variant& v) {
  Json out{{"kind", arena::fault_key(f.kind)}, {"id", f.game}};
  if (f.secret) out["secret"] = code_text(*f.secret, v);
  if (f.guess) out["guess"] = code_text(*f.guess, v);
  out["turn"] = f.turn;
  out["line"] = f.line;
  out["detail"] = f.detail;
  return out;
}

void add_faults_json(Json& out, const arena::FaultLog& log, const Variant& v) {
  Json counts{{"total", log.total()}};
  for (FaultKind kind : arena::kFaultKinds) counts[std::string(arena::fault_key(kind))] = log.count(kind);
  out["faults"] = counts;
  Json first = Json::array();
  for (const Fault& f : log.firsts()) first.push_back(fault_json(f, v));
  out["first_faults"] = first;
}

// What a run's per-secret line adds: "lost", or the fault that ended the game.
std::string outcome_note(const arena::GameOutcome& game) {
  if (game.fault) return arena::fault_title(*game.fault);
  return game.won ? std::string() : std::string(tr("lost"));
}

std::string_view outcome_key(const arena::GameOutcome& game) {
  if (game.fault) return arena::fault_key(*game.fault);
  return game.won ? "won" : "lost";
}

std::string name_of(const Contender& c) { return c.run ? c.command : c.evaluation.strategy; }

// "A: " and a program's command line, broken at its spaces to fit `columns` and continued under its
// first word. A word wider than any line (a program's path deep in the folders) is never cut: it
// stays beside the label when it comes first, on a line of its own otherwise.
std::string labelled_command(std::string_view label, const std::string& command, int columns) {
  const std::string indent(display_width(label), ' ');
  // wrap_text keeps the first word on the first line and starts the others under it.
  return std::string(label) + wrap_text(indent + command, columns).substr(indent.size()) + '\n';
}

// Secrets both played, by how far apart the two needed: the largest gap first, then code order.
struct Difference {
  CodeIndex secret;
  int a;
  int b;
};
std::vector<Difference> differences(const Contender& a, const Contender& b, std::size_t limit) {
  std::map<CodeIndex, int> theirs;
  const Evaluation& eb = b.evaluation.evaluation;
  for (std::size_t i = 0; i < eb.secret_indices.size(); ++i) theirs[eb.secret_indices[i]] = eb.guesses_needed[i];
  std::vector<Difference> out;
  const Evaluation& ea = a.evaluation.evaluation;
  for (std::size_t i = 0; i < ea.secret_indices.size(); ++i) {
    const auto found = theirs.find(ea.secret_indices[i]);
    if (found != theirs.end() && found->second != ea.guesses_needed[i])
      out.push_back({ea.secret_indices[i], ea.guesses_needed[i], found->second});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Difference& x, const Difference& y) { return std::abs(x.a - x.b) > std::abs(y.a - y.b); });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace

std::string contender_text(const Contender& c, const Variant& variant, const ReportOptions& options) {
  std::string out = frontend::evaluation_text(c.evaluation, variant);
  if (!c.run) return out;
  const arena::BreakerRunResult& run = *c.run;
  out += faults_text(run.faults, variant, true);
  if (c.evaluation.evaluation.lost > 0)
    out += trf("(a game lost or ended by a fault counts as {} guesses)", variant.rules.max_guesses + 1) + '\n';
  if (run.interrupted)
    out += trnf("interrupted: {} of {} game finished", "interrupted: {} of {} games finished", run.planned,
                run.games.size(), run.planned) +
           '\n';
  if (options.per_secret)
    out += frontend::per_secret_text(c.evaluation.evaluation, variant,
                                     [&](std::size_t i) { return outcome_note(run.games[i]); });
  return out;
}

Json contender_json(const Contender& c, const Variant& variant, const ReportOptions& options) {
  Json out = engine::evaluation_json(c.evaluation, variant);
  if (c.run) {
    const arena::BreakerRunResult& run = *c.run;
    out["command"] = c.command;
    out["jobs"] = c.jobs;
    out["move_time"] = c.move_time;
    out["programs_started"] = run.programs_started;
    out["planned"] = run.planned;
    out["interrupted"] = run.interrupted;
    add_faults_json(out, run.faults, variant);
  }
  if (options.per_secret) {
    Json list = engine::per_secret_json(c.evaluation.evaluation, variant);
    if (c.run)
      for (std::size_t i = 0; i < list.size(); ++i) list[i]["outcome"] = outcome_key(c.run->games[i]);
    out["per_secret"] = list;
  }
  return out;
}

std::string versus_text(const Contender& a, const Contender& b, const Variant& variant, const ReportOptions& options,
                        int columns) {
  const Evaluation& ea = a.evaluation.evaluation;
  const Evaluation& eb = b.evaluation.evaluation;
  std::string out = trf("on {}", variant.describe()) + '\n';
  // TRANSLATORS: rows of a table of two codebreakers, A and B: the first word is padded to ten columns.
  const auto row = [&](std::string label, const std::string& x, const std::string& y) {
    out += fmt::format("{:<14}{:<16}{}\n", label, x, y);
  };
  row("", "A", "B");
  row(tr("secrets"), std::to_string(ea.secrets), std::to_string(eb.secrets));
  row(tr("total"), std::to_string(ea.total), std::to_string(eb.total));
  row(tr("average"), fmt::format("{:.{}f}", ea.average(), kAverageDecimals),
      fmt::format("{:.{}f}", eb.average(), kAverageDecimals));
  row(tr("worst"), fmt::format("{} ({})", ea.max, ea.at_max), fmt::format("{} ({})", eb.max, eb.at_max));
  row(tr("lost"), std::to_string(ea.lost), std::to_string(eb.lost));
  const auto faults = [](const Contender& c) { return c.run ? std::to_string(c.run->faults.total()) : "-"; };
  row(tr("faults"), faults(a), faults(b));
  row(tr("time"), fmt::format("{:.3f} s", ea.seconds), fmt::format("{:.3f} s", eb.seconds));
  out += std::string(tr("guesses needed:")) + '\n';
  const std::size_t rows = std::max(ea.histogram.size(), eb.histogram.size());
  const auto count = [](const Evaluation& e, std::size_t g) { return g < e.histogram.size() ? e.histogram[g] : 0; };
  // Only the numbers of guesses either needed: a faulty program's games sit at the limit plus one.
  for (std::size_t g = 1; g < rows; ++g)
    if (count(ea, g) + count(eb, g) > 0)
      row("  " + std::to_string(g), std::to_string(count(ea, g)), std::to_string(count(eb, g)));
  const std::vector<Difference> diffs = differences(a, b, options.differences);
  if (diffs.empty()) {
    out += std::string(tr("every secret took both the same number of guesses")) + '\n';
  } else {
    out += std::string(tr("where they differ most, guesses needed:")) + '\n';
    for (const Difference& d : diffs)
      row("  " + code_text(code_at(d.secret, variant.rules), variant), std::to_string(d.a), std::to_string(d.b));
  }
  if (a.run && a.run->faults.total() > 0) out += "A:\n" + faults_text(a.run->faults, variant, true);
  if (b.run && b.run->faults.total() > 0) out += "B:\n" + faults_text(b.run->faults, variant, true);
  // The commands are laid out apart: wrap_text would part a label from a path too wide to follow it.
  return labelled_command("A: ", name_of(a), columns) + labelled_command("B: ", name_of(b), columns) +
         wrap_text(out, columns);
}

Json versus_json(const Contender& a, const Contender& b, const Variant& variant, const ReportOptions& options) {
  Json list = Json::array();
  for (const Difference& d : differences(a, b, options.differences))
    list.push_back({{"secret", code_text(code_at(d.secret, variant.rules), variant)}, {"a", d.a}, {"b", d.b}});
  return Json{
      {"a", contender_json(a, variant, options)}, {"b", contender_json(b, variant, options)}, {"differ_most", list}};
}

std::string scorer_text(const arena::ScorerCheckResult& r, const std::string& command, const Variant& variant) {
  const auto answer = [&](Feedback f) { return variant.answer_counts(f); };
  std::string out = trf("{} scoring {}", command, variant.describe()) + '\n';
  if (r.examples.empty()) {
    out +=
        std::string(tr("worked examples: none of the course texts' examples is a pair of codes of this game")) + '\n';
  } else {
    out += trf("worked examples: {} of {} agree", r.examples_agreed(), r.examples.size()) + '\n';
    for (const arena::ExampleCheck& c : r.examples) {
      if (c.got && *c.got == c.example->answer) continue;
      out += "  " + arena::example_name(*c.example) + '\n';
      out += "    " +
             (c.got ? trf("expected {}, got {}", answer(c.example->answer), answer(*c.got))
                    : trf("expected {}, got no answer (a fault)", answer(c.example->answer))) +
             '\n';
    }
  }
  out += (r.planned == variant.rules.code_count() * variant.rules.code_count()
              ? trf("pairs     {}, every secret against every guess", r.planned)
              : trf("pairs     {} random pairs", r.planned)) +
         '\n';
  out += trf("agree     {}", r.agreed) + '\n';
  out += trf("disagree  {}", r.checked - r.agreed) + '\n';
  for (const arena::Mismatch& m : r.mismatches)
    out += "  " +
           trf("secret {}, guess {}: expected {}, got {}", code_text(m.secret, variant), code_text(m.guess, variant),
               answer(m.expected), answer(m.got)) +
           '\n';
  out += faults_text(r.faults, variant, false);
  out += trf("time      {:.3f} s", r.seconds) + '\n';
  if (r.interrupted)
    out += trnf("interrupted: {} of {} pair checked", "interrupted: {} of {} pairs checked", r.planned, r.checked,
                r.planned) +
           '\n';
  out += std::string(r.all_agree() ? tr("verdict   the scorer agrees with ours everywhere")
                                   : tr("verdict   the scorer does not agree with ours")) +
         '\n';
  return out;
}

Json scorer_json(const arena::ScorerCheckResult& r, const std::string& command, const Variant& variant) {
  Json examples = Json::array();
  for (const arena::ExampleCheck& c : r.examples) {
    examples.push_back({{"source", c.example->source},
                        {"secret", c.example->secret},
                        {"guess", c.example->guess},
                        {"expected", engine::feedback_json(c.example->answer)},
                        {"got", c.got ? engine::feedback_json(*c.got) : Json(nullptr)}});
  }
  Json mismatches = Json::array();
  for (const arena::Mismatch& m : r.mismatches)
    mismatches.push_back({{"secret", code_text(m.secret, variant)},
                          {"guess", code_text(m.guess, variant)},
                          {"expected", engine::feedback_json(m.expected)},
                          {"got", engine::feedback_json(m.got)}});
  Json out{{"scorer", command},
           {"rules", variant.rules.spelling()},
           {"examples", examples},
           {"pairs", r.planned},
           {"checked", r.checked},
           {"agreed", r.agreed},
           {"mismatches", mismatches},
           {"interrupted", r.interrupted},
           {"programs_started", r.programs_started}};
  add_faults_json(out, r.faults, variant);
  out["seconds"] = r.seconds;
  out["agree"] = r.all_agree();
  return out;
}

}  // namespace mm::cli
