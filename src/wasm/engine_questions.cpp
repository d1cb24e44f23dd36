#include "mm/wasm/engine_questions.hpp"

#include <array>
#include <string>
#include <vector>

#include "mm/api/variant_body.hpp"
#include "mm/core/codebreaker_settings.hpp"
#include "mm/core/turn_text.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/analysis.hpp"
#include "mm/engine/codebreaker.hpp"

namespace mm::wasm {

namespace {

using engine::Json;

constexpr auto kNextFields = api::with_variant_fields(std::array{api::Field{"turns", api::FieldType::strings},
                                                                 api::Field{"strategy", api::FieldType::string},
                                                                 api::Field{"hard", api::FieldType::boolean}});
constexpr auto kEvaluateFields = api::with_variant_fields(
    std::array{api::Field{"strategy", api::FieldType::string}, api::Field{"hard", api::FieldType::boolean}});

// Candidates are listed when there are at most this many, as `next` lists them.
constexpr std::size_t kListedCandidates = 10;

CodebreakerSettings codebreaker_of(const api::RequestBody& body) {
  CodebreakerSettings settings;
  if (const auto name = body.text("strategy")) settings.strategy = engine::strategy_from_name(*name);
  settings.hard = body.flag("hard").value_or(false);
  return settings;
}

}  // namespace

std::span<const api::Field> next_fields() noexcept { return kNextFields; }

std::span<const api::Field> evaluate_fields() noexcept { return kEvaluateFields; }

Json next_answer(const api::RequestBody& body) {
  const Variant variant = api::variant_of(body);
  engine::NextRequest request;
  request.rules = variant.rules;
  request.codebreaker = codebreaker_of(body);
  request.listed = kListedCandidates;
  const std::vector<std::string> turns = body.texts("turns").value_or(std::vector<std::string>{});
  for (const std::string& turn : turns) request.history.push_back(read_turn(turn, variant));
  const engine::NextResult result = engine::next_guess(request);
  if (result.contradiction) return engine::next_contradiction_json(*result.contradiction, turns[*result.contradiction]);
  return engine::next_json(result, variant);
}

Json evaluate_answer(const api::RequestBody& body) {
  const Variant variant = api::variant_of(body);
  engine::AnalysisRequest request;
  request.rules = variant.rules;
  request.codebreaker = codebreaker_of(body);
  return engine::evaluation_json(engine::evaluate(request), variant);
}

}  // namespace mm::wasm
