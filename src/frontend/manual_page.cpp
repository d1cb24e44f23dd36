#include "mm/frontend/manual_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/run/data_files.hpp"

namespace mm::frontend {

namespace {

// What each status means; a status added to ExitCode without a line here fails the build (-Wswitch).
const char* meaning(ExitCode code) {
  switch (code) {
    case ExitCode::ok:
      return N_("Success.");
    case ExitCode::failure:
      return N_(
          "The answer is no: the answers given to `next` contradict each other, or no strategy solves every "
          "secret within the depth limit.");
    case ExitCode::usage:
      return N_(
          "A usage error: an unknown option or subcommand, a number out of its range, a code, answer or rules "
          "that are not valid. One line on standard error says which.");
    case ExitCode::data:
      return N_(
          "Bad data: a decision tree or checkpoint file that cannot be read, is damaged or belongs to another "
          "board.");
    case ExitCode::unavailable:
      return N_(
          "A program the run needs cannot be run: the codebreaker or scorer given to `arena`, or the program "
          "behind `solve --breaker`.");
    case ExitCode::software:
      return N_("A failure of the program itself, not of the request.");
    case ExitCode::cant_create:
      return N_(
          "An output file cannot be created: it exists already (without --force), or its directory cannot "
          "be written.");
    case ExitCode::io_error:
      return N_("The output could not be written: a full disk, or a pipe closed early.");
    case ExitCode::hangup:
      return N_("The terminal went away (SIGHUP); a game in progress is kept to be resumed.");
    case ExitCode::interrupted:
      return N_("Interrupted by Ctrl-C.");
    case ExitCode::terminated:
      return N_("Asked to end (SIGTERM); a game in progress is kept to be resumed.");
  }
  return "";
}

constexpr std::array kExitCodes = {ExitCode::ok,          ExitCode::failure,     ExitCode::usage,
                                   ExitCode::data,        ExitCode::unavailable, ExitCode::software,
                                   ExitCode::cant_create, ExitCode::io_error,    ExitCode::hangup,
                                   ExitCode::interrupted, ExitCode::terminated};

// Text for a roff line: backslashes and hyphens escaped, `code` in bold, a no-break space (the
// Swedish digit group separator) as roff's own, and a control character (. or ') at the start of
// a line made literal.
constexpr std::string_view kNoBreakSpace = "\u00A0";

std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else if (c == '`' && text.find('`', i + 1) != std::string_view::npos) {
      const std::size_t end = text.find('`', i + 1);
      out += "\\fB" + roff(text.substr(i + 1, end - i - 1)) + "\\fR";
      i = end;
    } else if (c == '`') {
      out += "\\(ga";
    } else if (text.substr(i, kNoBreakSpace.size()) == kNoBreakSpace) {
      out += "\\~";
      i += kNoBreakSpace.size() - 1;
    } else {
      out += c;
    }
  }
  return out;
}

// `-p, --pegs N`: the option's names in bold, its value in italics.
std::string option_tag(const CLI::Option& option) {
  std::string tag;
  for (const std::string& name : option.get_snames())
    tag += (tag.empty() ? "" : ", ") + ("\\fB\\-" + roff(name) + "\\fR");
  for (const std::string& name : option.get_lnames())
    tag += (tag.empty() ? "" : ", ") + ("\\fB\\-\\-" + roff(name) + "\\fR");
  if (option.get_expected_max() != 0 && !option.get_type_name().empty())
    tag += " \\fI" + roff(option.get_type_name()) + "\\fR";
  return tag;
}

// `SECRET GUESS`, `[TURNS]...`: a subcommand's arguments as its usage line has them.
std::string positionals(const CLI::App& app) {
  std::string out;
  for (const CLI::Option* option : app.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
    std::string name = "\\fI" + roff(option->get_name()) + "\\fR";
    if (!option->get_required()) name = "[" + name + "]";
    if (option->get_items_expected_max() > 1) name += "...";
    out += " " + name;
  }
  return out;
}

bool listed(const CLI::Option* option) {
  return !option->get_positional() && !option->get_group().empty() &&
         option->get_lnames() != std::vector<std::string>{"help"};
}

void write_options(std::string& out, const std::vector<const CLI::Option*>& options) {
  for (const CLI::Option* option : options) {
    out += ".TP\n" + option_tag(*option) + "\n" + roff(option->get_description()) + "\n";
  }
}

