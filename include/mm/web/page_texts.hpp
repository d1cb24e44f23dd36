#pragma once
// The words of the page, from the same catalogues as the terminal's: the page asks for them in
// its language (GET /api/texts) and fills `{}` placeholders itself, in order.

#include "mm/engine/json.hpp"

namespace mm::web {

// {"language": "da", "texts": {"key": "translated text", ...}} in the language set now.
engine::Json page_texts_json();

// {"presets": [{"name", "summary", "variant"}], "styles": ["pegs", ...]} in the language set now.
engine::Json presets_json();

}  // namespace mm::web
