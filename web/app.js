// Entry point of the page: show boot progress, wait for Python, then go offline-ready.
// The table frame itself is plain markup in index.html, so it paints before this runs.
import { call, pythonReady } from "./bridge.js";
import { showLoading } from "./loading.js";
import { enableOffline } from "./offline.js";

const status = document.getElementById("status");

async function boot() {
  const loading = showLoading();
  const info = await pythonReady;
  loading.finish();
  status.textContent = `Python ${info.python.split(" ")[0]} ready`;
  const offline = await enableOffline(status);
  if (offline) status.textContent += " · available offline";
}

boot().catch((error) => {
  console.error(error);
  status.textContent = "Could not start";
});

// A handle for tests and the console: `remi.call("ping")`.
window.remi = { call };
