// The platform's storage: IndexedDB database "remi", versioned. SCHEMA_VERSION is the
// database version; `migrate` brings any older database (or none) up to it, one step per
// version, inside IndexedDB's upgrade transaction — so a reload or a new build of the page
// never loses the history, the profile or a tournament. Where IndexedDB cannot be opened
// (private modes of some browsers), the same API keeps everything in localStorage.
//
// Stores:  kv       — "profile", "tournament" (its log), "current" ({kind, match_id}), "schema"
//          matches  — one summary per match: {id, kind, started, updated, variant, players,
//                     seat, round, totals, over, winners (seats, once over), moves}
//          logs     — each match's full log, by its id: read only to open that match (the
//                     history's list reads the summaries; a watched game's log is 60–110 KB)
//
// A tab that another tab has taken the game from (web/tabs.js) writes nothing more: its
// late saves (a tournament still catching up, a match entry) would overwrite the other's.
import { tabActive } from "../tabs.js";

const DB_NAME = "remi";
export const SCHEMA_VERSION = 2;
const LEGACY_SAVE = "remi.save";          // the only thing stored before the platform
const FALLBACK_KEY = "remi.platform";

/**
 * Upgrade `db` from `oldVersion` to SCHEMA_VERSION (called by onupgradeneeded; `tx` is the
 * upgrade transaction). Each version's step runs once, in order; add a step for every new
 * version, never change an old one.
 */
export function migrate(db, oldVersion, tx) {
  const steps = [];
  if (oldVersion < 1) {
    db.createObjectStore("kv");
    const matches = db.createObjectStore("matches", { keyPath: "id" });
    matches.createIndex("updated", "updated");
    // Version 0 was localStorage only: the game in progress becomes the history's first entry.
    const legacy = legacyEntry();
    if (legacy) tx.objectStore("matches").put(legacy);
    steps.push(1);
  }
  if (oldVersion < 2) {
    // Version 1 kept each log inside its entry: the list loaded every log to draw its rows.
    db.createObjectStore("logs");
    const logs = tx.objectStore("logs");
    tx.objectStore("matches").openCursor().onsuccess = (event) => {
      const cursor = event.target.result;
      if (!cursor) return;
      try {
        const [summary, log] = split(cursor.value);
        if (log) logs.put(log, summary.id);
        cursor.update(summary);
      } catch (error) {        // a damaged entry stays as it is (the list leaves it out)
        console.warn("history entry not migrated:", cursor.key, error);
      }
      cursor.continue();
    };
    steps.push(2);
  }
  tx.objectStore("kv").put({ version: SCHEMA_VERSION, from: oldVersion, at: Date.now() }, "schema");
  return steps;
}

function legacyEntry() {
  try {
    const log = JSON.parse(localStorage.getItem(LEGACY_SAVE) ?? "null");
    if (!log?.match_id || !Array.isArray(log.players)) return null;
    return {
      id: log.match_id, kind: "game", started: Date.now(), updated: Date.now(),
      variant: log.variant, players: log.players,
      seat: Math.max(0, log.players.findIndex((p) => !p.is_bot)),
      round: log.rounds?.length ?? 0, totals: null, over: false, log,
    };
  } catch {
    return null;
  }
}

/** How far a match's log has gone: its moves and its deals (whether a save brought a move). */
export const moves = (log) => (log?.rounds ?? []).reduce((n, round) => n + 1 + (round.actions?.length ?? 0), 0);

/** An entry as [its summary, its log]; the summary counts the log's moves. */
function split(entry) {
  const { log, ...summary } = entry;
  return [{ ...summary, moves: log ? moves(log) : summary.moves ?? 0 }, log];
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, SCHEMA_VERSION);
    req.onupgradeneeded = (event) => migrate(req.result, event.oldVersion, req.transaction);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the database is open in an older tab"));
  });
}

// ------------------------------------------------------------------ IndexedDB

class IdbStore {
  constructor(db) { this.db = db; this.kind = "indexeddb"; }

