// The page: opens on a game at once, shows what each answer of the API says and sends the moves;
// every rule, answer and secret stays with the game, on the server or in the engine's worker
// (transport.js). No framework, no build step.
"use strict";

const state = {
  language: "en", texts: {}, presets: [], game: null, entry: [], answer: [], poll: null,
  where: "engine",    // where the game on the board is played: "server" or "engine"
  daily: null,        // the date of the daily code on the board, or null
  counted: null,      // the game last given to the statistics, counted once
};
// Where each mode's games live in the API; a play game's answers carry no "mode".
const GAME_PATHS = { play: "/api/games", solve: "/api/solve", watch: "/api/watch", duel: "/api/duel", netduel: "/api/duels" };
const modeOf = (game) => game.mode || "play";
const $ = (id) => document.getElementById(id);

function say(text) { $("message").textContent = text; }

// A request that could not be made: the server gone, or no engine to play in.
function fail(error) { say(t(error && error.textKey ? error.textKey : "server_gone")); }

// The words and the presets, from the server or the engine. Without them the page can do nothing:
// an answer that is not them (an engine that cannot answer these paths) counts as no engine.
async function loadTexts() {
  const texts = await api("GET", "/api/texts");
  const presets = await api("GET", "/api/variants");
  if (!texts.ok || !presets.ok) throw transportError("no_engine");
  state.texts = texts.answer.texts;
  applyTexts();
  state.presets = presets.answer.presets;
  fillPresets();
}

// While the worker works, the page says so; a quick answer shows nothing, to spare a flicker.
function showBusy(busy) {
  clearTimeout(state.busyTimer);
  if (!busy) { $("busy").hidden = true; document.body.classList.remove("busy"); return; }
  state.busyTimer = setTimeout(() => { $("busy").hidden = false; document.body.classList.add("busy"); }, 150);
}

// The variant's highscores, from the same file as the terminal's, once a game is over. The engine
// in the page keeps none: there the page says what would.
async function showScores(game) {
  const v = game.variant;
  $("scores-heading").textContent = t("highscores", v.name || v.rules);
  if (state.where !== "server") {
    $("no-scores").hidden = true;
    $("scores").hidden = false;
    return;
  }
  const result = await api("GET", `/api/scores/${v.rules}-g${v.max_guesses}${game.hard ? "/hard" : ""}`, undefined, "server");
  if (!result.ok) return;
  $("scores-rows").replaceChildren(...result.answer.top.map((row) => {
    const tr = document.createElement("tr");
    for (const value of [row.rank, row.player, row.guesses, row.seconds.toFixed(1)])
      tr.append(Object.assign(document.createElement("td"), { textContent: String(value) }));
    return tr;
  }));
  $("no-scores").hidden = result.answer.top.length > 0;
  $("scores").hidden = false;
}

const inProgress = (game) => !["won", "lost", "abandoned", "exposed", "match_over", "over"].includes(game.state);

// A duel across the network: the other player's moves come as server-sent events.
function followDuel(game) {
  if (state.stream && state.streamToken === game.token) return;
  if (state.stream) state.stream.close();
  state.streamToken = game.token;
  state.stream = new EventSource(`api/duels/${game.token}/events?lang=${state.language}`);
  state.stream.onmessage = (event) => show({ ok: true, answer: JSON.parse(event.data) });
}

// While the server's computer thinks, the page asks again until it has done; the server answers
// at once. The engine in the worker answers only once it has thought.
function followThinking() {
  clearTimeout(state.poll);
  const game = state.game;
  if (!game || (game.state !== "thinking" && !game.thinking)) return;
  state.poll = setTimeout(async () => {
    try { show(await api("GET", `${GAME_PATHS[modeOf(game)]}/${game.token}`, undefined, state.where)); } catch (error) { fail(error); }
  }, 250);
}

// A play game against the computer that has ended goes to the statistics (stats.js), once; a
// daily code is remembered (daily.js) and can be shared.
function countGame(game) {
  if (modeOf(game) !== "play" || inProgress(game) || state.counted === game) return;
  state.counted = game;
  if (window.MMStats) MMStats.record(game.variant, { won: game.state === "won", guesses: game.board.length, daily: state.daily });
  if (state.daily && window.MMDaily) MMDaily.remember(game.variant, state.daily, game);
}

