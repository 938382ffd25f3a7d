// One WebRTC connection: an RTCPeerConnection with one ordered, reliable data channel
// that carries text. No game logic: the strings are opaque. docs/net.md.
//
//   const peer = new Peer({ iceServers: [] });
//   peer.on("open", …); peer.on("message", (text) => …); peer.on("close", …);
//   offerer:  const offer = await peer.createOffer();  …  await peer.acceptAnswer(answer);
//   answerer: const answer = await peer.acceptOffer(offer);
//   peer.send("text"); peer.close();
//
// Descriptions are exchanged complete (ICE gathering finished, no trickle): one message
// each way, which is what the invite codes and the relay mailbox need.

/** A tiny event emitter: on(name, fn) returns a function that removes the listener. */
export class Emitter {
  #listeners = new Map();

  on(name, fn) {
    if (!this.#listeners.has(name)) this.#listeners.set(name, new Set());
    this.#listeners.get(name).add(fn);
    return () => this.#listeners.get(name)?.delete(fn);
  }

  once(name, fn) {
    const off = this.on(name, (...args) => { off(); fn(...args); });
    return off;
  }

  emit(name, ...args) {
    for (const fn of [...(this.#listeners.get(name) ?? [])]) {
      try {
        fn(...args);
      } catch (error) {
        console.error(`net: "${name}" listener failed`, error);
      }
    }
  }
}

const CHANNEL = "remi";
/** How long a connection may stay "disconnected" before it counts as closed. */
export const DISCONNECT_GRACE_MS = 4000;

const TRACE_LENGTH = 30;
let counter = 0;

export class Peer extends Emitter {
  /**
   * @param {object} options
   * @param {RTCIceServer[]} [options.iceServers] default [] (host candidates only: LAN)
   * @param {number} [options.gatherTimeoutMs] stop waiting for ICE candidates after this
   * @param {string} [options.id] a name for logs and for the host's table of guests
   */
  constructor({ iceServers = [], gatherTimeoutMs = 5000, id = null } = {}) {
    super();
    this.id = id ?? `peer-${++counter}`;
    this.state = "new"; // new → connecting → open → closed
    this.gatherTimeoutMs = gatherTimeoutMs;
    this.createdAt = performance.now();
    this.openedAt = null;
    this.received = 0;
    this.sent = 0;
    this.trace = [];   // "ms event" since creation, the last TRACE_LENGTH (net diagnostics)
    this.pc = new RTCPeerConnection({ iceServers });
    this.channel = null;
    this.pc.ondatachannel = (event) => this.#adopt(event.channel);
    this.pc.onconnectionstatechange = () => this.#watchConnection();
    this.graceTimer = null;
    peers.add(this);
  }

  /** Offerer: creates the channel and returns the complete offer {type, sdp}. */
  async createOffer() {
    this.state = "connecting";
    this.note("offer");
    this.#adopt(this.pc.createDataChannel(CHANNEL, { ordered: true }));
    await this.pc.setLocalDescription();
    return this.#gathered();
  }

  /** Answerer: takes the offer, returns the complete answer {type, sdp}. */
  async acceptOffer(offer) {
    this.state = "connecting";
    this.note("accept offer");
    await this.pc.setRemoteDescription(offer);
    await this.pc.setLocalDescription();
    return this.#gathered();
  }

  /** Offerer: takes the answer; the channel opens shortly after ("open"). */
  async acceptAnswer(answer) {
    this.note("accept answer");
    await this.pc.setRemoteDescription(answer);
  }

  /** Resolves when the channel is open; rejects if the peer closes first or on timeout. */
  opened(timeoutMs = 30000) {
    if (this.state === "open") return Promise.resolve(this);
    if (this.state === "closed") return Promise.reject(new Error("connection closed"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { done(); reject(new Error("connection timed out")); }, timeoutMs);
      const offs = [
        this.once("open", () => { done(); resolve(this); }),
        this.once("close", () => { done(); reject(new Error("connection closed")); }),
      ];
      const done = () => { clearTimeout(timer); offs.forEach((off) => off()); };
    });
  }

  send(text) {
    if (this.state !== "open") throw new Error(`cannot send: connection is ${this.state}`);
    this.channel.send(String(text));
    this.sent++;
  }

  /** One line of this connection's trace (for a report of what happened to it). */
  note(event) {
    this.trace.push(`${Math.round(performance.now() - this.createdAt)} ${event}`);
    if (this.trace.length > TRACE_LENGTH) this.trace.shift();
  }

  close() {
    if (this.state === "closed") return;
    this.note("close");
    this.state = "closed";
    clearTimeout(this.graceTimer);
    peers.delete(this);
    try { this.channel?.close(); } catch { /* already gone */ }
    this.pc.close();
    this.emit("close", this);
  }

  #adopt(channel) {
    this.channel = channel;
    channel.onopen = () => this.#opened();
    channel.onmessage = (event) => {
      // data implies an open channel (RFC 8832): "open" comes first, whatever the order
      // the events arrived in, so a listener added on "open" never misses a message
      if (this.state === "connecting") this.#opened();
      if (this.received++ === 0) this.note("first message");
      if (typeof event.data === "string") this.emit("message", event.data, this);
    };
    channel.onclose = () => this.close();
  }

  #opened() {
    if (this.state !== "connecting") return;   // closed, or opened by a message already
    this.note("open");
    this.state = "open";
    this.openedAt = performance.now();
    this.emit("open", this);
  }

  #watchConnection() {
    const state = this.pc.connectionState;
    this.note(`connection ${state}`);
    clearTimeout(this.graceTimer);
    if (state === "failed" || state === "closed") this.close();
    else if (state === "disconnected") {
      this.graceTimer = setTimeout(() => this.close(), DISCONNECT_GRACE_MS);
    }
  }

  #gathered() {
    const pc = this.pc;
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve({ type: pc.localDescription.type, sdp: pc.localDescription.sdp });
      };
      const check = () => { if (pc.iceGatheringState === "complete") finish(); };
      const timer = setTimeout(finish, this.gatherTimeoutMs);
      pc.addEventListener("icegatheringstatechange", check);
      check();
    });
  }
}

/** The host's table of connections, one per guest: a guest's new connection replaces its
 * old one. Events: "guest" (peer) when one opens, "close" (peer) when one ends. */
export class PeerHost extends Emitter {
  constructor() {
    super();
    this.peers = new Map();
  }

  add(peer) {
    const old = this.peers.get(peer.id);
    if (old && old !== peer) old.close();
    this.peers.set(peer.id, peer);
    peer.once("open", () => this.emit("guest", peer));
    peer.once("close", () => {
      if (this.peers.get(peer.id) === peer) this.peers.delete(peer.id);
      if (peer.openedAt !== null) this.emit("close", peer);
    });
    return peer;
  }

  get(id) {
    return this.peers.get(id);
  }

  /** Open connections. */
  get open() {
    return [...this.peers.values()].filter((p) => p.state === "open");
  }

  broadcast(text) {
    for (const peer of this.open) peer.send(text);
  }

  close() {
    for (const peer of [...this.peers.values()]) peer.close();
  }
}

// Close every connection when the page goes away, so the other side learns at once
// instead of after ICE timeouts.
const peers = new Set();
addEventListener("pagehide", () => { for (const peer of [...peers]) peer.close(); });
