// The page: boot, then a game against bots. The engine (remi/, Python) decides every
// rule; this layer turns gestures into action strings, sends them, and draws the answer.
import { call, engineWhere, start } from "./engine.js";
import { lang, ruleName, setLang, t, translatePage } from "./i18n.js";
import { showLoading } from "./loading.js";
import { enableOffline } from "./offline.js";
import { enableDrag } from "./game/drag.js";
import {
  el, legalInfo, renderFormations, renderHistory, renderPiles, renderRows, renderScores,
  renderSeats, renderStrip, seatName,
} from "./game/render.js";
import { byColour, byNumber, tileEl } from "./game/tiles.js";
import { askJoin, askRoom, GUEST_KEY, GuestTable, HOST_KEY, HostTable, roomInLocation } from "./room.js";
import * as platform from "./platform/index.js";  // platform hooks (docs/platform.md)

const $ = (id) => document.getElementById(id);
const status = $("status");
const SAVE_KEY = "remi.save";
const RACK_KEY = "remi.rack";
const PREFS_KEY = "remi.prefs";
const CLOCK_KEY = "remi.clock";
const params = new URLSearchParams(location.search);
const BOT_DELAY = Number(params.get("botDelay") ?? localStorage.getItem("remi.botDelay") ?? 650);
// Tests only: shrink the turn clock (C8) so a timeout is seen in seconds, not 30.
const CLOCK_SCALE = Number(params.get("clockScale") ?? 1) || 1;
const LEVELS = ["easy", "medium", "hard", "expert"];
const DEFAULT_PREFS = {
  variant: "etalat", seats: ["human", "medium", "medium"],
  options: { preset: "platform", double_rounds: true, target: null, timer: null, three_doubles: false },
};

const S = {
  snap: null,
  order: [],            // the rack as shown: [{key, name}]
  selected: new Set(),  // keys
  cursor: 0,
  draft: [],            // Etalat opening being composed: [[key, ...], ...]
  busy: false,
  botTimer: null,
  clock: { turn: null, deadline: 0, handle: null },
  stats: { bot: [], render: [] },  // bot steps (ms in Python) and redraws (ms), for benches
  nextKey: 0,
  backend: null,        // who answers intents: the local engine, or a room (web/room.js)
  room: null,           // the HostTable or GuestTable, when playing in a room
};
window.remiGame = S;

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
    localStorage.setItem(SAVE_KEY, JSON.stringify(log));
    return log;
  },
};
S.backend = SOLO;

// ------------------------------------------------------------------ boot

async function boot() {
  setLang(lang());
  translatePage();
  renderHelp();
  const loading = showLoading();
  const info = await start({ useWorker: params.get("worker") !== "0" });
  loading.finish();
  status.textContent = `Python ${info.python.split(" ")[0]} ready`;
  setTurnText(t("loadingGame"));
  enableOffline(status).then((offline) => {
    if (offline) status.dataset.offline = "1";
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
      toast(t("resumed"));
    } catch (error) {
      console.warn("saved game not resumed:", error);
    }
  }
  if (!snap) snap = await newGame(prefs(), false);
  else setSnapshot(snap);
  schedule();
}

// ------------------------------------------------------------------ rooms (web/room.js)

const roomUI = {
  panel: $("room-panel"),
  setSnapshot: (snap) => setSnapshot(snap),
  schedule: () => schedule(),
  toast: (text) => toast(text),
  waiting: (text) => setTurnText(text),
  refused: (text) => showRefusal(text, ""),
  leave: () => leaveRoom(),
  record: (log, snap) => platform.saved(log, { ...snap, mode: "room" }),  // platform: history
};

/** A room link or invite in the address, or a hosted room saved before a reload. */
async function enterRoom() {
  const link = roomInLocation();
  if (link) {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(GUEST_KEY) ?? "null"); } catch { /* none */ }
    const same = saved?.link === link ? saved : null;
    const who = same ?? await askJoin({ name: prefsName() || t("guestName") });
    if (!who) return false;
    rememberName(who.name);
    const table = new GuestTable(roomUI, { link, ...who, token: same?.token ?? null,
      match_id: same?.match_id ?? null, rounds: same?.rounds ?? [] });
    return startRoom(table, (room) => room.connect());
  }
  const hosted = localStorage.getItem(HOST_KEY);
  if (!hosted) return false;
  try {
    const saved = JSON.parse(hosted);
    return await startRoom(null, () => HostTable.resume(roomUI, saved));
  } catch (error) {
    console.warn("saved room not resumed:", error);
    localStorage.removeItem(HOST_KEY);
    return false;
  }
}

