// The board and the controls under it: drawing what the game's answer says, nothing more. Each
// row's aria-label reads it to a screen reader (and to the tests); each peg shows its symbol.
"use strict";

const ANSWER_PEG_TEXTS = ["peg_none", "peg_black", "peg_white"];
const ANSWER_PEG_CLASSES = ["none", "black", "white"];

function pegElement(tag, symbol, alphabet) {
  const peg = document.createElement(tag);
  peg.className = `peg c${alphabet.indexOf(symbol)}`;
  peg.textContent = symbol;
  return peg;
}

// The answer as the game words it in the player's language: pegs drawn one by one (black, then
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

// `fresh`: the row just played, which slides in (style.css; not under reduced motion).
function renderBoard(game, list = $("board"), board = game.board, fresh = -1) {
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
      if (i === fresh) li.classList.add("fresh");
    } else {
      li.setAttribute("aria-label", t("row_empty", i + 1));
    }
    rows.push(li);
  }
  list.replaceChildren(...rows);
}

// The guess being made and the colours; `dropped`: the slot just filled, whose peg drops in.
function renderEntry(game, dropped = -1) {
  const v = game.variant;
  const slots = [];
  for (let i = 0; i < v.pegs; i++) {
    const symbol = state.entry[i];
    const slot = symbol ? pegElement("span", symbol, v.alphabet) : Object.assign(document.createElement("span"), { className: "peg empty", textContent: "?" });
    slot.setAttribute("role", "img");
    slot.setAttribute("aria-label", symbol ? t("peg", i + 1, symbol) : t("peg_empty", i + 1));
    if (i === dropped) slot.classList.add("drop");
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

// Whether the player at this screen has a guess to make.
function canGuess(game) {
  const mode = modeOf(game);
  return (mode === "play" && game.state === "playing") || (mode === "duel" && game.state === "breaking") ||
    (mode === "netduel" && game.state === "playing" && game.me.state === "playing");
}

function render(fresh = -1) {
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
  // A hint or a count being worked out: nothing else to send meanwhile but `quit`.
  for (const id of ["submit", "hint", "left", "check", "undo"]) $(id).disabled = Boolean(game && game.thinking);
  $("share-entry").hidden = !state.daily || !game || game.state === "playing";
  if (!game) { $("board").replaceChildren(); $("variant-line").textContent = ""; $("guesses-left").textContent = ""; return; }
  $("variant-line").textContent = state.daily ? `${t("daily")} ${state.daily}: ${game.variant.describe}` : game.variant.describe;
  $("variant-line").title = $("variant-line").textContent;  // whole, where a phone cuts it short
  const going = ["playing", "answering", "thinking", "stopped", "ready", "contradiction", "breaking"].includes(game.state);
  if (mode === "netduel") renderBoard(game, $("their-board"), game.them.board);
  $("guesses-left").textContent = going ? t("guesses_left", game.guesses_left) : "";
  renderBoard(game, $("board"), game.board, fresh);
  if (guessing) renderEntry(game);
  if (mode === "solve") renderSolve(game);
  $("wrong-rows").replaceChildren(...(game.lie ? game.lie.wrong : []).map((row) =>
    Object.assign(document.createElement("li"), { textContent: row.message })));
}

// On a phone the controls pinned below the board leave it little room, and rows would be played
// behind them. After each move, and as a game starts, the row just played (or the first) is
// scrolled into the room above them; once the controls are no longer pinned (a game over, watch),
// the message is. Where it is already in view, as on a desktop, nothing moves, and between moves
// the player scrolls freely.
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
