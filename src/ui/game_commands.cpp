#include "mm/ui/game_commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <climits>
#include <cstdint>
#include <filesystem>
#include <memory>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/rules.hpp"
#include "mm/core/text.hpp"
#include "mm/frontend/hard_option.hpp"
#include "mm/frontend/number_option.hpp"
#include "mm/frontend/terminal_run.hpp"
#include "mm/frontend/tree_option.hpp"
#include "mm/game/duel.hpp"
#include "mm/game/game_id.hpp"
#include "mm/store/player_name.hpp"
#include "mm/ui/app.hpp"
#include "mm/ui/setup.hpp"

namespace mm::ui {

namespace {

constexpr std::string_view kPlayer = "--player";
constexpr std::string_view kScoresFile = "--scores-file";
constexpr std::string_view kSecret = "--secret";
constexpr std::string_view kAll = "--all";
constexpr std::string_view kDelay = "--delay";
constexpr std::string_view kBreaker = "--breaker";

// More games than the solver has codes on its largest board is a typo rather than a wish.
constexpr std::uint64_t kMaxGames = kMaxSolverCodes;
// More highscore rows per variant than anyone reads.
constexpr std::uint64_t kMaxTop = 1'000'000;

constexpr const char* kPlayerDescription = N_("Your name for the highscores (asked once otherwise)");

// TRANSLATORS: a heading of a group of options in --help.
const char* const kGameGroup = N_("Game");

// The value of an option given on `app` or, the options falling through, on one of its parents.
const CLI::Option* given(const CLI::App* app, std::string_view name) {
  for (; app != nullptr; app = app->get_parent()) {
    const CLI::Option* option = app->get_option_no_throw(std::string(name));
    if (option != nullptr && option->count() > 0) return option;
  }
  return nullptr;
}

template <class T>
std::optional<T> value_of(const CLI::App* app, std::string_view name) {
  const CLI::Option* option = given(app, name);
  if (option == nullptr) return std::nullopt;
  return option->as<T>();
}

// A file the user names goes where they said or nowhere: its directory is never made for it (the
// default file's is), and a missing one is said before any game, with status 73.
std::filesystem::path require_directory(const std::string& file) {
  const std::filesystem::path path(file);
  std::error_code ec;
  if (path.has_parent_path() && !std::filesystem::is_directory(path.parent_path(), ec))
    throw Error(ExitCode::cant_create,
                trf("{}: the directory {} does not exist (nothing was created)", file, path.parent_path().string()));
  return path;
}

bool variant_given(const VariantOptions& v) {
  return v.preset || v.rules || v.pegs || v.colors || v.repeats || v.guesses || v.feedback || v.alphabet;
}

// The numbers and choices the game subcommands take; each subcommand fills only its own.
struct GameNumbers {
  std::optional<int> rounds;
  std::optional<std::uint64_t> games;
  std::optional<std::size_t> top;
  bool hard = false;
  std::optional<std::string> replay;   // play: the id to play again; scores: the id to list
  bool adversary = false;              // play: the codemaker fights back
  std::optional<std::string> resume;   // play: take up a game ("": the latest)
  std::optional<std::string> variant;  // scores: one variant's table and figures
};

// `scores --variant NAME`: a preset's name or a rules spelling such as p5c8r-g12.
void apply_scores_variant(GameSetup& setup, const frontend::CommonOptions& options, const std::string& text) {
  VariantOptions variant = options.variant;
  bool preset = false;
  for (const Preset& p : presets()) preset = preset || p.name == to_lower_ascii(text);
  if (preset)
    variant.preset = to_lower_ascii(text);
  else
    variant.rules = text;
  try {
    setup.variant = make_variant(variant);
  } catch (const InputError& e) {
    throw InputError(trf("--variant {}: {}", escape_control(text), e.what()));
  }
  setup.variant_given = true;
}

// The longest pause `watch --delay` takes between guesses; more is a typo.
constexpr double kMaxWatchDelay = 60;

// `play --replay ID` takes the rules from the id; options that set rules would contradict it
// (the alphabet and the answer style stay the player's own to choose). A preset may be named when
// it is the id's own.
void refuse_rules_with_replay(const VariantOptions& v, const GameId& id) {
  const bool preset_fits =
      !v.preset || *v.preset == id.preset ||
      (id.preset.empty() && preset_variant(*v.preset).rules.spelling(false) == id.rules.spelling(false));
  if (!preset_fits || v.rules || v.pegs || v.colors || v.repeats || v.guesses || v.feedback)
    throw InputError(
        tr("--replay takes the rules from the game id: leave out --preset, --rules, --pegs, --colors, "
           "--repeats and --guesses"));
}

// The set-up of `play --replay ID`: the game as it was played (its rules, its preset's symbols and
// answers, hard mode), with the player's own alphabet and style when given.
void apply_replay(GameSetup& setup, const frontend::CommonOptions& options, const std::string& text) {
  const GameId id = decode_game_id(text);
  refuse_rules_with_replay(options.variant, id);
  setup.variant = make_variant(variant_options_of(id, options.variant));
  setup.hard = setup.hard || id.hard;
  setup.replay = id;
}

// `play --resume [ID]` takes everything from the stored game; `--adversary` fixes no secret.
// Options that would contradict them are refused, in our words.
void apply_resume_and_adversary(GameSetup& setup, const frontend::CommonOptions& options, const GameNumbers& numbers) {
  setup.adversary = numbers.adversary;
  if (numbers.adversary && (setup.secret || numbers.replay))
    throw InputError(tr("--adversary fixes no secret: leave out --secret and --replay"));
  if (!numbers.resume) return;
  const VariantOptions& v = options.variant;
  if (setup.secret || numbers.replay || numbers.adversary || numbers.hard || v.preset || v.rules || v.pegs ||
      v.colors || v.repeats || v.guesses || v.feedback || v.alphabet)
    throw InputError(
        tr("--resume takes the game as it was left: leave out --secret, --replay, --adversary, --hard and the "
           "options that set the rules"));
  setup.resume = true;
  if (numbers.resume->empty()) return;
  const auto id = parse_decimal(*numbers.resume);
  if (!id || *id == 0 || *id > static_cast<std::uint64_t>(INT64_MAX))
    throw InputError(trf("--resume: '{}' is not a game's number (the number shown when a game is kept)",
                         escape_control(*numbers.resume)));
  setup.resume_id = static_cast<std::int64_t>(*id);
}

// What every game command and the menu share: the variant, colour, engine and store choices.
GameSetup base_setup(const CLI::App* app, const frontend::CommonOptions& options) {
  GameSetup setup;
  setup.variant = frontend::resolve_variant(options);
  setup.computer.tree = frontend::load_tree_option(options, setup.variant);
  setup.variant_given = variant_given(options.variant);
  setup.style_given = options.variant.style.has_value();
  setup.color = frontend::use_color(options, STDOUT_FILENO);
  setup.computer.strategy = frontend::chosen_strategy(options);
  setup.computer.search = options.search;
  setup.computer.objective = frontend::chosen_objective(options);
  setup.seed = options.seed;
  setup.run = frontend::terminal_run(options);
  setup.json = options.json;
  setup.player = value_of<std::string>(app, kPlayer);
  if (const auto file = value_of<std::string>(app, kScoresFile)) setup.scores_file = require_directory(*file);
  setup.delay = value_of<double>(app, kDelay);
  return setup;
}

// `description` says what the name is for: the games' name, or (scores) whose figures to show.
void add_player_and_file(CLI::App& app, const std::string& description) {
  app.add_option(std::string(kPlayer))
      ->description(description)
      ->type_name(tr("NAME"))
      ->check([](const std::string& name) { return why_bad_player_name(name).value_or(""); }, "")
      ->group(tr(kGameGroup));
  app.add_option("-f," + std::string(kScoresFile))
      ->description(tr("Highscores file (default: scores.db in $XDG_DATA_HOME/mastermind)"))
      ->type_name(tr("FILE"))
      // An empty name would send the games to a temporary database and lose them.
      ->check(CLI::Validator(
          [](const std::string& name) {
            return name.empty() ? std::string(tr("expected a file name, got nothing")) : "";
          },
          ""))
      ->group(tr(kGameGroup));
}

// On the top level too, for watch from the start menu.
void add_delay(CLI::App& app) {
  app.add_option(std::string(kDelay))
      ->description(trf("watch: seconds between guesses on a terminal, so a person can follow (0-{}, "
                        "default {}; none when the output is not a terminal)",
                        kMaxWatchDelay, kDefaultWatchDelay))
      ->type_name(tr("SECONDS"))
      ->check(frontend::seconds_check(kMaxWatchDelay))
      ->group(tr(kGameGroup));
}

CLI::Option* add_secret(CLI::App& app, std::string_view what) {
  return app.add_option(std::string(kSecret))
      ->description(std::string(what))
      ->type_name(tr("CODE"))
      ->group(tr(kGameGroup));
}

// --json is for output that is data: the highscores and the statistics of many games. A game, the
// rules or the menu are for a person; silently ignoring the option would hand a script text.
void refuse_json_without_data(const frontend::CommonOptions& options, Mode mode, bool statistics) {
  if (!options.json) return;
  if (mode == Mode::scores || (mode == Mode::watch && statistics)) return;
  throw InputError(
      tr("--json gives data only for scores, watch --all, watch --games N and the engine's commands, not for a game, "
         "the rules or the menu"));
}

// Only one subcommand runs, so they may share `numbers`.
CLI::App& add_mode(CLI::App& app, frontend::CommonOptions& options, const std::shared_ptr<GameNumbers>& numbers,
                   Mode mode, std::string_view name, std::string_view description) {
  CLI::App* sub = app.add_subcommand(std::string(name), std::string(description));
  sub->callback([sub, &options, numbers, mode] {
    refuse_json_without_data(options, mode, numbers->games.has_value() || given(sub, kAll) != nullptr);
    GameSetup setup = base_setup(sub, options);
    setup.secret = value_of<std::string>(sub, kSecret);
    setup.breaker = value_of<std::string>(sub, kBreaker);
    if (setup.breaker && (setup.computer.strategy || setup.computer.tree))
      throw InputError(tr("--breaker plays another program: --strategy and --tree do not go with it"));
    if (numbers->rounds) setup.rounds = *numbers->rounds;
    setup.games = numbers->games;
    setup.all_games = given(sub, kAll) != nullptr;
    if (numbers->top) setup.top = *numbers->top;
    setup.hard = numbers->hard || options.hard;  // play's --hard, or solve's and watch's
    if (mode == Mode::play) apply_resume_and_adversary(setup, options, *numbers);
    if (mode == Mode::scores && numbers->variant) apply_scores_variant(setup, options, *numbers->variant);
    if (numbers->replay) {
      if (mode == Mode::play) {
        apply_replay(setup, options, *numbers->replay);
      } else {
        // Read and written back: the id in its one spelling (upper case), as games store it.
        const GameId id = decode_game_id(*numbers->replay);
        setup.replay_list = encode_game_id(id);
      }
    }
    options.exit_status = run_mode(mode, std::move(setup));
  });
  return *sub;
}

}  // namespace

void add_game_commands(CLI::App& app, frontend::CommonOptions& options) {
  // On the top level too, for the start menu (`mastermind -f FILE`).
  add_player_and_file(app, tr(kPlayerDescription));
  add_delay(app);
  auto numbers = std::make_shared<GameNumbers>();

  CLI::App& play = add_mode(app, options, numbers, Mode::play, "play", tr("Break the computer's secret code"));
  add_player_and_file(play, tr(kPlayerDescription));
  CLI::Option* play_secret =
      add_secret(play, tr("The secret to break, instead of a random one (for teaching and testing)"));
  play.add_flag_callback(
          "--hard",
          [numbers, &options] {
            numbers->hard = true;
            options.hard = true;  // and --tree must be a hard-mode tree
          },
          tr("Hard mode: every guess must fit every answer so far (ranked apart)"))
      ->group(tr(kGameGroup));
  play.add_option_function<std::string>(
          "--replay", [numbers](const std::string& id) { numbers->replay = id; },
          tr("Play the secret of a game id shown at the end of a game, to compare with whoever played it"))
      ->type_name(tr("ID"))
      ->excludes(play_secret)
      ->group(tr(kGameGroup));
  play.add_flag_callback(
          "--adversary", [numbers] { numbers->adversary = true; },
          tr("The codemaker fights back: no secret is fixed, each answer keeps the most codes possible "
             "(ranked apart)"))
      ->group(tr(kGameGroup));
  play.add_option_function<std::string>(
          "--resume", [numbers](const std::string& id) { numbers->resume = id; },
          tr("Take up the latest game left unfinished (with quit or at the end of input), or game ID, where it "
             "stopped"))
      ->type_name(tr("[ID]"))
      ->expected(0, 1)
      ->group(tr(kGameGroup));
  frontend::add_tree_option(play, options);

  CLI::App& solve =
      add_mode(app, options, numbers, Mode::solve, "solve", tr("Think of a code; the computer breaks it"));
  add_player_and_file(solve, tr(kPlayerDescription));
  add_secret(solve, tr("Your secret: the computer answers for you and plays visibly"));
  frontend::add_tree_option(solve, options);
  frontend::add_hard_option(solve, options);
  solve.add_option(std::string(kBreaker))
      ->description(tr("Another program guesses instead of ours, over the protocol of docs/protocol.md: a command"))
      ->type_name(tr("COMMAND"))
      ->group(tr(kGameGroup));

  CLI::App& duel =
      add_mode(app, options, numbers, Mode::duel, "duel", tr("Two players: one makes the code, the other breaks it"));
  add_player_and_file(duel, tr(kPlayerDescription));
  frontend::add_number_option(
      duel, "--rounds", {1, kMaxDuelRounds}, [numbers](std::uint64_t n) { numbers->rounds = static_cast<int>(n); },
      trf("Rounds, the roles alternating; the winner needs fewer guesses per round as codebreaker, so an "
          "odd number is fair too (1-{}, default {})",
          kMaxDuelRounds, kDefaultDuelRounds))
      ->group(tr(kGameGroup));
  frontend::add_tree_option(duel, options);

  CLI::App& watch = add_mode(app, options, numbers, Mode::watch, "watch", tr("The computer plays against itself"));
  add_player_and_file(watch, tr(kPlayerDescription));
  add_secret(watch, tr("The secret for the computer to break, instead of a random one"));
  frontend::add_tree_option(watch, options);
  frontend::add_hard_option(watch, options);
  CLI::Option* games = frontend::add_number_option(
                           watch, "--games", {1, kMaxGames}, [numbers](std::uint64_t n) { numbers->games = n; },
                           trf("Play N random secrets and show the statistics (1-{})", kMaxGames))
                           ->group(tr(kGameGroup));
  watch.add_flag(std::string(kAll))
      ->description(tr("Play every secret and show the statistics"))
      ->excludes(games)
      ->group(tr(kGameGroup));
  add_delay(watch);

  CLI::App& scores = add_mode(app, options, numbers, Mode::scores, "scores", tr("Highscores and your own statistics"));
  add_player_and_file(scores, tr("Whose own statistics to show (default: your name)"));
  frontend::add_number_option(
      scores, "-n", {1, kMaxTop}, [numbers](std::uint64_t n) { numbers->top = static_cast<std::size_t>(n); },
      trf("Games shown per variant (1-{}, default {})", kMaxTop, kDefaultTop))
      ->group(tr(kGameGroup));
  scores
      .add_option_function<std::string>(
          "--replay", [numbers](const std::string& id) { numbers->replay = id; },
          tr("The games played from one game id: who broke that code in how many guesses"))
      ->type_name(tr("ID"))
      ->group(tr(kGameGroup));
  scores
      .add_option_function<std::string>(
          "--variant", [numbers](const std::string& name) { numbers->variant = name; },
          tr("Only this variant: a preset's name or rules such as p5c8r-g12, with your own figures in it"))
      ->type_name(tr("RULES"))
      ->group(tr(kGameGroup));
  scores
      .add_flag_callback(
          "--hard", [numbers] { numbers->hard = true; }, tr("Also the hard-mode ranking of the variant"))
      ->group(tr(kGameGroup));

  add_mode(app, options, numbers, Mode::rules, "rules", tr("How the game is played"));
}

int run_start_menu(CLI::App& app, frontend::CommonOptions& options) {
  if (options.json)
    throw InputError(
        tr("--json gives data only for scores, watch --all, watch --games N and the engine's commands, "
           "not for the menu"));
  return run_menu(base_setup(&app, options));
}

}  // namespace mm::ui