async function startRoom(room, begin) {
  stopClock();
  clearTimeout(S.botTimer);
  clearTable();
  setTurnText(t("connecting"));
  try {
    const made = await begin(room);
    S.room = room ?? made;
  } catch (error) {
    toast(String(error.message ?? error));
    setTurnText(String(error.message ?? error));
    S.room = room;
  }
  S.backend = S.room?.backend ?? SOLO;
  document.body.dataset.room = S.backend.kind;
  return true;
}

/** An empty table: what the previous game showed goes until the room's first snapshot. */
function clearTable() {
  S.snap = null;
  S.order = [];
  S.draft = [];
  S.selected.clear();
  drawnKeys.clear();
  hideBanner();
  $("scores-panel").hidden = true;
  for (const id of ["opponents", "formations", "strip", "rack-tiles", "history", "atu-tile",
    "score-sheet", "scores-sheet"]) {
    $(id).replaceChildren();
  }
  $("stock-count").textContent = "0";
}

async function hostRoomDialog() {
  const choice = await askRoom({ name: prefsName() || t("hostName"), variant: prefs().variant });
  if (!choice) return;
  rememberName(choice.room.name);
  S.room?.close();
  await startRoom(null, () => HostTable.create(roomUI, choice));
}

async function leaveRoom() {
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

/** The name this player gave in a room dialog (remembered with the table options). */
function prefsName() {
  return prefs().name ?? "";
}

function rememberName(name) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), name }));
}

function prefs() {
  try {
    return { ...DEFAULT_PREFS, ...JSON.parse(localStorage.getItem(PREFS_KEY) ?? "{}") };
  } catch {
    return DEFAULT_PREFS;
  }
}

async function newGame(choice, schedule_ = true) {
  stopClock();
  clearTimeout(S.botTimer);
  const answer = await call("new_game", {
    variant: choice.variant, seats: choice.seats, options: choice.options, name: t("you"),
  });
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...choice, name: prefs().name }));
  await adopt(answer.result, schedule_);
  return answer.result;
}

// A fresh game from a snapshot (a new game, or the platform's arena / tournament table).
async function adopt(snap, schedule_ = true) {
  stopClock();
  clearTimeout(S.botTimer);
  exitRoom();
  S.order = [];
  S.draft = [];
  S.selected.clear();
  hideBanner();
  setSnapshot(snap);
  await persist();
  if (schedule_) schedule();
}

// ------------------------------------------------------------------ engine calls

async function persist() {
  const log = await S.backend.save();
  saveRackOrder();
  if (S.backend.kind === "solo") platform.saved(log, S.snap);  // platform: history, profile, tournament
}

function setSnapshot(snap) {
  const old = S.snap;
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
  S.snap = snap;
  reconcileRack();
  render();
}

async function act(action) {
  if (S.busy || !S.snap?.my_turn) return false;
  S.busy = true;
  try {
    const answer = await S.backend.act(action);
    if (!answer.accepted) {
      showRefusal(answer.error, answer.rule);
      setSnapshot(answer.snapshot);
      return false;
    }
    hideBanner();
    S.selected.clear();
    setSnapshot(answer.snapshot);
    await persist();
    schedule();
    return true;
  } catch (error) {
    showRefusal(String(error.message ?? error), "");
    return false;
  } finally {
    S.busy = false;
    render();
  }
}

async function botStep() {
  S.botTimer = null;
  if (!S.snap?.bot_to_play) return;
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
  const snap = S.snap;
  if (!snap) return;
  if (snap.bot_to_play && S.backend.runsBots) {
    S.botTimer = setTimeout(botStep, BOT_DELAY);
  }
  runClock();
  const over = snap.view.phase === "over" || snap.view.to_play === null;
  $("scores-panel").hidden = !over;
  if (over) {
    renderScores(snap);
    $("btn-next").hidden = snap.match_over || S.backend.kind === "guest";
    platform.roundOver(snap);  // platform: score sheet, tournament's way on
  }
}

