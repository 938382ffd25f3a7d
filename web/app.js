// The page: boot, then a game against bots. The engine (remi/, Python) decides every
// rule; this layer turns gestures into action strings, sends them, and draws the answer.
import { call, engineWhere, pageError, start } from "./engine.js";
import { lang, setLang, t, tileLabel, translatePage } from "./i18n.js";
import { showLoading } from "./loading.js";
import { enableOffline } from "./offline.js";
import {
  el, joinParts, legalInfo, renderFormations, renderHistory, renderPiles, renderRows, renderScores,
  renderSeats, renderStrip, roundOverLine, seatName, watching,
} from "./game/render.js";
import { byColour, byNumber, parseTile, tileEl } from "./game/tiles.js";
import { personToPlay, TurnClock } from "./game/clock.js";
import { keepFocus, trackFocus } from "./game/focus.js";
import {
  addRefusalHint, hideBanner, hideBriefToast, hideTurnToast, showRefusal, toast, translateRefusal,
} from "./game/messages.js";
import { openDialog, readDialog, renderLevelFields, showTableNotes } from "./game/dialog.js";
import { renderHelp } from "./game/help.js";
import { enableKeys } from "./game/keys.js";
import { enablePointer } from "./game/pointer.js";
import { markOverflow } from "./game/overflow.js";
import * as rack from "./game/rack.js";
import { GUEST_KEY, HOST_KEY, hostsLinkedRoom, iceOf, isInvite, roomInLocation } from "./room/common.js";
import { askJoin, askRoom } from "./room/dialogs.js";
import { GuestTable } from "./room/guest.js";
import { HostTable } from "./room/host.js";
import * as platform from "./platform/index.js";  // platform hooks (docs/platform.md)
import { prefs, prefsName, rememberName, rememberTable, resetPrefs } from "./prefs.js";
import { claimTab, tabActive } from "./tabs.js";  // one tab plays at a time

window.remiStarted = true;   // the modules loaded and linked (web/boot-guard.js)
const $ = (id) => document.getElementById(id);
const status = $("status");
const SAVE_KEY = "remi.save";
const params = new URLSearchParams(location.search);
const BOT_DELAY = Number(params.get("botDelay") ?? localStorage.getItem("remi.botDelay") ?? 650);
// A watched table of bots rests this long at a round's end, then deals the next (ms).
const WATCH_PAUSE = Number(params.get("watchPause") ?? 8000);
// Tests only: shrink the turn clock (C8) so a timeout is seen in seconds, not 30.
const CLOCK_SCALE = Number(params.get("clockScale") ?? 1) || 1;

const S = {
  snap: null,
  ...rack.emptyRack(),  // the rack as arranged: order [{key, name}], selected, cursor, draft
  busy: false,
  switching: false,     // Python's game is being replaced (switchGame): no bot step until adopted
  botTimer: null,
  stats: { bot: [], render: [] },  // bot steps (ms in Python) and redraws (ms), for benches
  backend: null,        // who answers intents: the local engine, or a room (web/room/)
  room: null,           // the HostTable or GuestTable, when playing in a room
  scoresAside: null,    // "match/round" whose round-end panel the player set aside
  autoDeal: null,       // a watched table's next deal: {key: "match/round", due: ms}
  roomNote: null,       // what a room waits for ("Dealing…"), shown over a finished round
};
window.remiGame = S;

// The player's turn clock (C8): when it runs out, single player asks its engine for the
// timeout; in a room the host's engine applies C8.
const clock = new TurnClock({
  scale: CLOCK_SCALE,
  busy: () => S.busy,
  onExpire: () => S.backend.clockDecides && engineStep(() => S.backend.timeout()),
});

// Single player: the engine in this page's worker answers everything.
const SOLO = {
  kind: "solo", runsBots: true, clockDecides: true,
  act: async (action) => (await call("act", { action })).result,
  botStep: async () => {
    const answer = await call("bot_step");
    return { ...answer.result, ms: answer.ms };
  },
  timeout: async () => (await call("timeout")).result,
  nextRound: async () => (await call("next_round")).result,
  save: async () => {
    const log = (await call("save")).result;
    if (tabActive()) localStorage.setItem(SAVE_KEY, JSON.stringify(log));  // web/tabs.js
    return log;
  },
};
S.backend = SOLO;

// ------------------------------------------------------------------ boot

async function boot() {
  setLang(lang());
  translatePage();
  status.textContent = t("loading");
  const loading = showLoading();
  const info = await start({ useWorker: params.get("worker") !== "0" });
  loading.finish();
  status.dataset.python = info.python.split(" ")[0];
  showStatus();
  setTurnText(t("loadingGame"));
  enableOffline(status).then((offline) => {
    if (offline) status.dataset.offline = "1";
    showStatus();
  }).catch((error) => console.warn(error));
  document.body.dataset.engine = engineWhere;
  if (await enterRoom()) {
    document.body.dataset.ready = "1";
    return;
  }
  await resumeSolo();
  document.body.dataset.readyAt = String(performance.now());
  document.body.dataset.ready = "1";
}

/** The top bar: once the engine runs, that the game is ready (and once cached, that it works
 *  offline too); with a game on the table, which game and round it is (a QA pass: "ready to
 *  play" stood there all game). On hover: the readiness and, for a maintainer, Python's
 *  version. Not a live region then: the round's start is said already (render.js). */
function showStatus() {
  const ready = t(status.dataset.offline ? "readyOffline" : "ready");
  const snap = S.snap;
  const table = snap && t("tableLine", { variant: t(snap.view.variant), n: snap.round });
  status.textContent = table || ready;
  status.title = `${ready} · Python ${status.dataset.python}`;
  // the tab's title too: a phone upright hides the status line (QA 39), its tab list shows it
  document.title = table ? `${table} — Remi` : "Remi";
  status.setAttribute("aria-live", snap ? "off" : "polite");
}

function matchIdOf(savedText) {
  try { return JSON.parse(savedText)?.match_id ?? null; } catch { return null; }
}

async function resumeSolo() {
  let snap = null;
  const saved = localStorage.getItem(SAVE_KEY);
  // platform: a tournament table resumes through its tournament
  snap = await platform.resume(saved).catch((error) => {
    console.warn("platform not resumed:", error);
    return null;
  });
  if (!snap && saved) {
    try {
      snap = (await call("load", { log: JSON.parse(saved) })).result;
      toast(t("resumed"), { brief: true });
    } catch (error) {
      // told, never silent: the new game replaces it here, its history entry (if any) stays
      console.warn("saved game not resumed:", error);
      const kept = await platform.inHistory(matchIdOf(saved)).catch(() => false);
      snap = await newGameFromPrefs(false);
      toast(t(kept ? "saveNotResumedHistory" : "saveNotResumed"));
    }
  }
  if (!snap) {
    snap = await newGameFromPrefs(false);
  } else {
    setSnapshot(snap);
    // a reload may have cut short what follows a save (the history row, the profile at a
    // round's end): written again now, each of them once (a round counts once)
    persist();
  }
  schedule();
}

