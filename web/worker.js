// The module in a worker, for the work that may take seconds (hints, explanations, ratings,
// generation): the page stays responsive meanwhile, and stopping the work is ending the worker.
//
// A message {id, op, request} is answered with {id, answer}, the answer of `op` as sudokit.js gives
// it (never a throw).

import { load } from "./sudokit.js";

const sudokit = load().catch((e) => ({
  call: () => ({ ok: false, error: `The solver could not be loaded: ${e.message}` }),
}));

self.onmessage = async (e) => {
  const { id, op, request } = e.data;
  self.postMessage({ id, answer: (await sudokit).call(op, request) });
};