async function nextRound() {
  if (S.busy) return;
  await engineStep(async () => {
    const snap = await S.backend.nextRound();
    S.order = [];
    S.draft = [];
    S.selected.clear();
    return snap;
  });
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

// ------------------------------------------------------------------ the clock (C8)

function stopClock() {
  clearInterval(S.clock.handle);
  S.clock.handle = null;
  S.clock.turn = null;
}

function runClock() {
  const snap = S.snap;
  const seconds = snap?.view.options.timer;
  if (!seconds || !snap.my_turn) {
    stopClock();
    return;
  }
  const turn = `${snap.match_id}/${snap.round}/${snap.view.turn}`;
  if (S.clock.turn !== turn) {
    stopClock();
    S.clock.turn = turn;
    S.clock.deadline = performance.now() + turnMsLeft(turn, seconds * 1000 * CLOCK_SCALE);
    S.clock.handle = setInterval(tickClock, 250);
  }
  tickClock();
}

// A turn's deadline outlives a reload: it is stored in wall-clock time with the turn's id,
// so reloading the page does not give the player a fresh clock.
function turnMsLeft(turn, full) {
  try {
    const saved = JSON.parse(localStorage.getItem(CLOCK_KEY) ?? "null");
    if (saved?.turn === turn) return Math.min(full, saved.endsAt - Date.now());
  } catch { /* a broken entry: a full clock */ }
  localStorage.setItem(CLOCK_KEY, JSON.stringify({ turn, endsAt: Date.now() + full }));
  return full;
}

function secondsLeft() {
  return Math.max(0, Math.ceil((S.clock.deadline - performance.now()) / 1000 / CLOCK_SCALE));
}

async function tickClock() {
  const left = secondsLeft();
  const clock = document.querySelector(".clock");
  if (clock) {
    clock.textContent = `${left} s`;
    clock.classList.toggle("low", left <= 10);
  }
  if (left > 0 || S.busy) return;
  stopClock();
  if (!S.backend.clockDecides) return;  // in a room the host's engine applies C8
  await engineStep(() => S.backend.timeout());
}

// ------------------------------------------------------------------ the rack

function reconcileRack() {
  const rack = S.snap.view.rack;
  const pool = new Map();
  for (const name of rack) pool.set(name, (pool.get(name) ?? 0) + 1);
  if (!S.order.length) S.order = loadRackOrder();
  const kept = [];
  for (const item of S.order) {
    if ((pool.get(item.name) ?? 0) > 0) {
      kept.push(item);
      pool.set(item.name, pool.get(item.name) - 1);
    }
  }
  // New tiles (drawn, taken, returned) go to the right, in the engine's order.
  const left = new Map(pool);
  for (let i = rack.length - 1; i >= 0; i--) {
    const name = rack[i];
    if ((left.get(name) ?? 0) > 0) left.set(name, left.get(name) - 1);
  }
  const added = [];
  for (const name of rack) {
    if ((pool.get(name) ?? 0) > 0) {
      added.push({ key: `k${S.nextKey++}`, name });
      pool.set(name, pool.get(name) - 1);
    }
  }
  S.order = [...kept, ...added];
  const keys = new Set(S.order.map((item) => item.key));
  for (const key of [...S.selected]) if (!keys.has(key)) S.selected.delete(key);
  S.draft = S.draft.map((group) => group.filter((key) => keys.has(key))).filter((g) => g.length);
  S.cursor = Math.min(S.cursor, Math.max(0, S.order.length - 1));
}

function rackId() {
  return `${S.snap.match_id}/${S.snap.round}`;
}

// The rack's order and the opening being composed (as positions in that order) are the
// player's own work: both are saved with the round's id and restored after a reload.
function saveRackOrder() {
  if (!S.snap) return;
  const position = new Map(S.order.map((item, index) => [item.key, index]));
  const draft = S.draft.map((group) => group.map((key) => position.get(key)));
  localStorage.setItem(RACK_KEY, JSON.stringify({ id: rackId(), names: S.order.map((i) => i.name), draft }));
}

function loadRackOrder() {
  try {
    const saved = JSON.parse(localStorage.getItem(RACK_KEY) ?? "null");
    if (saved?.id === rackId()) {
      const order = saved.names.map((name) => ({ key: `k${S.nextKey++}`, name }));
      S.draft = (saved.draft ?? []).map((group) => group.map((i) => order[i]?.key).filter(Boolean));
      return order;
    }
  } catch { /* a broken entry: start from the engine's order */ }
  return [];
}

const nameOf = (key) => S.order.find((item) => item.key === key)?.name;
const selectedNames = () => S.order.filter((i) => S.selected.has(i.key)).map((i) => i.name);
const inDraft = (key) => S.draft.some((group) => group.includes(key));

function sortRack(compare) {
  S.order = [...S.order].sort((a, b) => compare(a.name, b.name));
  saveRackOrder();
  render();
}

async function arrangeRack() {
  if (!S.snap) return;
  const answer = (await call("arrange", { rack: S.order.map((i) => i.name) })).result;
  const pool = [...S.order];
  const ordered = [];
  for (const name of answer.order) {
    const index = pool.findIndex((item) => item.name === name);
    if (index >= 0) ordered.push(...pool.splice(index, 1));
  }
  S.order = [...ordered, ...pool];
  saveRackOrder();
  render();
}

function moveTile(key, toIndex) {
  const from = S.order.findIndex((item) => item.key === key);
  if (from < 0) return;
  const [item] = S.order.splice(from, 1);
  S.order.splice(Math.max(0, Math.min(toIndex > from ? toIndex - 1 : toIndex, S.order.length)), 0, item);
  S.cursor = S.order.indexOf(item);
  saveRackOrder();
  render();
}

function clearChoice() {
  S.selected.clear();
  S.draft = [];
  saveRackOrder();
  render();
}

function toggleSelect(key) {
  if (inDraft(key)) return;
  if (S.selected.has(key)) S.selected.delete(key);
  else S.selected.add(key);
  render();
}

// ------------------------------------------------------------------ intents

function mine() {
  return S.snap && S.snap.my_turn && !S.busy;
}

async function discardOrClose(kind) {
  if (!mine()) return;
  const names = selectedNames();
  const name = names.length === 1 ? names[0] : (names.length === 0 ? S.order[S.cursor]?.name : null);
  if (!name) return toast(t(kind === "close" ? "closeBtn" : "discardBtn") + ": 1");
  await act(`${kind} ${name}`);
}

async function laySelected() {
  if (!mine()) return;
  const view = S.snap.view;
  const names = selectedNames();
  if (!names.length) return;
  if (view.variant === "etalat" && !view.opened[view.seat]) return addToDraft();
  await act(`lay ${names.join(" ")}`);
}

function addToDraft() {
  const keys = S.order.filter((i) => S.selected.has(i.key)).map((i) => i.key);
  if (!keys.length) return;
  S.draft.push(keys);
  S.selected.clear();
  saveRackOrder();
  render();
}

async function openDraft() {
  if (!mine()) return;
  if (S.selected.size) addToDraft();
  if (!S.draft.length) return;
  const text = S.draft.map((group) => group.map(nameOf).join(" ")).join(" | ");
  const ok = await act(`open ${text}`);
  if (ok) S.draft = [];
  saveRackOrder();
  render();
}

async function attachTo(number, key = null) {
  if (!mine()) return;
  const names = key ? [nameOf(key)] : selectedNames();
  if (names.length !== 1) return;
  const name = names[0];
  const legal = S.snap.legal;
  const swap = `swap ${name} in ${number}`;
  const attach = `attach ${name} to ${number}`;
  await act(legal.includes(swap) && !legal.includes(attach) ? swap : attach);
}

async function takeFromStrip(depth) {
  if (!mine()) return;
  await act(depth === 1 ? "take" : `take ${depth}`);
}

// ------------------------------------------------------------------ drawing

function render() {
  const started = performance.now();
  draw();
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
  once("seats", [language, snap.match_id, snap.players, snap.totals, view.to_play, view.rack_sizes,
    view.opened, view.seat], () => renderSeats(snap));
  once("piles", [language, view.stock, view.atu, view.atu_taken_by, view.double_round, info.draw,
    info.atu], () => renderPiles(snap, info));
  $("strip-wrap").hidden = view.variant !== "etalat";
  const selectedOne = S.selected.size === 1 && !!snap.my_turn;
  if (view.variant === "etalat") {
    once("strip", [language, view.strip, [...info.takes], snap.fresh],
      () => renderStrip(snap, info));
    once("table", [language, snap.match_id, view.table, selectedOne, snap.freshFormation],
      () => renderFormations(snap, selectedOne));
  } else {
    once("table", [language, snap.match_id, view.rows, [...info.takes], snap.freshRow],
      () => renderRows(snap, info));
  }
  once("history", [language, snap.match_id, snap.round, view.history.length],
    () => renderHistory(snap));
  once("sheet", [language, snap.match_id, snap.round, view.phase === "over", snap.totals],
    () => platform.drawSheet(snap).catch((error) => console.warn(error)));  // platform
  const focused = $("rack-tiles").matches(":focus-within, :focus");
  once("rack", [language, S.order, [...S.selected], S.draft, view.must_lay, view.drawn,
    [...info.closes], snap.my_turn, focused ? S.cursor : -1], () => renderRack(snap, info));
  renderButtons(snap, info);
  renderTurn(snap, info);
}

function renderRack(snap, info) {
  const box = $("rack-tiles");
  const focused = box.matches(":focus-within, :focus");
  box.replaceChildren();
  const mustLay = new Set(snap.view.must_lay ?? []);
  S.order.forEach((item, index) => {
    const tile = tileEl(item.name, { lang: lang(), tag: "button" });
    tile.type = "button";
    tile.dataset.key = item.key;
    tile.dataset.drag = "tile";
    tile.tabIndex = -1;
    if (S.selected.has(item.key)) tile.classList.add("selected");
    if (inDraft(item.key)) tile.classList.add("in-draft");
    if (index === S.cursor && focused) tile.classList.add("cursor");
    if (mustLay.has(item.name)) tile.classList.add("must-lay");
    if (snap.view.drawn === item.name && snap.my_turn && index === S.order.length - 1) {
      tile.classList.add("drawn");
    }
    if (info.closes.has(item.name)) tile.classList.add("can-close");
    tile.setAttribute("aria-pressed", S.selected.has(item.key) ? "true" : "false");
    box.append(tile);
  });
  const draft = $("draft");
  draft.hidden = !S.draft.length;
  draft.replaceChildren();
  if (S.draft.length) {
    draft.append(el("span", "draft-label", t("draft")));
    for (const group of S.draft) {
      const chip = el("span", "draft-group");
      for (const key of group) chip.append(tileEl(nameOf(key), { small: true }));
      draft.append(chip);
    }
  }
}

function renderButtons(snap, info) {
  const view = snap.view;
  const etalat = view.variant === "etalat";
  const mineNow = !!snap.my_turn;
  const playing = mineNow && view.phase === "play";
  const opened = etalat && view.opened[view.seat];
  const count = S.selected.size;
  const show = (id, visible, enabled = true) => {
    const button = $(id);
    button.hidden = !visible;
    button.disabled = !enabled;
  };
  show("act-atu", !etalat && info.atu);
  show("act-redeal", (snap.legal ?? []).includes("redeal"));
  show("act-add", etalat && !opened, playing && count >= 1);
  show("act-open", etalat && !opened, playing && (S.draft.length > 0 || count >= 3));
  $("act-open").textContent = S.draft.length ? `${t("openBtn")} (${S.draft.length})` : t("openBtn");
  show("act-lay", etalat && opened, playing && count >= 3);
  show("act-close", !etalat, playing && info.closes.size > 0 && count <= 1);
  show("act-discard", true, playing && count <= 1);
  show("act-clear", count > 0 || S.draft.length > 0);
}

function renderTurn(snap, info) {
  const view = snap.view;
  const clock = view.options.timer && snap.my_turn ? '<span class="clock"></span> ' : "";
  let text;
  if (view.phase === "over") text = t("roundOver", { n: snap.round });
  else if (snap.my_turn) {
    const src = t(view.variant === "etalat" ? "srcStrip" : "srcRow");
    const what = view.phase === "draw" ? t("phaseDraw", { src })
      : view.phase === "atu" ? t("phaseAtu")
      : (view.history.filter((h) => h.seat === view.seat).length === 0 && view.seat === view.first
        && !info.draw) ? t("phaseFirst") : t("phasePlay");
    text = `<b>${t("yourTurn")}</b> · ${what}`;
    if (view.must_lay?.length) text += ` <span class="warn">${t("mustLay", { tiles: view.must_lay.join(" ") })}</span>`;
  } else {
    text = t("thinking", { name: seatName(snap, view.to_play) });
  }
  setTurnText(clock + text, true);
  if (clock) tickClockText();
}

function tickClockText() {
  const left = secondsLeft();
  const clock = document.querySelector(".clock");
  if (clock) clock.textContent = `${left} s`;
}

function setTurnText(text, html = false) {
  const box = $("turn-info") ?? $("me");
  if (html) box.innerHTML = text;
  else box.textContent = text;
}

// ------------------------------------------------------------------ messages

let toastTimer = null;
function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 3500);
}

