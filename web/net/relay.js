// Signalling way 2, a link only: rendezvous through relays of the Nostr kind (NIP-01
// messages over WebSocket). Every signalling payload is encrypted (AES-GCM, key from the
// room secret and password through PBKDF2); the relay is only a mailbox. docs/net.md.
//
// Link: `#room=<id>.<secret>`. The guest posts its offer, the host (subscribed to the
// room's topic) answers it; one round trip per guest, any number of guests.
// Public rooms also announce themselves on the lobby topic (watchLobby lists them).

import { Emitter, Peer, PeerHost } from "./peer.js";
import { keyPair, sign, verifyEvent } from "./schnorr.js";
import { fromBase64url, packDescription, toBase64url, unpackDescription } from "./sdp.js";

export const SIGNAL_KIND = 25078;  // ephemeral (20000–29999): relays forward, never store
export const LOBBY_KIND = 30078;   // addressable (30000–39999): the newest per "d" tag is kept
export const LOBBY_TOPIC = "remi-lobby-v1";
export const LOBBY_TTL_S = 90;     // a table not re-announced for this long is gone
export const LOBBY_MAX = 100;      // tables listed at most
const ANNOUNCE_EVERY_MS = 30000;
const OFFER_RETRY_MS = 3000;
const HANDSHAKE_TIMEOUT_MS = 30000;
const PBKDF2_ITERATIONS = 200000;

const utf8 = new TextEncoder();
const now = () => Math.floor(Date.now() / 1000);
const randomCode = (bytes) => toBase64url(crypto.getRandomValues(new Uint8Array(bytes)));
const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

// ------------------------------------------------------------------ links and keys

/** A fresh room: {id, secret}. */
export function newRoom() {
  return { id: randomCode(6), secret: randomCode(16) };
}

export function roomLink(room, baseUrl = location.href.split("#")[0]) {
  return `${baseUrl}#room=${room.id}.${room.secret}`;
}

/** "#room=<id>.<secret>" in a URL or hash → {id, secret}, else null. */
export function parseRoomLink(text) {
  const match = /(?:^|[#&])room=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)/.exec(String(text));
  return match ? { id: match[1], secret: match[2] } : null;
}

/** The room's relay topic (a hash: the relay never sees the id or secret) and its
 * AES-GCM key (PBKDF2-SHA-256 over secret and password; a wrong password gives another
 * key, so nothing decrypts). */
export async function roomKeys(room, password = "") {
  const topicHash = await crypto.subtle.digest("SHA-256", utf8.encode(`remi-topic-v1:${room.id}.${room.secret}`));
  const material = await crypto.subtle.importKey(
    "raw", utf8.encode(`${room.secret}\n${password ?? ""}`), "PBKDF2", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt: utf8.encode(`remi-room-v1:${room.id}`), iterations: PBKDF2_ITERATIONS },
    material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return { topic: `remi-${hex(topicHash).slice(0, 32)}`, key };
}

export async function seal(key, object) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const body = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, utf8.encode(JSON.stringify(object)));
  const out = new Uint8Array(12 + body.byteLength);
  out.set(iv);
  out.set(new Uint8Array(body), 12);
  return toBase64url(out);
}

