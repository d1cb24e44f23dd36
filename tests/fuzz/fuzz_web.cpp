// The web API's request reading (mastermind serve): a series of requests with fuzzed methods,
// paths and bodies against one API whose first game exists. Every answer is one JSON object;
// errors carry a one-line message; a game in progress never shows its secret or its id.

#include <array>
#include <nlohmann/json.hpp>
#include <string>

#include "fuzz_input.hpp"
#include "mm/web/api.hpp"

namespace {

constexpr std::array kActions = {"guess", "check", "hint", "left", "undo", "quit", ""};
constexpr int kMaxRequests = 8;

void check_answer(const mm::web::ApiResponse& answer) {
  const auto json = nlohmann::json::parse(answer.body, nullptr, false);
  MM_FUZZ_CHECK(json.is_object());
  if (answer.status >= 400) {
    MM_FUZZ_CHECK(json.contains("error") && json["error"].is_string());
    MM_FUZZ_CHECK(json["error"].get<std::string>().find('\n') == std::string::npos);
  }
  if (json.contains("state") && json["state"] == "playing") {
    MM_FUZZ_CHECK(!json.contains("secret"));
    MM_FUZZ_CHECK(!json.contains("game_id"));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mm::fuzz::FuzzInput in(data, size);
  mm::web::TableSettings settings;  // no scores file: nothing is written
  settings.max_games = 4;
  settings.scores_file.reset();
  mm::web::Api api(std::move(settings));
  const auto first = api.handle({"POST", "/api/games", R"({"preset":"classic"})", ""});
  MM_FUZZ_CHECK(first.status == 201);
  const std::string token = nlohmann::json::parse(first.body)["token"].get<std::string>();
  for (int i = 0; i < kMaxRequests && in.pick(0, 1) == 1; ++i) {
    mm::web::ApiRequest request;
    request.method = in.flag() ? "POST" : "GET";
    const int kind = in.pick(0, 2);
    if (kind == 0) request.path = "/api/games";
    if (kind == 1) request.path = "/api/games/" + token + "/" + kActions[static_cast<std::size_t>(in.pick(0, 6))];
    if (kind == 2) request.path = std::string(in.text());
    if (request.path.ends_with('/')) request.path.pop_back();
    request.language = std::array{"", "da", "sv"}[static_cast<std::size_t>(in.pick(0, 2))];
    request.body = std::string(in.text());
    check_answer(api.handle(request));
  }
  return 0;
}
