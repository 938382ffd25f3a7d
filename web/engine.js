// The game engine, off the main thread: remi/ runs in a PyScript worker
// (web/engine_worker.py), so a slow decision never freezes the page, and it is the page's
// only interpreter. Every call is async and queued (one at a time, in order). If the worker
// cannot start, the main-thread interpreter (web/main.py via bridge.js) is used instead.
import { call as callMain, startMainThread } from "./bridge.js";
import { lang } from "./i18n.js";

let worker = null;
let queue = Promise.resolve();

/** Where the engine runs: "worker" or "main" (after start()). */
export let engineWhere = "starting";

function pageURL(path) {
  return new URL(path, document.baseURI).href;
}

async function startWorker() {
  const { PyWorker } = await import("../vendor/pyscript/core.js");
  const toml = pageURL("pyscript.toml");
  // `version` is how polyscript workers name the interpreter: the vendored one,
  // never a CDN (pyscript.toml's `interpreter` key is not read inside a worker).
  return PyWorker(pageURL("web/engine_worker.py"), {
    config: toml,
    version: pageURL("vendor/pyodide/pyodide.mjs"),
  });
}

/** The worker's door as window.remiCall (async: resolves with the JSON answer), for the
 * console and tests, with the same "remi:ready" signal as web/main.py. */
function announce() {
  window.remiCall = (name, args = "{}") => worker.sync.remi_call(name, args);
  window.remiReadyAt = performance.now();
  window.remiReady = true;
  window.dispatchEvent(new CustomEvent("remi:ready"));
}

/** Starts the engine; resolves with the answer of "ping" (Python's version, whether remi
 * imported). */
export async function start({ useWorker = true } = {}) {
  if (useWorker && typeof Worker !== "undefined") {
    try {
      worker = await startWorker();
      const ping = JSON.parse(await worker.sync.remi_call("ping", "{}"));
      engineWhere = "worker";
      announce();
      return ping;
    } catch (error) {
      console.warn("engine worker failed, using the main thread:", error);
    }
    worker = null;
  }
  const ping = await startMainThread();
  engineWhere = "main";
  return ping;
}

async function raw(name, args) {
  if (worker) {
    const answer = JSON.parse(await worker.sync.remi_call(name, JSON.stringify(args)));
    if (!answer.ok) throw new Error(answer.error);
    return answer;
  }
  // Main thread: yield first, so each call is its own task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const started = performance.now();
  const answer = callMain(name, args);
  answer.ms = performance.now() - started;
  return answer;
}

/** A call that takes this long is said in the console (the calls after it wait for it). */
const SLOW_CALL_MS = 10000;

/** remi.bridge.<name>(**args); resolves with {result, ms} or rejects with its error. */
export function call(name, args = {}) {
  const next = queue.then(() => timed(name, args));
  queue = next.catch(() => {});
  return next;
}

/** One call, which is `window.remiCalling` ({name, since}) while it runs (diagnostics). */
async function timed(name, args) {
  window.remiCalling = { name, since: Math.round(performance.now()) };
  const slow = setTimeout(() => console.warn(`engine: ${name} is taking over ${SLOW_CALL_MS} ms`), SLOW_CALL_MS);
  try {
    return await raw(name, args);
  } finally {
    clearTimeout(slow);
    window.remiCalling = null;
  }
}

/** An error of Python (a call's rejection, or a room's error text) as the page shows it:
 * without its exception's name ("ValueError: "), and on the Romanian page in Romanian when
 * remi/messages_ro.py knows it (refusal_ro); a text it does not know stays as it came. */
export async function pageError(error) {
  const text = String(error?.message ?? error).replace(/^\w+Error: /, "");
  if (lang() === "en" || !text) return text;
  try {
    return (await call("refusal_ro", { message: text })).result ?? text;
  } catch {
    return text;
  }
}
