#include "mm/frontend/completion_script.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "mm/core/feedback.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/codebreaker.hpp"
#include "mm/engine/trees.hpp"
#include "mm/frontend/options.hpp"

namespace mm::frontend {

namespace {

// An option or positional argument as the scripts need it.
struct Argument {
  std::vector<std::string> names;  // -p --pegs; a positional's name alone
  std::string description;
  bool takes_value = false;
  bool files = false;
  bool many = false;               // a positional taking the rest of the arguments
  std::vector<std::string> words;  // the fixed list of its values, if any
};

struct Command {
  std::string name;  // empty: the program itself
  std::string description;
  std::vector<Argument> options;
  std::vector<Argument> positionals;
};

Argument argument_of(const CLI::Option& option, const CompletionWords& words) {
  Argument arg;
  if (option.get_positional()) {
    arg.names = {option.get_name()};
  } else {
    for (const std::string& s : option.get_snames()) arg.names.push_back("-" + s);
    for (const std::string& l : option.get_lnames()) arg.names.push_back("--" + l);
  }
  arg.description = option.get_description();
  arg.takes_value = option.get_expected_max() != 0;  // flags expect none
  arg.many = option.get_items_expected_max() > 1;
  arg.files = arg.takes_value && (option.get_type_name() == "FILE" || option.get_type_name() == tr("FILE"));
  if (const auto found = words.find(option.get_name()); found != words.end()) arg.words = found->second;
  return arg;
}

Command command_of(const CLI::App& app, const CompletionWords& words, bool top) {
  Command command{top ? "" : app.get_name(), app.get_description(), {}, {}};
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) continue;  // hidden
    if (option->get_positional())
      command.positionals.push_back(argument_of(*option, words));
    else
      command.options.push_back(argument_of(*option, words));
  }
  return command;
}

std::vector<Command> commands_of(const CLI::App& app, const CompletionWords& words) {
  std::vector<Command> out{command_of(app, words, true)};
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
    out.push_back(command_of(*sub, words, false));
  return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator = " ") {
  return fmt::format("{}", fmt::join(items, separator));
}

// A word list for bash's compgen -W: the words are plain (letters, digits, -, _).
std::string word_list(const std::vector<std::string>& words) { return "\"" + joined(words) + "\""; }

// The names of `options` (those taking a value only, with `with_value`), each once and none of
// `known` (the program's own options, which a subcommand also takes).
std::vector<std::string> option_names(const std::vector<Argument>& options, bool with_value,
                                      const std::vector<std::string>& known = {}) {
  std::vector<std::string> out;
  for (const Argument& a : options)
    if (a.takes_value || !with_value)
      for (const std::string& n : a.names)
        if (std::find(out.begin(), out.end(), n) == out.end() &&
            std::find(known.begin(), known.end(), n) == known.end())
          out.push_back(n);
  return out;
}

// `case $prev in` arms for the options of one command whose value can be completed.
std::string bash_value_arms(const std::vector<Argument>& options, std::string_view indent) {
  std::string out;
  for (const Argument& a : options) {
    if (!a.takes_value) continue;
    const std::string pattern = joined(a.names, "|");
    if (a.files)
      out += fmt::format("{}{}) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n",
                         indent, pattern);
    else if (!a.words.empty())
      out += fmt::format("{}{}) COMPREPLY=($(compgen -W {} -- \"$cur\")); return ;;\n", indent, pattern,
                         word_list(a.words));
    else
      out += fmt::format("{}{}) return ;;\n", indent, pattern);  // a number or a name to type
  }
  return out;
}

std::string bash_function_name(const std::string& program) {
  std::string out = "_";
  for (char c : program) out += (c == '-' ? '_' : c);
  return out;
}

}  // namespace

CompletionWords common_completion_words(const std::vector<std::string>& languages) {
  CompletionWords out;
  for (const Preset& p : presets()) out["--preset"].emplace_back(p.name);
  for (StrategyKind kind : all_strategies()) out["--strategy"].emplace_back(strategy_name(kind));
  for (SearchMode mode : {SearchMode::exact, SearchMode::sampled, SearchMode::automatic})
    out["--search"].emplace_back(search_mode_name(mode));
  for (Objective objective : {Objective::average, Objective::worst})
    out["--objective"].emplace_back(objective_name(objective));
  for (FeedbackStyle style : kFeedbackStyles) out["--style"].emplace_back(style_name(style));
  for (std::string_view mode : kColorModeNames) out["--color"].emplace_back(mode);
  out["--lang"] = {std::string(kSourceLanguage)};
  for (const std::string& language : languages) out["--lang"].push_back(language);
  for (std::string_view format : engine::kTreeFormatNames) out["--format"].emplace_back(format);
  return out;
}

