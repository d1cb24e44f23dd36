#pragma once
// The API's request and answer, the game's API's (api/api_message.hpp), by the names the server
// has always used.

#include "mm/api/api_message.hpp"

namespace mm::web {

using api::ApiRequest;
using api::ApiResponse;
using api::error_answer;
using api::error_body;
using api::json_answer;

}  // namespace mm::web
