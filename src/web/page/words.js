// The page's words: every text comes from the program's catalogues (GET api/texts), in the
// player's language, and what each game's answer says is worded here.
"use strict";

const LANGUAGES = ["en", "da", "sv"];
// The words needed before any catalogue answers: when neither the server nor the engine does.
const FALLBACK_TEXTS = {
  no_engine: "Neither the server nor the engine in the page can be reached: the game cannot start.",
};

// A text of the catalogue with its {} filled in order.
function t(key, ...values) {
  let text = state.texts[key] || FALLBACK_TEXTS[key] || key;
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

// Every element that names a text shows it; labels for screen readers likewise.
function applyTexts() {
  document.documentElement.lang = state.language;
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = t(node.dataset.text);
  for (const node of document.querySelectorAll("[data-label]")) node.setAttribute("aria-label", t(node.dataset.label));
  // The board's tools show a symbol: their names show on hover too.
  for (const node of document.querySelectorAll(".tool")) node.title = t(node.dataset.label);
}

// Whether a finished game went into the highscores: only the server keeps them, the engine in the
// page records nothing, and saying "give a name" there would promise what it cannot do.
function recordedText(game) {
  if (state.where !== "server" || game.recorded === undefined) return "";
  return game.recorded !== null ? t("recorded") : (game.record_problem || t("not_recorded"));
}

function endText(game) {
  const lines = [];
  if (game.state === "won") lines.push(t("won", game.secret, game.board.length));
  if (game.state === "lost") lines.push(t("lost", game.secret));
  if (game.state === "abandoned") lines.push(t("abandoned", game.secret));
  if (game.assisted) lines.push(t("assisted"));
  lines.push(t("game_id", game.game_id, game.game_id));
  const recorded = recordedText(game);
  if (recorded) lines.push(recorded);
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
  const recorded = recordedText(game) ? ` ${recordedText(game)}` : "";
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
  if (game.state === "waiting") return t("net_waiting", game.code, new URL(`?join=${game.code}`, location.href).href);
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