void write_commands(std::string& out, const CLI::App& app) {
  const auto subcommands = app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
  if (subcommands.empty()) return;
  out += ".SH " + roff(trc("manual page section", "COMMANDS")) + "\n";
  for (const CLI::App* sub : subcommands) {
    out += ".SS \"" + roff(sub->get_name()) + positionals(*sub) + "\"\n";
    out += roff(sub->get_description()) + "\n";
    write_options(out, sub->get_options(listed));
  }
}

// The common options by group, in the order of their first option.
void write_common_options(std::string& out, const CLI::App& app) {
  out += ".SH " + roff(trc("manual page section", "OPTIONS")) + "\n";
  std::vector<std::string> groups;
  const auto options =
      app.get_options([](const CLI::Option* o) { return !o->get_positional() && !o->get_group().empty(); });
  for (const CLI::Option* option : options)
    if (std::find(groups.begin(), groups.end(), option->get_group()) == groups.end())
      groups.push_back(option->get_group());
  for (const std::string& group : groups) {
    out += ".SS \"" + roff(group) + "\"\n";
    std::vector<const CLI::Option*> in_group;
    for (const CLI::Option* option : options)
      if (option->get_group() == group) in_group.push_back(option);
    write_options(out, in_group);
  }
}

void write_items(std::string& out, const std::string& heading, const std::vector<ManualItem>& items) {
  if (items.empty()) return;
  out += ".SH " + roff(heading) + "\n";
  for (const ManualItem& item : items) out += ".TP\n\\fB" + roff(item.name) + "\\fR\n" + roff(item.text) + "\n";
}

std::string upper(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

}  // namespace

std::vector<ManualItem> exit_statuses() {
  std::vector<ManualItem> out;
  for (ExitCode code : kExitCodes) out.push_back({std::to_string(static_cast<int>(code)), tr(meaning(code))});
  return out;
}

std::vector<ManualItem> common_environment() {
  return {
      {"LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
       tr("The language of the messages when --lang is not given: the first of these that is set decides, and "
          "LANGUAGE may name several (sv:da). Danish (da) and Swedish (sv) have catalogues; any other language is "
          "English.")},
      {"NO_COLOR", tr("When set and not empty, nothing is coloured, as with --color never.")},
      {"TERM", tr("When it is dumb, nothing is coloured.")},
      {std::string(kDataDirVariable),
       trf("A directory searched first for the data files: the decision trees (trees/) and the catalogues "
           "(locale/). Then {} above the program's own directory is searched (the installed layout), then {} beside "
           "it (the build tree).",
           kDataSubdirectory, kDataSubdirectory)},
  };
}

std::string manual_page(const CLI::App& app, const ManualPage& page) {
  const std::string name = app.get_name();
  std::string out = ".\\\" -*- coding: UTF-8 -*-\n";
  out += ".\\\" Written by the build from the program's option definitions.\n";
  out += fmt::format(".TH {} 1 \"\" \"{}\" \"{}\"\n", roff(upper(name)), roff(page.version), roff(tr("User Commands")));
  // Left-aligned and without hyphenation: option names and file names stay whole.
  out += ".ad l\n.nh\n";
  // TRANSLATORS: the headings of a manual page (man(7)), in capitals as manual pages have them.
  out += ".SH " + roff(trc("manual page section", "NAME")) + "\n" + roff(name) + " \\- " + roff(page.summary) + "\n";
  out += ".SH " + roff(trc("manual page section", "SYNOPSIS")) + "\n\\fB" + roff(name) + "\\fR " + roff(page.synopsis) +
         "\n";
  out += ".SH " + roff(trc("manual page section", "DESCRIPTION")) + "\n";
  for (std::size_t i = 0; i < page.description.size(); ++i)
    out += (i == 0 ? "" : ".PP\n") + roff(page.description[i]) + "\n";
  write_commands(out, app);
  write_common_options(out, app);
  write_items(out, trc("manual page section", "EXAMPLES"), page.examples);
  write_items(out, trc("manual page section", "EXIT STATUS"), exit_statuses());
  write_items(out, trc("manual page section", "ENVIRONMENT"), page.environment);
  write_items(out, trc("manual page section", "FILES"), page.files);
  if (!page.see_also.empty()) {
    out += ".SH " + roff(trc("manual page section", "SEE ALSO")) + "\n";
    for (std::size_t i = 0; i < page.see_also.size(); ++i) {
      const std::string& ref = page.see_also[i];
      const std::size_t paren = ref.find('(');
      out += ".BR " + roff(ref.substr(0, paren)) + " " + ref.substr(paren) + (i + 1 < page.see_also.size() ? "," : "") +
             "\n";
    }
  }
  return out;
}

}  // namespace mm::frontend
