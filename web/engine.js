// The game engine, off the main thread: remi/ runs in a PyScript worker
// (web/engine_worker.py), so a slow decision never freezes the page. Every call is
// async and queued (one at a time, in order). If the worker cannot start, the
// main-thread interpreter (web/main.py via bridge.js) is used instead.
import { call as callMain, pythonReady } from "./bridge.js";

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

/** Starts the engine; resolves with where it runs. */
export async function start({ useWorker = true } = {}) {
  if (useWorker && typeof Worker !== "undefined") {
    try {
      worker = await startWorker();
      // A first call proves the engine imported.
      const answer = JSON.parse(await worker.sync.remi_call("snapshot", "{}"));
      if (answer.ok || /no game/.test(answer.error)) {
        engineWhere = "worker";
        return engineWhere;
      }
      console.warn("engine worker unusable:", answer.error);
    } catch (error) {
      console.warn("engine worker failed, using the main thread:", error);
    }
    worker = null;
  }
  await pythonReady;
  engineWhere = "main";
  return engineWhere;
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

/** remi.bridge.<name>(**args); resolves with {result, ms} or rejects with its error. */
export function call(name, args = {}) {
  const next = queue.then(() => raw(name, args));
  queue = next.catch(() => {});
  return next;
}
