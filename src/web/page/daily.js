// The daily code: the same secret for everyone on a calendar date, one game a day per variant.
// The engine draws it from the date and the variant alone (the `daily` field of a new game), so no
// server is needed; this file knows the date, what was played today and the text to share, which
// shows the answers row by row, the day and the count, never the secret or a guess.
"use strict";

const MMDaily = (() => {
  const KEY = "mm-daily-v1";
  const DATE = /^\d{4}-\d{2}-\d{2}$/;

  // Today in the player's own calendar, as YYYY-MM-DD; `?date=YYYY-MM-DD` in the page's address
  // names another day (the tests' way to fix the date).
  function date() {
    const asked = new URLSearchParams(window.location.search).get("date");
    if (asked && DATE.test(asked)) return asked;
    const now = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }

  const key = (variant) => (window.MMStats ? MMStats.variantKey(variant) : `${variant.rules}-g${variant.max_guesses}`);

  function load() {
    try {
      const all = JSON.parse(localStorage.getItem(KEY) || "{}");
      return all && typeof all === "object" ? all : {};
    } catch {
      return {};
    }
  }

  // The finished daily game of `variant` on `day`, or null.
  function played(variant, day) {
    const entry = load()[key(variant)];
    return entry && entry.date === day && entry.game ? entry.game : null;
  }

  // Keeps the finished game (the engine's last answer) as the variant's daily game of `day`; only
  // the latest day is kept per variant.
  function remember(variant, day, game) {
    const all = load();
    all[key(variant)] = { date: day, game: { variant: game.variant, state: game.state, board: game.board } };
    try {
      localStorage.setItem(KEY, JSON.stringify(all));
    } catch {
      // Storage refused: the game was played all the same.
    }
  }

  // One line per row: a filled circle per black peg, a ring per white, a dot per peg that scored
  // nothing; above them the variant, the day and the count (X when not solved).
  function shareText(game, day, t) {
    const variant = game.variant;
    const count = game.state === "won" ? String(game.board.length) : "X";
    const rows = game.board.map((turn) =>
      "\u25CF".repeat(turn.black) + "\u25CB".repeat(turn.white) + "\u00B7".repeat(Math.max(0, variant.pegs - turn.black - turn.white)));
    return [t("daily_share", variant.name, day, count, variant.max_guesses), ...rows].join("\n");
  }

  return { date, played, remember, shareText };
})();

window.MMDaily = MMDaily;
