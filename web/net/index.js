// One interface over both ways of meeting (docs/net.md):
//
//   host:  const host = hostRoom({ signalling: "manual" | "relay", ... });
//          host.on("guest", (peer) => { peer.id; peer.send(text); peer.on("message", …);
//                                       peer.on("close", …); });
//          manual: const { url } = await host.invite();  …  await host.accept(replyCode);
//          relay:  await host.ready; share host.link;  host.announce({...}) for the lobby
//   guest: const conn = await joinRoom(linkOrCode, { relays, password });
//          manual: show conn.reply (text + QR) to send back; relay: already open
//          await conn.opened(); conn.send(text); conn.on("message" | "open" | "close" |
//          "reconnecting", …)
//
// The strings carried are opaque here; the game speaks docs/protocol.md over them.

import { answerInvite, inviteCode, ManualHost } from "./manual.js";
import { Emitter } from "./peer.js";
import { parseRoomLink, RelayHost, relayJoin } from "./relay.js";

export { ManualHost } from "./manual.js";
export { Peer, PeerHost } from "./peer.js";
export { newRoom, parseRoomLink, RelayHost, roomLink, watchLobby } from "./relay.js";
export { qrSvg } from "./qr.js";

/** A host for guests: a ManualHost (invites and reply codes) or a RelayHost (a link). */
export function hostRoom({ signalling = "manual", ...options } = {}) {
  if (signalling === "manual") return new ManualHost(options);
  if (signalling === "relay") return new RelayHost(options);
  throw new Error(`unknown signalling "${signalling}"`);
}

/** Which way a link or code belongs to: "relay", "manual" or null. */
export function linkKind(text) {
  if (parseRoomLink(text)) return "relay";
  if (inviteCode(text)) return "manual";
  return null;
}

/** The guest's connection to the host. For a room link it reconnects by itself when the
 * connection drops ("reconnecting", then "open" again); an invite is single-use, so after
 * a drop the guest needs a new invite ("close"). */
export class GuestConnection extends Emitter {
  constructor(kind, options) {
    super();
    this.kind = kind;
    this.options = options;
    this.peer = null;
    this.reply = null;     // manual: the code to send back to the host
    this.closed = false;
    this.connects = 0;
  }

  get state() {
    return this.closed ? "closed" : (this.peer?.state ?? "new");
  }

  send(text) {
    if (!this.peer) throw new Error("not connected");
    this.peer.send(text);
  }

  /** Resolves once open (now or after the host accepts the reply code / reconnect). */
  opened(timeoutMs = 60000) {
    if (this.peer?.state === "open") return Promise.resolve(this);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { offs.forEach((f) => f()); reject(new Error("connection timed out")); }, timeoutMs);
      const offs = [
        this.once("open", () => { clearTimeout(timer); offs.forEach((f) => f()); resolve(this); }),
        this.once("close", () => { clearTimeout(timer); offs.forEach((f) => f()); reject(new Error("connection closed")); }),
      ];
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.peer?.close();
    this.emit("close", this);
  }

  _adopt(peer) {
    this.peer = peer;
    peer.on("message", (text) => this.emit("message", text, this));
    peer.on("close", () => this._lost(peer));
    if (peer.state === "open") this._opened();
    else peer.once("open", () => this._opened());
  }

  _opened() {
    this.connects++;
    this.emit("open", this);
  }

  async _lost(peer) {
    if (this.closed || peer !== this.peer) return;
    if (this.kind !== "relay" || this.options.reconnect === false) {
      this.close();
      return;
    }
    this.emit("reconnecting", this);
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        const next = await relayJoin(this.options.link, this.options);
        if (this.closed) { next.close(); return; }
        this._adopt(next);
        return;
      } catch (error) {
        this.emit("error", error);
        await new Promise((r) => setTimeout(r, Math.min(10000, 1000 * 2 ** attempt)));
      }
    }
  }
}

/**
 * Joins a host by a room link (`#room=…`, needs `relays`) or an invite (`#join=…`).
 * Manual: resolves at once with conn.reply set (not open yet). Relay: resolves when open.
 */
export async function joinRoom(linkOrCode, { relays = [], password = "", iceServers = [], reconnect = true, timeoutMs } = {}) {
  const kind = linkKind(linkOrCode);
  if (!kind) throw new Error("not a room link or invite");
  const conn = new GuestConnection(kind, { link: linkOrCode, relays, password, iceServers, reconnect, timeoutMs });
  if (kind === "manual") {
    const { reply, peer } = await answerInvite(linkOrCode, { iceServers });
    conn.reply = reply;
    conn._adopt(peer);
  } else {
    conn._adopt(await relayJoin(linkOrCode, conn.options));
  }
  return conn;
}
