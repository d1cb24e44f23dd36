#pragma once
// A request to the JSON API and its answer, without HTTP (api.hpp).

#include <string>
#include <string_view>

namespace mm::web {

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

}  // namespace mm::web
