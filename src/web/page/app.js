// The page of `mastermind serve`: shows what the server says and sends moves; every rule, answer
// and secret stays on the server. No framework, no build step.
"use strict";

const LANGUAGES = ["en", "da", "sv"];
const state = { language: "en", texts: {}, presets: [], game: null, entry: [] };
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

function renderBoard(game) {
  const v = game.variant;
  const rows = [];
  for (let i = 0; i < v.max_guesses; i++) {
    const li = document.createElement("li");
    const turn = game.board[i];
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
  $("board").replaceChildren(...rows);
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

function render() {
  const game = state.game;
  $("entry").hidden = !game || game.state !== "playing";
  if (!game) { $("board").replaceChildren(); $("variant-line").textContent = ""; $("guesses-left").textContent = ""; return; }
  $("variant-line").textContent = game.variant.describe;
  $("guesses-left").textContent = game.state === "playing" ? t("guesses_left", game.guesses_left) : "";
  renderBoard(game);
  renderEntry(game);
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

function eventText(game) {
  const e = game.event;
  if (game.state !== "playing") return endText(game);
  if (!e) return "";
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

function show(result) {
  if (!result.ok) { say(result.answer.error); return; }
  state.game = result.answer;
  if (state.game.state === "playing") localStorage.setItem("game", state.game.token);
  else localStorage.removeItem("game");
  render();
  say(eventText(state.game));
  $("scores").hidden = true;
  if (state.game.state !== "playing") showScores(state.game).catch(() => {});
}

function place(symbol) {
  const game = state.game;
  if (!game || game.state !== "playing" || state.entry.length >= game.variant.pegs) return;
  state.entry.push(symbol);
  renderEntry(game);
}

function takeBack() { state.entry.pop(); if (state.game) renderEntry(state.game); }

async function move(action, withCode) {
  const game = state.game;
  if (!game) return;
  const body = withCode ? { code: state.entry.join("") } : undefined;
  try {
    const result = await api("POST", `/api/games/${game.token}/${action}`, body);
    if (result.ok && (action === "guess")) state.entry = [];
    show(result);
  } catch { say(t("server_gone")); }
}

async function newGame(event) {
  event.preventDefault();
  const player = $("player").value.trim();
  localStorage.setItem("player", player);
  const replay = $("replay").value.trim();
  const body = replay ? { replay } : { preset: $("preset").value, hard: $("hard").checked };
  if (player) body.player = player;
  state.entry = [];
  try { show(await api("POST", "/api/games", body)); } catch { say(t("server_gone")); }
  if (state.game) $("submit").focus();
}

function onKey(event) {
  const game = state.game;
  if (!game || game.state !== "playing" || event.ctrlKey || event.metaKey || event.altKey) return;
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
  const token = localStorage.getItem("game");
  if (token) {
    const result = await api("GET", `/api/games/${token}`);
    if (result.ok) { state.game = result.answer; render(); } else localStorage.removeItem("game");
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
start().catch(() => say(t("server_gone")));
