#include "mm/engine/json.hpp"

#include <fmt/format.h>

#include <string>

#include "mm/core/text.hpp"

namespace mm::engine {

Json feedback_json(Feedback feedback) { return Json{{"black", feedback.black}, {"white", feedback.white}}; }

Json game_json(const std::vector<Turn>& game, const Variant& variant) {
  Json turns = Json::array();
  for (const Turn& t : game)
    turns.push_back({{"guess", format_code(t.guess, variant.alphabet)},
                     {"black", t.feedback.black},
                     {"white", t.feedback.white},
                     {"feedback", format_feedback(t.feedback, variant.rules.pegs, variant.style)}});
  return turns;
}

Json evaluation_json(const EvaluationResult& result, const Variant& variant) {
  const Evaluation& e = result.evaluation;
  Json histogram = Json::object();
  for (std::size_t g = 1; g < e.histogram.size(); ++g) histogram[std::to_string(g)] = e.histogram[g];
  Json out{
      {"strategy", result.strategy}, {"rules", variant.rules.spelling()}, {"max_guesses", variant.rules.max_guesses}};
  if (result.hard) out["hard"] = true;
  out["sampled"] = result.sampled;
  if (result.sampled) out["seed"] = e.seed;
  if (result.search) out["search"] = search_mode_name(*result.search);
  out["secrets"] = e.secrets;
  out["total"] = e.total;
  out["average"] = e.average();
  // A sample's average is an estimate: its 95 % confidence interval.
  if (result.sampled) out["average_ci95"] = Json::array({e.average() - e.margin95(), e.average() + e.margin95()});
  out["max"] = e.max;
  out["at_max"] = e.at_max;
  out["lost"] = e.lost;
  out["histogram"] = histogram;
  if (result.optimal) {
    out["objective"] = objective_name(result.optimal->objective);
    out["proven"] = result.optimal->proven;
    out["lower_bound"] = result.optimal->lower_bound;
    out["upper_bound"] = result.optimal->total;
    out["gap"] = result.optimal->gap();
    if (result.optimal->worst_proven && !result.optimal->proven) out["max_proven"] = true;
  }
  out["seconds"] = e.seconds;
  return out;
}

Json per_secret_json(const Evaluation& evaluation, const Variant& variant) {
  Json list = Json::array();
  for (std::size_t i = 0; i < evaluation.secret_indices.size(); ++i)
    list.push_back({{"secret", format_code(code_at(evaluation.secret_indices[i], variant.rules), variant.alphabet)},
                    {"guesses", evaluation.guesses_needed[i]}});
  return list;
}

Json hardest_json(const std::vector<HardSecret>& hardest, const Variant& variant) {
  Json list = Json::array();
  for (const HardSecret& h : hardest)
    list.push_back({{"secret", format_code(h.secret, variant.alphabet)},
                    {"guesses", h.game.size()},
                    {"game", game_json(h.game, variant)}});
  return list;
}

Json next_json(const NextResult& result, const Variant& variant) {
  Json out{{"guess", format_code(result.guess, variant.alphabet)},
           {"remaining", result.remaining},
           {"remaining_exact", result.exact},
           {"solved", result.exact && result.remaining == 1},
           {"strategy", result.strategy}};
  if (result.hard) out["hard"] = true;
  if (!result.candidates.empty()) {
    Json listed = Json::array();
    for (const Code& c : result.candidates) listed.push_back(format_code(c, variant.alphabet));
    out["candidates"] = listed;
  }
  // The optimal search of a node stopped before it was proven: what it knows of the node.
  if (result.optimal && !result.optimal->proven) {
    out["proven"] = false;
    out["lower_bound"] = result.optimal->lower_bound;
    out["upper_bound"] = result.optimal->total;
    out["gap"] = result.optimal->gap();
  }
  return out;
}

Json next_contradiction_json(std::size_t turn, std::string_view typed) {
  return {{"remaining", 0}, {"contradiction", fmt::format("turn {}: {}", turn + 1, excerpt(typed))}};
}

std::string json_line(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace mm::engine
