#pragma once
// The words of the page, from the same catalogues as the terminal's: the page asks for them in
// its language (GET /api/texts), of the server or of the browser's module alike, and fills `{}`
// placeholders itself, in order.

#include "mm/engine/json.hpp"

namespace mm::api {

// {"language": "da", "texts": {"key": "translated text", ...}} in the language set now.
engine::Json page_texts_json();

// {"presets": [{"name", "summary", "variant"}], "styles": ["pegs", ...]} in the language set now.
engine::Json presets_json();

}  // namespace mm::api
