// The main-thread fallback door into Python, used only when the engine's worker cannot
// start (or with ?worker=0): web/main.py is added to the page on demand; it sets
// window.remiCall and window.remiReady, then fires "remi:ready". Calls cross as JSON.

let started = null;

/** Starts the main-thread interpreter once; resolves with the answer of "ping". */
export function startMainThread() {
  started ??= new Promise((resolve) => {
    window.addEventListener("remi:ready", () => resolve(call("ping")), { once: true });
    const script = document.createElement("script");
    script.type = "py";
    script.src = "web/main.py";  // its config is the page's <py-config>
    document.body.append(script);
  });
  return started;
}

/** Calls remi.bridge.<name>(**args) on the main thread; returns its answer or throws. */
export function call(name, args = {}) {
  const answer = JSON.parse(window.remiCall(name, JSON.stringify(args)));
  if (!answer.ok) throw new Error(answer.error);
  return answer;
}
