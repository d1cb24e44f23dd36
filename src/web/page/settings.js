// The settings dialog (mode, variant or a custom board, hard mode, names, language, theme), the
// rules' dialog, and what the page remembers between visits (localStorage): the last variant, the
// player's name, the language and the theme.
"use strict";

const THEMES = ["auto", "light", "dark"];
// The window's colour on a phone, as the header's of each theme.
const THEME_COLOURS = { light: "#2b2d42", dark: "#111218" };
const CUSTOM = "custom";

// Light or dark as asked; "auto" follows prefers-color-scheme (style.css).
function applyTheme(theme) {
  if (!THEMES.includes(theme)) theme = "auto";
  if (theme === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const dark = theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.querySelector('meta[name="theme-color"]').content = THEME_COLOURS[dark ? "dark" : "light"];
  $("theme").value = theme;
}

function storedVariant() {
  try {
    const stored = JSON.parse(localStorage.getItem("variant"));
    if (stored && typeof stored === "object") return stored;
  } catch { /* a value of an older page: the classic board */ }
  return { preset: "classic" };
}

// The fields of POST /api/games that make `variant` (an answer's) again: its preset's name when it
// is one, else its board.
function variantBody(variant) {
  if (state.presets.some((p) => p.name === variant.name)) return { preset: variant.name };
  return { pegs: variant.pegs, colors: variant.colors, repeats: variant.repeats, guesses: variant.max_guesses,
    alphabet: variant.alphabet, style: variant.style };
}

// The variant the dialog names, as the body of a new game takes it.
function chosenVariant() {
  if ($("preset").value !== CUSTOM) return { preset: $("preset").value };
  return { pegs: Number($("pegs").value), colors: Number($("colors").value), repeats: $("repeats").checked,
    guesses: Number($("guesses").value), style: $("style").value };
}

// The dialog shows the stored variant: a preset by name, a custom board in its fields.
function showVariant(variant) {
  if (variant.preset && state.presets.some((p) => p.name === variant.preset)) {
    $("preset").value = variant.preset;
  } else if (!variant.preset) {
    $("preset").value = CUSTOM;
    for (const field of ["pegs", "colors", "guesses", "style"]) if (variant[field] !== undefined) $(field).value = variant[field];
    if (variant.repeats !== undefined) $("repeats").checked = variant.repeats;
  } else {
    $("preset").value = "classic";
  }
  showModeOptions();
}

function fillPresets() {
  const select = $("preset");
  const chosen = select.value;
  select.replaceChildren(...state.presets.map((p) => new Option(`${p.name}: ${p.summary}`, p.name)),
    new Option(t("custom"), CUSTOM));
  if (chosen) select.value = chosen;
}

// Modes in which the name field does nothing: watch records nothing, a duel on one screen names
// its two players apart.
const NAMELESS_MODES = ["watch", "duel"];

function showModeOptions() {
  const mode = $("mode").value;
  $("name-field").hidden = NAMELESS_MODES.includes(mode);
  $("play-options").hidden = mode !== "play";
  $("duel-options").hidden = mode !== "duel";
  $("netduel-options").hidden = mode !== "netduel";
  $("solve-note").hidden = mode !== "solve";
  $("custom-options").hidden = $("preset").value !== CUSTOM;
}

function openSettings() {
  $("settings-message").textContent = "";
  if (!$("settings").open) $("settings").showModal();
}

// The body of a new game of `mode` as the dialog sets it up. A name is sent only to the server,
// which alone keeps highscores.
function settingsBody(mode) {
  const player = transport.server ? $("player").value.trim() : "";
  const replay = transport.server ? $("replay").value.trim() : "";
  const body = chosenVariant();
  if (mode === "duel") for (const seat of ["player1", "player2"]) if ($(seat).value.trim()) body[seat] = $(seat).value.trim();
  if (mode === "play") {
    if (replay) return player ? { replay, player } : { replay };
    body.hard = $("hard").checked;
  }
  if (player && ["play", "solve", "netduel"].includes(mode)) body.player = player;
  return body;
}

async function changeLanguage() {
  state.language = $("language").value;
  localStorage.setItem("language", state.language);
  await loadTexts();
  render();
  if (state.game) say(eventText(state.game));
}

function setUpSettings() {
  $("mode").addEventListener("change", showModeOptions);
  $("preset").addEventListener("change", showModeOptions);
  $("language").addEventListener("change", () => changeLanguage().catch(fail));
  $("theme").addEventListener("change", () => {
    localStorage.setItem("theme", $("theme").value);
    applyTheme($("theme").value);
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => applyTheme($("theme").value));
  $("settings-button").addEventListener("click", openSettings);
  $("rules-button").addEventListener("click", () => $("rules-dialog").showModal());
  for (const button of document.querySelectorAll("dialog .close"))
    button.addEventListener("click", () => button.closest("dialog").close());
}