// ------------------------------------------------------------------ rooms (web/room/)

const roomUI = {
  panel: $("room-panel"),
  setSnapshot: (snap) => setSnapshot(snap),
  // the host closed the room or removed this guest: the last table stays, to look at only
  tableEnded: () => { if (S.snap) setSnapshot({ ...S.snap, my_turn: false, legal: [] }); },
  schedule: () => schedule(),
  toast: (text) => toast(text),
  waiting: (text) => { S.roomNote = text; setTurnText(text); },
  hasSnapshot: () => !!S.snap,
  refused: (text) => refuse(text, "", { heading: t("roomRefused") }),
  clearRefusal: () => hideBanner(),
  leave: () => leaveRoom(),
  record: (log, snap) => platform.saved(log, { ...snap, mode: "room" }),  // platform: history
  notSaved: (error) => notSaved(error),  // storage full: told once, the table plays on
};

/** A room link or invite in the address, or a hosted room saved before a reload. */
async function enterRoom() {
  if (hostsLinkedRoom()) {    // the host opened its own link: this tab hosts the room (joining
    // it would take the game from the hosting tab, web/tabs.js, and the room would stop)
    history.replaceState(null, "", location.pathname + location.search);
    toast(t("ownRoomLink"));
  }
  const link = roomInLocation();
  if (link) {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(GUEST_KEY) ?? "null"); } catch { /* none */ }
    const same = saved?.link === link ? saved : null;
    // a new invite after a drop: this device's seat token from its last invite comes along
    const reinvited = !same && saved?.token && isInvite(link) && isInvite(saved.link) ? saved : null;
    const hosting = !same && !!localStorage.getItem(HOST_KEY);   // joining ends the room hosted here
    const who = same ?? await askJoin({ name: reinvited?.name ?? (prefsName() || t("guestName")),
      askIce: !iceOf(link).length, hosting });
    if (!who) return false;
    if (hosting) localStorage.removeItem(HOST_KEY);
    rememberName(who.name);
    const mine = same ?? reinvited;
    const table = new GuestTable(roomUI, { link, ...who, token: mine?.token ?? null,
      match_id: mine?.match_id ?? null, rounds: mine?.rounds ?? [], borrowedToken: !!reinvited,
      // and its deal checks: the round dealt before the drop is still checked at its end
      usedInvite: !!same && isInvite(link), deal: mine?.deal ?? null });
    return startRoom(table, (room) => room.connect());
  }
  const hosted = localStorage.getItem(HOST_KEY);
  if (!hosted) return false;
  try {
    const saved = JSON.parse(hosted);
    return await startRoom(null, () => HostTable.resume(roomUI, saved), { rethrow: true });
  } catch (error) {
    // a room this build cannot reopen (damaged, or an older format): it goes, the player
    // is told, and the page falls back to the solo game
    console.warn("saved room not resumed:", error);
    localStorage.removeItem(HOST_KEY);
    S.room = null;
    S.backend = SOLO;
    delete document.body.dataset.room;
    $("room-panel").hidden = true;
    toast(t("roomNotResumed"));
    return false;
  }
}

/** `rethrow`: a failed start is the caller's to handle (a saved room that cannot reopen). */
async function startRoom(room, begin, { rethrow = false } = {}) {
  clock.stop();
  clearTimeout(S.botTimer);
  clearTable();
  setTurnText(t("connecting"));
  try {
    const made = await begin(room);
    S.room = room ?? made;
  } catch (error) {
    if (rethrow) throw error;
    const text = await pageError(error);
    toast(text);
    setTurnText(text);
    S.room = room;
  }
  S.backend = S.room?.backend ?? SOLO;
  document.body.dataset.room = S.backend.kind;
  if (S.snap) {         // drawn while the table was not the backend yet: its buttons again
    if ($("scores-panel").contains(document.activeElement)) document.activeElement.blur();
    schedule();
    focusScores();
  }
  return true;
}

/** An empty table: what the previous game showed goes until the room's first snapshot (its
 * moves too: the deal brings the variant's own). */
function clearTable() {
  S.snap = null;
  rack.resetRack(S);
  drawnKeys.clear();
  hideBanner();
  showScoresPanel(false);
  for (const id of ["opponents", "formations", "strip", "rack-tiles", "history", "atu-tile",
    "score-sheet", "scores-sheet"]) {
    $(id).replaceChildren();
  }
  $("stock-count").textContent = "0";
  $("me").replaceChildren();
  $("strip-wrap").hidden = true;                 // the variant's own piles come with the deal
  // nothing to show until the deal (a room waiting for its players): the room's panel, with
  // its invites, moves up into sight (on a phone on its side it fell below the fold)
  $("piles").hidden = $("history-panel").hidden = true;
  for (const button of $("actions").querySelectorAll("button[id^=act-]")) button.hidden = true;
  if (status.dataset.python) showStatus();
}

/** The new-game dialog; in a room it says first what a new game does to the room. */
function openNewGame() {
  const kind = S.room ? S.backend.kind : null;
  const warning = $("new-game-room");
  warning.hidden = !kind;
  warning.textContent = kind ? t(kind === "host" ? "activeHostRoom" : "activeGuestRoom") : "";
  openDialog(prefs());
}

async function hostRoomDialog() {
  const active = S.room && !S.room.hostClosed ? S.backend.kind : null;   // a new room ends it
  const choice = await askRoom({ name: prefsName() || t("hostName"), variant: prefs().variant,
    activeRoom: active });
  if (!choice) return;
  rememberName(choice.room.name);
  S.room?.close();
  await startRoom(null, () => HostTable.create(roomUI, choice));
}

async function leaveRoom() {
  // asked first when others lose by it: the host's guests their room, a guest its seat
  const question = S.room?.leaveQuestion?.();
  if (question && !window.confirm(t(question))) return;
  exitRoom();
  clearTable();
  await resumeSolo();
}

/** Back to single player: the room's connections close and its saved state goes. */
function exitRoom() {
  if (!S.room) return;
  S.room.close();
  S.room = null;
  S.backend = SOLO;
  delete document.body.dataset.room;
  $("room-panel").hidden = true;
  history.replaceState(null, "", location.pathname + location.search);
}

/** A new game with the last table options; options the engine refuses (a stored value no
 * longer valid) are replaced by the defaults and the game starts with those. */
async function newGameFromPrefs(schedule_ = true) {
  const choice = prefs();
  try {
    return await newGame(choice, schedule_);
  } catch (error) {
    console.warn("stored table options refused:", error);
    return newGame(resetPrefs(choice.name), schedule_);
  }
}

async function newGame(choice, schedule_ = true) {
  return switchGame(async () => {
    const answer = await call("new_game", {
      variant: choice.variant, seats: choice.seats, options: choice.options, name: t("you"),
    });
    rememberTable(choice);
    return answer.result;
  }, { schedule_ });
}

