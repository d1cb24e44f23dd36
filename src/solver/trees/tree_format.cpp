#include "mm/solver/tree_format.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "mm/core/board_limit.hpp"
#include "mm/core/error.hpp"

namespace mm {

namespace {

using Json = nlohmann::ordered_json;

// Deeper nesting than any tree of a solver board needs (a strategy never needs more guesses than
// there are codes, and no sensible one more than a few dozen); the reader refuses it before
// parsing, so that no file can exhaust the stack.
constexpr int kMaxNesting = 512;

Error bad_file(const std::string& message) { return Error(ExitCode::data, message); }

Json code_json(const Code& code) {
  Json out = Json::array();
  for (int i = 0; i < code.size; ++i) out.push_back(code[i]);
  return out;
}

Json node_json(const DecisionTree& tree, std::size_t index) {
  const DecisionTree::Node& node = tree.nodes[index];
  Json answers = Json::array();
  for (const auto& b : node.branches)
    answers.push_back({{"black", b.answer.black}, {"white", b.answer.white}, {"next", node_json(tree, b.child)}});
  return Json{{"guess", code_json(node.guess)}, {"answers", std::move(answers)}};
}

// Deepest nesting of arrays and objects, strings skipped.
int nesting(std::string_view text) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '{' || c == '[')
      deepest = std::max(deepest, ++depth);
    else if (c == '}' || c == ']')
      --depth;
  }
  return deepest;
}

int small_int(const Json& value, const std::string& what, int low, int high) {
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    throw bad_file(fmt::format("{} must be a whole number from {} to {}", what, low, high));
  return static_cast<int>(value.get<long long>());
}

const Json& field(const Json& object, const char* name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end()) throw bad_file(fmt::format("{} has no \"{}\"", where, name));
  return *it;
}

class Reader {
 public:
  Reader(const Rules& rules, DecisionTree& tree) : rules_(rules), tree_(tree) {}

  std::size_t node(const Json& json, const std::string& where) {
    if (!json.is_object()) throw bad_file(fmt::format("{} is not an object", where));
    const std::size_t index = tree_.nodes.size();
    tree_.nodes.emplace_back();
    const Json& guess = field(json, "guess", where);
    if (!guess.is_array() || guess.size() != static_cast<std::size_t>(rules_.pegs))
      throw bad_file(fmt::format("the guess {} is not a list of {} colour indices", where, rules_.pegs));
    Code code;
    code.size = rules_.pegs;
    for (int i = 0; i < rules_.pegs; ++i)
      code.set(i, small_int(guess[static_cast<std::size_t>(i)], fmt::format("each colour of the guess {}", where), 0,
                            rules_.colors - 1));
    if (!is_valid(code, rules_))
      throw bad_file(fmt::format("the guess {} {} repeats a colour, which {} does not allow", guess.dump(), where,
                                 rules_.spelling()));
    tree_.nodes[index].guess = code;
    const Json& answers = field(json, "answers", where);
    if (!answers.is_array()) throw bad_file(fmt::format("\"answers\" {} is not a list", where));
    for (const Json& a : answers) {
      if (!a.is_object()) throw bad_file(fmt::format("an answer {} is not an object", where));
      const Feedback f{small_int(field(a, "black", where), fmt::format("\"black\" {}", where), 0, rules_.pegs),
                       small_int(field(a, "white", where), fmt::format("\"white\" {}", where), 0, rules_.pegs)};
      const std::size_t child =
          node(field(a, "next", where), fmt::format("after {} {}B{}W", guess.dump(), f.black, f.white));
      tree_.nodes[index].branches.push_back({f, child});
    }
    return index;
  }

 private:
  const Rules& rules_;
  DecisionTree& tree_;
};

std::string answer_text(Feedback f, int pegs, FeedbackStyle style) { return format_feedback(f, pegs, style); }

