// The engine in WebAssembly in a worker of its own, so that the page never waits while it thinks
// (docs/engine-module.md). Each message {id, request} is answered {id, answer}; the first message
// the page gets says whether the engine loaded ({ready: true}) or not ({failed: "why"}).
"use strict";

let call = null;

try {
  importScripts("engine.js");  // relative: the site may live in a sub-folder
  createEngine().then((engine) => {
    const mmCall = engine.cwrap("mm_call", "string", ["string"]);
    call = (request) => JSON.parse(mmCall(JSON.stringify(request)));
    postMessage({ ready: true });
  }, (error) => postMessage({ failed: String(error) }));
} catch (error) {
  postMessage({ failed: String(error) });
}

onmessage = (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    answer = call ? call(request) : { error: "the engine is not loaded" };
  } catch (error) {
    answer = { error: String(error) };  // a fault of the module, never a refused move
  }
  postMessage({ id, answer });
};