/** Python's game is replaced by `request`, an engine call that answers the next game's
 * snapshot (a new game; the platform's arena, tournament table or stored match). No bot step,
 * move or clock runs from the request until the page has adopted its answer (a step asked in
 * between played the next game's bot before the page had that game); a step under way ends
 * first. A request that fails changes nothing: the game on the table goes on. `note` is told
 * with what the platform says about the table replaced. */
async function switchGame(request, { note = "", schedule_ = true } = {}) {
  S.switching = true;
  clock.stop();
  clearTimeout(S.botTimer);
  // a step of this page's engine ends first; a guest's move waits on its host (up to 15 s):
  // leaving the room (adopt) answers it
  while (S.busy && S.backend.kind !== "guest") await new Promise((resolve) => setTimeout(resolve, 20));
  S.switching = S.busy = true;     // another switch may have ended meanwhile
  try {
    const snap = await request();
    await adopt(snap, note);
    return snap;
  } finally {
    S.switching = S.busy = false;
    if (schedule_) schedule();
  }
}

/** The next game's snapshot on the table (switchGame has stopped the bots and the clock). */
async function adopt(snap, note) {
  const notes = [note, platform.replacing(S.snap, snap)].filter(Boolean);
  exitRoom();
  rack.resetRack(S);
  hideBanner();
  setSnapshot(snap);
  // a table the player started (the focus is on the control that did it, not on nothing as
  // at boot): the keys act on its rack (a QA pass: the focus stayed on Joc nou / Meniu)
  const started = document.activeElement && document.activeElement !== document.body;
  if (started && !snap.players[snap.view.seat]?.is_bot) $("rack-tiles").focus({ preventScroll: true });
  await persist();
  if (notes.length) toast(notes.join(" "));
}

// ------------------------------------------------------------------ engine calls

/** Save the game. A save that fails (storage full: QuotaExceededError, or blocked) is told
 * once by a toast and play goes on: the move was made, only its saving was lost. */
let saveFailed = false;
async function persist() {
  if (!tabActive()) return;  // another tab plays: this one never saves again (web/tabs.js)
  try {
    const log = await S.backend.save();
    saveRackOrder();
    if (S.backend.kind === "solo") platform.saved(log, S.snap);  // platform: history, profile, tournament
  } catch (error) {
    notSaved(error);
  }
}

function notSaved(error) {
  console.warn("not saved:", error);
  if (!saveFailed) toast(t("notSaved"));
  saveFailed = true;
}

function setSnapshot(snap, leaving = undefined) {
  const old = S.snap;
  S.roomNote = null;         // the snapshot a room waited for, or another table
  snap.fresh = null;
  if (old && snap.view.variant === "etalat" && snap.view.strip.length > (old.view.strip?.length ?? 0)) {
    snap.fresh = "strip";
  }
  if (old && snap.view.table && snap.view.table.length > (old.view.table?.length ?? 0)) {
    snap.freshFormation = snap.view.table.length;
  }
  if (old && snap.view.rows) {
    snap.view.rows.forEach((row, seat) => {
      if (row.length > (old.view.rows?.[seat]?.length ?? 0)) snap.freshRow = seat;
    });
  }
  if (!!old?.my_turn !== !!snap.my_turn) hideTurnToast();
  if (old?.my_turn && !snap.my_turn) {   // the turn ended (a move, or the clock: C8 rolls a
    S.draft = [];                         // meld being composed back): so does the composing
    S.selected.clear();
  }
  const timedOut = ranOutOfTime(old, snap);
  if (timedOut) toast(t("youTimedOut", { tile: tileLabel(timedOut.split(" ")[1]) }));
  S.snap = snap;
  rack.reconcileRack(S, snap.view.rack, rackId(), leaving);
  if (S.draft.length && !composing()) {   // an opening is composed only before opening, in
    S.draft = [];                         // Etalat: none is left over (nor saved one)
    saveRackOrder();
  }
  render();
  if (old && (old.match_id !== snap.match_id || old.round !== snap.round)) {
    requestAnimationFrame(() => $("board").scrollTo({ top: 0 }));   // a new deal: all of it
  } else if (snap.my_turn && !old?.my_turn && snap.view.phase === "draw") {
    requestAnimationFrame(showPiles);
  }
}

/** The turn begins with a draw or a take: the stock and the strip (or the rows) come back
 * into sight when the board was scrolled past them (a QA pass: a phone on its side, scrolled
 * down to the formations, kept them out of view on the next turn). */
function showPiles() {
  const board = $("board");
  const top = Math.min($("piles").getBoundingClientRect().top,
    $("play-area").getBoundingClientRect().top);
  const hidden = top - board.getBoundingClientRect().top;
  if (hidden >= 0) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  board.scrollBy({ top: hidden - 8, behavior: smooth ? "smooth" : "auto" });
}

/** The clock ended this player's turn (C8) between two snapshots — the history alone said
 * it, under the bots' later moves: the discard it made for them ("discard R7"), else null. */
function ranOutOfTime(old, snap) {
  if (!old || old.match_id !== snap.match_id || old.round !== snap.round) return null;
  if (snap.players?.[snap.view.seat]?.is_bot) return null;       // watching a table of bots
  const since = snap.view.history.slice(old.view.history.length);
  const at = since.findIndex((entry) => entry.seat === snap.view.seat && entry.action === "timeout");
  if (at < 0) return null;
  return since.slice(at).find((entry) => entry.auto && entry.action.startsWith("discard "))?.action ?? null;
}

/** `leaving`: the rack's keys the action plays (by default the selection and the opening
 * being composed), so that of two copies of a tile the one chosen is the one that goes. */
async function act(action, leaving = new Set([...S.selected, ...S.draft.flat()])) {
  if (S.busy || !S.snap?.my_turn || !tabActive()) return false;
  S.busy = true;
  try {
    const answer = await S.backend.act(action);
    if (!answer.accepted) {
      // a room's host that cannot answer: why, and the state stays as it was
      if (answer.away) {
        if (answer.error && S.backend.kind === "guest") refuse(answer.error, "", { heading: t("room") });
      } else {
        refuse(answer.error, answer.rule, { fromEngine: true });
      }
      if (answer.snapshot) setSnapshot(answer.snapshot);
      return false;
    }
    hideBanner();
    // a draw or a take keeps the tiles chosen before it (a QA pass chose its discard while
    // waiting, and the draw dropped it); a move that plays tiles ends the choice
    if (!/^(draw|take|atu)\b/.test(action)) S.selected.clear();
    setSnapshot(answer.snapshot, leaving);
    await persist();
    schedule();
    return true;
  } catch (error) {
    refuse(await pageError(error), "");
    return false;
  } finally {
    S.busy = false;
    render();
  }
}

