#pragma once
// The body of an API request, read strictly: a JSON object of at most kMaxBodyBytes whose every
// key is one the endpoint takes, each value of the type it expects. Anything else is an
// InputError whose one line says what, in the player's language; the server answers it with
// HTTP 400. No engine work happens before a body has passed here.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mm/engine/json.hpp"

namespace mm::web {

// A larger body is refused before it is read (HTTP 413).
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

enum class FieldType { string, boolean, integer };

struct Field {
  std::string_view name;
  FieldType type;
};

// A request body checked against the fields its endpoint takes. An empty body reads as {}.
class RequestBody {
 public:
  // Throws InputError for text that is not a JSON object, an unknown key or a value of the wrong
  // type (a number out of int's range too).
  RequestBody(std::string_view text, std::span<const Field> fields);

  std::optional<std::string> text(std::string_view name) const;
  std::optional<bool> flag(std::string_view name) const;
  std::optional<int> number(std::string_view name) const;
  bool has(std::string_view name) const;

 private:
  engine::Json json_;
};

}  // namespace mm::web