std::string bash_completion(const CLI::App& app, const CompletionWords& words) {
  const std::vector<Command> commands = commands_of(app, words);
  const Command& top = commands.front();
  std::vector<std::string> names;
  for (std::size_t i = 1; i < commands.size(); ++i) names.push_back(commands[i].name);
  std::vector<std::string> with_value = option_names(top.options, true);
  for (std::size_t i = 1; i < commands.size(); ++i)
    for (const std::string& n : option_names(commands[i].options, true, with_value)) with_value.push_back(n);
  const std::vector<std::string> top_names = option_names(top.options, false);

  std::string out = fmt::format(
      "# bash completion for {0}, written by the build from the program's option definitions.\n"
      "{1}() {{\n"
      "    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}\n"
      "    # bash splits `--option=value` at the =\n"
      "    if [[ $cur == = ]]; then\n"
      "        cur=\n"
      "    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
      "        prev=${{COMP_WORDS[COMP_CWORD-2]}}\n"
      "    fi\n"
      "    # The subcommand: the first word that is neither an option nor an option's value.\n"
      "    local command= i=1\n"
      "    while ((i < COMP_CWORD)); do\n"
      "        case ${{COMP_WORDS[i]}} in\n"
      "            {2}) ((i++)); [[ ${{COMP_WORDS[i]}} == = ]] && ((i++)) ;;\n"
      "            -*) ;;\n"
      "            *) command=${{COMP_WORDS[i]}}; break ;;\n"
      "        esac\n"
      "        ((i++))\n"
      "    done\n"
      "    case $command in\n",
      app.get_name(), bash_function_name(app.get_name()), joined(with_value, "|"));
  for (std::size_t i = 1; i < commands.size(); ++i) {
    const std::string arms = bash_value_arms(commands[i].options, "                ");
    if (arms.empty()) continue;
    out += fmt::format("        {})\n            case $prev in\n{}            esac ;;\n", commands[i].name, arms);
  }
  out += "    esac\n    case $prev in\n" + bash_value_arms(top.options, "        ") + "    esac\n";
  out += fmt::format("    if [[ $cur == -* ]]; then\n        local options={}\n        case $command in\n",
                     word_list(option_names(top.options, false)));
  for (std::size_t i = 1; i < commands.size(); ++i)
    if (const auto own = option_names(commands[i].options, false, top_names); !own.empty())
      out += fmt::format("            {}) options+=\" {}\" ;;\n", commands[i].name, joined(own));
  out += "        esac\n        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n        return\n    fi\n";
  out += fmt::format("    case $command in\n        \"\") COMPREPLY=($(compgen -W {} -- \"$cur\")) ;;\n",
                     word_list(names));
  for (std::size_t i = 1; i < commands.size(); ++i)
    for (const Argument& positional : commands[i].positionals)
      if (!positional.words.empty())
        out += fmt::format("        {}) COMPREPLY=($(compgen -W {} -- \"$cur\")) ;;\n", commands[i].name,
                           word_list(positional.words));
  out += fmt::format("    esac\n}}\ncomplete -F {} {}\n", bash_function_name(app.get_name()), app.get_name());
  return out;
}

namespace {

// Text inside single quotes for zsh.
std::string zsh_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A description inside _arguments' [...], or after the colon of _describe's name:description:
// brackets and backslashes escaped.
std::string zsh_description(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// A value's name after the colon of an _arguments spec, where a colon would end it.
std::string zsh_message(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// One _arguments spec per name of the option, each excluding the option's other names.
std::vector<std::string> zsh_specs(const Argument& a) {
  std::string action;
  if (a.takes_value) {
    const std::string value = a.files ? "_files" : a.words.empty() ? " " : "(" + joined(a.words) + ")";
    action = ":" + zsh_message(a.names.back().substr(a.names.back().find_first_not_of('-'))) + ":" + value;
  }
  std::string exclusion = a.names.size() > 1 ? "(" + joined(a.names) + ")" : "";
  std::vector<std::string> out;
  for (const std::string& name : a.names) {
    const std::string suffix = !a.takes_value ? "" : name.size() == 2 ? "+" : "=";
    out.push_back(zsh_quoted(exclusion + name + suffix + "[" + zsh_description(a.description) + "]" + action));
  }
  return out;
}

// The specs one a line; `continued`: each line ends in a backslash, within one command.
std::string zsh_spec_lines(const std::vector<Argument>& options, std::string_view indent, bool continued) {
  std::string out;
  for (const Argument& a : options)
    for (const std::string& spec : zsh_specs(a)) out += fmt::format("{}{}{}\n", indent, spec, continued ? " \\" : "");
  return out;
}

// `1:SECRET: `, `*:TURNS: `: a positional argument by its place, a list of them for the rest.
std::string zsh_positional(const Argument& a, std::size_t place, bool many) {
  const std::string action = a.words.empty() ? " " : "(" + joined(a.words) + ")";
  return zsh_quoted((many ? std::string("*") : std::to_string(place)) + ":" + zsh_message(a.names.front()) + ":" +
                    action);
}

}  // namespace

std::string zsh_completion(const CLI::App& app, const CompletionWords& words) {
  const std::vector<Command> commands = commands_of(app, words);
  const std::string function = bash_function_name(app.get_name());
  std::string out = fmt::format(
      "#compdef {0}\n# zsh completion for {0}, written by the build from the program's option definitions.\n"
      "{1}() {{\n    local curcontext=$curcontext state line ret=1\n    local -a common commands\n    common=(\n",
      app.get_name(), function);
  out += zsh_spec_lines(commands.front().options, "        ", false);
  out += "    )\n    commands=(\n";
  for (std::size_t i = 1; i < commands.size(); ++i)
    out += fmt::format("        {}\n", zsh_quoted(commands[i].name + ":" + zsh_description(commands[i].description)));
  out += "    )\n    _arguments -C $common '1: :->command' '*:: :->argument' && ret=0\n    case $state in\n";
  out += "        command) _describe -t commands command commands && ret=0 ;;\n";
  out += "        argument)\n            case $words[1] in\n";
  for (std::size_t i = 1; i < commands.size(); ++i) {
    out += fmt::format("                {}) _arguments $common \\\n", commands[i].name);
    out += zsh_spec_lines(commands[i].options, "                    ", true);
    const std::vector<Argument>& positionals = commands[i].positionals;
    for (std::size_t p = 0; p < positionals.size(); ++p)
      out += fmt::format("                    {} \\\n", zsh_positional(positionals[p], p + 1, positionals[p].many));
    out += "                    && ret=0 ;;\n";
  }
  out += "            esac ;;\n    esac\n    return ret\n}\n" + function + " \"$@\"\n";
  return out;
}

}  // namespace mm::frontend
