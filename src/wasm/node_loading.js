// Run first in the module's loader (emcc --pre-js): in node, the .wasm beside the loader is read
// from the disk and handed over, where the loader of Debian's emscripten (3.1.6) would fetch it by
// its path whenever fetch exists, which node's fetch (node 18 and later) does not take. A caller's
// own wasmBinary or locateFile is left as it is; in a browser this does nothing.
if (typeof process == "object" && process.versions && process.versions.node && !Module["wasmBinary"] &&
    !Module["locateFile"]) {
  Module["wasmBinary"] = require("fs").readFileSync(__filename.replace(/\.js$/, ".wasm"));
}