async function botStep() {
  S.botTimer = null;
  if (S.switching || !S.snap?.bot_to_play || !tabActive()) return;   // adopting: it schedules
  if (S.busy) {
    S.botTimer = setTimeout(botStep, 50);
    return;
  }
  S.busy = true;
  try {
    const answer = await S.backend.botStep();
    if (answer.ms !== undefined) {
      S.stats.bot.push({ ms: answer.ms, seat: answer.seat, action: answer.action,
        level: S.snap.players[answer.seat]?.level });
      // the last 500, as for the redraws: a page left open all evening kept 16 000 (a QA pass)
      if (S.stats.bot.length > 500) S.stats.bot.shift();
    }
    if (answer.snapshot) setSnapshot(answer.snapshot);
    await persist();
  } catch (error) {
    // A bot that cannot move must not stall the table: its clock runs out (C8) and the
    // engine completes its turn; the failure is logged and shown.
    console.error("bot step failed:", error);
    toast(String(error.message ?? error));
    S.stats.botErrors = (S.stats.botErrors ?? 0) + 1;
    try {
      const snap = await S.backend.timeout();
      if (snap) setSnapshot(snap);
      await persist();
    } catch (again) {
      console.error("timeout after a failed bot step failed too:", again);
      S.busy = false;
      return;  // stop the loop: the toast says why
    }
  } finally {
    S.busy = false;
  }
  schedule();
}

function schedule() {
  clearTimeout(S.botTimer);
  if (!tabActive()) return;  // stopped: no bots, no clock (web/tabs.js)
  const snap = S.snap;
  if (!snap) return;
  if (snap.bot_to_play && S.backend.runsBots) {
    S.botTimer = setTimeout(botStep, BOT_DELAY);
  }
  clock.run(snap);
  const over = roundOver(snap);
  const aside = scoresSetAside(snap);
  const opening = over && !aside && $("scores-panel").hidden;
  showScoresPanel(over && !aside);
  renderActionsRow(snap);
  if (over) {
    showScores(snap);
    $("btn-next").hidden = snap.match_over || S.backend.kind === "guest";
    $("btn-rematch").hidden = !(snap.match_over && (S.backend.rematch || playAgainTable(snap)));
    platform.roundOver(snap);  // platform: score sheet, tournament's way on
    if (opening) {
      focusScores();  // the keyboard moves to the panel: Enter deals the next round
      // from its top: it kept where the last round's panel was scrolled to (a QA pass on a
      // phone on its side opened a panel with its title and the closer's line out of sight)
      $("scores-panel").querySelector(".sheet").scrollTop = 0;
    }
  }
  autoDeal(snap);
  if (keepFocus()) render();     // the panel's button that dealt is hidden now
}

/** A table of bots watched deals its next round by itself after WATCH_PAUSE, the button
 * counting the seconds (a QA pass left four AI playing for the evening and found them
 * stopped at the first round's end). The panel set aside, or a dialog over it (the menu),
 * holds the count: the player is looking at something. Uses the bots' timer (S.botTimer),
 * so whatever stops the bots stops it. */
function autoDeal(snap) {
  const label = (text) => { if ($("btn-next").textContent !== text) $("btn-next").textContent = text; };
  if (!roundOver(snap) || !watching(snap) || S.backend.kind !== "solo" || snap.match_over
      || scoresSetAside(snap)) {
    S.autoDeal = null;
    label(t("nextRound"));
    return;
  }
  const key = endKey(snap);
  const now = performance.now();
  if (S.autoDeal?.key !== key || document.querySelector("dialog:modal")) {
    S.autoDeal = { key, due: now + WATCH_PAUSE };
  }
  const left = S.autoDeal.due - now;
  label(left > 0 ? t("nextRoundIn", { n: Math.ceil(left / 1000) }) : t("nextRound"));
  // due: dealt once no engine step is under way (nextRound would do nothing)
  S.botTimer = setTimeout(() => {
    if (S.snap !== snap) return;
    if (left > 0 || S.busy) autoDeal(snap);
    else nextRound();
  }, left > 0 ? Math.min(left, 250) : 100);
}

/** The round-end panel is modal: the table under it is inert (no focus, no screen reader's
 * cursor, no find-in-page), as a <dialog>'s would be. */
function showScoresPanel(shown) {
  $("scores-panel").hidden = !shown;
  $("table").inert = shown;
}

const endKey = (snap) => `${snap.match_id}/${snap.round}`;
const roundOver = (snap) => snap.view.phase === "over" || snap.view.to_play === null;
const scoresSetAside = (snap) => roundOver(snap) && S.scoresAside === endKey(snap);

/** The row of moves: with the round-end panel set aside only Scoruri is left in it; a
 * watcher of bots has no row but that. */
function renderActionsRow(snap) {
  const aside = scoresSetAside(snap);
  $("btn-scores").hidden = !aside;
  $("actions").classList.toggle("only-scores", aside);
  $("actions").hidden = watching(snap) && !aside;
}

/** The round-end panel set aside (Esc, "See the table": the table, the room panel under it)
 * or brought back ("Scores" in the row of moves); the next round closes it by itself. */
function scoresAside(aside) {
  if (!S.snap) return;
  S.scoresAside = aside ? endKey(S.snap) : null;
  saveRackOrder();                        // a reload keeps it set aside
  schedule();
  if (aside) $("btn-scores").focus();
}

/** The round-end panel's main button takes the focus (a dialog open over it: once it closes). */
function focusScores() {
  const panel = $("scores-panel");
  if (panel.hidden || panel.contains(document.activeElement) || document.querySelector("dialog:modal")) return;
  const buttons = [...panel.querySelectorAll(".sheet-buttons button")].filter((b) => !b.hidden);
  (buttons.find((b) => b.classList.contains("primary")) ?? buttons[0])?.focus();
}

/** The round-end table; a room's guest is told that the host deals the next round. */
function showScores(snap) {
  hideBriefToast();
  renderScores(snap, S.order.map((item) => item.name));
  if (S.backend.kind === "guest") {
    const end = $("scores-end");
    end.textContent = joinParts([end.textContent, t(snap.match_over ? "hostMayRematch" : "hostDeals")]);
  }
}

async function nextRound() {
  if (S.busy) return;
  await engineStep(async () => {
    const snap = await S.backend.nextRound();
    rack.resetRack(S);
    return snap;
  });
  dealingAside();
}

/** A room's host asked for a deal (the next round, a rematch) that waits for the guests'
 * shuffle: the finished round's panel steps aside, so the turn line shows "Dealing…". */
function dealingAside() {
  if (S.snap?.view.phase === "over" && !$("scores-panel").hidden) scoresAside(true);
}

/** A finished solo match's table again: its variant, options and seats (the player's
 * included), new tiles. Not for an arena or a tournament's table (the menu has their way on). */
function playAgainTable(snap) {
  if (S.backend.kind !== "solo" || snap.mode !== "game") return null;
  const { variant, options } = snap.view;
  return { variant, options, seats: snap.players.map((p) => (p.is_bot ? p.level : "human")) };
}

