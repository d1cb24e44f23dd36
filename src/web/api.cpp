#include "mm/web/api.hpp"

#include <array>
#include <memory>
#include <random>

#include "mm/api/game_path.hpp"
#include "mm/api/page_texts.hpp"
#include "mm/api/play_actions.hpp"
#include "mm/api/play_game.hpp"
#include "mm/api/play_json.hpp"
#include "mm/api/request_body.hpp"
#include "mm/api/variant_body.hpp"
#include "mm/core/code.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/core/variant.hpp"
#include "mm/engine/json.hpp"
#include "mm/engine/stop.hpp"
#include "mm/game/game_id.hpp"
#include "mm/store/player_name.hpp"
#include "mm/web/game_json.hpp"

namespace mm::web {

using api::kGamesPath;
using api::RequestBody;

namespace {

using engine::Json;

constexpr std::string_view kScoresPath = "/api/scores/";
constexpr std::string_view kHardSuffix = "/hard";
// Rows of a variant's highscores the page shows, as the terminal's `scores` does by default.
constexpr std::size_t kScoresShown = 10;

ApiResponse not_found() { return error_answer(404, tr("no such page or game")); }

}  // namespace

Api::Api(TableSettings settings, double think_seconds)
    : writer_(settings.scores_file, settings.default_scores_file),
      table_(settings, writer_),
      duels_(settings, writer_),
      net_duels_(settings, writer_),
      computer_(worker_, settings, writer_),
      worker_(think_seconds) {}

std::optional<std::string> Api::duel_event(const std::string& token, const std::string& language, std::uint64_t& seen,
                                           std::chrono::milliseconds wait) {
  std::unique_lock lock(net_duels_mutex_);
  changed_.wait_for(lock, wait, [&] { return net_duels_.version() != seen; });
  if (net_duels_.version() == seen) return "";
  seen = net_duels_.version();
  const LanguageScope in(language);
  return net_duels_.view(token);
}

ApiResponse Api::handle(const ApiRequest& request) {
  // The thread's language, not the process's: other requests are answered in theirs meanwhile.
  const LanguageScope in(request.language);
  try {
    return route(request);
  } catch (const InputError& e) {
    return error_answer(400, e.what());
  } catch (const Cancelled&) {
    // Each game's work has its own stop: only this game's own time limit or quit stops it, and
    // the job handles that; kept so that a stop never reaches the player as a crash.
    return error_answer(503, tr("the computer was stopped; try again"));
  } catch (const Error& e) {
    return error_answer(500, e.what());
  }
}

void Api::expire_idle() {
  table_.expire_idle();
  computer_.expire_idle();
  {
    const std::lock_guard lock(duels_mutex_);
    duels_.expire_idle();
  }
  const std::lock_guard lock(net_duels_mutex_);
  net_duels_.expire_idle();
}

std::size_t Api::abandon_all(Ending ending) {
  worker_.stop();  // first: a job hands its result back under its game's lock
  std::size_t in_progress = table_.abandon_all(ending) + computer_.abandon_all(ending);
  {
    const std::lock_guard lock(duels_mutex_);
    in_progress += duels_.abandon_all(ending);
  }
  const std::lock_guard lock(net_duels_mutex_);
  return in_progress + net_duels_.abandon_all(ending);
}

ApiResponse Api::route(const ApiRequest& request) {
  const std::string& path = request.path;
  const bool get = request.method == "GET";
  const bool post = request.method == "POST";
  if (path == "/api/texts" && get) return json_answer(200, api::page_texts_json());
  if (path == "/api/variants" && get) return json_answer(200, api::presets_json());
  if (path == kGamesPath && post) return new_game(request);
  if (auto answer = computer_.route(request)) return *answer;
  {
    const std::lock_guard lock(duels_mutex_);
    if (auto answer = duels_.route(request)) return *answer;
  }
  {
    std::unique_lock lock(net_duels_mutex_);
    const std::uint64_t version = net_duels_.version();
    std::optional<ApiResponse> answer;
    try {
      answer = net_duels_.route(request);
    } catch (...) {
      if (net_duels_.version() != version) changed_.notify_all();
      throw;
    }
    if (net_duels_.version() != version) {
      lock.unlock();
      changed_.notify_all();
    }
    if (answer) return *answer;
  }
  if (path.starts_with(kScoresPath) && get) return scores(path.substr(kScoresPath.size()));
  const std::optional<api::GamePath> where = api::game_path(path, kGamesPath);
  if (!where) return not_found();
  const std::string& token = where->token;
  const std::string& action = where->action;
  if (!is_token(token)) return not_found();
  if (action.empty() && get) {
    const std::shared_ptr<WebGame> game = table_.find(token);
    if (!game) return not_found();
    const std::lock_guard lock(game->mutex);
    return game_answer(200, token, *game);
  }
  if (post) return game_action(token, action, request);
  return error_answer(405, tr("this method is not allowed here"));
}

ApiResponse Api::scores(std::string spelling) {
  const bool hard = spelling.ends_with(kHardSuffix);
  if (hard) spelling.resize(spelling.size() - kHardSuffix.size());
  const Rules rules = parse_rules(spelling);
  const VariantKey key = VariantKey::of(rules, hard);
  Json top = Json::array();
  std::size_t rank = 0;
  for (const StoredGame& game : table_.top(key, kScoresShown))
    top.push_back({{"rank", ++rank},
                   {"player", game.record.player},
                   {"guesses", game.record.guesses},
                   {"seconds", game.record.seconds},
                   {"date", game.record.date}});
  return json_answer(200, Json{{"rules", key.rules}, {"max_guesses", key.max_guesses}, {"hard", hard}, {"top", top}});
}

ApiResponse Api::new_game(const ApiRequest& request) {
  const RequestBody body(request.body, api::kNewGameFields);
  PlayOptions options = api::play_options_of(body);
  options.seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  const std::string player = body.text("player").value_or("");
  if (!player.empty())
    if (const auto why = why_bad_player_name(player)) throw InputError(*why);
  const StopSource stop;
  options.run.stop = stop.token();
  PlaySession session(std::move(options));
  const auto token = table_.add(std::move(session), player, stop);
  if (!token) return error_answer(503, tr("the server holds as many games as it may; try again later"));
  const std::shared_ptr<WebGame> game = table_.find(*token);
  if (!game) return not_found();  // dropped at once by a table full of newer games
  const std::lock_guard lock(game->mutex);
  return json_answer(201, game_state_json(*token, *game));
}

ApiResponse Api::game_action(const std::string& token, const std::string& action, const ApiRequest& request) {
  if (!api::is_play_action(action)) return not_found();
  const std::shared_ptr<WebGame> game = table_.find(token);
  if (!game) return not_found();
  std::unique_lock lock(game->mutex);
  const RequestBody body(request.body, api::play_action_fields(action));
  if (!api::play_action_fields(action).empty() && !body.text("code")) throw InputError(tr("field 'code' is missing"));
  if (game->busy) {
    if (action != "quit") return error_answer(409, tr("the computer is still thinking; ask again in a moment"));
    // The worker has the session: it quits once the search has stopped.
    game->quit_requested = true;
    worker_.cancel(game->job);
    return game_answer(202, token, *game);
  }
  game->answer.reset();
  game->stopped = false;
  if ((action == "hint" || action == "left") && !game->session.over())
    return assist(game, token, action == "hint" ? Command::hint : Command::left);
  const PlayEvent event = game->session.submit(api::play_move(game->session, action, body));
  if (const std::optional<Json> refused = api::refusal_json(event, game->session))
    return json_answer(std::holds_alternative<HardModeRefusal>(event) ? 409 : 400, *refused);
  table_.keep(*game);
  record_unlocked(*game, lock);
  Json out = game_state_json(token, *game);
  out["event"] = api::event_json(event, game->session);
  return json_answer(200, out);
}

void Api::record_unlocked(WebGame& game, std::unique_lock<std::mutex>& lock) {
  if (!game.session.over() || game.stored_id || game.recording || game.player.empty() || !table_.settings().scores_file)
    return;
  const GameRecord record = game.session.record(game.player);
  // Meanwhile the game stays in the table (expire_idle passes it by) and nothing records it twice.
  game.recording = true;
  lock.unlock();
  std::string problem;
  const std::optional<std::int64_t> id = writer_.record(record, problem);
  lock.lock();
  game.recording = false;
  game.stored_id = id;
  game.store_problem = std::move(problem);
}

ApiResponse Api::assist(const std::shared_ptr<WebGame>& game, const std::string& token, Command command) {
  if (game->job == 0) game->job = worker_.new_id();
  game->busy = true;
  game->assisted_before = game->session.assisted();
  // The job shares the game: one dropped meanwhile lives until the job lets it go.
  worker_.submit(
      game->job, game->stop,
      [this, playing = game, command] {
        bool quit = false;
        {
          // A `quit` that came while the job waited for a thread: no search at all.
          const std::lock_guard lock(playing->mutex);
          quit = playing->quit_requested;
        }
        std::optional<PlayEvent> event;
        try {
          if (!quit) event = playing->session.submit(command);
        } catch (const Cancelled&) {
        }
        const std::lock_guard lock(playing->mutex);
        playing->busy = false;
        playing->stopped = !event;
        playing->answer = std::move(event);
        if (playing->quit_requested) {
          playing->quit_requested = false;
          playing->stopped = false;
          playing->answer = playing->session.submit(Command::quit);
          table_.record_if_over(*playing);
        }
        table_.keep(*playing);  // a hint or a count marks the game assisted
      },
      game->session.variant().rules.spelling());
  return game_answer(202, token, *game);
}

ApiResponse Api::game_answer(int status, const std::string& token, const WebGame& game) {
  Json out = game_state_json(token, game);
  if (auto event = api::assist_event_json(game.answer, game.stopped, game.session)) out["event"] = std::move(*event);
  return json_answer(status, out);
}

}  // namespace mm::web
