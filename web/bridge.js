// The only door from JS into Python. web/main.py sets window.remiCall and
// window.remiReady, then fires "remi:ready"; every call crosses as JSON strings.

/** Resolves with the answer of "ping" once Python (and remi, if present) is loaded. */
export const pythonReady = new Promise((resolve) => {
  const done = () => resolve(call("ping"));
  if (window.remiReady) done();
  else window.addEventListener("remi:ready", done, { once: true });
});

/** Calls remi.bridge.<name>(**args) in Python; returns its result or throws its error. */
export function call(name, args = {}) {
  const answer = JSON.parse(window.remiCall(name, JSON.stringify(args)));
  if (!answer.ok) throw new Error(answer.error);
  return answer;
}
