// Decision trees written out and read back: JSON round trips, and a bad file is refused with one
// line naming its problem (and the data exit status), never accepted, never a crash.

#include "mm/solver/tree_format.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "mm/core/error.hpp"
#include "mm/solver/decision_tree.hpp"
#include "mm/solver/optimal.hpp"

namespace mm {
namespace {

using Json = nlohmann::ordered_json;

const Rules kSmall = parse_rules("p3c4r");

std::string small_tree_json() { return tree_to_json(strategy_tree(kSmall, StrategyKind::knuth)); }

// The message of the Error that loading `text` raises; fails the test when it loads.
std::string load_error(const std::string& text, const Rules& rules = kSmall) {
  try {
    tree_from_json(text, rules);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::data);
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "the file was accepted";
  return "";
}

TEST(TreeFormat, JsonRoundTripKeepsEveryGuess) {
  const DecisionTree tree = strategy_tree(Rules{}, StrategyKind::knuth);
  const DecisionTree back = tree_from_json(tree_to_json(tree), Rules{});
  ASSERT_EQ(back.nodes.size(), tree.nodes.size());
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    EXPECT_EQ(back.nodes[i].guess, tree.nodes[i].guess);
    ASSERT_EQ(back.nodes[i].branches.size(), tree.nodes[i].branches.size());
  }
  EXPECT_EQ(back.strategy, "knuth");
  EXPECT_EQ(check_tree(back).total, 5801u);  // Knuth 1977
}

TEST(TreeFormat, JsonHasTheDocumentedFields) {
  const Json j = Json::parse(tree_to_json(solve_optimal(kSmall, {}).tree));
  EXPECT_EQ(j["schema"], "mastermind-decision-tree");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["rules"]["pegs"], 3);
  EXPECT_EQ(j["rules"]["colors"], 4);
  EXPECT_EQ(j["rules"]["repeats"], true);
  EXPECT_EQ(j["strategy"], "optimal");
  EXPECT_EQ(j["secrets"], 64);
  EXPECT_EQ(j["root"]["guess"].size(), 3u);
  EXPECT_TRUE(j["root"]["answers"][0].contains("next"));
}

TEST(TreeFormat, EvaluationOfATreeMatchesEvaluate) {
  const DecisionTree tree = strategy_tree(kSmall, StrategyKind::irving);
  EvaluateOptions options;
  options.strategy = StrategyKind::irving;
  const Evaluation direct = evaluate(kSmall, options);
  const Evaluation read = evaluation_of(tree, StrategyKind::irving);
  EXPECT_EQ(read.total, direct.total);
  EXPECT_EQ(read.guesses_needed, direct.guesses_needed);
}

TEST(TreeFormat, NotJson) { EXPECT_NE(load_error("{\"schema\": ").find("not a JSON file"), std::string::npos); }

TEST(TreeFormat, WrongSchemaOrVersion) {
  Json j = Json::parse(small_tree_json());
  j["schema"] = "something-else";
  EXPECT_NE(load_error(j.dump()).find("schema"), std::string::npos);
  j = Json::parse(small_tree_json());
  j["version"] = 2;
  EXPECT_NE(load_error(j.dump()).find("version 2 is not supported"), std::string::npos);
}

TEST(TreeFormat, RulesOfAnotherVariant) {
  EXPECT_NE(load_error(small_tree_json(), parse_rules("p3c5r")).find("the tree is for p3c4r, not for p3c5r"),
            std::string::npos);
  Json j = Json::parse(small_tree_json());
  j["rules"]["repeats"] = false;
  EXPECT_NE(load_error(j.dump()).find("p3c4n"), std::string::npos);
}

TEST(TreeFormat, InvalidGuess) {
  Json j = Json::parse(small_tree_json());
  j["root"]["guess"][1] = 7;
  EXPECT_NE(load_error(j.dump()).find("colour"), std::string::npos);
  j["root"]["guess"] = Json::array({0, 1});
  EXPECT_NE(load_error(j.dump()).find("3 colour indices"), std::string::npos);
}

TEST(TreeFormat, ImpossibleAnswer) {
  Json j = Json::parse(small_tree_json());
  j["root"]["answers"][0]["black"] = 2;
  j["root"]["answers"][0]["white"] = 1;  // two right and one misplaced cannot happen with three pegs
  EXPECT_NE(load_error(j.dump()).find("impossible"), std::string::npos);
}

TEST(TreeFormat, AnswerListedTwice) {
  Json j = Json::parse(small_tree_json());
  j["root"]["answers"].push_back(j["root"]["answers"][0]);
  EXPECT_NE(load_error(j.dump()).find("listed twice"), std::string::npos);
}

TEST(TreeFormat, SecretNeverSolved) {
  Json j = Json::parse(small_tree_json());
  j["root"]["answers"].erase(0);
  EXPECT_NE(load_error(j.dump()).find("is never solved"), std::string::npos);
}

TEST(TreeFormat, BranchNoSecretReaches) {
  // The root's first child moved under the second answer: its secrets are lost there.
  Json j = Json::parse(small_tree_json());
  Json& second = j["root"]["answers"][1]["next"];
  Json extra = j["root"]["answers"][0];
  second["answers"].push_back(extra);
  const std::string message = load_error(j.dump());
  EXPECT_TRUE(message.find("no secret gives") != std::string::npos ||
              message.find("listed twice") != std::string::npos || message.find("impossible") != std::string::npos)
      << message;
}

TEST(TreeFormat, FiguresThatDoNotMatchTheTree) {
  Json j = Json::parse(small_tree_json());
  j["total"] = 1;
  EXPECT_NE(load_error(j.dump()).find("\"total\""), std::string::npos);
}

TEST(TreeFormat, DeepNestingIsRefusedNotACrash) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(load_error(deep).find("nested"), std::string::npos);
}

TEST(TreeFormat, DotDrawsEveryNodeOrStopsAtTheCut) {
  const DecisionTree tree = solve_optimal(kSmall, {}).tree;
  const Alphabet alphabet = Alphabet::standard(kSmall.colors);
  const std::string full = tree_to_dot(tree, alphabet, FeedbackStyle::pegs);
  const std::string cut = tree_to_dot(tree, alphabet, FeedbackStyle::pegs, 1);
  EXPECT_EQ(full.rfind("digraph", 0), 0u);
  const auto count = [](const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(full, "[label=\"") - count(full, " -> "), tree.nodes.size());
  EXPECT_LT(count(cut, "shape=box"), 2u);
  EXPECT_EQ(count(cut, " -> "), tree.nodes[0].branches.size());
}

TEST(TreeFormat, TextIndentsByDepth) {
  const DecisionTree tree = solve_optimal(kSmall, {}).tree;
  const std::string text = tree_to_text(tree, Alphabet::standard(kSmall.colors), FeedbackStyle::pegs);
  EXPECT_EQ(text.substr(0, text.find('\n')), format_code(tree.nodes[0].guess, Alphabet::standard(kSmall.colors)));
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), tree.nodes.size());
  EXPECT_EQ(text.find("\n  "), text.find('\n'));  // the second line is a child, indented
}

}  // namespace
}  // namespace mm