function show(result) {
  if (!result.ok) { say(result.answer.error); return; }
  const before = state.game;
  state.game = result.answer;
  const mode = modeOf(state.game);
  if (mode === "netduel") {
    state.game.board = state.game.me.board;
    state.game.guesses_left = state.game.me.guesses_left;
    followDuel(state.game);
  }
  // Only the server's games outlive the page: the worker's go with it.
  if (state.where === "server" && inProgress(state.game)) {
    localStorage.setItem("game", state.game.token);
    localStorage.setItem("game_mode", mode);
  } else {
    localStorage.removeItem("game");
  }
  const sameGame = before && before.token === state.game.token;
  const moved = !sameGame || before.board.length !== state.game.board.length;
  if (moved) state.answer = [];
  render(sameGame && state.game.board.length > before.board.length ? state.game.board.length - 1 : -1);
  say(eventText(state.game));
  if (moved) keepPlayInView(state.game);
  $("scores").hidden = true;
  $("share-text").hidden = true;
  if (mode === "play" && !state.daily && state.game.state !== "playing") showScores(state.game).catch(() => {});
  countGame(state.game);
  followThinking();
}

function place(symbol) {
  const game = state.game;
  if (!game || !canGuess(game) || state.entry.length >= game.variant.pegs) return;
  state.entry.push(symbol);
  renderEntry(game, state.entry.length - 1);
}

function takeBack() { state.entry.pop(); if (state.game) renderEntry(state.game); }

async function move(action, withCode) {
  const game = state.game;
  if (!game) return;
  const body = withCode ? { code: state.entry.join("") } : undefined;
  try {
    const result = await api("POST", `${GAME_PATHS[modeOf(game)]}/${game.token}/${action}`, body, state.where);
    if (result.ok && (action === "guess")) state.entry = [];
    show(result);
  } catch (error) { fail(error); }
}

async function computerMove(action, body) {
  const game = state.game;
  if (!game) return;
  try { show(await api("POST", `${GAME_PATHS[modeOf(game)]}/${game.token}/${action}`, body, state.where)); } catch (error) { fail(error); }
}

function sendAnswer() {
  const black = state.answer.filter((v) => v === 1).length;
  const white = state.answer.filter((v) => v === 2).length;
  computerMove("answer", { black, white });
}

// A new game of `mode`; returns the API's answer (an error leaves the board as it was).
async function startGame(mode, body, where = transport.server ? "server" : "engine", daily = null) {
  const result = await api("POST", GAME_PATHS[mode], body, where);
  if (!result.ok) return result;
  state.entry = [];
  state.answer = [];
  state.game = null;
  state.where = where;
  state.daily = daily;
  show(result);
  if (mode === "play") $("submit").focus();
  if (mode === "duel") $("duel-secret").focus();
  return result;
}

// "New game" in the settings: the dialog closes once the game has started, and stays open on an
// error (a custom board that cannot be played), which it shows.
async function newGame(event) {
  event.preventDefault();
  const mode = $("mode").value === "netduel" && !transport.server ? "play" : $("mode").value;
  localStorage.setItem("player", $("player").value.trim());
  localStorage.setItem("variant", JSON.stringify(chosenVariant()));
  try {
    const result = await startGame(mode, settingsBody(mode));
    if (result.ok) $("settings").close();
    else $("settings-message").textContent = result.answer.error;
  } catch (error) {
    $("settings-message").textContent = t(error.textKey || "server_gone");
  }
}

async function joinDuel() {
  const player = $("player").value.trim();
  const body = { code: $("join-code").value.trim() };
  if (player) body.player = player;
  try {
    const result = await api("POST", "/api/duels/join", body, "server");
    if (!result.ok) { $("settings-message").textContent = result.answer.error; return; }
    state.entry = [];
    state.where = "server";
    state.daily = null;
    $("settings").close();
    show(result);
  } catch (error) { fail(error); }
}

// The daily code (daily.js): the same secret for everyone on a date and a variant, played in the
// worker. Played already today, the finished board is shown again, ready to share.
async function playDaily() {
  const date = MMDaily.date();
  const variant = state.game ? state.game.variant : state.presets[0].variant;
  const done = MMDaily.played(variant, date);
  if (done) {
    state.game = null;
    state.where = "engine";
    state.daily = date;
    state.counted = done;
    show({ ok: true, answer: done });
    say(t("daily_done"));
    return;
  }
  try {
    const result = await startGame("play", { ...variantBody(variant), daily: date }, "engine", date);
    if (!result.ok) say(result.answer.error);
  } catch (error) { fail(error); }
}

