// The engine in WebAssembly (`make web`: engine.js and engine.wasm) loaded by node as a page's
// worker loads it, and driven through its one call (src/wasm/module_calls.hpp): games played to a
// win, its next guesses checked against the native program's `next` on the same turns, its words
// in Danish from the catalogue built into it, and refusals that cost no turn; and its `request`
// call, the game's API, against the native server (module_routes.js).
//
// Usage: node module_test.js ENGINE_JS NATIVE_PROGRAM
// A missing module fails the test (`make test` builds it first with `make web`).
"use strict";

const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const routes = require("./module_routes.js");

const [moduleFile, nativeProgram] = process.argv.slice(2);

// The native program's answer to `args`: its exit status, its output and its error output.
function native(...args) {
  const run = spawnSync(nativeProgram, args, { encoding: "utf8" });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// What the native `next --json` says after `turns` on a preset's board.
function nativeNext(preset, turns) {
  const run = native("--preset", preset, "next", "--json", ...turns);
  assert.ok(run.status === 0 || run.status === 1, `native next ${turns}: status ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

// A turn of a board as `next` reads it: GUESS=ANSWER, the answer as the board writes it.
function turnText(turn) {
  return `${turn.guess}=${turn.feedback}`;
}

function testClassicGameWonWithHints(ask) {
  const start = ask({ call: "new_game", preset: "classic", seed: 36 });
  assert.equal(start.state, "playing", JSON.stringify(start));
  assert.equal(start.variant.rules, "p4c6r");
  assert.deepEqual(start.board, []);
  const limit = start.guesses_left;
  let state = start;
  while (state.state === "playing") {
    const hint = ask({ call: "hint", game: start.game });
    assert.equal(hint.event.kind, "hint", JSON.stringify(hint));
    const left = ask({ call: "left", game: start.game });
    assert.equal(left.event.count, hint.event.remaining, "hint and left count the same codes");
    state = ask({ call: "guess", game: start.game, code: hint.event.guess });
    assert.equal(state.event.kind, "guess", JSON.stringify(state));
    assert.equal(state.event.turn.guess, hint.event.guess);
  }
  assert.equal(state.state, "won", JSON.stringify(state));
  assert.equal(state.secret, state.board[state.board.length - 1].guess, "the winning guess is the secret");
  assert.equal(state.board.length, limit - state.guesses_left);
  assert.ok(state.assisted, "hints mark the game as assisted");
  assert.deepEqual(ask({ call: "state", game: start.game }).board, state.board);
  assert.deepEqual(ask({ call: "end_game", game: start.game }), { game: start.game, ended: true });
  assert.match(ask({ call: "state", game: start.game }).error, new RegExp(`${start.game}`), "an ended game is gone");
}

// Plays a game by the module's own `next` (knuth): each guess the next one for the board so far.
function playByNext(ask, preset, seed, guesses) {
  const game = ask({ call: "new_game", preset, seed }).game;
  let state;
  for (let i = 0; i < guesses; i++) {
    const turns = state ? state.board.map(turnText) : [];
    const next = ask({ call: "next", preset, turns, strategy: "knuth" });
    state = ask({ call: "guess", game, code: next.guess });
    assert.equal(state.event.kind, "guess", JSON.stringify(state));
    if (state.state !== "playing") break;
  }
  ask({ call: "end_game", game });
  return state;
}

function testKnuthWinsClassicByNext(ask) {
  // Knuth's strategy needs at most five guesses on the classic board (Knuth 1976).
  for (const seed of [1, 2, 3]) {
    const state = playByNext(ask, "classic", seed, 5);
    assert.equal(state.state, "won", `seed ${seed}: ${JSON.stringify(state)}`);
    assert.equal(state.assisted, false, "a game played by next alone asked the game for no help");
  }
}

function testNextEqualsNativeNext(ask) {
  const histories = [];
  for (const [preset, seed] of [["classic", 7], ["bulls", 7]]) {
    const board = playByNext(ask, preset, seed, 3).board.map(turnText);
    for (let n = 0; n <= board.length; n++) histories.push([preset, board.slice(0, n)]);
  }
  // Answers no code gives together.
  histories.push(["classic", ["1122=BW..", "1122=BBBB"]]);
  for (const [preset, turns] of histories) {
    const mine = ask({ call: "next", preset, turns });
    assert.deepEqual(mine, nativeNext(preset, turns), `next on ${preset} after ${turns.join(" ")}`);
  }
}

function testDanishFromTheBuiltInCatalogue(ask) {
  // The same words from the same function, read from the catalogue built into the module and from
  // the native program's catalogue file.
  const danish = ask({ call: "next", preset: "classic", turns: ["12=B"], language: "da" });
  const english = ask({ call: "next", preset: "classic", turns: ["12=B"] });
  assert.ok(danish.error && english.error, JSON.stringify([danish, english]));
  assert.notEqual(danish.error, english.error, "the Danish words are not the English ones");
  const run = native("--lang", "da", "--preset", "classic", "next", "12=B");
  assert.equal(run.status, 64, run.stderr);
  assert.ok(run.stderr.includes(danish.error), `native: ${run.stderr}; module: ${danish.error}`);
  // A game's state in Danish: the variant and the answers in the player's words.
  const game = ask({ call: "new_game", preset: "classic", seed: 1, language: "da" });
  const inEnglish = ask({ call: "state", game: game.game });
  assert.notEqual(game.variant.describe, inEnglish.variant.describe);
  const guessed = ask({ call: "guess", game: game.game, code: "1122", language: "da" });
  assert.notEqual(guessed.event.turn.says, ask({ call: "state", game: game.game }).board[0].says);
  ask({ call: "end_game", game: game.game });
}

function testBadCodeCostsNoTurn(ask) {
  const game = ask({ call: "new_game", preset: "classic", seed: 5 });
  const first = ask({ call: "guess", game: game.game, code: "1234" });
  for (const code of ["12", "1239", "12345", ""]) {
    const refused = ask({ call: "guess", game: game.game, code });
    assert.deepEqual(Object.keys(refused), ["error"], JSON.stringify(refused));
    // The reason in the words the native program gives for the same code.
    const run = native("--preset", "classic", "next", `${code}=B`);
    assert.equal(run.status, 64, run.stderr);
    assert.ok(run.stderr.includes(refused.error), `native: ${run.stderr}; module: ${refused.error}`);
    const after = ask({ call: "state", game: game.game });
    assert.equal(after.guesses_left, first.guesses_left, `'${code}' cost a turn`);
    assert.deepEqual(after.board, first.board);
  }
  // A guess taken back frees its turn.
  const undone = ask({ call: "undo", game: game.game });
  assert.equal(undone.event.kind, "undo");
  assert.equal(undone.guesses_left, game.guesses_left);
  ask({ call: "end_game", game: game.game });
}

function testRequestsRefused(mmCall) {
  const error = (text) => JSON.parse(mmCall(text)).error;
  assert.match(error("{not json"), /JSON/);
  assert.match(error("[]"), /object/);
  assert.match(error("{}"), /'call'/);
  assert.match(error('{"call": "fly"}'), /'fly'/);
  assert.match(error('{"call": "new_game", "colour": "red"}'), /'colour'/);
  assert.match(error('{"call": "guess", "code": "1122"}'), /'game'/);
  assert.match(error('{"call": "guess", "game": 99999, "code": "1122"}'), /99999/);
  assert.match(error('{"call": "new_game", "preset": "classic", "seed": -1}'), /seed/);
  assert.match(error('{"call": "request", "method": "GET"}'), /'path'/);
  assert.match(error('{"call": "request", "path": "/api/texts", "body": "{}"}'), /'body'/);
  assert.match(error('{"call": "request", "path": "/api/texts", "think_seconds": 0}'), /think_seconds/);
  assert.match(error('{"call": "request", "path": "/api/texts", "think_seconds": 3601}'), /3600/);
}

async function main() {
  if (!fs.existsSync(moduleFile)) {
    console.error(`${moduleFile} is missing: build the engine in WebAssembly with \`make web\``);
    process.exit(1);
  }
  // As a script in node loads it, the .wasm beside it found by the loader itself.
  const createEngine = require(path.resolve(moduleFile));
  const engine = await createEngine();
  const mmCall = engine.cwrap("mm_call", "string", ["string"]);
  const ask = (request) => JSON.parse(mmCall(JSON.stringify(request)));
  // The game's API in a module: {status, answer}; `options`: language, think_seconds.
  const requester = (call) => (method, route, body, options = {}) =>
    JSON.parse(call(JSON.stringify({ call: "request", method, path: route, ...(body === undefined ? {} : { body }), ...options })));
  const request = requester(mmCall);
  const other = await createEngine();
  const otherRequest = requester(other.cwrap("mm_call", "string", ["string"]));
  const server = await routes.startServer(nativeProgram);
  const tests = {
    testClassicGameWonWithHints: () => testClassicGameWonWithHints(ask),
    testKnuthWinsClassicByNext: () => testKnuthWinsClassicByNext(ask),
    testNextEqualsNativeNext: () => testNextEqualsNativeNext(ask),
    testDanishFromTheBuiltInCatalogue: () => testDanishFromTheBuiltInCatalogue(ask),
    testBadCodeCostsNoTurn: () => testBadCodeCostsNoTurn(ask),
    testRequestsRefused: () => testRequestsRefused(mmCall),
  };
  for (const [name, test] of Object.entries(routes.tests)) tests[name] = () => test(request, server, otherRequest);
  let failed = 0;
  for (const [name, test] of Object.entries(tests)) {
    try {
      await test();
      console.log(`PASS ${name}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}\n${e.stack}`);
    }
  }
  server.stop();
  console.log(`${Object.keys(tests).length - failed}/${Object.keys(tests).length} passed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
