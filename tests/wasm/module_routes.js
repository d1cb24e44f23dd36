// The module's `request` call (src/wasm/module_api.hpp) against the native `mastermind serve` on
// the same requests: the answers are compared field for field wherever both are deterministic (the
// page's words, the presets, refusals, a replayed game, a duel), and by what they must show where
// the server draws at random (solve and watch). Required by module_test.js.
"use strict";

const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const readline = require("node:readline");

// `mastermind serve --port 0` with a scores file of its own; {base, stop()}.
async function startServer(nativeProgram) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mm-routes-"));
  const server = spawn(nativeProgram, ["serve", "--port", "0", "-f", path.join(directory, "scores.db")]);
  const first = await new Promise((resolve, reject) => {
    readline.createInterface({ input: server.stdout }).once("line", resolve);
    server.once("error", reject);
    server.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const match = /http:\/\/127\.0\.0\.1:\d+/.exec(first);
  assert.ok(match, `no address printed: ${first}`);
  return {
    base: match[0],
    stop: () => {
      server.kill("SIGTERM");
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// The server's {status, answer} to a request, in `language` (?lang=).
async function serverRequest(server, method, route, body, language = "en") {
  const init = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await fetch(`${server.base}${route}?lang=${language}`, init);
  return { status: response.status, answer: JSON.parse(await response.text()) };
}

// The server's answer once its engine has worked: GET until the game no longer thinks.
async function serverSettled(server, route, first) {
  let now = first;
  while (now.answer.thinking === true || now.answer.state === "thinking") {
    await new Promise((resolve) => setTimeout(resolve, 20));
    now = await serverRequest(server, "GET", route);
  }
  return now;
}

function withoutToken(answer) {
  const { token, ...rest } = answer;
  return rest;
}

// Black and white of `guess` against `secret`, both strings of symbols.
function score(secret, guess) {
  let black = 0;
  const left = {};
  const wanted = {};
  for (let i = 0; i < secret.length; i++) {
    if (secret[i] === guess[i]) black++;
    else {
      left[secret[i]] = (left[secret[i]] || 0) + 1;
      wanted[guess[i]] = (wanted[guess[i]] || 0) + 1;
    }
  }
  let white = 0;
  for (const symbol of Object.keys(wanted)) white += Math.min(wanted[symbol], left[symbol] || 0);
  return { black, white };
}

async function testTextsAndVariantsAreTheServers(request, server) {
  for (const language of ["en", "da", "sv"]) {
    const texts = request("GET", "/api/texts", undefined, { language });
    assert.deepEqual(texts, await serverRequest(server, "GET", "/api/texts", undefined, language));
    assert.equal(texts.answer.language, language);
    const variants = request("GET", "/api/variants", undefined, { language });
    assert.deepEqual(variants, await serverRequest(server, "GET", "/api/variants", undefined, language));
  }
  const danish = request("GET", "/api/texts", undefined, { language: "da" }).answer.texts;
  assert.notEqual(danish.new_game, request("GET", "/api/texts").answer.texts.new_game, "Danish words are not English");
}

async function testRefusalsAreTheServers(request, server) {
  const nobody = "0".repeat(32);
  const cases = [
    ["POST", "/api/games", { colour: "red" }],
    ["POST", "/api/games", { preset: "nope" }],
    ["POST", "/api/games", { rules: "p9c9r" }],
    ["POST", "/api/games", { replay: "nonsense" }],
    ["GET", "/api/games"],
    ["GET", `/api/games/${nobody}`],
    ["POST", `/api/games/${nobody}/guess`, { code: "1122" }],
    ["GET", "/api/games/not-a-token"],
    ["GET", "/api/solve"],
    ["GET", `/api/solve/${nobody}`],
    ["POST", "/api/watch", { secret: "12" }],
    ["POST", "/api/duel", { rounds: "two" }],
    ["GET", "/api/nothing"],
    ["POST", "/api/texts"],
  ];
  for (const language of ["en", "da"])
    for (const [method, route, body] of cases)
      assert.deepEqual(request(method, route, body, { language }), await serverRequest(server, method, route, body, language),
                       `${method} ${route} ${JSON.stringify(body)} in ${language}`);
}

async function testServerOnlyPathsSaySo(request) {
  for (const [method, route] of [["GET", "/api/scores/p4c6r-g10"], ["POST", "/api/duels"], ["GET", "/api/duels/abc/events"]]) {
    const english = request(method, route, {});
    assert.equal(english.status, 404, JSON.stringify(english));
    assert.match(english.answer.error, /mastermind serve/);
    const danish = request(method, route, {}, { language: "da" });
    assert.match(danish.answer.error, /mastermind serve/);
    assert.notEqual(danish.answer.error, english.answer.error, "said in Danish");
  }
}

// A game replayed from its id plays the same secret on both: every answer is the server's.
async function testReplayedGameIsTheServers(request, server) {
  for (const hard of [false, true]) {
    const start = request("POST", "/api/games", { preset: "classic", seed: 11, hard });
    const over = request("POST", `/api/games/${start.answer.token}/quit`);
    const id = over.answer.game_id;
    assert.equal(over.answer.recorded, null, "nothing is recorded");
    const mine = request("POST", "/api/games", { replay: id });
    const theirs = await serverRequest(server, "POST", "/api/games", { replay: id });
    assert.equal(mine.status, 201);
    assert.deepEqual(withoutToken(mine.answer), withoutToken(theirs.answer));
    // A guess, one hard mode refuses (409, no turn used) where it is on, a check, an undo, a quit.
    const moves = [["guess", { code: "1122" }], ["guess", { code: "3456" }], ["check", { code: "6543" }],
                   ["undo"], ["guess", { code: over.answer.secret }], ["quit"]];
    for (const [action, body] of moves) {
      const a = request("POST", `/api/games/${mine.answer.token}/${action}`, body);
      const b = await serverRequest(server, "POST", `/api/games/${theirs.answer.token}/${action}`, body);
      assert.equal(a.status, b.status, `${action} ${JSON.stringify(body)}: ${JSON.stringify([a, b])}`);
      assert.deepEqual(withoutToken(a.answer), withoutToken(b.answer), `${action} ${JSON.stringify(body)}`);
    }
  }
}

async function testHintAnsweredAtOnce(request) {
  const start = request("POST", "/api/games", { preset: "classic", seed: 3 });
  const hint = request("POST", `/api/games/${start.answer.token}/hint`);
  assert.equal(hint.status, 200, JSON.stringify(hint));
  assert.equal(hint.answer.thinking, false);
  assert.equal(hint.answer.event.kind, "hint");
  assert.deepEqual(request("GET", `/api/games/${start.answer.token}`), hint, "shown until the next move");
  // A hint on a board of 262,144 codes cannot be found in a microsecond: the limit stops it and the
  // game goes on, unassisted, as the server's does.
  const big = request("POST", "/api/games", { rules: "p6c8r", seed: 3 });
  request("POST", `/api/games/${big.answer.token}/guess`, { code: "123456" });
  const stopped = request("POST", `/api/games/${big.answer.token}/hint`, undefined, { think_seconds: 1e-6 });
  assert.deepEqual(stopped.answer.event, { kind: "stopped" }, JSON.stringify(stopped));
  assert.equal(stopped.answer.assisted, false);
  assert.equal(stopped.answer.state, "playing");
}

// The server's duel and the module's, move for move: nothing is drawn at random in a duel.
async function testDuelIsTheServers(request, server) {
  const body = { preset: "classic", player1: "Ann", player2: "Bo", rounds: 2 };
  const mine = request("POST", "/api/duel", body);
  const theirs = await serverRequest(server, "POST", "/api/duel", { ...body, player1: "", player2: "" });
  assert.equal(mine.status, 201);
  assert.deepEqual(mine.answer.players, ["Ann", "Bo"]);
  const moves = [["secret", "3632"], ["secret", "3632"], ["guess", "1122"], ["guess", "3632"], ["next"],
                 ["secret", "1111"], ["secret", "2222"], ["secret", "1111"], ["secret", "1111"]];
  // Ten guesses, none 1111 (a guess made twice is refused).
  for (const code of ["2222", "3333", "4444", "5555", "6666", "2345", "3456", "2346", "2356", "2456"])
    moves.push(["guess", code]);
  let a;
  for (const [action, code] of moves) {
    const move = code === undefined ? undefined : { code };
    a = request("POST", `/api/duel/${mine.answer.token}/${action}`, move);
    const b = await serverRequest(server, "POST", `/api/duel/${theirs.answer.token}/${action}`, move);
    assert.equal(a.status, b.status, `${action} ${code}: ${JSON.stringify([a, b])}`);
    const { players: p1, ...restA } = withoutToken(a.answer);
    const { players: p2, ...restB } = withoutToken(b.answer);
    assert.deepEqual(restA, restB, `${action} ${code}`);
  }
  assert.equal(a.answer.state, "match_over", JSON.stringify(a));
  assert.equal(a.answer.leader, 2, "Bo broke 3632 in two guesses; Ann did not break 1111");
  assert.equal(a.answer.recorded, false);
}

function testWatchToTheEnd(request) {
  const start = request("POST", "/api/watch", { preset: "classic", secret: "3632" });
  assert.equal(start.status, 201);
  let state = start.answer;
  for (let steps = 0; state.state === "ready"; steps++) {
    assert.ok(steps < 10, "the watch game ends");
    const step = request("POST", `/api/watch/${start.answer.token}/step`);
    assert.equal(step.status, 200, JSON.stringify(step));
    state = step.answer;
  }
  assert.equal(state.state, "won", JSON.stringify(state));
  assert.ok(state.board.length <= 5, "Knuth's strategy needs at most five guesses");
  for (const turn of state.board) {
    const { black, white } = score("3632", turn.guess);
    assert.deepEqual([turn.black, turn.white], [black, white], turn.guess);
  }
  assert.equal(request("POST", `/api/watch/${start.answer.token}/step`).status, 400, "the game is over");
}

function testSolveWonAndContradictionCaught(request) {
  const secret = "1234";
  const start = request("POST", "/api/solve", { preset: "classic", player: "Ann" });
  assert.equal(start.status, 201, JSON.stringify(start));
  let state = start.answer;
  assert.equal(state.state, "answering", "the guess is worked out within the call");
  while (state.state === "answering") {
    const answer = request("POST", `/api/solve/${start.answer.token}/answer`, score(secret, state.guess));
    assert.equal(answer.status, 200, JSON.stringify(answer));
    state = answer.answer;
  }
  assert.equal(state.state, "won", JSON.stringify(state));
  assert.equal(state.board[state.board.length - 1].guess, secret);
  assert.equal(state.recorded, null);
  // Out of time on a board of 262,144 codes: a quick guess that fits, as the server makes.
  const quick = request("POST", "/api/solve", { rules: "p6c8r" }, { think_seconds: 1e-6 });
  assert.equal(quick.answer.state, "answering", JSON.stringify(quick));
  assert.equal(quick.answer.quick, true);
  assert.match(quick.answer.guess, /^[1-8]{6}$/);
  // An answer no code gives is refused and costs nothing; answers that contradict each other are
  // caught, and the real secret then names the rows answered wrongly.
  const liar = request("POST", "/api/solve", { preset: "classic" }).answer;
  const refused = request("POST", `/api/solve/${liar.token}/answer`, { black: 3, white: 1 });
  assert.equal(refused.status, 400, JSON.stringify(refused));
  state = liar;
  while (state.state === "answering")
    state = request("POST", `/api/solve/${liar.token}/answer`, { black: 0, white: 0 }).answer;
  assert.equal(state.state, "contradiction", JSON.stringify(state));
  const exposed = request("POST", `/api/solve/${liar.token}/secret`, { code: secret });
  assert.equal(exposed.answer.state, "exposed", JSON.stringify(exposed));
  assert.ok(exposed.answer.lie.wrong.length > 0);
  for (const wrong of exposed.answer.lie.wrong) {
    const row = state.board[wrong.row - 1];
    const { black, white } = score(secret, row.guess);
    assert.ok(black + white > 0, `row ${wrong.row} was answered truly`);
    assert.match(wrong.message, new RegExp(`Row ${wrong.row}`));
  }
}

// The game of a date: the same secret in another module, another on the next date.
function testDailyGame(request, otherRequest) {
  const secretOf = (ask, date, preset = "classic") => {
    const start = ask("POST", "/api/games", { preset, daily: date });
    assert.equal(start.status, 201, JSON.stringify(start));
    return ask("POST", `/api/games/${start.answer.token}/quit`).answer.secret;
  };
  assert.equal(secretOf(request, "2025-03-14"), secretOf(otherRequest, "2025-03-14"));
  assert.equal(secretOf(request, "2025-03-14", "super"), secretOf(otherRequest, "2025-03-14", "super"));
  assert.notEqual(secretOf(request, "2025-03-14"), secretOf(request, "2025-03-15"));
  const bad = request("POST", "/api/games", { preset: "classic", daily: "2025-02-30" });
  assert.equal(bad.status, 400);
  assert.match(bad.answer.error, /daily/);
  const danish = request("POST", "/api/games", { preset: "classic", daily: "14/3" }, { language: "da" });
  assert.equal(danish.status, 400);
  assert.notEqual(danish.answer.error, request("POST", "/api/games", { daily: "14/3" }).answer.error);
  assert.equal(request("POST", "/api/games", { daily: "2025-03-14", seed: 1 }).status, 400);
}

// {name: async (request, otherRequest, server) => ...}
module.exports = {
  startServer,
  tests: {
    testTextsAndVariantsAreTheServers,
    testRefusalsAreTheServers,
    testServerOnlyPathsSaySo,
    testReplayedGameIsTheServers,
    testHintAnsweredAtOnce,
    testDuelIsTheServers,
    testWatchToTheEnd,
    testSolveWonAndContradictionCaught,
    testDailyGame: (request, server, otherRequest) => testDailyGame(request, otherRequest),
  },
};