function showRefusal(error, rule) {
  const banner = $("banner");
  banner.replaceChildren();
  const title = el("strong", "", `${t("illegal")}${rule ? ` — ${rule}` : ""}`);
  const name = rule ? ruleName(rule) : "";
  banner.append(title);
  if (name) banner.append(el("span", "rule-name", ` · ${name}`));
  banner.append(el("div", "rule-text", error));
  const close = el("button", "banner-close", "×");
  close.type = "button";
  close.addEventListener("click", hideBanner);
  banner.append(close);
  banner.dataset.rule = rule ?? "";
  banner.hidden = false;
}

function hideBanner() {
  $("banner").hidden = true;
}

// ------------------------------------------------------------------ help and dialog

const HELP = {
  ro: `<p>Tragi din <b>teanc</b> (clic sau trage-l pe rastel) sau iei din <b>șir</b> / din
  <b>rândul tău</b>. Alegi piese cu clic, apoi <b>Coboară</b>, <b>Etalează</b>, <b>Aruncă</b>
  sau <b>Închide</b>. O piesă trasă pe o formație de pe masă se lipește (sau ia locul
  jokerului); trasă pe șir / pe rândul vecinului din stânga se aruncă. Trage piesele pe
  rastel ca să le ordonezi.</p>
  <p>Etalarea (45 de puncte, cu o suită): alege piesele unei formații, <b>Formație +</b>,
  repetă, apoi <b>Etalează</b>.</p>`,
  en: `<p>Draw from the <b>stock</b> (click, or drag it onto your rack) or take from the
  <b>strip</b> / <b>your row</b>. Select tiles with a click, then <b>Lay</b>, <b>Open</b>,
  <b>Discard</b> or <b>Close</b>. A tile dropped on a table formation is attached (or takes
  the joker's place); dropped on the strip / your left neighbour's row it is discarded. Drag
  tiles along the rack to reorder them.</p>
  <p>Opening (45 points with a run): select one formation, <b>Formation +</b>, repeat, then
  <b>Open</b>.</p>`,
};
const KEYS = [
  ["← →", "cursor pe rastel", "move along the rack"],
  ["Shift + ← →", "mută piesa", "move the tile"],
  ["Space", "alege / lasă piesa", "select / unselect the tile"],
  ["S", "trage din teanc", "draw from the stock"],
  ["T", "ia ultima piesă (șir / rândul tău)", "take the top (strip / your row)"],
  ["L", "coboară (sau formație + înainte de etalare)", "lay (or formation + before opening)"],
  ["Enter", "etalează", "open"],
  ["1–9, 10…", "lipește piesa aleasă la formația N (cifrele la rând: 12)", "attach the selected tile to formation N (digits in a row: 12)"],
  ["Tab, Enter", "o piesă din șir / o formație: ia de acolo / lipește", "a strip tile / a formation: take from there / attach"],
  ["D", "aruncă", "discard"],
  ["C", "închide (Tablă)", "close (Tablă)"],
  ["A", "ia atuul (Tablă)", "take the atu (Tablă)"],
  ["G / N / R", "sortează pe culori / numere / aranjează", "sort by colour / number / arrange"],
  ["Esc", "anulează alegerea", "clear the selection"],
  ["?", "ajutorul", "this help"],
];

