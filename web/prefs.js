// The last table options (variant, seats, rules) and the name given in a room dialog, kept in
// localStorage for the next game.

import { t } from "./i18n.js";
import { toast } from "./game/messages.js";
import * as platform from "./platform/index.js";

const PREFS_KEY = "remi.prefs";
const DEFAULT_PREFS = {
  variant: "etalat", seats: ["human", "medium", "medium"],
  options: { preset: "platform", double_rounds: true, target: null, timer: null, three_doubles: false },
};

/** The name this player gave in a room dialog (remembered with the table options), else
 * the profile's. */
export function prefsName() {
  return prefs().name ?? platform.profileName();
}

export function rememberName(name) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), name }));
}

/** The last table options. Stored ones of the wrong shape (damaged, or an older build's)
 * are replaced by the defaults, in storage too, and the player is told. */
export function prefs() {
  let stored;
  try { stored = JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}"); } catch { stored = null; }
  const ok = stored && typeof stored === "object" && !Array.isArray(stored);
  const choice = ok ? { ...DEFAULT_PREFS, ...stored } : null;
  const { seats, options, name } = choice ?? {};
  if (ok && ["etalat", "tabla"].includes(choice.variant) && Array.isArray(seats)
      && seats.every((s) => typeof s === "string")   // what a table may be: the engine's
      && options && typeof options === "object" && !Array.isArray(options)
      && (name === undefined || typeof name === "string")) {
    return { ...choice, options: { ...DEFAULT_PREFS.options, ...options } };
  }
  return resetPrefs(typeof stored?.name === "string" ? stored.name : undefined);
}

export function resetPrefs(name) {
  const fresh = { ...DEFAULT_PREFS, name };
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(fresh)); } catch { /* told by persist */ }
  toast(t("prefsReset"));
  return fresh;
}

/** Keep the options of the table just dealt for the next new game. */
export function rememberTable(choice) {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify({ ...choice, name: prefs().name }));
  } catch (error) {
    console.warn("table options not saved:", error);   // storage full: persist() tells
  }
}
