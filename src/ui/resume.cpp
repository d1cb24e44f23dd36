#include "mm/ui/resume.hpp"

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

namespace mm::ui {

namespace {

// The store to look in; nothing recorded, nothing to take up.
ScoreStore& store_of(Context& context) {
  ScoreStore* store = context.recorder.open_for_writing();
  if (store == nullptr) throw Error(ExitCode::failure, tr("no game to take up: no games are recorded here"));
  return *store;
}

}  // namespace

GameToResume find_game_to_resume(Context& context) {
  ScoreStore& store = store_of(context);
  if (const auto id = context.setup.resume_id) {
    const auto game = store.game(*id);
    if (!game) throw InputError(trf("--resume {}: there is no game {}", *id, *id));
    if (!game->record.is_resumable())
      throw InputError(trf("--resume {}: game {} is not a game of play left unfinished", *id, *id));
    return {game->id, game->record};
  }
  const std::string player = context.recorder.recording_name();
  const auto game = store.latest_resumable(player);
  if (!game)
    throw Error(ExitCode::failure, trf("no unfinished game of {} to take up (a game left with quit or Ctrl-D is one)",
                                       escape_control(player)));
  return {game->id, game->record};
}

Variant resumed_variant(const GameRecord& record, const GameSetup& setup) {
  VariantOptions options;
  // A preset's symbols mean its answers too (Bulls and Cows' digits: bulls and cows).
  for (const Preset& p : presets()) {
    const Variant preset = preset_variant(p.name);
    if (preset.rules.spelling(false) == record.rules && preset.alphabet.str() == record.alphabet)
      options.preset = std::string(p.name);
  }
  options.rules = record.rules + "-g" + std::to_string(record.max_guesses);
  options.alphabet = record.alphabet;
  if (setup.style_given) options.style = setup.variant.style;
  try {
    return make_variant(options);
  } catch (const InputError& e) {
    throw InputError(trf("that game cannot be taken up: {}", e.what()));
  }
}

PlayOptions resume_options(const GameToResume& game, const Variant& variant) {
  const GameRecord& r = game.record;
  PlayOptions options;
  options.variant = variant;
  ResumedGame resumed;
  try {
    options.secret = variant.read_code(r.secret);
    for (const std::string& guess : r.guess_list) resumed.guesses.push_back(variant.read_code(guess));
  } catch (const InputError& e) {
    throw InputError(trf("that game cannot be taken up: {}", e.what()));
  }
  resumed.seconds = r.seconds;
  resumed.own_secret = r.own_secret;
  // The record's assisted flag also stands for the player's own secret.
  resumed.assisted = r.assisted && !r.own_secret;
  options.resumed = std::move(resumed);
  options.hard = r.hard;
  options.replay = r.replay;
  options.adversary = r.adversary;
  return options;
}

void claim_game(Context& context, const GameToResume& game) {
  bool claimed = false;
  try {
    claimed = store_of(context).claim_for_resuming(game.id);
  } catch (const Error& e) {
    throw Error(ExitCode::failure, trf("game {} cannot be taken up: {}", game.id, e.what()));
  }
  if (!claimed) throw Error(ExitCode::failure, trf("game {} was taken up meanwhile by another run", game.id));
}

}  // namespace mm::ui
