// Where the page's requests go. Served by `mastermind serve` (GET api/texts answers JSON), every
// request goes to the server, which ranks named games, keeps the highscores and joins network
// duels; served as static files, or with the server out of reach, to the engine in WebAssembly in
// a worker (worker.js), which answers the same paths of the API (docs/web-api.md). A daily code is
// always played in the worker: its secret is a function of the date, known to the page alone.
// Every URL is relative, since a static site may live in a sub-folder.
"use strict";

const transport = {
  server: false,      // whether `mastermind serve` answers
  worker: null,       // the engine's worker, once asked for
  engine: null,       // a promise: whether the engine loaded
  pending: new Map(), // id of a request to the worker -> its resolve
  nextId: 1,
  onBusy: () => {},   // told true while the worker works, false once it is idle
};

// Whether the page is served by `mastermind serve`: its texts answer JSON.
async function probeServer(language) {
  try {
    const response = await fetch(`api/texts?lang=${language}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return false;
    const answer = await response.json();
    transport.server = Boolean(answer && answer.texts);
  } catch {
    transport.server = false;
  }
  return transport.server;
}

// Starts the worker once; resolves true when the engine is loaded, false when it cannot be.
function startEngine() {
  if (transport.engine) return transport.engine;
  transport.engine = new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker("worker.js");
    } catch {
      resolve(false);
      return;
    }
    transport.worker = worker;
    worker.onerror = (event) => { event.preventDefault(); resolve(false); };
    worker.onmessage = (event) => {
      const data = event.data;
      if (data.ready || data.failed) { resolve(Boolean(data.ready)); return; }
      const done = transport.pending.get(data.id);
      transport.pending.delete(data.id);
      if (transport.pending.size === 0) transport.onBusy(false);
      if (done) done(data.answer);
    };
  });
  return transport.engine;
}

// An error the page words in the player's language: `key` names the text.
function transportError(key) {
  const error = new Error(key);
  error.textKey = key;
  return error;
}

async function serverRequest(method, path, body, language) {
  let response;
  try {
    response = await fetch(`${path.slice(1)}?lang=${language}`, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw transportError("server_gone");
  }
  const answer = await response.json();
  return { ok: response.ok, status: response.status, answer };
}

async function engineRequest(method, path, body, language) {
  if (!(await startEngine())) throw transportError("no_engine");
  const id = transport.nextId++;
  const request = { call: "request", method, path, language };
  if (body) request.body = body;
  const reply = await new Promise((resolve) => {
    transport.pending.set(id, resolve);
    transport.onBusy(true);
    transport.worker.postMessage({ id, request });
  });
  // A request the module could not take at all comes back as a bare error.
  if (reply.status === undefined) return { ok: false, status: 500, answer: { error: reply.error || "?" } };
  return { ok: reply.status < 300, status: reply.status, answer: reply.answer };
}

// One request of the API: `where` is "server" or "engine", the server when it answers by default.
function api(method, path, body, where = transport.server ? "server" : "engine", language = state.language) {
  return where === "server" ? serverRequest(method, path, body, language) : engineRequest(method, path, body, language);
}