async function rematch() {
  const again = S.snap && playAgainTable(S.snap);
  if (S.busy || !(S.backend.rematch || again)) return;
  if (again) return newGame(again);
  await engineStep(async () => { await S.backend.rematch(); return null; });  // the room draws it
  dealingAside();
}

/** One engine step that answers a snapshot (or null: a room answers later), drawn and
 * saved; then the bots and the clock go on. */
async function engineStep(run) {
  S.busy = true;
  try {
    const snap = await run();
    if (snap) setSnapshot(snap);
    await persist();
  } finally {
    S.busy = false;
  }
  schedule();
}

// ------------------------------------------------------------------ the rack (web/game/rack.js)

function rackId() {
  return `${S.snap.match_id}/${S.snap.round}`;
}

function saveRackOrder() {
  try {
    if (S.snap) rack.saveRackOrder(S, rackId());
  } catch (error) {
    console.warn("rack order not saved:", error);   // storage full: the order lives on in S
  }
}

const nameOf = (key) => rack.nameOf(S, key);

/** A change of the rack's arrangement: saved and drawn. */
function rearranged(change) {
  change();
  saveRackOrder();
  render();
}

const sortRack = (compare) => rearranged(() => rack.sortRack(S, compare));
const moveTile = (key, toIndex) => rearranged(() => rack.moveTile(S, key, toIndex));
const clearChoice = () => rearranged(() => { S.selected.clear(); S.draft = []; });
/** Esc: the banner goes first, then the selection, then the opening being composed. */
const escape = () => {
  if (!$("banner").hidden) hideBanner();
  else if (S.selected.size) rearranged(() => S.selected.clear());
  else if (S.draft.length) rearranged(() => { S.draft = []; });
};
/** Backspace: the last formation added to the opening being composed comes back. */
const undoDraft = () => rearranged(() => { S.draft = S.draft.slice(0, -1); });

/** The help, written for the variant at the table. */
function showHelp() {
  const options = S.snap?.view.options;
  renderHelp($("help-body"), S.snap?.view.variant, options?.double_rounds ?? true);
  $("help").showModal();
}

async function arrangeRack() {
  if (!S.snap) return;
  const answer = (await call("arrange", { rack: S.order.map((i) => i.name) })).result;
  rearranged(() => rack.orderRack(S, answer.formations, answer.loose));
}

function toggleSelect(key) {
  rearranged(() => rack.toggleSelect(S, key));
}

// ------------------------------------------------------------------ intents

function mine() {
  return S.snap && S.snap.my_turn && !S.busy;
}

/** The selected tile goes; with none selected, the keyboard's cursor tile (D, C, while the
 * rack has the focus and so shows the cursor) — never a guess: a click on Aruncă, or D with
 * no cursor in sight, with nothing selected asks for a tile. */
async function discardOrClose(kind, byKey = false) {
  if (!mine()) return;
  const names = rack.selectedNames(S);
  const cursor = byKey && names.length === 0 ? S.order[S.cursor]?.name : null;
  const name = names.length === 1 ? names[0] : cursor;
  if (!name) {
    return toast(t("pickOne", { action: t(kind === "close" ? "closeBtn" : "discardBtn") }), { turn: true });
  }
  await act(`${kind} ${name}`, new Set([cursor ? S.order[S.cursor].key : [...S.selected][0]]));
}

/** An opening may be composed: Etalat, this seat not opened yet. */
function composing() {
  const view = S.snap?.view;
  return view?.variant === "etalat" && !view.opened?.[view.seat];
}

/** Enter: before opening, open (the opening being composed and the selection); once
 * opened, lay the selection (as L and Coboară); Tablă lays nothing (T1): nothing. */
async function enter() {
  if (S.snap?.view.variant !== "etalat") return;
  if (composing()) await openDraft();
  else await laySelected();
}

async function laySelected() {
  if (!mine()) return;
  const names = rack.selectedNames(S);
  if (!names.length) return;
  if (composing()) return addToDraft();
  await act(`lay ${names.join(" ")}`);
}

/** The selection becomes a formation of the opening being composed (resolves once it is
 * shown as the engine would lay it). */
async function addToDraft() {
  if (!composing() || !rack.addToDraft(S)) return;
  saveRackOrder();
  render();
  await orderDraftGroup(S.draft.at(-1));
}

/** A formation being composed is shown as the engine would lay it (a QA pass read
 * "11 · 13 · joker" as no run): a run low to high, a joker at the place it stands for; what
 * makes no formation, in number order, jokers last. Tiles that make no formation but split
 * wholly into formations become those formations, each a group of its own (a QA pass selected
 * a whole opening at once and pressed Etalează: C5 refused "one formation" of six tiles). */
async function orderDraftGroup(group) {
  const names = group.map(nameOf);
  // jokers named last: one that fills no gap stands at the run's high end, the most points
  // for E4 (named first, as a joker left of the run on the rack was, it stood at the low end
  // and an opening the engine offers was refused, QA 40); after a high ace, the low end
  const jokersLast = [...names.filter((name) => name !== "J"), ...names.filter((name) => name === "J")];
  const laid = await call("formation", { tiles: jokersLast }).then((answer) => answer.result, () => null);
  let parts = laid ? [laid] : [draftOrder(names)];
  if (!laid && names.length >= 6) {
    const split = await call("arrange", { rack: names }).then((answer) => answer.result, () => null);
    if (split && !split.loose.length && split.formations.length > 1) parts = split.formations;
  }
  const index = S.draft.indexOf(group);
  if (index < 0) return;                  // opened, cleared or undone meanwhile
  const free = [...group];
  const groups = parts.map((part) =>
    part.map((name) => free.splice(free.findIndex((key) => nameOf(key) === name), 1)[0]));
  rearranged(() => { S.draft.splice(index, 1, ...groups); });
}

/** The first opening of the legal list laid out as the draft (its formations, from the rack). */
function showOpening() {
  const open = (S.snap?.legal ?? []).find((action) => action.startsWith("open "));
  if (!open) return;
  const free = [...S.order];
  const keyOf = (name) => free.splice(free.findIndex((item) => item.name === name), 1)[0].key;
  rearranged(() => {
    S.selected.clear();
    S.draft = open.slice(5).split("|").map((formation) => formation.trim().split(/\s+/).map(keyOf));
  });
  // from its button, Enter now opens (on the button it only laid the same opening out again)
  if (document.activeElement === $("act-show-opening")) $("rack-tiles").focus({ preventScroll: true });
}

async function openDraft() {
  if (!mine() || !composing()) return;
  const selectedWhole = !S.draft.length && S.selected.size > 0;   // not by Formație +
  if (S.selected.size) await addToDraft();
  if (!S.draft.length) return;
  const text = S.draft.map((group) => group.map(nameOf).join(" ")).join(" | ");
  const ok = await act(`open ${text}`);
  if (ok) S.draft = [];
  // one "formation" selected whole that is none (C5): several may have been meant (a QA pass
  // selected tiles that do not split wholly into formations and was not told of Formație +;
  // one composed by Formație + is told nothing of it: it was one, as the hint says)
  else if (selectedWhole && S.draft.length === 1 && $("banner").dataset.rule === "C5") {
    addRefusalHint("eachFormation");
  }
  saveRackOrder();
  render();
}