function renderHelp() {
  const body = $("help-body");
  const en = lang() === "en";
  const rows = KEYS.map(([key, ro, english]) => `<tr><th><kbd>${key}</kbd></th><td>${en ? english : ro}</td></tr>`);
  body.innerHTML = `${HELP[lang()]}<table class="keys">${rows.join("")}</table>`;
}

function openDialog() {
  const form = $("new-game-form");
  const choice = prefs();
  form.variant.value = choice.variant;
  form.preset.value = choice.options.preset ?? "platform";
  form.seats.value = String(choice.seats.length);
  form.target.value = choice.options.target ? String(choice.options.target) : "";
  form.timer.value = choice.options.timer ? String(choice.options.timer) : "";
  form.double_rounds.checked = choice.options.double_rounds !== false;
  form.three_doubles.checked = !!choice.options.three_doubles;
  renderLevelFields(choice.seats.filter((s) => s !== "human"));
  $("new-game").showModal();
}

function renderLevelFields(levels) {
  const form = $("new-game-form");
  const count = Number(form.seats.value);
  const box = $("bot-levels");
  const current = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < count - 1; i++) {
    const label = el("label");
    label.append(el("span", "", `${t("seatN", { n: i + 2 })} · ${t("ai")}`));
    const select = el("select");
    select.name = `level${i}`;
    select.dataset.testid = `level-${i + 1}`;
    select.setAttribute("data-testid", `level-${i + 1}`);
    for (const level of LEVELS) {
      const option = el("option", "", t(level));
      option.value = level;
      select.append(option);
    }
    select.value = levels?.[i] ?? current[i] ?? "medium";
    label.append(select);
    box.append(label);
  }
}

