#include "mm/api/api_message.hpp"

namespace mm::api {

std::string error_body(std::string_view message) { return engine::json_line(engine::Json{{"error", message}}); }

ApiResponse json_answer(int status, const engine::Json& body) { return {status, engine::json_line(body)}; }

ApiResponse error_answer(int status, std::string_view message) { return {status, error_body(message)}; }

}  // namespace mm::api
