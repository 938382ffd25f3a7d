// The platform around the game table (docs/platform.md): the menu (quick game, tournament,
// profile, history), the running score sheet, and the hooks web/app.js calls:
//   init(app)            once, with the controller's handles
//   resume(savedLog)     at boot: a tournament table to resume, or null
//   saved(log, snap)     after every save: history entry, profile, tournament
//   drawSheet(snap)      when the score sheet may have changed
//   roundOver(snap)      when the round-end panel is shown
// Every rule stays in Python (remi/bridge.py, platform section); this only draws and asks.
import "./strings.js";
import { everyLanguage, t, translatePage } from "../i18n.js";
import { renderSheet } from "./sheet.js";
import { moves, store } from "./storage.js";
import { P } from "./state.js";
import { loadProfile, renderProfile, updateProfile, wireProfile } from "./profile.js";
import { refreshMatch, renderHistory, wireHistory } from "./history.js";
import { wireReplay } from "./replay.js";
import {
  catchUp, resumeTournament, saveTournament, showTournament, tournamentTableOver, wireTournament,
} from "./tournament.js";

const $ = (id) => document.getElementById(id);
const SHEET_KEY = "remi.sheet";     // "closed" once the player folds the score sheet away

export function init(app) {
  P.app = app;
  wireSheet();
  translatePage($("platform"));
  translatePage($("replay"));
  $("btn-menu").addEventListener("click", () => openMenu());
  $("btn-menu2").addEventListener("click", () => openMenu());
  $("platform-close").addEventListener("click", () => $("platform").close());
  const tabs = [...document.querySelectorAll("#platform .tab")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
    tab.addEventListener("keydown", (event) => {   // the tab list's keys (WAI-ARIA tabs)
      const at = tabs.indexOf(tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      showTab(next.dataset.tab);
      next.focus();
    });
  }
  for (const card of document.querySelectorAll("#platform .arena-card")) {
    card.addEventListener("click", () => startArena(Number(card.dataset.bots), !!card.dataset.watch));
  }
  $("btn-tournament-continue").addEventListener("click", () => openMenu("tournament", { run: true }));
  $("btn-tournament-standings").addEventListener("click", () => openMenu("tournament"));
  wireTournament();
  wireProfile();
  wireHistory();
  wireReplay();
}

/** The profile's name when the player chose one (not the default "Tu" / "You"), else "". */
export function profileName() {
  const name = P.profile?.name ?? "";
  return everyLanguage("you").includes(name) ? "" : name;
}

/** At boot, before the saved game (its JSON text) is loaded: resume a tournament table
 * when one is current. */
export async function resume(savedText) {
  const db = await store();
  await loadProfile();
  const current = await db.get("current");
  if (current?.kind !== "tournament") return null;
  let savedLog = null;
  try { savedLog = JSON.parse(savedText ?? "null"); } catch { /* a broken save: the stored tournament */ }
  return resumeTournament(savedLog);
}

/** Whether the history holds match `id` with its log (a saved game that could not be
 * resumed is still there to look at). */
export async function inHistory(id) {
  if (!id) return false;
  const entry = await (await store()).match(id);
  return !!entry?.log;
}

// ------------------------------------------------------------------ the menu

export function openMenu(tab = null, options = {}) {
  const dialog = $("platform");
  const opening = !dialog.open;
  if (opening) {
    // a quick game or a new tournament is of the variant at the table until the player
    // picks the other (a QA pass playing Tablă was offered Etalat)
    const variant = P.app.snap()?.view.variant;
    for (const radio of dialog.querySelectorAll(`input[name$="-variant"][value="${variant}"]`)) {
      radio.checked = true;
    }
    dialog.showModal();
  }
  showTab(tab ?? P.tab ?? (P.tournament && P.tournament.stage !== "done" ? "tournament" : "arena"), options);
  // showModal focuses the first tab, selected or not: the keyboard starts at the open one
  if (opening) dialog.querySelector(".tab.on")?.focus();
}

function showTab(name, options = {}) {
  P.tab = name;
  for (const tab of document.querySelectorAll("#platform .tab")) {
    tab.classList.toggle("on", tab.dataset.tab === name);
    tab.setAttribute("aria-selected", tab.dataset.tab === name ? "true" : "false");
    tab.tabIndex = tab.dataset.tab === name ? 0 : -1;     // Tab enters at the open tab
  }
  for (const panel of document.querySelectorAll("#platform .tab-panel")) {
    panel.hidden = panel.dataset.panel !== name;
  }
  const show = { tournament: showTournament, profile: renderProfile, history: renderHistory }[name];
  if (!show) return;
  // drawn by Python after the panel shows: aria-busy until the newest drawing is done
  const panel = $(`panel-${name}`);
  const drawing = (drawings.get(name) ?? 0) + 1;
  drawings.set(name, drawing);
  panel.setAttribute("aria-busy", "true");
  show(options).catch(async (error) => P.app.toast(await P.app.pageError(error)))
    .finally(() => { if (drawings.get(name) === drawing) panel.removeAttribute("aria-busy"); });
}

const drawings = new Map();   // tab → the number of its latest drawing

async function startArena(bots, watch) {
  const form = $("platform");
  const variant = form.querySelector("input[name=arena-variant]:checked")?.value ?? "etalat";
  await P.app.switchGame(async () => {
    const snap = (await P.app.call("arena_new", {
      variant, bots: watch ? 4 : bots, watch, name: P.profile?.name ?? t("you"),
    })).result;
    $("platform").close();
    return snap;
  }, { note: watch ? t("watching") : "" });
}

/** What to tell when `next` replaces the table on screen: a tournament table set aside
 * waits in the menu (nothing is lost, but a player should not have to guess). */
export function replacing(old, next) {
  const underWay = P.tournament && P.tournament.stage !== "done";
  return underWay && old?.mode === "tournament" && next.mode !== "tournament"
    ? t("tournamentWaits") : "";
}

// ------------------------------------------------------------------ hooks

let chain = Promise.resolve();

/** After every save: the history entry, the profile at a round's end, the tournament. */
export function saved(log, snap) {
  const work = async () => {
    const db = await store();
    const old = await db.summary(snap.match_id);
    const watching = !!snap.players[snap.view.seat]?.is_bot;
    // a match enters the history with the player's first move (two QA passes found it full
    // of "unfinished 0 / 0 / 0" rows: the first visit's game, rematches and quick games
    // dealt and left untouched); a table of bots watched, or a round over, at once
    const untouched = !old && !watching && snap.round === 1 && snap.view.phase !== "over"
      && !snap.view.history.some((entry) => entry.seat === snap.view.seat);
    // "last played": the last move's time, not a reload's (a resumed game is saved again)
    const moved = !old || old.moves !== moves(log);
    if (!untouched) await db.putMatch({
      id: snap.match_id, kind: old?.kind ?? snap.mode ?? "game", started: old?.started ?? Date.now(),
      updated: moved ? Date.now() : old.updated, variant: snap.view.variant, players: snap.players,
      seat: watching ? null : snap.view.seat, round: snap.round, totals: snap.totals,
      over: !!snap.match_over, winners: snap.match_over ? snap.winners : [], log,
    });
    const current = await db.get("current");
    if (current?.match_id !== snap.match_id) {
      await db.set("current", { kind: old?.kind ?? snap.mode ?? "game", match_id: snap.match_id });
    }
    if (snap.view.phase === "over" && !watching) await updateProfile(log, snap.view.seat);
    if (snap.mode === "tournament") await saveTournament();
    // what its row and its page show: a new match, a round's end, the next round's deal
    if (untouched) return;
    if (!old || snap.view.phase === "over" || old.round !== snap.round) await refreshHistory(snap.match_id);
  };
  chain = chain.then(work).catch((error) => console.warn("platform save failed:", error));
  return chain;
}

/** The history in sight in the open menu follows a new match and a round's end (bots play
 * on behind the menu): the list, or the page of the match saved; the focus stays. */
async function refreshHistory(id) {
  if (!$("platform").open || P.tab !== "history") return;
  if ($("history-list").hidden) {
    await refreshMatch(id);
    return;
  }
  const focused = document.activeElement?.closest?.("[data-testid=history-row]")?.dataset.id;
  await renderHistory();
  if (focused) $("history-list").querySelector(`[data-id="${CSS.escape(focused)}"]`)?.focus();
}

/** The score sheet beside the table stays folded or open as the player left it (across
 * reloads). Opened, it shows the latest round: it was drawn folded, with nothing to scroll. */
function wireSheet() {
  const details = $("sheet-details");
  try { details.open = localStorage.getItem(SHEET_KEY) !== "closed"; } catch { /* open */ }
  details.addEventListener("toggle", () => {
    if (details.open) $("score-sheet").scrollTop = $("score-sheet").scrollHeight;
    try {
      localStorage.setItem(SHEET_KEY, details.open ? "open" : "closed");
    } catch { /* storage full or off: open again next time */ }
  });
}

const sheetKey = { value: null };

/** The running score sheet beside the table (and in the round-end panel). */
export async function drawSheet(snap) {
  const key = `${snap.match_id}/${snap.round}/${snap.view.phase === "over"}/${snap.totals}/${JSON.stringify(snap.players)}`;
  sheetKey.value = key;
  const answer = snap.sheet ?? (await P.app.call("score_sheet")).result;  // a room sends its own
  if (sheetKey.value !== key) return;            // a newer snapshot asked already
  const sheet = answer && { ...answer, players: snap.players };  // a stand-in is named as it plays
  const you = snap.players[snap.view.seat]?.is_bot ? null : snap.view.seat;
  renderSheet($("score-sheet"), sheet, you);
  if (!$("scores-panel").hidden) renderSheet($("scores-sheet"), sheet, you);
}

/** The round-end panel: the sheet, and a tournament table's way on. */
export function roundOver(snap) {
  const tournament = snap.mode === "tournament";
  const tableOver = tournament && snap.match_over;
  $("btn-tournament-continue").hidden = !tableOver;
  $("btn-tournament-standings").hidden = !tournament || tableOver;
  if (!tableOver) $("scores-tournament").hidden = true;
  drawSheet(snap).catch((error) => console.warn(error));
  if (tableOver) tournamentTableOver(snap);
  else if (tournament) catchUp().catch((error) => console.warn("catch-up:", error));
}
