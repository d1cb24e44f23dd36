#include "mm/wasm/module_calls.hpp"

#include <array>
#include <exception>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mm/api/play_actions.hpp"
#include "mm/api/think_limit.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"
#include "mm/wasm/engine_questions.hpp"

namespace mm::wasm {

namespace {

using engine::Json;

// The fields every request may have.
constexpr std::array kCommonFields = {api::Field{"call", api::FieldType::string},
                                      api::Field{"language", api::FieldType::string}};
constexpr api::Field kGameField{"game", api::FieldType::integer};
// The `request` call's own: a request to the game's API (module_api.hpp).
constexpr std::array kRequestFields = {
    api::Field{"method", api::FieldType::string}, api::Field{"path", api::FieldType::string},
    api::Field{"body", api::FieldType::object}, api::Field{"think_seconds", api::FieldType::number}};

// The language a request names, read loosely (an error about the rest of it is in that language
// too); empty where it names none.
std::string language_of(std::string_view request) {
  const Json json = Json::parse(request.begin(), request.end(), nullptr, false);
  if (!json.is_object()) return "";
  const auto it = json.find("language");
  return it != json.end() && it->is_string() ? it->get<std::string>() : "";
}

// The common fields, then the call's own.
std::vector<api::Field> fields_of(std::span<const api::Field> own) {
  std::vector<api::Field> fields(kCommonFields.begin(), kCommonFields.end());
  fields.insert(fields.end(), own.begin(), own.end());
  return fields;
}

// The game a request names; InputError when it names none.
std::uint64_t game_of(const api::RequestBody& body) {
  const std::optional<int> game = body.number("game");
  if (!game) throw InputError(tr("field 'game' is missing"));
  if (*game <= 0) throw InputError(trf("no game {} is open", *game));
  return static_cast<std::uint64_t>(*game);
}

Json error_json(std::string_view message) { return {{"error", message}}; }

}  // namespace

std::string ModuleCalls::call(std::string_view request) {
  const LanguageScope in(language_of(request));
  Json out;
  try {
    // The call first, whatever else the request holds; the rest is read strictly by the call.
    const api::RequestBody envelope(request, kCommonFields, api::OtherKeys::ignored);
    const std::optional<std::string> called = envelope.text("call");
    if (!called) throw InputError(tr("field 'call' is missing"));
    out = answer(request, *called);
  } catch (const Error& e) {  // InputError among them: what the request asked cannot be done
    out = error_json(e.what());
  } catch (const std::bad_alloc&) {
    out = error_json(tr("out of memory"));
  } catch (const std::exception& e) {
    out = error_json(e.what());
  }
  return engine::json_line(out);
}

Json ModuleCalls::answer(std::string_view request, const std::string& call) {
  if (call == "request") return api_answer(api::RequestBody(request, fields_of(kRequestFields)));
  if (call == "new_game") return games_.start(api::RequestBody(request, fields_of(BrowserGames::start_fields())));
  if (call == "next") return next_answer(api::RequestBody(request, fields_of(next_fields())));
  if (call == "evaluate") return evaluate_answer(api::RequestBody(request, fields_of(evaluate_fields())));
  if (call == "state" || call == "end_game") {
    const api::RequestBody body(request, fields_of(std::span(&kGameField, 1)));
    return call == "state" ? games_.state(game_of(body)) : games_.end(game_of(body));
  }
  if (api::is_play_action(call)) {
    std::vector<api::Field> own = {kGameField};
    for (const api::Field& field : api::play_action_fields(call)) own.push_back(field);
    const api::RequestBody body(request, fields_of(own));
    return games_.move(game_of(body), call, body);
  }
  throw InputError(trf("unknown call '{}'", escape_control(call)));
}

Json ModuleCalls::api_answer(const api::RequestBody& body) {
  api::ApiRequest request;
  request.method = body.text("method").value_or("GET");
  const std::optional<std::string> path = body.text("path");
  if (!path) throw InputError(tr("field 'path' is missing"));
  request.path = *path;
  // The body as the server would read it off the wire: the same checks (request_body.hpp) follow.
  if (const std::optional<Json> object = body.object("body")) request.body = object->dump();
  request.language = current_language();
  const double seconds = body.real("think_seconds").value_or(api::kDefaultThinkSeconds);
  if (!(seconds > 0 && seconds <= api::kMaxThinkSeconds))
    throw InputError(trf("field 'think_seconds' must be more than 0 and at most {}", api::kMaxThinkSeconds));
  const api::ApiResponse response = api_.handle(request, seconds);
  return {{"status", response.status}, {"answer", Json::parse(response.body)}};
}

}  // namespace mm::wasm