function share() {
  const text = MMDaily.shareText(state.game, state.daily, t);
  $("share-text").value = text;
  $("share-text").hidden = false;
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(text).then(() => say(t("shared")), () => {});
}

function onKey(event) {
  const game = state.game;
  if (!game || !canGuess(game) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) || document.querySelector("dialog[open]")) return;
  if (event.key === "Enter") { event.preventDefault(); move("guess", true); return; }
  if (event.key === "Backspace") { event.preventDefault(); takeBack(); return; }
  if (event.key.length !== 1) return;
  const index = game.variant.alphabet.toLowerCase().indexOf(event.key.toLowerCase());
  if (index >= 0) { event.preventDefault(); place(game.variant.alphabet[index]); }
}

// The lead-in: a game of the server resumed, a duel to join, else a play game of the last variant
// at once, ready for the first guess.
async function opening() {
  const join = new URLSearchParams(location.search).get("join");
  if (join && transport.server) {
    $("mode").value = "netduel";
    $("join-code").value = join;
    showModeOptions();
    openSettings();
    return;
  }
  const token = localStorage.getItem("game");
  const mode = GAME_PATHS[localStorage.getItem("game_mode")] ? localStorage.getItem("game_mode") : "play";
  if (token && transport.server) {
    const result = await api("GET", `${GAME_PATHS[mode]}/${token}`, undefined, "server");
    if (result.ok) {
      state.where = "server";
      $("mode").value = mode;
      showModeOptions();
      show(result);
      return;
    }
    localStorage.removeItem("game");
  }
  const stored = storedVariant();
  let result = await startGame("play", { ...stored, hard: $("hard").checked });
  // A stored board this program no longer plays: the classic one.
  if (!result.ok) result = await startGame("play", { preset: "classic" });
  if (!result.ok) say(result.answer.error);
}

async function start() {
  state.language = chosenLanguage();
  $("language").value = state.language;
  $("player").value = localStorage.getItem("player") || "";
  applyTheme(localStorage.getItem("theme"));
  transport.onBusy = showBusy;
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  const server = await probeServer(state.language);
  if (!server) startEngine();
  document.body.classList.toggle("static", !server);
  document.querySelector('#mode option[value="netduel"]').disabled = !server;
  $("daily-button").hidden = !window.MMDaily;
  $("stats-button").hidden = !window.MMStats;
  await loadTexts();
  showVariant(storedVariant());
  await opening();
}

setUpSettings();
$("setup").addEventListener("submit", newGame);
$("again").addEventListener("click", () => $("setup").requestSubmit());
$("submit").addEventListener("click", () => move("guess", true));
$("backspace").addEventListener("click", takeBack);
$("check").addEventListener("click", () => move("check", true));
for (const action of ["hint", "left", "undo", "quit"]) $(action).addEventListener("click", () => move(action, false));
document.addEventListener("keydown", onKey);
$("answer-submit").addEventListener("click", sendAnswer);
$("think-again").addEventListener("click", () => computerMove("think"));
$("solve-undo").addEventListener("click", () => computerMove("undo"));
$("solve-quit").addEventListener("click", () => computerMove("quit"));
$("step").addEventListener("click", () => computerMove("step"));
$("duel-next").addEventListener("click", () => computerMove("next"));
$("join").addEventListener("click", joinDuel);
$("daily-button").addEventListener("click", () => { if (window.MMDaily) playDaily(); });
$("stats-button").addEventListener("click", () => {
  if (window.MMStats) MMStats.render($("stats"), state.game ? state.game.variant : state.presets[0].variant, t);
  $("stats-dialog").showModal();
});
$("share").addEventListener("click", () => { if (window.MMDaily && state.daily) share(); });
$("duel-secret-entry").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = $("duel-secret").value.trim();
  $("duel-secret").value = "";
  computerMove("secret", { code });
});
$("secret-entry").addEventListener("submit", (event) => {
  event.preventDefault();
  computerMove("secret", { code: $("secret-code").value.trim() });
});
start().catch(fail);