function readDialog() {
  const form = $("new-game-form");
  const count = Number(form.seats.value);
  const levels = [...$("bot-levels").querySelectorAll("select")].slice(0, count - 1).map((s) => s.value);
  return {
    variant: form.variant.value,
    seats: ["human", ...levels],
    options: {
      preset: form.preset.value,
      double_rounds: form.double_rounds.checked,
      three_doubles: form.three_doubles.checked,
      target: form.target.value ? Number(form.target.value) : null,
      timer: form.timer.value ? Number(form.timer.value) : null,
    },
  };
}

// ------------------------------------------------------------------ wiring

function wire() {
  $("btn-new").addEventListener("click", openDialog);
  $("btn-room").addEventListener("click", hostRoomDialog);
  $("btn-new2").addEventListener("click", openDialog);
  $("btn-help").addEventListener("click", () => $("help").showModal());
  $("btn-lang").addEventListener("click", () => {
    setLang(lang() === "ro" ? "en" : "ro");
    translatePage();
    renderHelp();
    render();
    if (!$("scores-panel").hidden) renderScores(S.snap);
  });
  $("new-game-form").seats.addEventListener("change", () => renderLevelFields());
  $("new-game").addEventListener("close", () => {
    if ($("new-game").returnValue !== "start") return;
    newGame(readDialog());  // leaves a room, if any (adopt)
  });
  $("btn-next").addEventListener("click", nextRound);
  $("stock").addEventListener("click", () => mine() && act("draw"));
  $("atu").addEventListener("click", () => legalInfo(S.snap ?? { legal: [] }).atu && act("atu"));
  $("act-atu").addEventListener("click", () => act("atu"));
  $("act-redeal").addEventListener("click", () => act("redeal"));
  $("act-add").addEventListener("click", addToDraft);
  $("act-open").addEventListener("click", openDraft);
  $("act-lay").addEventListener("click", laySelected);
  $("act-discard").addEventListener("click", () => discardOrClose("discard"));
  $("act-close").addEventListener("click", () => discardOrClose("close"));
  $("act-clear").addEventListener("click", clearChoice);
  $("sort-colour").addEventListener("click", () => sortRack(byColour));
  $("sort-number").addEventListener("click", () => sortRack(byNumber));
  $("arrange").addEventListener("click", arrangeRack);

  $("rack-tiles").addEventListener("click", (event) => {
    const tile = event.target.closest(".tile[data-key]");
    if (!tile) return;
    S.cursor = S.order.findIndex((item) => item.key === tile.dataset.key);
    $("rack-tiles").focus({ preventScroll: true }); // keys act on the rack, not the tile button
    toggleSelect(tile.dataset.key);
  });
  $("strip").addEventListener("click", (event) => {
    const tile = event.target.closest(".tile.takeable");
    if (tile) takeFromStrip(Number(tile.dataset.depth));
  });
  $("formations").addEventListener("click", (event) => {
    const formation = event.target.closest(".formation");
    if (formation) return attachTo(Number(formation.dataset.number));
    const top = event.target.closest(".tile-row.own .tile.takeable");
    if (top) act("take");
  });
  document.addEventListener("keydown", onKey);

  enableDrag(document.body, {
    canDrag: (source) => source.dataset.drag === "tile" || mine(),
    onDrop: ({ source, target, x }) => {
      const kind = source.dataset.drag;
      const drop = target.dataset.drop;
      if (kind === "tile") {
        const key = source.dataset.key;
        if (drop === "rack") {
          moveTile(key, dropIndex(x));
        } else if (drop === "discard" && mine()) {
          act(`discard ${nameOf(key)}`);
        } else if (drop === "formation" && mine()) {
          attachTo(Number(target.dataset.number), key);
        }
      } else if (drop === "rack" && mine()) {
        if (kind === "stock") act("draw");
        else if (kind === "strip") takeFromStrip(Number(source.dataset.depth));
        else if (kind === "row") act("take");
        else if (kind === "atu") act("atu");
      }
    },
  });
}

