// Loader for sudokit.wasm (crates/sudokit-wasm): JSON requests in, JSON answers out.
//
// The module exports `sudokit_input(len) -> ptr`, `sudokit_output() -> ptr`, `memory`, and one
// function per operation, `sudokit_<op>(len) -> len`. A call writes the UTF-8 request into the input
// buffer, calls the operation, and reads the UTF-8 answer from the output buffer (see the crate docs).
//
// Every call returns an object: `{ok: true, ...}` or `{ok: false, error}`. Nothing throws: a trap in
// the module (a bug, never bad input) becomes an error answer and a fresh instance replaces the old.
//
//   import { load } from "./sudokit.js";
//   const sudokit = await load();
//   sudokit.solve({ puzzle: "53..7....6..195...." }); // {ok: true, verdict: "solved", solution: [...]}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The operations a module exports: every `sudokit_<op>` but the two buffer functions. */
export function operations(exports) {
  return Object.keys(exports)
    .filter((name) => name.startsWith("sudokit_") && name !== "sudokit_input" && name !== "sudokit_output")
    .map((name) => name.slice("sudokit_".length));
}

/** Fetches and compiles the module (by default `sudokit.wasm` beside this file). */
export async function load(url = new URL("sudokit.wasm", import.meta.url)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  const module = await WebAssembly.compile(await response.arrayBuffer());
  const instance = await WebAssembly.instantiate(module, {});
  return new Sudokit(module, instance);
}

/** One instance of the module; `call(op, request)` or the named shortcuts (`sudokit.rate(...)`). */
export class Sudokit {
  constructor(module, instance) {
    this.module = module;
    this.exports = instance.exports;
    this.operations = operations(this.exports);
    for (const op of this.operations) this[op] = (request) => this.call(op, request);
  }

  /** Runs `op` on `request` (an object, sent as JSON) and returns the answer object. */
  call(op, request) {
    const run = this.exports[`sudokit_${op}`];
    if (typeof run !== "function") return { ok: false, error: `unknown operation ${op}` };
    try {
      const bytes = encoder.encode(JSON.stringify(request));
      const at = this.exports.sudokit_input(bytes.length) >>> 0;
      new Uint8Array(this.exports.memory.buffer, at, bytes.length).set(bytes);
      const length = run(bytes.length) >>> 0;
      const from = this.exports.sudokit_output() >>> 0;
      // decode copies, so the answer survives the next call reusing the buffer.
      return JSON.parse(decoder.decode(new Uint8Array(this.exports.memory.buffer, from, length)));
    } catch (e) {
      // A trap leaves the instance in an unknown state: start a new one from the compiled module.
      this.exports = new WebAssembly.Instance(this.module, {}).exports;
      return { ok: false, error: `internal error in the solver (${e.message}); it was restarted` };
    }
  }
}
