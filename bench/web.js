// The engine in WebAssembly (`make web`) against the command line on the same evaluation, one
// thread each, and the module's size: `make bench-web`.
//
// RUNS rounds per board, each round a fresh `mastermind evaluate --json -j 1` and a fresh module
// instance making its first `evaluate` call, back to back, the order swapped every round. Both
// report the engine's own clock around the evaluation (`seconds`), the same code on both sides:
//   native seconds   the command line's
//   wasm seconds     the module's, in node (V8, as in Chromium)
//   wasm later       a later call in an instance that made it before: warm caches, which no fresh
//                    process has, so not a comparison with it; shown for a page that asks again
// Printed: the medians and the ratio of the medians (wasm / native; 2.0 is twice as slow).
// Then a hint on Super Mastermind (5 x 8) after the turns of HINT_TURNS: `mastermind next --json
// -j 1`, the whole process's wall time (its start, a few milliseconds, included), against the
// module's `next` call in a fresh instance, timed around the call.
//
//   node bench/web.js [ENGINE_JS [NATIVE_PROGRAM]]   (default build/web/engine.js, build/mastermind)
//
// Environment: RUNS (default 15), BOARDS (presets, default "classic bulls"), STRATEGY (default knuth).
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

const moduleFile = path.resolve(process.argv[2] || "build/web/engine.js");
const nativeProgram = path.resolve(process.argv[3] || "build/mastermind");
const runs = Number(process.env.RUNS || 15);
const boards = (process.env.BOARDS || "classic bulls").split(/\s+/).filter(Boolean);
const strategy = process.env.STRATEGY || "knuth";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function nativeSeconds(preset) {
  const args = ["--preset", preset, "evaluate", "--strategy", strategy, "-j", "1", "--json"];
  const run = spawnSync(nativeProgram, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${nativeProgram} ${args.join(" ")}: ${run.stderr}`);
  return JSON.parse(run.stdout).seconds;
}

async function main() {
  // Each instance of emscripten's loader listens for the process's uncaught errors.
  process.setMaxListeners(0);
  const createEngine = require(moduleFile);
  const wasmBinary = fs.readFileSync(moduleFile.replace(/\.js$/, ".wasm"));  // read once, for every round
  const gzipped = zlib.gzipSync(wasmBinary, { level: 9 }).length;
  const glue = fs.statSync(moduleFile).size;
  console.log(`engine.wasm ${wasmBinary.length} bytes, ${gzipped} gzipped; engine.js ${glue} bytes`);
  const fresh = async () => {
    const engine = await createEngine({ wasmBinary });
    const call = engine.cwrap("mm_call", "string", ["string"]);
    return (preset) => {
      const answer = JSON.parse(call(JSON.stringify({ call: "evaluate", preset, strategy })));
      if (answer.error) throw new Error(answer.error);
      return answer.seconds;
    };
  };
  console.log(`board     native s   wasm s     ratio   wasm later s   (${strategy}, medians of ${runs})`);
  for (const preset of boards) {
    const native = [];
    const wasm = [];
    const later = [];
    for (let round = 0; round < runs; round++) {
      const evaluate = await fresh();
      const steps = [() => native.push(nativeSeconds(preset)), () => wasm.push(evaluate(preset))];
      if (round % 2) steps.reverse();
      for (const step of steps) step();
      later.push(evaluate(preset));
    }
    const ratio = median(wasm) / median(native);
    console.log(
      `${preset.padEnd(9)} ${median(native).toFixed(4).padStart(8)}   ${median(wasm).toFixed(4).padStart(8)}` +
        `   ${ratio.toFixed(2).padStart(5)}   ${median(later).toFixed(4).padStart(8)}`,
    );
  }
  await hints(createEngine, wasmBinary);
}

function nativeHint(preset, turns) {
  const args = ["--preset", preset, "next", ...turns, "-j", "1", "--json"];
  const start = process.hrtime.bigint();
  const run = spawnSync(nativeProgram, args, { encoding: "utf8" });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0) throw new Error(`${nativeProgram} ${args.join(" ")}: ${run.stderr}`);
  return { seconds, guess: JSON.parse(run.stdout).guess };
}

async function hints(createEngine, wasmBinary) {
  const preset = "super";
  const turns = (process.env.HINT_TURNS || "11223=B.... 34455=W....").split(/\s+/).filter(Boolean);
  const native = [];
  const wasm = [];
  for (let round = 0; round < runs; round++) {
    const engine = await createEngine({ wasmBinary });
    const call = engine.cwrap("mm_call", "string", ["string"]);
    const steps = [
      () => native.push(nativeHint(preset, turns)),
      () => {
        const start = process.hrtime.bigint();
        const answer = JSON.parse(call(JSON.stringify({ call: "next", preset, turns })));
        if (answer.error) throw new Error(answer.error);
        wasm.push({ seconds: Number(process.hrtime.bigint() - start) / 1e9, guess: answer.guess });
      },
    ];
    if (round % 2) steps.reverse();
    for (const step of steps) step();
  }
  if (native.some((n, i) => n.guess !== wasm[i].guess)) throw new Error("the module's hint differs from the program's");
  const n = median(native.map((x) => x.seconds));
  const w = median(wasm.map((x) => x.seconds));
  console.log(`hint on ${preset} after ${turns.join(" ")}: native ${n.toFixed(4)} s (process), ` +
              `wasm ${w.toFixed(4)} s (call), ratio ${(w / n).toFixed(2)}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
