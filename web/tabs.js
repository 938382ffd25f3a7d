// One tab plays at a time (docs/ui.md, "One tab at a time"). Every tab of the page that
// opens claims the game: it writes its id under "remi.tab" and says so on a
// BroadcastChannel (the `storage` event of that write tells the tabs of a browser without
// one). A tab whose id is no longer there stops for good: a modal says that Remi is open in
// another tab, its bots, clock and room stop, and `active()` is false from then on, so it
// never saves (remi.save, the history) again. "Play here" reloads it: it claims the game
// back and resumes what the other tab saved last; the other tab stops in turn.
import { t } from "./i18n.js";

const OWNER_KEY = "remi.tab";
const CHANNEL = "remi.tabs";
const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

let stopped = false;
let onStop = () => {};
let channel = null;

function owner() {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return id;        // no storage at all: nothing to overwrite, nothing to guard
  }
}

/** This tab takes the game (the newest tab wins); `stop()` runs when another tab takes it. */
export function claimTab({ stop = () => {} } = {}) {
  onStop = stop;
  try { localStorage.setItem(OWNER_KEY, id); } catch { /* see owner() */ }
  window.addEventListener("storage", (event) => {
    if (event.key === OWNER_KEY || event.key === null) check();
  });
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener("message", check);
    channel.postMessage({ type: "claim", id });
  }
}

/** Whether this tab still plays: false once another tab claimed the game (checked against
 * the stored owner too, so a save racing the other tab's message is refused). */
export function tabActive() {
  if (!stopped && owner() !== id) stopTab();
  return !stopped;
}

function check() {
  if (!stopped && owner() !== id) stopTab();
}

function stopTab() {
  stopped = true;
  document.body.dataset.tab = "stopped";
  channel?.close();
  try { onStop(); } catch (error) { console.warn("tab not stopped cleanly:", error); }
  showTaken();
}

/** The modal: everything under it is inert (no click, tap or key reaches the table). */
function showTaken() {
  const dialog = document.createElement("dialog");
  dialog.id = "tab-taken";
  dialog.className = "sheet dialog tab-taken";
  dialog.setAttribute("data-testid", "tab-taken");
  const title = document.createElement("h2");
  title.textContent = t("tabTaken");
  const text = document.createElement("p");
  text.textContent = t("tabTakenText");
  const buttons = document.createElement("div");
  buttons.className = "sheet-buttons";
  const here = document.createElement("button");
  here.type = "button";
  here.className = "move primary";
  here.setAttribute("data-testid", "play-here");
  here.textContent = t("playHere");
  here.addEventListener("click", () => location.reload());
  buttons.append(here);
  dialog.append(title, text, buttons);
  dialog.addEventListener("cancel", (event) => event.preventDefault());   // Esc keeps it
  document.body.append(dialog);
  dialog.showModal();
  here.focus();
}