std::string escape_dot(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string tree_to_json(const DecisionTree& tree) {
  const TreeFigures f = check_tree(tree);
  Json rules{{"pegs", tree.rules.pegs}, {"colors", tree.rules.colors}, {"repeats", tree.rules.repeats}};
  // Written only under black-peg feedback, so that the files of full feedback stay as they were.
  if (tree.rules.black_only()) rules["feedback"] = feedback_rule_name(tree.rules.feedback);
  Json out{{"schema", kTreeSchema}, {"version", kTreeVersion}, {"rules", rules},  {"strategy", tree.strategy},
           {"secrets", f.secrets},  {"total", f.total},        {"worst", f.worst}};
  // Only a hard-mode tree says so: the files of every other tree stay as they were.
  if (tree.hard) out["hard"] = true;
  out["root"] = node_json(tree, 0);
  return out.dump() + "\n";
}

DecisionTree tree_from_json(std::string_view text, const Rules& rules) {
  if (nesting(text) > kMaxNesting) throw bad_file("the tree is nested deeper than any decision tree can be");
  Json json;
  try {
    json = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    std::string why = e.what();
    std::replace(why.begin(), why.end(), '\n', ' ');
    throw bad_file(fmt::format("not a JSON file: {}", why));
  }
  if (!json.is_object() || !json.contains("schema") || json["schema"] != kTreeSchema)
    throw bad_file(fmt::format("not a decision tree: \"schema\" must be \"{}\"", kTreeSchema));
  if (!json.contains("version") || !json["version"].is_number_integer() || json["version"] != kTreeVersion)
    throw bad_file(fmt::format("decision tree version {} is not supported (this program reads version {})",
                               json.contains("version") ? json["version"].dump() : "(none)", kTreeVersion));
  const Json& r = field(json, "rules", "the tree");
  if (!r.is_object()) throw bad_file("\"rules\" is not an object");
  Rules file_rules = rules;
  file_rules.pegs = small_int(field(r, "pegs", "\"rules\""), "\"pegs\"", kMinPegs, kMaxPegs);
  file_rules.colors = small_int(field(r, "colors", "\"rules\""), "\"colors\"", kMinColors, kMaxColors);
  const Json& repeats = field(r, "repeats", "\"rules\"");
  if (!repeats.is_boolean()) throw bad_file("\"repeats\" must be true or false");
  file_rules.repeats = repeats.get<bool>();
  file_rules.feedback = FeedbackRule::full;
  if (r.contains("feedback")) {
    const Json& feedback = r["feedback"];
    if (!feedback.is_string() || (feedback != "full" && feedback != "black"))
      throw bad_file("\"feedback\" must be \"full\" or \"black\"");
    file_rules.feedback = parse_feedback_rule(feedback.get<std::string>());
  }
  if (file_rules != rules)
    throw bad_file(fmt::format("the tree is for {}, not for {}", file_rules.spelling(), rules.spelling()));
  require_exact_board(rules);
  DecisionTree tree;
  tree.rules = rules;
  const Json& strategy = field(json, "strategy", "the tree");
  if (!strategy.is_string()) throw bad_file("\"strategy\" must be a string");
  tree.strategy = strategy.get<std::string>();
  if (const auto hard = json.find("hard"); hard != json.end()) {
    if (!hard->is_boolean()) throw bad_file("\"hard\" must be true or false");
    tree.hard = hard->get<bool>();
  }
  Reader(rules, tree).node(field(json, "root", "the tree"), "at the root");
  const TreeFigures f = check_tree(tree);
  const auto claim = [&](const char* name, std::uint64_t actual) {
    if (!json.contains(name)) return;
    if (!json[name].is_number_unsigned() || json[name].get<std::uint64_t>() != actual)
      throw bad_file(fmt::format("the file gives \"{}\": {}, but the tree has {}", name, json[name].dump(), actual));
  };
  claim("secrets", f.secrets);
  claim("total", f.total);
  claim("worst", static_cast<std::uint64_t>(f.worst));
  return tree;
}

std::string tree_to_dot(const DecisionTree& tree, const Alphabet& alphabet, FeedbackStyle style,
                        std::optional<int> cut_at) {
  std::string out = fmt::format("digraph \"{} {}\" {{\n  node [shape=box, fontname=\"monospace\"];\n",
                                escape_dot(tree.strategy), tree.rules.spelling());
  const int pegs = tree.rules.pegs;
  const auto draw = [&](const auto& self, std::size_t index, int depth) -> void {
    const auto& node = tree.nodes[index];
    out += fmt::format("  n{} [label=\"{}\"];\n", index, escape_dot(format_code(node.guess, alphabet)));
    for (const auto& b : node.branches) {
      const std::string label = escape_dot(answer_text(b.answer, pegs, style));
      if (cut_at && depth >= *cut_at) {
        out += fmt::format("  n{}c{} [label=\"...\", shape=plaintext];\n  n{} -> n{}c{} [label=\"{}\"];\n", index,
                           b.child, index, index, b.child, label);
        continue;
      }
      out += fmt::format("  n{} -> n{} [label=\"{}\"];\n", index, b.child, label);
      self(self, b.child, depth + 1);
    }
  };
  if (!tree.nodes.empty()) draw(draw, 0, 1);
  return out + "}\n";
}

std::string tree_to_text(const DecisionTree& tree, const Alphabet& alphabet, FeedbackStyle style) {
  std::string out;
  const int pegs = tree.rules.pegs;
  const auto write = [&](const auto& self, std::size_t index, int depth, const std::string& answer) -> void {
    const auto& node = tree.nodes[index];
    out += std::string(static_cast<std::size_t>(2 * depth), ' ');
    if (!answer.empty()) out += answer + "  ";
    out += format_code(node.guess, alphabet) + "\n";
    for (const auto& b : node.branches) self(self, b.child, depth + 1, answer_text(b.answer, pegs, style));
  };
  if (!tree.nodes.empty()) write(write, 0, 0, "");
  return out;
}

}  // namespace mm