async function attachTo(number, key = null) {
  if (!mine() || S.snap.view.variant !== "etalat") return;   // Tablă lays nothing (T1)
  const names = key ? [nameOf(key)] : rack.selectedNames(S);
  if (names.length !== 1) return toast(t("pickToAttach"), { turn: true });
  const name = names[0];
  const legal = S.snap.legal;
  const swap = `swap ${name} in ${number}`;
  const attach = `attach ${name} to ${number}`;
  await act(legal.includes(swap) && !legal.includes(attach) ? swap : attach,
    new Set(key ? [key] : S.selected));
}

async function takeFromStrip(depth) {
  if (!mine()) return;
  await act(depth === 1 ? "take" : `take ${depth}`);
}

// ------------------------------------------------------------------ drawing

function render() {
  const started = performance.now();
  draw();
  if (keepFocus()) draw();   // the rack took the focus: its cursor is drawn
  const ms = performance.now() - started;
  S.stats.render.push(ms);
  if (S.stats.render.length > 500) S.stats.render.shift();
}

// Redraw a part only when what it shows changed (a bot step usually touches a few).
const drawnKeys = new Map();
function once(name, key, paint) {
  const text = JSON.stringify(key);
  if (drawnKeys.get(name) === text) return;
  drawnKeys.set(name, text);
  paint();
}

function draw() {
  const snap = S.snap;
  if (!snap) return;
  const view = snap.view;
  const info = legalInfo(snap);
  const language = lang();
  document.body.dataset.variant = view.variant;
  document.body.classList.toggle("my-turn", !!snap.my_turn);
  if (status.dataset.python) {
    once("status", [language, view.variant, snap.round, status.dataset.offline], showStatus);
  }
  once("seats", [language, snap.match_id, snap.players, snap.totals, view.to_play, view.rack_sizes,
    view.opened, view.seat], () => renderSeats(snap));
  once("piles", [language, view.stock, view.atu, view.atu_taken_by, view.double_round, info.draw,
    info.atu], () => renderPiles(snap, info));
  $("strip-wrap").hidden = view.variant !== "etalat";
  $("piles").hidden = $("history-panel").hidden = false;
  const selectedOne = S.selected.size === 1 && !!snap.my_turn;
  if (view.variant === "etalat") {
    once("strip", [language, view.strip, [...info.takes], snap.fresh],
      () => renderStrip(snap, info));
    once("table", [language, snap.match_id, view.table, view.twin_at, selectedOne, snap.freshFormation, snap.players],
      () => renderFormations(snap, selectedOne));
  } else {       // the players too: a seat's name heads its row (a guest gone, a bot in place)
    once("table", [language, snap.match_id, view.rows, [...info.takes], snap.freshRow, view.phase, snap.players],
      () => renderRows(snap, info));
  }
  once("history", [language, snap.match_id, snap.round, view.history.length],
    () => renderHistory(snap));
  once("sheet", [language, snap.match_id, snap.round, view.phase === "over", snap.totals, snap.players],
    () => platform.drawSheet(snap).catch((error) => console.warn(error)));  // platform
  const focused = $("rack-tiles").matches(":focus-within, :focus");
  const worth = S.draft.length ? draftWorth() : null;
  once("rack", [language, S.order, [...S.selected], S.draft, worth, S.groups, view.must_lay,
    view.drawn, [...info.closes], snap.my_turn, focused ? S.cursor : -1],
  () => renderRack(snap, info, worth));
  renderButtons(snap, info);
  renderTurn(snap, info);
}

function renderRack(snap, info, worth) {
  const box = $("rack-tiles");
  const focused = box.matches(":focus-within, :focus");
  box.replaceChildren();
  const mustLay = new Set(snap.view.must_lay ?? []);
  const breaks = rack.groupBreaks(S);
  S.order.forEach((item, index) => {
    const tile = tileEl(item.name, { lang: lang(), tag: "button" });
    tile.type = "button";
    tile.dataset.key = item.key;
    tile.dataset.drag = "tile";
    tile.tabIndex = -1;
    tile.id = `rack-tile-${index}`;
    if (S.selected.has(item.key)) tile.classList.add("selected");
    if (breaks.has(item.key)) tile.classList.add("group-start");
    if (rack.inDraft(S, item.key)) tile.classList.add("in-draft");
    if (index === S.cursor && focused) tile.classList.add("cursor");
    if (mustLay.has(item.name)) tile.classList.add("must-lay");
    if (snap.view.drawn === item.name && snap.my_turn && index === S.order.length - 1) {
      tile.classList.add("drawn");
    }
    if (info.closes.has(item.name)) tile.classList.add("can-close");
    // what the marks show, said too (a screen reader hears the name, not the styles)
    const states = [["in-draft", "tileInDraft"], ["must-lay", "tileMustLay"], ["drawn", "tileDrawn"],
      ["can-close", "tileCloses"]].filter(([mark]) => tile.classList.contains(mark));
    if (states.length) {
      tile.setAttribute("aria-label", [tileLabel(item.name), ...states.map(([, key]) => t(key))].join(", "));
    }
    tile.setAttribute("aria-pressed", S.selected.has(item.key) ? "true" : "false");
    box.append(tile);
  });
  // the keyboard's cursor, as screen readers follow it (focus stays on the rack)
  const cursor = focused && S.order.length ? `rack-tile-${Math.min(S.cursor, S.order.length - 1)}` : null;
  if (cursor) box.setAttribute("aria-activedescendant", cursor);
  else box.removeAttribute("aria-activedescendant");
  const draft = $("draft");
  draft.hidden = !S.draft.length;
  draft.replaceChildren();
  if (S.draft.length) {
    const head = el("span", "draft-head");
    head.append(el("span", "draft-label", t("draft")));
    draft.append(head);
    S.draft.forEach((group, index) => {
      const chip = el("span", "draft-group");
      for (const key of group) chip.append(tileEl(nameOf(key), { small: true }));
      // one group to a screen reader, named (QA 40: the tiles read as one flat list)
      chip.setAttribute("role", "group");
      chip.setAttribute("aria-label", t("draftGroupNamed", {
        n: index + 1, tiles: group.map((key) => tileLabel(nameOf(key))).join(", ") }));
      if (worth && !worth.formations[index]) {     // said now, not only when Etalează refuses
        chip.classList.add("not-formation");
        chip.title = t("notFormation");
        chip.append(el("span", "sr-only", t("notFormation")));
      }
      draft.append(chip);
    });
    if (worth) {          // under the label, in the height of the tiles beside it
      const shape = worth.shape ? [] : [t(snap.view.options.preset === "clasic" ? "noRunClasic" : "noRun")];
      const points = worth.points >= worth.needs ? t("points", { n: worth.points })
        : t("pointsOf", { n: worth.points, needs: worth.needs });
      const text = [points, ...shape].join(" · ");
      head.append(el("span", `draft-worth${worth.enough ? " enough" : ""}`, worth.enough ? `${text} ✓` : text));
    }
  }
}

