#include "mm/api/play_actions.hpp"

#include <algorithm>
#include <string>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::api {

namespace {

constexpr std::array kCodeFields = {Field{"code", FieldType::string}};

bool takes_code(std::string_view action) noexcept { return action == "guess" || action == "check"; }

}  // namespace

bool is_play_action(std::string_view action) noexcept {
  return std::find(kPlayActions.begin(), kPlayActions.end(), action) != kPlayActions.end();
}

std::span<const Field> play_action_fields(std::string_view action) noexcept {
  if (takes_code(action)) return kCodeFields;
  return {};
}

PlayMove play_move(const PlaySession& session, std::string_view action, const RequestBody& body) {
  if (takes_code(action) && !body.has("code")) throw InputError(tr("field 'code' is missing"));
  const Variant& v = session.variant();
  const std::string code = body.text("code").value_or("");
  if (action == "guess") return v.read_code(code);
  if (action == "check") {
    // With no code, the session asks for one; a game over says so whatever the code.
    if (trim(code).empty() || session.over()) return Command::check;
    return CheckCode{v.read_code(code)};
  }
  if (action == "hint") return Command::hint;
  if (action == "left") return Command::left;
  if (action == "undo") return Command::undo;
  return Command::quit;
}

}  // namespace mm::api
