#pragma once
// A request to the game's JSON API and its answer, without HTTP: the server (web) carries them
// over HTTP, the browser's module (wasm) through its `request` call.

#include <string>
#include <string_view>

#include "mm/engine/json.hpp"

namespace mm::api {

struct ApiRequest {
  std::string method;  // GET or POST
  std::string path;    // without the query
  std::string body;
  std::string language;  // en, da or sv (language_of), empty: English
};

struct ApiResponse {
  int status = 200;
  std::string body;  // one line of JSON
};

// {"error": message}
std::string error_body(std::string_view message);

// An answer of `status` with `body` as one line of JSON.
ApiResponse json_answer(int status, const engine::Json& body);
// An answer of `status` with error_body(message).
ApiResponse error_answer(int status, std::string_view message);

}  // namespace mm::api
