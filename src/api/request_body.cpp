#include "mm/api/request_body.hpp"

#include <algorithm>
#include <limits>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::api {

namespace {

bool has_type(const engine::Json& value, FieldType type) {
  switch (type) {
    case FieldType::string:
      return value.is_string();
    case FieldType::boolean:
      return value.is_boolean();
    case FieldType::strings:
      return value.is_array() && std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_string(); });
    case FieldType::number:
      return value.is_number();
    case FieldType::object:
      return value.is_object();
    case FieldType::integer:
      if (value.is_number_unsigned()) return value.get<std::uint64_t>() <= std::numeric_limits<int>::max();
      if (value.is_number_integer())
        return value.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
               value.get<std::int64_t>() <= std::numeric_limits<int>::max();
      return false;
  }
  return false;
}

const char* type_word(FieldType type) {
  switch (type) {
    case FieldType::string:
      return tr("a string");
    case FieldType::boolean:
      return tr("true or false");
    case FieldType::integer:
      return tr("a whole number");
    case FieldType::strings:
      return tr("a list of strings");
    case FieldType::number:
      return tr("a number");
    case FieldType::object:
      return tr("a JSON object");
  }
  return "";
}

}  // namespace

RequestBody::RequestBody(std::string_view text, std::span<const Field> fields, OtherKeys others) {
  if (text.size() > kMaxBodyBytes) throw InputError(trf("the request is larger than {} bytes", kMaxBodyBytes));
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    json_ = engine::Json::object();
    return;
  }
  json_ = engine::Json::parse(text.begin(), text.end(), nullptr, false);
  if (json_.is_discarded()) throw InputError(tr("the request is not valid JSON"));
  if (!json_.is_object()) throw InputError(tr("the request must be a JSON object"));
  for (const auto& item : json_.items()) {
    // Named, not bound as [key, value]: clang 14 (emscripten's) lets no lambda capture a binding.
    const std::string& key = item.key();
    const engine::Json& value = item.value();
    const auto field = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == key; });
    if (field == fields.end()) {
      if (others == OtherKeys::ignored) continue;
      throw InputError(trf("unknown field '{}'", escape_control(key)));
    }
    if (!has_type(value, field->type))
      throw InputError(trf("field '{}' must be {}", escape_control(key), type_word(field->type)));
  }
}

std::optional<std::string> RequestBody::text(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<bool> RequestBody::flag(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return it->get<bool>();
}

std::optional<int> RequestBody::number(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return static_cast<int>(it->get<std::int64_t>());
}

std::optional<std::vector<std::string>> RequestBody::texts(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return it->get<std::vector<std::string>>();
}

std::optional<double> RequestBody::real(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return it->get<double>();
}

std::optional<engine::Json> RequestBody::object(std::string_view name) const {
  const auto it = json_.find(name);
  if (it == json_.end()) return std::nullopt;
  return *it;
}

bool RequestBody::has(std::string_view name) const { return json_.contains(name); }

}  // namespace mm::api
