#pragma once
// The body of a request to the game's API, read strictly: a JSON object of at most kMaxBodyBytes
// whose every key is one the call takes, each value of the type it expects. Anything else is an
// InputError whose one line says what, in the player's language; the server (web) answers it with
// HTTP 400, the browser's module (wasm) with an error. No engine work happens before a body has
// passed here.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mm/engine/json.hpp"

namespace mm::api {

// A larger body is refused before it is read (HTTP 413).
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

// strings: an array of strings; number: any JSON number; object: a JSON object
enum class FieldType { string, boolean, integer, strings, number, object };

struct Field {
  std::string_view name;
  FieldType type;
};

// What a body's keys that are none of its fields are: refused, or passed by (a first look at a
// request for the fields that say how to read the rest).
enum class OtherKeys { refused, ignored };

// A request body checked against the fields its endpoint takes. An empty body reads as {}. Its
// values are read by the names of its fields only.
class RequestBody {
 public:
  // Throws InputError for text that is not a JSON object, an unknown key (unless ignored) or a
  // value of the wrong type (a number out of int's range too).
  RequestBody(std::string_view text, std::span<const Field> fields, OtherKeys others = OtherKeys::refused);

  std::optional<std::string> text(std::string_view name) const;
  std::optional<bool> flag(std::string_view name) const;
  std::optional<int> number(std::string_view name) const;
  std::optional<std::vector<std::string>> texts(std::string_view name) const;
  std::optional<double> real(std::string_view name) const;
  std::optional<engine::Json> object(std::string_view name) const;
  bool has(std::string_view name) const;

 private:
  engine::Json json_;
};

}  // namespace mm::api