/** What the opening being composed is worth (E4) and which of its groups are no formation
 *  (C5), as the engine weighs them; null until it answered for this very draft (asked once
 *  per draft: the answer draws the rack again). */
function draftWorth() {
  const formations = S.draft.map((group) => group.map(nameOf));
  const key = JSON.stringify(formations);
  if (S.draftWorth?.key === key) return S.draftWorth.worth;
  S.draftWorth = { key, worth: null };
  const clasic = S.snap?.view.options.preset === "clasic";
  call("opening_worth", { formations, clasic }).then((answer) => {
    if (S.draftWorth?.key !== key) return;           // composed on meanwhile
    S.draftWorth.worth = answer.result;
    render();
  }, (error) => console.warn(error));
  return null;
}

/** Tiles in number order whatever the order of the clicks (an ace after a king, as in
 * Q K A), jokers last. */
function draftOrder(names) {
  const high = names.some((name) => parseTile(name).number === 13);
  const rank = (name) => {
    const { number } = parseTile(name);
    return number === null ? 99 : number === 1 && high ? 14 : number;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || byColour(a, b));
}

function renderButtons(snap, info) {
  const view = snap.view;
  const etalat = view.variant === "etalat";
  const mineNow = !!snap.my_turn;
  const playing = mineNow && view.phase === "play";
  const opened = etalat && view.opened[view.seat];
  const count = S.selected.size;
  renderActionsRow(snap);
  const show = (id, visible, enabled = true) => {
    const button = $(id);
    button.hidden = !visible;
    button.disabled = !enabled;
  };
  show("act-atu", !etalat && info.atu);
  show("act-redeal", (snap.legal ?? []).includes("redeal"));
  // the engine lists the best opening it allows; it is shown on request: so a player who
  // took and must open (E5, E6) cannot be stuck, and a newcomer sees that the rack can open
  show("act-show-opening", playing && canOpen(snap));
  show("act-add", etalat && !opened, playing && count >= 1);
  // nothing is laid in the first turn of the table (E3): the opening waits for the next turn;
  // greyed, it says why (QA 41b: it said nothing)
  show("act-open", etalat && !opened, playing && !view.first_round && (S.draft.length > 0 || count >= 3));
  $("act-open").title = !playing || !view.first_round ? ""
    : view.turn === 0 ? t("phaseFirst", { rule: "E2" }) : t("phaseFirstRound");
  $("act-open").textContent = S.draft.length ? `${t("openBtn")} (${S.draft.length})` : t("openBtn");
  show("act-lay", etalat && opened, playing && count >= 3);
  // enabled whatever is selected: with none or several, a click says to choose one tile
  show("act-close", !etalat, mineNow && info.closes.size > 0);  // the atu's too (T7)
  // disabled, it says when it works (a QA pass: a greyed button told nothing)
  $("act-close").title = $("act-close").disabled ? t("closeWhen") : "";
  // enabled only when the engine lists a discard (a take that must open first lists none)
  show("act-discard", true, playing && (snap.legal ?? []).some((action) => action.startsWith("discard ")));
  // greyed because a tile must go on the table first (E5, E6, E9), it says which (QA 39)
  const mustLay = playing && $("act-discard").disabled ? view.must_lay ?? [] : [];
  $("act-discard").title = mustLay.length
    ? t("mustLay", { tiles: mustLay.map((tile) => tileLabel(tile)).join(", ") }) : "";
  show("act-clear", count > 0 || S.draft.length > 0);
}

/** The engine's legal list holds an opening (E4): only in the play phase of an unopened seat. */
const canOpen = (snap) => (snap.legal ?? []).some((action) => action.startsWith("open "));

function renderTurn(snap, info) {
  const view = snap.view;
  const timer = view.options.timer && (snap.my_turn || personToPlay(snap));
  // nodes and text, never markup: a seat's name comes from a peer or from storage
  let parts;
  if (view.phase === "over") parts = [roundOverLine(snap)];
  else if (snap.my_turn) {
    const src = t(view.variant === "etalat" ? "srcStrip" : "srcRow");
    // the atu, when it closes (T7), said as well as offered (a QA pass read only "draw or take")
    const atu = (snap.legal ?? []).includes("atu") ? ` ${t("phaseCanAtu")}` : "";
    // the stock's last draw ends the round (E12: the atu, drawn last; T9), said before it
    const last = view.stock === 1 ? ` ${t(view.variant === "etalat" ? "phaseLastAtu" : "phaseLastTile")}`
      // …and so does a Tablă turn that draws nothing after three rounds without a draw (T9)
      : view.ends_without_draw ? ` ${t("phaseLastNoDraw")}` : "";
    // the "3 doubles" redeal, offered while the hand is as dealt (a QA pass: a button, unsaid)
    const redeal = (snap.legal ?? []).includes("redeal") ? ` ${t("phaseCanRedeal")}` : "";
    const what = (view.phase === "draw"
      ? (info.takes.size ? t("phaseDraw", { src }) : t("phaseDrawOnly")) + atu + last
      : view.phase === "atu" ? t("phaseAtu")
      // Tablă's closes (T6), said as well as marked; else the engine's turn 0: the first
      // player's 15 tiles, no draw (E2, T3)
      : info.closes.size ? t("phaseCanClose")
      // a take that must open: the engine names why (E5 took the top, E6 cut the strip)
      : view.must_open ? t("phaseMustOpen", { rule: view.must_open })
      : canOpen(snap) ? t("phaseCanOpen")
      : view.turn === 0 ? t("phaseFirst", { rule: view.variant === "etalat" ? "E2" : "T3" })
      : view.first_round ? t("phaseFirstRound")
      // the discard to make closes (E11, the engine says), a joker's for −50 (E10; QA 41b:
      // the choice of the last discard was unexplained)
      : view.discard_closes
        ? t("phaseLastCloses") + ((snap.legal ?? []).includes("discard J") ? ` ${t("phaseJokerStays")}` : "")
      // what the rest of the turn allows (a QA pass looked for a way to "form" in Tablă)
      : t(view.variant === "tabla" ? "phasePlayTabla"
        : view.opened[view.seat] ? "phasePlay" : "phasePlayUnopened")) + redeal;
    parts = [el("b", "", t("yourTurn")), ` · ${what}`];
    if (view.must_lay?.length) {
      parts.push(" ", el("span", "warn", t("mustLay", { tiles: view.must_lay.map((tile) => tileLabel(tile)).join(", ") })));
    }
  } else {
    const away = snap.players[view.to_play]?.connected === false;   // a room's dropped guest
    // a bot thinks; a person is to play (a QA pass: "Gazda se gândește…" for a friend)
    const bot = !!snap.players[view.to_play]?.is_bot;
    parts = [t(away ? "awayTurn" : bot ? "thinking" : "toPlay", { name: seatName(snap, view.to_play) })];
  }
  const note = S.backend.kind === "guest" ? S.room?.turnNote?.() : null;  // the host is gone
  if (note && view.phase !== "over") parts = [note];
  // a room's wait (the next deal) stays told over the finished round, whatever redraws
  if (S.roomNote && view.phase === "over") parts = [S.roomNote];
  if (timer) parts.unshift(el("span", "clock"), " ");
  setTurnText(...parts);
  if (timer) clock.show(view.options.timer);
}