/** The decrypted object, or null when it does not decrypt (wrong key, tampered). */
export async function open(key, content) {
  try {
    const bytes = fromBase64url(content);
    const body = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ relay pool

/** WebSockets to a list of relays, reconnecting; publishes to all, merges what they send.
 * Events are signed with BIP-340 Schnorr (web/net/schnorr.js) by a key made for this pool,
 * so public Nostr relays accept them. */
export class RelayPool extends Emitter {
  constructor(urls) {
    super();
    if (!urls?.length) throw new Error("no relay configured (settings: relay addresses)");
    this.urls = [...urls];
    this.keys = keyPair();  // a throwaway Nostr identity: events are signed (NIP-01)
    this.pubkey = this.keys.pubkey;
    this.subs = new Map();  // sub id → {filters, onEvent}
    this.seen = new Set();  // event ids already delivered
    this.sockets = new Map();
    this.closed = false;
    for (const url of this.urls) this.#connect(url, 0);
  }

  /** Resolves once at least one relay is connected. */
  ready(timeoutMs = 10000) {
    if ([...this.sockets.values()].some((s) => s.readyState === WebSocket.OPEN)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { off(); reject(new Error("no relay reachable")); }, timeoutMs);
      const off = this.once("connected", () => { clearTimeout(timer); resolve(); });
    });
  }

  #connect(url, attempt) {
    if (this.closed) return;
    let socket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      this.emit("error", { url, error });
      return;
    }
    this.sockets.set(url, socket);
    socket.onopen = () => {
      attempt = 0;
      for (const [id, sub] of this.subs) socket.send(JSON.stringify(["REQ", id, ...sub.filters]));
      this.emit("connected", url);
    };
    socket.onmessage = (message) => this.#receive(url, message.data);
    socket.onclose = () => {
      if (this.closed) return;
      const delay = Math.min(30000, 500 * 2 ** attempt);
      setTimeout(() => this.#connect(url, attempt + 1), delay);
    };
  }

  #receive(url, data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message[0] === "EVENT") {
      const [, subId, event] = message;
      const sub = this.subs.get(subId);
      if (!sub || !event?.id || this.seen.has(`${subId}/${event.id}`)) return;
      this.seen.add(`${subId}/${event.id}`);
      sub.onEvent(event);
    } else if (message[0] === "EOSE") {
      this.subs.get(message[1])?.onEose?.();
    } else if (message[0] === "OK" && message[2] === false) {
      this.emit("error", { url, error: new Error(`relay refused event: ${message[3]}`) });
    }
  }

  subscribe(filters, onEvent, onEose = null) {
    const id = randomCode(6);
    this.subs.set(id, { filters, onEvent, onEose });
    for (const socket of this.sockets.values()) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(["REQ", id, ...filters]));
    }
    return () => {
      this.subs.delete(id);
      for (const socket of this.sockets.values()) {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(["CLOSE", id]));
      }
    };
  }

  async publish(kind, tags, content) {
    const created_at = now();
    const digest = await crypto.subtle.digest("SHA-256",
      utf8.encode(JSON.stringify([0, this.pubkey, created_at, kind, tags, content])));
    const sig = await sign(this.keys.secret, new Uint8Array(digest));
    const event = { id: hex(digest), pubkey: this.pubkey, created_at, kind, tags, content, sig };
    const text = JSON.stringify(["EVENT", event]);
    let sent = 0;
    for (const socket of this.sockets.values()) {
      if (socket.readyState === WebSocket.OPEN) { socket.send(text); sent++; }
    }
    return sent;
  }

  close() {
    this.closed = true;
    for (const socket of this.sockets.values()) socket.close();
    this.sockets.clear();
  }
}

// ------------------------------------------------------------------ host

/** The host's side. Emits "guest" (Peer, open) and "close" (Peer); `link` is the room
 * link to share. `announce(info)` lists a public room in the lobby. */
export class RelayHost extends PeerHost {
  constructor({ relays, room = null, password = "", iceServers = [], baseUrl } = {}) {
    super();
    this.room = room ?? newRoom();
    this.link = roomLink(this.room, baseUrl);
    this.password = password ?? "";
    this.iceServers = iceServers;
    this.pool = new RelayPool(relays);
    this.answers = new Map(); // guest session → sealed answer (re-sent when an offer repeats)
    this.rejected = 0;        // events on our topic that did not decrypt (wrong password…)
    this.announcement = null;
    this.ready = this.#start();
  }

  async #start() {
    const { topic, key } = await roomKeys(this.room, this.password);
    this.topic = topic;
    this.key = key;
    this.pool.subscribe([{ kinds: [SIGNAL_KIND], "#t": [topic], since: now() - 60 }],
      (event) => this.#onEvent(event));
    await this.pool.ready();
  }

  async #onEvent(event) {
    const message = await open(this.key, event.content);
    if (!message) { this.rejected++; this.emit("rejected", event); return; }
    if (message.k !== "offer" || message.to !== "host" || typeof message.from !== "string") return;
    const session = message.from;
    if (this.answers.has(session)) {
      const sealed = await this.answers.get(session);
      if (sealed) await this.pool.publish(SIGNAL_KIND, [["t", this.topic]], sealed);
      return;
    }
    const peer = this.add(new Peer({ iceServers: this.iceServers, id: session }));
    const pending = (async () => {
      const desc = await unpackDescription(fromBase64url(message.code));
      const answer = await peer.acceptOffer(desc);
      const code = toBase64url(await packDescription(answer));
      return seal(this.key, { k: "answer", from: "host", to: session, code });
    })();
    this.answers.set(session, pending.catch(() => null));
    peer.once("close", () => this.answers.delete(session));
    // An offer nobody completes (a replayed old one, a guest that left) is dropped.
    peer.opened(HANDSHAKE_TIMEOUT_MS).catch(() => peer.close());
    try {
      await this.pool.publish(SIGNAL_KIND, [["t", this.topic]], await pending);
    } catch (error) {
      peer.close();
      this.emit("error", error);
    }
  }

  /** Lists this room in the lobby (public rooms): info such as {name, variant, seats,
   * free, bots}. Re-announced every 30 s until close() or announce(null). The lobby
   * entry carries the link (anyone may join; a password still applies). */
  async announce(info) {
    await this.ready;
    clearInterval(this.announceTimer);
    this.announcement = info;
    const post = () => this.pool.publish(LOBBY_KIND,
      [["d", `remi:${this.room.id}`], ["t", LOBBY_TOPIC]],
      JSON.stringify(info ? {
        v: 1, room: this.room.id, secret: this.room.secret, ...info,
        // whether one is needed, never the password itself: the host's own (the key's), or
        // the flag of a host whose Room checks it (info.password)
        password: Boolean(this.password || info.password),
      } : { v: 1, room: this.room.id, closed: true }));
    await post();
    if (info) this.announceTimer = setInterval(post, ANNOUNCE_EVERY_MS);
  }

  async close() {
    clearInterval(this.announceTimer);
    if (this.announcement) await this.announce(null).catch(() => {});
    super.close();
    this.pool.close();
  }
}

