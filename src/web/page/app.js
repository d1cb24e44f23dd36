// The page of `mastermind serve`: shows what the server says and sends moves; every rule, answer
// and secret stays on the server. No framework, no build step.
"use strict";

const LANGUAGES = ["en", "da", "sv"];
const state = { language: "en", texts: {}, presets: [], game: null, entry: [], answer: [], poll: null };
// Where each mode's games live in the API; a play game's answers carry no "mode".
const GAME_PATHS = { play: "/api/games", solve: "/api/solve", watch: "/api/watch", duel: "/api/duel", netduel: "/api/duels" };
const ANSWER_PEG_TEXTS = ["peg_none", "peg_black", "peg_white"];
const ANSWER_PEG_CLASSES = ["none", "black", "white"];
const modeOf = (game) => game.mode || "play";
const $ = (id) => document.getElementById(id);

// A text of the catalogue with its {} filled in order.
function t(key, ...values) {
  let text = state.texts[key] || key;
  for (const value of values) text = text.replace("{}", String(value));
  return text;
}

function chosenLanguage() {
  const stored = localStorage.getItem("language");
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

async function api(method, path, body) {
  const response = await fetch(`${path}?lang=${state.language}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  return { ok: response.ok, status: response.status, answer };
}

function say(text) { $("message").textContent = text; }

async function loadTexts() {
  const texts = await api("GET", "/api/texts");
  state.texts = texts.answer.texts;
  document.documentElement.lang = state.language;
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = t(node.dataset.text);
  for (const node of document.querySelectorAll("[data-label]")) node.setAttribute("aria-label", t(node.dataset.label));
  const presets = await api("GET", "/api/variants");
  state.presets = presets.answer.presets;
  const select = $("preset");
  const chosen = select.value || "classic";
  select.replaceChildren(...state.presets.map((p) => new Option(`${p.name}: ${p.summary}`, p.name)));
  select.value = chosen;
  render();
}

function pegElement(tag, symbol, alphabet) {
  const peg = document.createElement(tag);
  peg.className = `peg c${alphabet.indexOf(symbol)}`;
  peg.textContent = symbol;
  return peg;
}

// The answer as the server words it in the player's language: pegs drawn one by one (black, then
// white, then empty, each with its letter), other styles as their text.
function answerElement(turn, style) {
  const answer = document.createElement("span");
  answer.className = "answer";
  answer.setAttribute("aria-hidden", "true");
  if (style !== "pegs") {
    answer.textContent = turn.says;
    return answer;
  }
  [...turn.says].forEach((letter, i) => {
    const kind = i < turn.black ? "black" : i < turn.black + turn.white ? "white" : "";
    answer.append(Object.assign(document.createElement("span"), { className: kind, textContent: letter }));
  });
  return answer;
}

function renderBoard(game, list = $("board"), board = game.board) {
  const v = game.variant;
  const rows = [];
  for (let i = 0; i < v.max_guesses; i++) {
    const li = document.createElement("li");
    const turn = board[i];
    li.append(Object.assign(document.createElement("span"), { className: "number", textContent: String(i + 1) }));
    if (turn) {
      li.setAttribute("aria-label", t("row", i + 1, turn.guess, t("answer_counts", turn.black, turn.white)));
      const pegs = document.createElement("span");
      pegs.className = "pegs";
      pegs.setAttribute("aria-hidden", "true");
      for (const symbol of turn.guess) pegs.append(pegElement("span", symbol, v.alphabet));
      li.append(pegs, answerElement(turn, v.style));
    } else {
      li.setAttribute("aria-label", t("row_empty", i + 1));
    }
    rows.push(li);
  }
  list.replaceChildren(...rows);
}

function renderEntry(game) {
  const v = game.variant;
  const slots = [];
  for (let i = 0; i < v.pegs; i++) {
    const symbol = state.entry[i];
    const slot = symbol ? pegElement("span", symbol, v.alphabet) : Object.assign(document.createElement("span"), { className: "peg empty", textContent: "?" });
    slot.setAttribute("role", "img");
    slot.setAttribute("aria-label", symbol ? t("peg", i + 1, symbol) : t("peg_empty", i + 1));
    slots.push(slot);
  }
  $("current").replaceChildren(...slots);
  $("palette").replaceChildren(...[...v.alphabet].map((symbol) => {
    const button = pegElement("button", symbol, v.alphabet);
    button.type = "button";
    button.setAttribute("aria-label", t("symbol", symbol));
    button.addEventListener("click", () => place(symbol));
    return button;
  }));
}

// The answer pegs of `solve`: one button per peg, none -> black -> white -> none.
function renderAnswerPegs(game) {
  const pegs = game.variant.pegs;
  while (state.answer.length < pegs) state.answer.push(0);
  state.answer.length = pegs;
  $("answer-pegs").replaceChildren(...state.answer.map((value, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `answer-peg ${ANSWER_PEG_CLASSES[value]}`;
    button.textContent = value === 0 ? "·" : t(ANSWER_PEG_TEXTS[value]).slice(0, 1).toUpperCase();
    button.setAttribute("aria-label", t("answer_peg", i + 1, t(ANSWER_PEG_TEXTS[value])));
    button.disabled = game.state !== "answering";
    button.addEventListener("click", () => {
      state.answer[i] = (state.answer[i] + 1) % ANSWER_PEG_TEXTS.length;
      renderAnswerPegs(state.game);
      $("answer-pegs").children[i].focus();
    });
    return button;
  }));
}

function renderSolve(game) {
  const answering = game.state === "answering";
  const guess = $("my-guess");
  guess.replaceChildren();
  guess.removeAttribute("aria-label");
  if (game.state === "thinking") guess.textContent = t("thinking");
  if (answering && game.guess) {
    guess.append(t("my_guess", ""));
    for (const symbol of game.guess) guess.append(pegElement("span", symbol, game.variant.alphabet));
    guess.setAttribute("aria-label", t("my_guess", game.guess));
  }
  renderAnswerPegs(game);
  $("answer-submit").disabled = !answering;
  $("think-again").hidden = game.state !== "stopped";
  $("solve-undo").disabled = game.state === "thinking" || game.board.length === 0;
}

function render() {
  const game = state.game;
  const mode = game ? modeOf(game) : "";
  const guessing = game ? canGuess(game) : false;
  const netSecret = mode === "netduel" && game.state === "secrets" && !game.secret_set;
  $("entry").hidden = !guessing;
  $("helpers").hidden = mode !== "play";
  $("duel-secret-entry").hidden = !netSecret && (mode !== "duel" || !["entering_secret", "confirming_secret"].includes(game.state));
  $("their-side").hidden = mode !== "netduel" || !["playing", "over"].includes(game.state);
  $("duel-next-entry").hidden = mode !== "duel" || game.state !== "round_over";
  $("solve-entry").hidden = mode !== "solve" || !["answering", "thinking", "stopped", "contradiction"].includes(game.state);
  $("answer-note").hidden = $("solve-entry").hidden;
  document.querySelector("main").classList.toggle("solving", !$("solve-entry").hidden);
  document.querySelector("main").classList.toggle("guessing", guessing);
  $("secret-entry").hidden = mode !== "solve" || game.state !== "contradiction";
  $("watch-entry").hidden = mode !== "watch" || !["ready", "thinking", "stopped"].includes(game.state);
  $("step").disabled = !game || game.state === "thinking";
  // A hint or a count worked out on the server: nothing else to send meanwhile but `quit`.
  for (const id of ["submit", "hint", "left", "check", "undo"]) $(id).disabled = Boolean(game && game.thinking);
  if (!game) { $("board").replaceChildren(); $("variant-line").textContent = ""; $("guesses-left").textContent = ""; return; }
  $("variant-line").textContent = game.variant.describe;
  const going = ["playing", "answering", "thinking", "stopped", "ready", "contradiction", "breaking"].includes(game.state);
  if (mode === "netduel") renderBoard(game, $("their-board"), game.them.board);
  $("guesses-left").textContent = going ? t("guesses_left", game.guesses_left) : "";
  renderBoard(game);
  if (guessing) renderEntry(game);
  if (mode === "solve") renderSolve(game);
  $("wrong-rows").replaceChildren(...(game.lie ? game.lie.wrong : []).map((row) =>
    Object.assign(document.createElement("li"), { textContent: row.message })));
}

function endText(game) {
  const lines = [];
  if (game.state === "won") lines.push(t("won", game.secret, game.board.length));
  if (game.state === "lost") lines.push(t("lost", game.secret));
  if (game.state === "abandoned") lines.push(t("abandoned", game.secret));
  if (game.assisted) lines.push(t("assisted"));
  lines.push(t("game_id", game.game_id, game.game_id));
  lines.push(game.recorded !== null ? t("recorded") : (game.record_problem || t("not_recorded")));
  return lines.join(" ");
}

// What `solve` and `watch` say: the state of the game, since the server words the details.
function computerText(game) {
  if (game.state === "thinking") return t("thinking");
  if (game.mode === "watch") {
    if (game.state === "won") return t("watch_won", game.secret, game.board.length);
    if (game.state === "lost") return t("watch_lost", game.secret);
    if (game.state === "stopped") return t("stopped");
    return t("watch_secret", game.secret, game.strategy);
  }
  const recorded = game.recorded === undefined ? "" : " " + (game.recorded !== null ? t("recorded") : (game.record_problem || t("not_recorded")));
  if (game.state === "won") return t("solve_won", game.board[game.board.length - 1].guess, game.board.length) + recorded;
  if (game.state === "lost") return t("solve_lost") + recorded;
  if (game.state === "abandoned") return t("solve_abandoned") + recorded;
  if (game.state === "contradiction") return `${t("contradiction")} ${t("tell_secret")}`;
  if (game.state === "exposed") return `${game.lie.wrong.length ? game.lie.wrong[0].message : ""}${recorded}`;
  if (game.state === "stopped") return t("stopped");
  const left = t("left_count", game.remaining_exact ? game.remaining : `> ${game.remaining - 1}`);
  return game.quick ? `${t("quick")} ${left}` : (game.board.length ? left : "");
}

// What a duel says: whose turn it is, how the round ended, and at the end the tally.
function duelText(game) {
  const name = (n) => game.players[n - 1] || t("player_n", n);
  const maker = name(game.maker);
  const breaker = name(game.breaker);
  if (game.state === "entering_secret") return t("duel_set", maker, breaker);
  if (game.state === "confirming_secret") return t("duel_confirm", maker);
  if (game.state === "breaking") return t("duel_break", breaker);
  const lines = [game.won ? t("duel_broken", breaker, game.secret, game.board.length) : t("duel_unbroken", breaker, game.secret)];
  if (game.state === "match_over") {
    const per = (i) => (game.tally.rounds[i] ? game.tally.guesses[i] / game.tally.rounds[i] : 0).toFixed(1);
    lines.push(t("duel_tally", name(1), per(0), name(2), per(1)));
    lines.push(game.leader ? t("duel_leader", name(game.leader)) : t("duel_tie"));
  }
  return lines.join(" ");
}

// What a duel across the network says to this seat.
function netDuelText(game) {
  const other = game.players[2 - game.seat] || t("player_n", 3 - game.seat);
  if (game.state === "waiting") return t("net_waiting", game.code, `${location.origin}/?join=${game.code}`);
  if (game.state === "secrets") return game.secret_set ? t("net_wait_secret", game.my_secret, other) : t("net_set_secret", other);
  if (game.state === "playing") return game.me.state === "playing" ? t("net_break", other) : t("net_wait_them", other);
  const name = (n) => game.players[n - 1] || t("player_n", n);
  const result = game.winner ? t("duel_leader", name(game.winner)) : t("duel_tie");
  return `${result} ${t("net_their_secret", other, game.their_secret)}`;
}

function eventText(game) {
  const e = game.event;
  if (game.mode === "netduel") return netDuelText(game);
  if (game.mode === "duel") return duelText(game);
  if (game.mode) return computerText(game);
  if (game.state !== "playing") return endText(game);
  if (game.thinking) return t("thinking");
  if (!e) return "";
  if (e.kind === "stopped") return t("hint_stopped");
  if (e.kind === "refused") return e.message;
  if (e.kind === "guess") return t("row", game.board.length, e.turn.guess, t("answer_counts", e.turn.black, e.turn.white));
  if (e.kind === "hint") return t("hint_says", e.guess, e.remaining);
  if (e.kind === "left") return e.codes.length ? t("left_list", e.codes.join(" ")) : t("left_count", e.count);
  if (e.kind === "check") return e.message;
  if (e.kind === "undo") return t("undone", e.turn.guess);
  return "";
}

// The variant's highscores, from the same file as the terminal's, once a game is over.
async function showScores(game) {
  const v = game.variant;
  const result = await api("GET", `/api/scores/${v.rules}-g${v.max_guesses}${game.hard ? "/hard" : ""}`);
  if (!result.ok) return;
  $("scores-heading").textContent = t("highscores", v.name || v.rules);
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
  state.stream = new EventSource(`/api/duels/${game.token}/events?lang=${state.language}`);
  state.stream.onmessage = (event) => show({ ok: true, answer: JSON.parse(event.data) });
}

// While the computer thinks, the page asks again until it has done; the server answers at once.
function followThinking() {
  clearTimeout(state.poll);
  const game = state.game;
  if (!game || (game.state !== "thinking" && !game.thinking)) return;
  state.poll = setTimeout(async () => {
    try { show(await api("GET", `${GAME_PATHS[modeOf(game)]}/${game.token}`)); } catch { say(t("server_gone")); }
  }, 250);
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
  if (inProgress(state.game)) {
    localStorage.setItem("game", state.game.token);
    localStorage.setItem("game_mode", mode);
  } else {
    localStorage.removeItem("game");
  }
  const moved = !before || before.token !== state.game.token || before.board.length !== state.game.board.length;
  if (moved) state.answer = [];
  render();
  say(eventText(state.game));
  if (moved) keepPlayInView(state.game);
  $("scores").hidden = true;
  if (mode === "play" && state.game.state !== "playing") showScores(state.game).catch(() => {});
  followThinking();
}

// On a phone the game's settings above the board and the controls pinned below it leave the board
// little room, and rows would be played behind the controls. After each move, and as a game starts,
// the row just played (or the first) is scrolled into the room between them; once the controls are
// no longer pinned (a game over, watch), the message is. Where it is already in view, as on a
// desktop, nothing moves, and between moves the player scrolls freely.
function keepPlayInView(game) {
  const main = document.querySelector("main");
  if (!(main.classList.contains("guessing") || main.classList.contains("solving"))) {
    $("message").scrollIntoView({ block: "nearest" });
    return;
  }
  const row = $("board").children[Math.max(game.board.length, 1) - 1]?.getBoundingClientRect();
  if (!row) return;
  const floor = $("dock").getBoundingClientRect().top;
  if (row.bottom > floor) window.scrollBy(0, row.bottom - floor);
  else if (row.top < 0) window.scrollBy(0, row.top);
}

// Whether the player at this screen has a guess to make.
function canGuess(game) {
  const mode = modeOf(game);
  return (mode === "play" && game.state === "playing") || (mode === "duel" && game.state === "breaking") ||
    (mode === "netduel" && game.state === "playing" && game.me.state === "playing");
}

function place(symbol) {
  const game = state.game;
  if (!game || !canGuess(game) || state.entry.length >= game.variant.pegs) return;
  state.entry.push(symbol);
  renderEntry(game);
}

function takeBack() { state.entry.pop(); if (state.game) renderEntry(state.game); }

async function move(action, withCode) {
  const game = state.game;
  if (!game) return;
  const body = withCode ? { code: state.entry.join("") } : undefined;
  try {
    const result = await api("POST", `${GAME_PATHS[modeOf(game)]}/${game.token}/${action}`, body);
    if (result.ok && (action === "guess")) state.entry = [];
    show(result);
  } catch { say(t("server_gone")); }
}

async function computerMove(action, body) {
  const game = state.game;
  if (!game) return;
  try { show(await api("POST", `${GAME_PATHS[modeOf(game)]}/${game.token}/${action}`, body)); } catch { say(t("server_gone")); }
}

function sendAnswer() {
  const black = state.answer.filter((v) => v === 1).length;
  const white = state.answer.filter((v) => v === 2).length;
  computerMove("answer", { black, white });
}

async function newGame(event) {
  event.preventDefault();
  const mode = $("mode").value;
  const player = $("player").value.trim();
  localStorage.setItem("player", player);
  const replay = $("replay").value.trim();
  let body = { preset: $("preset").value };
  if (mode === "netduel") body = player ? { preset: $("preset").value, player } : { preset: $("preset").value };
  if (mode === "duel") {
    body = { preset: $("preset").value };
    for (const seat of ["player1", "player2"]) if ($(seat).value.trim()) body[seat] = $(seat).value.trim();
  }
  if (mode === "play") body = replay ? { replay } : { preset: $("preset").value, hard: $("hard").checked };
  if (player && (mode === "play" || mode === "solve")) body.player = player;
  state.entry = [];
  state.answer = [];
  state.game = null;
  try { show(await api("POST", GAME_PATHS[mode], body)); } catch { say(t("server_gone")); }
  if (state.game && mode === "play") $("submit").focus();
  if (state.game && mode === "duel") $("duel-secret").focus();
}

async function joinDuel() {
  const player = $("player").value.trim();
  const body = { code: $("join-code").value.trim() };
  if (player) body.player = player;
  state.entry = [];
  try { show(await api("POST", "/api/duels/join", body)); } catch { say(t("server_gone")); }
}

// Modes in which the name field does nothing: watch records nothing, a duel on one screen names
// its two players apart.
const NAMELESS_MODES = ["watch", "duel"];

function showModeOptions() {
  $("name-field").hidden = NAMELESS_MODES.includes($("mode").value);
  $("play-options").hidden = $("mode").value !== "play";
  $("duel-options").hidden = $("mode").value !== "duel";
  $("netduel-options").hidden = $("mode").value !== "netduel";
  $("solve-note").hidden = $("mode").value !== "solve";
}

function onKey(event) {
  const game = state.game;
  if (!game || !canGuess(game) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if (event.key === "Enter") { event.preventDefault(); move("guess", true); return; }
  if (event.key === "Backspace") { event.preventDefault(); takeBack(); return; }
  if (event.key.length !== 1) return;
  const index = game.variant.alphabet.toLowerCase().indexOf(event.key.toLowerCase());
  if (index >= 0) { event.preventDefault(); place(game.variant.alphabet[index]); }
}

async function start() {
  state.language = chosenLanguage();
  $("language").value = state.language;
  $("player").value = localStorage.getItem("player") || "";
  await loadTexts();
  const join = new URLSearchParams(location.search).get("join");
  if (join) {
    $("mode").value = "netduel";
    $("join-code").value = join;
    showModeOptions();
    return;
  }
  const token = localStorage.getItem("game");
  const mode = GAME_PATHS[localStorage.getItem("game_mode")] ? localStorage.getItem("game_mode") : "play";
  if (token) {
    const result = await api("GET", `${GAME_PATHS[mode]}/${token}`);
    if (result.ok) { $("mode").value = mode; showModeOptions(); show(result); } else localStorage.removeItem("game");
  }
}

$("setup").addEventListener("submit", newGame);
$("submit").addEventListener("click", () => move("guess", true));
$("backspace").addEventListener("click", takeBack);
$("check").addEventListener("click", () => move("check", true));
for (const action of ["hint", "left", "undo", "quit"]) $(action).addEventListener("click", () => move(action, false));
$("language").addEventListener("change", async () => {
  state.language = $("language").value;
  localStorage.setItem("language", state.language);
  await loadTexts();
});
document.addEventListener("keydown", onKey);
$("mode").addEventListener("change", showModeOptions);
$("answer-submit").addEventListener("click", sendAnswer);
$("think-again").addEventListener("click", () => computerMove("think"));
$("solve-undo").addEventListener("click", () => computerMove("undo"));
$("solve-quit").addEventListener("click", () => computerMove("quit"));
$("step").addEventListener("click", () => computerMove("step"));
$("duel-next").addEventListener("click", () => computerMove("next"));
$("join").addEventListener("click", joinDuel);
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
start().catch(() => say(t("server_gone")));
