// The platform's storage: IndexedDB database "remi", versioned. SCHEMA_VERSION is the
// database version; `migrate` brings any older database (or none) up to it, one step per
// version, inside IndexedDB's upgrade transaction — so a reload or a new build of the page
// never loses the history, the profile or a tournament. Where IndexedDB cannot be opened
// (private modes of some browsers), the same API keeps everything in localStorage.
//
// Stores:  kv       — "profile", "tournament" (its log), "current" ({kind, match_id}), "schema"
//          matches  — one entry per match: {id, kind, started, updated, variant, players,
//                     seat, round, totals, over, winners (seats, once over), log}
//
// A tab that another tab has taken the game from (web/tabs.js) writes nothing more: its
// late saves (a tournament still catching up, a match entry) would overwrite the other's.
import { tabActive } from "../tabs.js";

const DB_NAME = "remi";
export const SCHEMA_VERSION = 1;
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

  async tx(store, mode, fn) {
    const tx = this.db.transaction(store, mode);
    const done = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    const result = await fn(tx.objectStore(store));
    await done;
    return result;
  }

  get(key) { return this.tx("kv", "readonly", (s) => request(s.get(key))); }
  async write(store, fn) {
    if (tabActive()) await this.tx(store, "readwrite", fn);
  }

  set(key, value) { return this.write("kv", (s) => { s.put(value, key); }); }
  remove(key) { return this.write("kv", (s) => { s.delete(key); }); }
  match(id) { return this.tx("matches", "readonly", (s) => request(s.get(id))); }
  putMatch(entry) { return this.write("matches", (s) => { s.put(entry); }); }
  async matches() {
    const all = await this.tx("matches", "readonly", (s) => request(s.getAll()));
    return all.sort((a, b) => b.updated - a.updated);
  }
}

// ------------------------------------------------------------------ localStorage fallback

class LocalStore {
  constructor() {
    this.kind = "localstorage";
    let data = null;
    try { data = JSON.parse(localStorage.getItem(FALLBACK_KEY) ?? "null"); } catch { /* none */ }
    if (!data || data.version !== SCHEMA_VERSION) {
      const legacy = legacyEntry();
      data = { version: SCHEMA_VERSION, kv: {}, matches: legacy ? { [legacy.id]: legacy } : {} };
    }
    this.data = data;
  }

  flush() { if (tabActive()) localStorage.setItem(FALLBACK_KEY, JSON.stringify(this.data)); }
  async get(key) { return this.data.kv[key]; }
  async set(key, value) { this.data.kv[key] = value; this.flush(); }
  async remove(key) { delete this.data.kv[key]; this.flush(); }
  async match(id) { return this.data.matches[id]; }
  async putMatch(entry) { this.data.matches[entry.id] = entry; this.flush(); }
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