// ------------------------------------------------------------------ guest

/** The guest's side: posts an offer to the room's topic until the host answers; resolves
 * with the open Peer. Rejects after timeoutMs (host away, or a wrong password: the host
 * cannot decrypt the offer and never answers). */
export async function relayJoin(link, { relays, password = "", iceServers = [], timeoutMs = 20000 } = {}) {
  const room = parseRoomLink(link);
  if (!room) throw new Error("not a room link");
  const { topic, key } = await roomKeys(room, password);
  const pool = new RelayPool(relays);
  const session = randomCode(9);
  const peer = new Peer({ iceServers, id: "host" });
  let retry = null;
  const cleanup = () => { clearInterval(retry); unsubscribe(); pool.close(); };
  let answered = false;
  const unsubscribe = pool.subscribe([{ kinds: [SIGNAL_KIND], "#t": [topic], since: now() - 5 }], async (event) => {
    const message = await open(key, event.content);
    if (!message || message.k !== "answer" || message.to !== session || answered) return;
    answered = true;
    clearInterval(retry);
    try {
      await peer.acceptAnswer(await unpackDescription(fromBase64url(message.code)));
    } catch (error) {
      peer.emit("error", error);
      peer.close();
    }
  });
  try {
    await pool.ready();
    const offer = toBase64url(await packDescription(await peer.createOffer()));
    const sealed = await seal(key, { k: "offer", from: session, to: "host", code: offer });
    const post = () => pool.publish(SIGNAL_KIND, [["t", topic]], sealed);
    await post();
    retry = setInterval(post, OFFER_RETRY_MS);
    await peer.opened(timeoutMs);
  } catch (error) {
    peer.close();
    throw new Error(answered ? `connection failed: ${error.message}` : "no answer from the host (wrong password, or the host is away)");
  } finally {
    cleanup();
  }
  return peer;
}

// ------------------------------------------------------------------ lobby

/** Lists public tables. `onchange(tables)` is called with [{room, link, name, variant,
 * seats, free, bots, password, at}] whenever it changes; returns {tables(), close()}. */
export function watchLobby({ relays, onchange = () => {}, baseUrl } = {}) {
  const pool = new RelayPool(relays);
  const tables = new Map();
  const owners = new Map();            // room → the pubkey that listed it
  const verified = new Set();          // ids of events whose signature was checked
  const list = () => [...tables.values()]
    .filter((t) => t.at > now() - LOBBY_TTL_S)
    .sort((a, b) => b.at - a.at);
  pool.subscribe([{ kinds: [LOBBY_KIND], "#t": [LOBBY_TOPIC], since: now() - LOBBY_TTL_S }], async (event) => {
    // signed by its author, checked here too: a relay may forward what it never verified
    // (an event that several relays forward is checked once)
    if (!verified.has(event?.id)) {
      if (!await verifyEvent(event)) return;
      if (verified.size > 4 * LOBBY_MAX) verified.clear();
      verified.add(event.id);
    }
    let info;
    try {
      info = JSON.parse(event.content);
    } catch {
      return;
    }
    if (info?.v !== 1 || typeof info.room !== "string" || (typeof info.secret !== "string" && !info.closed)) return;
    // A room's entry belongs to the key that first listed it (the event's signature is
    // checked above): nobody else can close, hide or rewrite it.
    const owner = owners.get(info.room);
    if (owner && owner !== event.pubkey) return;
    const known = tables.get(info.room);
    if (known && known.at > event.created_at) return;
    for (const [room, table] of tables) if (table.at <= now() - LOBBY_TTL_S) tables.delete(room);
    if (info.closed) tables.delete(info.room);
    else if (tables.has(info.room) || tables.size < LOBBY_MAX) {   // a flood fills a bounded list
      owners.set(info.room, event.pubkey);
      tables.set(info.room, {
        ...info, at: event.created_at,
        link: roomLink({ id: info.room, secret: info.secret }, baseUrl),
      });
    }
    onchange(list());
  });
  const timer = setInterval(() => onchange(list()), 15000);
  return { tables: list, close: () => { clearInterval(timer); pool.close(); } };
}
