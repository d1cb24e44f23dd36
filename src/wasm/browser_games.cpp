#include "mm/wasm/browser_games.hpp"

#include <array>
#include <optional>
#include <random>
#include <utility>

#include "mm/api/play_actions.hpp"
#include "mm/api/play_json.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"

namespace mm::wasm {

namespace {

using engine::Json;

constexpr auto kStartFields = api::with_variant_fields(
    std::array{api::Field{"hard", api::FieldType::boolean}, api::Field{"seed", api::FieldType::integer}});

// From the browser's generator (emscripten's random_device reads crypto.getRandomValues).
std::uint64_t random_seed() { return (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}(); }

}  // namespace

std::span<const api::Field> BrowserGames::start_fields() noexcept { return kStartFields; }

Json BrowserGames::start(const api::RequestBody& body) {
  if (games_.size() >= kMaxBrowserGames)
    throw InputError(trf("{} games are open already: end one first", kMaxBrowserGames));
  PlayOptions options;
  options.variant = api::variant_of(body);
  options.hard = body.flag("hard").value_or(false);
  if (const std::optional<int> seed = body.number("seed")) {
    if (*seed < 0) throw InputError(tr("field 'seed' must be 0 or more"));
    options.seed = static_cast<std::uint64_t>(*seed);
  } else {
    options.seed = random_seed();
  }
  const std::uint64_t id = ++last_id_;
  games_.emplace(id, PlaySession(std::move(options)));
  return state(id);
}

Json BrowserGames::move(std::uint64_t id, std::string_view action, const api::RequestBody& body) {
  PlaySession& session = find(id);
  const PlayEvent event = session.submit(api::play_move(session, action, body));
  if (std::optional<Json> refused = api::refusal_json(event, session)) return std::move(*refused);
  Json out = state(id);
  out["event"] = api::event_json(event, session);
  return out;
}

Json BrowserGames::state(std::uint64_t id) const {
  const PlaySession& s = find(id);
  Json out = {{"game", id},
              {"variant", api::variant_json(s.variant())},
              {"hard", s.hard()},
              {"state", api::play_state_name(s.state())},
              {"assisted", s.assisted()},
              {"guesses_left", s.guesses_left()},
              {"board", api::board_json(s.board(), s.variant())}};
  if (s.over()) {
    out["secret"] = format_code(s.secret(), s.variant().alphabet);
    out["game_id"] = s.game_id();
  }
  return out;
}

Json BrowserGames::end(std::uint64_t id) {
  find(id);
  games_.erase(id);
  return {{"game", id}, {"ended", true}};
}

const PlaySession& BrowserGames::find(std::uint64_t id) const {
  const auto it = games_.find(id);
  if (it == games_.end()) throw InputError(trf("no game {} is open", id));
  return it->second;
}

PlaySession& BrowserGames::find(std::uint64_t id) { return const_cast<PlaySession&>(std::as_const(*this).find(id)); }

}  // namespace mm::wasm
