// The loading screen: a progress bar fed by PyScript's boot steps ("py:progress"
// events), creeping forward in between so the page never looks frozen.

import { t } from "./i18n.js";

// Where each PyScript step puts the bar, in percent, and its words; Python start is the long part.
const STEPS = {
  "Loading interpreter": [10, "loadingPython"],
  "Loaded interpreter": [80, "pythonLoaded"],
  "Loading files": [82, "loadingFiles"],
  "Loaded files": [90, "filesLoaded"],
};

export function showLoading() {
  const screen = document.getElementById("loading");
  const bar = document.getElementById("progress-bar");
  const step = document.getElementById("loading-step");
  const error = document.getElementById("loading-error");
  let shown = 2;
  let target = 8;

  const onProgress = ({ detail }) => {
    const [percent, key] = STEPS[detail] ?? [];
    if (percent === undefined) return;
    target = Math.max(target, percent);
    step.textContent = t(key);
  };
  const onError = (event) => {
    error.hidden = false;
    error.textContent = String(event.reason ?? event.message ?? event.error ?? "error");
  };
  const timer = setInterval(() => {
    // Ease towards the target, and keep creeping towards the end meanwhile, slower as it
    // nears it: the bar never stops (it stood at 95 % for the last 12 s of a slow phone's
    // load, and a QA pass thought the page stuck) and never fills before the engine is ready.
    target += (99 - target) * 0.006;
    shown += (target - shown) * 0.2;
    bar.style.width = `${shown.toFixed(1)}%`;
  }, 100);

  window.addEventListener("py:progress", onProgress);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onError);

  return {
    finish() {
      clearInterval(timer);
      window.removeEventListener("py:progress", onProgress);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onError);
      bar.style.width = "100%";
      step.textContent = "Ready";
      screen.classList.add("done");
      screen.addEventListener("transitionend", () => (screen.hidden = true), { once: true });
    },
  };
}