function setTurnText(...parts) {
  ($("turn-info") ?? $("me")).replaceChildren(...parts);
}

/** The red banner for a refusal, its rule named as the table's preset names it (clasic: E4…). */
const refuse = (error, rule, options = {}) =>
  showRefusal(error, rule, { preset: S.snap?.view?.options?.preset, ...options });

/** A tap or click on a greyed move says why, briefly: touch shows no title, and a greyed
 * Închide told a QA pass nothing. Its own reason when it has one (Închide: T6), else the turn's
 * line, which says what the turn allows. (A disabled button gets no click, but its pointer
 * events reach the row: a press and a release on the same button count.) */
function explainGreyedMoves() {
  let pressed = null;
  const greyed = (event) => {
    const button = event.target.closest?.("button[id^=act-], #stock");
    return button?.disabled && !button.hidden ? button : null;
  };
  const press = (event) => { pressed = greyed(event); };
  const release = (event) => {
    const button = greyed(event);
    if (!button || button !== pressed) return;
    pressed = null;
    if (button.id === "stock" && !S.snap?.my_turn) return;   // the stock waits for the turn
    const line = [...($("turn-info")?.childNodes ?? [])]
      .filter((node) => !node.classList?.contains("clock")).map((node) => node.textContent).join("");
    toast(button.title || line.trim(), { brief: true, turn: true });
  };
  // the greyed stock too (QA 39b: a tap on it in a turn that draws nothing said nothing)
  for (const box of [$("actions"), $("piles")]) {
    box.addEventListener("pointerdown", press);
    box.addEventListener("pointerup", release);
  }
}

// ------------------------------------------------------------------ wiring

function wire() {
  // a room link or invite pasted into this tab changes only the hash: enter it (the game
  // in progress is saved)
  window.addEventListener("hashchange", () => { if (roomInLocation()) location.reload(); });
  // the player's first action dismisses the "resumed" note
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, hideBriefToast, true);
  $("btn-new").addEventListener("click", () => openNewGame());
  $("btn-room").addEventListener("click", hostRoomDialog);
  $("btn-new2").addEventListener("click", () => openNewGame());
  $("btn-help").addEventListener("click", showHelp);
  $("btn-help-scores").addEventListener("click", showHelp);   // the bar is under the panel
  $("btn-lang-scores").addEventListener("click", () => $("btn-lang").click());
  // Enter closes the help as its OK does (it opens focused on its heading, at the top)
  $("help").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !["BUTTON", "SUMMARY"].includes(event.target.tagName)) $("help").close();
  });
  $("btn-lang").addEventListener("click", () => {
    setLang(lang() === "ro" ? "en" : "ro");
    translateRefusal();
    $("announce").textContent = "";   // so is the last thing said to a screen reader
    translatePage();
    render();
    S.room?.render();
    if (status.dataset.python) showStatus();
    if (!$("scores-panel").hidden) showScores(S.snap);
  });
  $("new-game-form").seats.addEventListener("change", () => renderLevelFields());
  $("new-game-form").addEventListener("change", (event) => {
    if (["variant", "preset", "target"].includes(event.target.name)) showTableNotes(event.target.form);
  });
  $("new-game-cancel").addEventListener("click", () => $("new-game").close("cancel"));
  // a dialog closed over the round-end panel gives the focus back to the panel, not to the
  // button behind it that opened the dialog
  for (const dialog of document.querySelectorAll("dialog")) dialog.addEventListener("close", focusScores);
  $("new-game").addEventListener("close", () => {
    if ($("new-game").returnValue !== "start") return;
    newGame(readDialog());  // leaves a room, if any (adopt)
  });
  $("btn-next").addEventListener("click", nextRound);
  $("btn-aside").addEventListener("click", () => scoresAside(true));
  $("btn-scores").addEventListener("click", () => scoresAside(false));
  $("btn-rematch").addEventListener("click", rematch);
  $("stock").addEventListener("click", () => mine() && act("draw"));
  $("atu").addEventListener("click", () => mine() && S.snap.view.variant === "tabla" && act("atu"));  // T7 says why not
  $("act-atu").addEventListener("click", () => act("atu"));
  // it ends the round for everyone: asked first
  $("act-redeal").addEventListener("click", () => window.confirm(t("redealConfirm")) && act("redeal"));
  $("act-add").addEventListener("click", addToDraft);
  $("act-open").addEventListener("click", openDraft);
  $("act-show-opening").addEventListener("click", showOpening);
  $("act-lay").addEventListener("click", laySelected);
  $("act-discard").addEventListener("click", () => discardOrClose("discard"));
  $("act-close").addEventListener("click", () => discardOrClose("close"));
  $("act-clear").addEventListener("click", clearChoice);
  explainGreyedMoves();
  $("sort-colour").addEventListener("click", () => sortRack(byColour));
  $("sort-number").addEventListener("click", () => sortRack(byNumber));
  $("arrange").addEventListener("click", arrangeRack);

  markOverflow($("board"));
  // a dialog taller than the window (a phone on its side) says that more of it lies below
  for (const dialog of document.querySelectorAll("dialog.dialog")) markOverflow(dialog);
  trackFocus();
  enableKeys(S, {
    act, mine, render, moveTile, toggleSelect, escape, undoDraft, enter, attachTo, scoresAside,
    laySelected, discardOrClose, sortRack, arrangeRack, showHelp,
  });
  enablePointer(S, { act, mine, refuse, moveTile, toggleSelect, attachTo, takeFromStrip });
}

// The newest tab plays; an older one stops its bots, clock and room (web/tabs.js).
claimTab({ stop: () => { clock.stop(); clearTimeout(S.botTimer); S.room?.drop(); } });
wire();
platform.init({ call, pageError, switchGame, toast, snap: () => S.snap, newGame: () => newGameFromPrefs() });  // platform: menu, screens
boot().catch((error) => {
  console.error(error);
  status.textContent = t("bootFailed");
  setTurnText(String(error.message ?? error));
});

// A handle for tests and the console: `await remi.engine("ping")`, `remi.state`,
// `await remi.act("draw")` (an intent, exactly as a click sends it).
window.remi = { engine: call, state: S, act };