// Where a tile dropped at x on the rack goes: before the first tile of the pointer's
// line whose centre is right of x (the rack wraps on narrow screens); else after the last.
let lastPointerY = 0;
window.addEventListener("pointermove", (event) => (lastPointerY = event.clientY), { passive: true });
function dropIndex(x) {
  const tiles = [...$("rack-tiles").querySelectorAll(".tile[data-key]:not(.dragging)")];
  let best = S.order.length;
  for (const tile of tiles) {
    const rect = tile.getBoundingClientRect();
    if (lastPointerY < rect.top - 4 || lastPointerY > rect.bottom + 4) continue;
    if (x < rect.left + rect.width / 2) {
      best = S.order.findIndex((item) => item.key === tile.dataset.key);
      break;
    }
    best = S.order.findIndex((item) => item.key === tile.dataset.key) + 1;
  }
  return best;
}

function onKey(event) {
  if (document.querySelector("dialog[open]")) return;
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  const current = S.order[S.cursor];
  const handled = () => event.preventDefault();
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const step = key === "ArrowLeft" ? -1 : 1;
    if (event.shiftKey && current) {
      moveTile(current.key, Math.max(0, Math.min(S.order.length, S.cursor + (step > 0 ? 2 : -1))));
    } else {
      S.cursor = Math.max(0, Math.min(S.order.length - 1, S.cursor + step));
    }
    $("rack-tiles").focus();
    render();
    return handled();
  }
  const pressable = event.target.closest?.("[role=button]");
  if (pressable && (key === "Enter" || key === " ")) { pressable.click(); return handled(); }
  if (key === " " && current && !event.target.closest?.("button:not(.tile)")) {
    $("rack-tiles").focus();
    toggleSelect(current.key);
    return handled();
  }
  const lower = key.toLowerCase();
  if (key === "Escape") { clearChoice(); hideBanner(); return handled(); }
  if (key === "?") { $("help").showModal(); return handled(); }
  if (event.target.closest?.("button") && (key === "Enter")) return;
  if (key === "Enter") { openDraft(); return handled(); }
  if (/^[0-9]$/.test(key)) { typeFormationDigit(key); return handled(); }
  const actions = {
    s: () => mine() && act("draw"),
    t: () => mine() && act("take"),
    l: () => laySelected(),
    d: () => discardOrClose("discard"),
    c: () => discardOrClose("close"),
    a: () => mine() && act("atu"),
    g: () => sortRack(byColour),
    n: () => sortRack(byNumber),
    r: () => arrangeRack(),
  };
  if (actions[lower]) { actions[lower](); handled(); }
}

// Formation numbers by keyboard: digits typed within a moment form one number (12 is "1"
// then "2"); it is used as soon as no longer number could name a formation, or after a pause.
const digits = { text: "", timer: null };
function typeFormationDigit(digit) {
  clearTimeout(digits.timer);
  digits.text += digit;
  const count = S.snap?.view.table?.length ?? 0;
  const use = () => {
    const number = Number(digits.text);
    digits.text = "";
    if (number >= 1) attachTo(number);
  };
  if (Number(digits.text) * 10 > count) use();
  else digits.timer = setTimeout(use, 900);
}

wire();
platform.init({ call, adopt, toast, snap: () => S.snap });  // platform: menu, screens
boot().catch((error) => {
  console.error(error);
  status.textContent = "Could not start";
  setTurnText(String(error.message ?? error));
});

// A handle for tests and the console: `await remi.engine("ping")`, `remi.state`,
// `await remi.act("draw")` (an intent, exactly as a click sends it).
window.remi = { engine: call, state: S, act };