  /** Runs `fn(tx)` in one transaction over `stores`; resolves to its result once committed. */
  async tx(stores, mode, fn) {
    const tx = this.db.transaction(stores, mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    const result = await fn(tx);
    await done;
    return result;
  }

  async write(stores, fn) {
    if (tabActive()) await this.tx(stores, "readwrite", fn);
  }

  get(key) { return this.tx("kv", "readonly", (tx) => request(tx.objectStore("kv").get(key))); }
  set(key, value) { return this.write("kv", (tx) => { tx.objectStore("kv").put(value, key); }); }
  remove(key) { return this.write("kv", (tx) => { tx.objectStore("kv").delete(key); }); }

  /** A match's summary (no log): what a save compares with, the list's row. */
  summary(id) { return this.tx("matches", "readonly", (tx) => request(tx.objectStore("matches").get(id))); }

  /** A match's summary with its log, as it was put. */
  match(id) {
    return this.tx(["matches", "logs"], "readonly", async (tx) => {
      const [summary, log] = await Promise.all([
        request(tx.objectStore("matches").get(id)), request(tx.objectStore("logs").get(id))]);
      return summary && { ...summary, log };
    });
  }

  putMatch(entry) {
    const [summary, log] = split(entry);
    return this.write(["matches", "logs"], (tx) => {
      tx.objectStore("matches").put(summary);
      if (log) tx.objectStore("logs").put(log, summary.id);
    });
  }

  removeMatch(id) {
    return this.write(["matches", "logs"], (tx) => {
      tx.objectStore("matches").delete(id);
      tx.objectStore("logs").delete(id);
    });
  }

  /** Every match's summary, the last played first. */
  async matches() {
    const all = await this.tx("matches", "readonly", (tx) => request(tx.objectStore("matches").getAll()));
    return all.sort((a, b) => b.updated - a.updated);
  }
}

// ------------------------------------------------------------------ localStorage fallback

export class LocalStore {   // exported for its test
  constructor() {
    this.kind = "localstorage";
    let data = null;
    try { data = JSON.parse(localStorage.getItem(FALLBACK_KEY) ?? "null"); } catch { /* none */ }
    if (data?.version === 1) {                 // the same step as migrate's version 2
      const logs = {};
      for (const [id, entry] of Object.entries(data.matches ?? {})) {
        if (entry && typeof entry === "object") [data.matches[id], logs[id]] = split(entry);
      }
      data = { ...data, matches: data.matches ?? {}, version: 2, logs };
    }
    if (!data || data.version !== SCHEMA_VERSION) {
      const legacy = legacyEntry();
      const [summary, log] = legacy ? split(legacy) : [];
      data = { version: SCHEMA_VERSION, kv: {},
        matches: legacy ? { [summary.id]: summary } : {}, logs: legacy ? { [summary.id]: log } : {} };
    }
    this.data = data;
  }

  flush() { if (tabActive()) localStorage.setItem(FALLBACK_KEY, JSON.stringify(this.data)); }
  async get(key) { return this.data.kv[key]; }
  async set(key, value) { this.data.kv[key] = value; this.flush(); }
  async remove(key) { delete this.data.kv[key]; this.flush(); }
  async summary(id) { return this.data.matches[id]; }
  async match(id) {
    const summary = this.data.matches[id];
    return summary && { ...summary, log: this.data.logs[id] };
  }
  async putMatch(entry) {
    const [summary, log] = split(entry);
    this.data.matches[summary.id] = summary;
    if (log) this.data.logs[summary.id] = log;
    this.flush();
  }
  async removeMatch(id) {
    delete this.data.matches[id];
    delete this.data.logs[id];
    this.flush();
  }
  async matches() { return Object.values(this.data.matches).sort((a, b) => b.updated - a.updated); }
}

let opened = null;

/** The store (opened once): IndexedDB, or localStorage when IndexedDB is unavailable. */
export function store() {
  if (!opened) {
    opened = (typeof indexedDB === "undefined" ? Promise.reject(new Error("no IndexedDB")) : openDb())
      .then((db) => new IdbStore(db))
      .catch((error) => {
        console.warn("IndexedDB unavailable, using localStorage:", error);
        return new LocalStore();
      });
  }
  return opened;
}
