// Rooms on the game page: the host's table and the guest's table (docs/protocol.md).
//
// Host: remi/host.py (through the engine) owns the Room; this file only carries text
// between it and the WebRTC peers of web/net/, passes the time, and saves the room after
// every change. Guest: sends intents, draws the `state` snapshots it receives, adds its
// entropy to each deal and checks the reveal (remi.room.verify_reveal). No rule here.
//
// Both expose a "backend" to web/app.js: act, botStep, timeout, nextRound, save.

import { call, pageError } from "./engine.js";
import { LEVELS, showPresetFor } from "./game/dialog.js";
import { addStrings, botName, isTileName, playerLabel, t } from "./i18n.js";
import { hostRoom, joinRoom, linkKind, qrSvg, watchLobby } from "./net/index.js";

export const HOST_KEY = "remi.room.host";    // {room: Room.to_json(), net: {...}}
export const GUEST_KEY = "remi.room.guest";  // {link, name, password, token, match_id, rounds}
const RELAYS_KEY = "remi.relays";
const PROTOCOL = 1;
const TICK_MS = 1000;
const ANSWER_TIMEOUT_MS = 15000;
const HELLO_RETRY_MS = 4000;       // a hello unanswered this long is said again

addStrings({
  room: "Cameră", roomTitle: "Joc cu prietenii", roomCreate: "Creează camera",
  hostGarbled: "Gazda a trimis un mesaj pe care pagina nu-l poate citi: a fost ignorat.",
  friend: "prieten", yourName: "Numele tău", password: "Parolă (opțional)",
  midgameJoin: "Intrare în timpul jocului", visibility: "Vizibilitate", private: "privată",
  public: "publică (în lobby)", signalling: "Conectare", byLink: "prin link (internet)",
  byInvite: "prin coduri (aceeași rețea, fără internet)", relays: "Relee (câte unul pe rând)",
  roomLink: "Trimite linkul prietenilor:", invite: "Invitație pentru locul {n}",
  newInvite: "Invitație nouă", replyCode: "Codul primit înapoi", accept: "Acceptă",
  startMatch: "Începe meciul", leaveRoom: "Părăsește camera", copy: "Copiază", copied: "Copiat",
  waitingPlayers: "Se așteaptă jucătorii…", dealing: "Se împarte (amestecare comună)…",
  joinTitle: "Intri într-o cameră", join: "Intră", replyToHost: "Trimite gazdei acest cod:",
  connecting: "Conectare…", connected: "Conectat", offline: "deconectat",
  refusedPassword: "Parolă greșită: gazda a refuzat intrarea.", refusedFull: "Masa e plină.",
  refusedToken: "Locul nu mai e al tău.", roomRefused: "Intrare refuzată",
  waitingSeat: "Aștepți un loc: îl primești la tura următoare.",
  seated: "Ești la masă: gazda începe meciul.", hostDeals: "gazda împarte runda următoare",
  rematch: "Revanșă", hostMayRematch: "gazda poate începe o revanșă",
  tookSeat: "Ai primit un loc în meci: scorul locului de până acum e al tău.",
  awayTurn: "{name} e deconectat: se așteaptă…",
  hostGoneInvite: "Legătura cu gazda s-a pierdut: cere-i o invitație nouă.",
  inviteUsed: "Invitația aceasta a fost folosită deja: cere-i gazdei o invitație nouă.",
  hostClosed: "Gazda a închis camera: jocul s-a încheiat.",
  reinvite: "Invitație nouă pentru {name} (deconectat)",
  dealVerified: "Runda {n}: împărțirea verificată ✓",
  dealFailed: "Runda {n}: împărțirea NU corespunde angajamentului gazdei!",
  dealUnchecked: "Runda {n}: împărțirea nu se poate verifica (ai intrat după ce s-a împărțit).",
  hostAway: "Gazda nu răspunde: se reîncearcă…", hostName: "Gazda", guestName: "Oaspete",
  lobby: "Mese deschise", lobbyEmpty: "Nicio masă publică acum.", lobbyTable: "{name} · {variant} · {free} · {bots} AI", locked: "cu parolă",
  freeSeats: { one: "{n} loc liber", few: "{n} locuri libere", other: "{n} de locuri libere" },
  retryPassword: "Încearcă altă parolă",
  activeHostRoom: "Camera de acum se închide pentru toți jucătorii.",
  activeGuestRoom: "Părăsești camera de acum.",
}, {
  room: "Room", roomTitle: "Play with friends", roomCreate: "Create the room",
  hostGarbled: "The host sent a message this page cannot read: it was ignored.",
  friend: "friend", yourName: "Your name", password: "Password (optional)",
  midgameJoin: "Mid-game join", visibility: "Visibility", private: "private",
  public: "public (in the lobby)", signalling: "Connect", byLink: "by link (internet)",
  byInvite: "by codes (same network, no internet)", relays: "Relays (one per line)",
  roomLink: "Send the link to your friends:", invite: "Invite for seat {n}",
  newInvite: "New invite", replyCode: "The code sent back", accept: "Accept",
  startMatch: "Start the match", leaveRoom: "Leave the room", copy: "Copy", copied: "Copied",
  waitingPlayers: "Waiting for players…", dealing: "Dealing (shared shuffle)…",
  joinTitle: "Joining a room", join: "Join", replyToHost: "Send this code to the host:",
  connecting: "Connecting…", connected: "Connected", offline: "offline",
  refusedPassword: "Wrong password: the host refused you.", refusedFull: "The table is full.",
  refusedToken: "This seat is no longer yours.", roomRefused: "Not let in",
  waitingSeat: "Waiting for a seat: you get one at the next turn.",
  seated: "You are seated: the host starts the match.", hostDeals: "the host deals the next round",
  rematch: "Rematch", hostMayRematch: "the host may start a rematch",
  tookSeat: "You have a seat in the match: the seat's score so far is yours.",
  awayTurn: "{name} is offline: waiting…",
  hostGoneInvite: "The connection to the host is lost: ask for a new invite.",
  inviteUsed: "This invite has been used already: ask the host for a new invite.",
  hostClosed: "The host closed the room: the game is over.",
  reinvite: "New invite for {name} (offline)",
  dealVerified: "Round {n}: the deal is verified ✓",
  dealFailed: "Round {n}: the deal does NOT match the host's commitment!",
  dealUnchecked: "Round {n}: the deal cannot be checked (you came in after it was dealt).",
  hostAway: "The host does not answer: retrying…", hostName: "Host", guestName: "Guest",
  lobby: "Open tables", lobbyEmpty: "No public table right now.", lobbyTable: "{name} · {variant} · {free} · {bots} AI", locked: "password",
  freeSeats: { one: "{n} free seat", other: "{n} free seats" },
  retryPassword: "Try another password",
  activeHostRoom: "The current room closes for every player.",
  activeGuestRoom: "You leave the current room.",
});

const nowS = () => Date.now() / 1000;
const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function savedRelays() {
  return (localStorage.getItem(RELAYS_KEY) ?? "").split(/\s+/).filter(Boolean);
}

/** A room link that also names its relays (`&relay=`), so a guest needs nothing else. */
function linkWithRelays(link, relays) {
  return link + relays.map((url) => `&relay=${encodeURIComponent(url)}`).join("");
}

function relaysOf(link) {
  return [...String(link).matchAll(/[#&]relay=([^&]+)/g)].map((m) => decodeURIComponent(m[1]));
}

/** The page was opened by a room link or an invite: "relay" / "manual", else null. */
export function roomInLocation() {
  return linkKind(location.hash) ? location.href : null;
}

/** Is this link an invite (way 1, single-use) rather than a room link? */
export function isInvite(link) {
  const at = link.indexOf("#");
  return at >= 0 && linkKind(link.slice(at)) === "manual";
}

// ------------------------------------------------------------------ shared UI bits

/** A warning line in a dialog (style.css: `.dialog .warn`). */
function warningLine(text, testid) {
  const line = el("p", "warn", text);
  line.setAttribute("data-testid", testid);
  line.setAttribute("role", "alert");
  return line;
}

function copyBox(text, testid) {
  const box = el("div", "copy-box");
  const input = el("input");
  input.readOnly = true;
  input.value = text;
  input.setAttribute("data-testid", testid);
  const button = el("button", "chip", t("copy"));
  button.type = "button";
  button.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(text); } catch { document.execCommand?.("copy"); }
    button.textContent = t("copied");
  });
  box.append(input, button);
  const qr = el("div", "qr");
  try { qr.innerHTML = qrSvg(text); } catch { /* too long for a QR code: the text is enough */ }
  return [box, qr];
}

function seatList(seats, mine) {
  const list = el("ul", "room-seats");
  list.setAttribute("data-testid", "room-seats");
  seats.forEach((seat, index) => {
    const item = el("li", `room-seat ${seat.online ? "online" : "away"}`);
    item.dataset.seat = index;
    const who = seat.is_bot ? playerLabel([seat], 0)
      : seat.kind === "guest" && !seat.taken ? `(${t("friend")})` : seat.name;
    item.append(el("span", "dot"), el("span", "who", who));
    if (index === mine) item.classList.add("me");
    if (seat.kind === "guest" && seat.taken && !seat.online && !seat.is_bot) {
      item.append(el("span", "muted", ` · ${t("offline")}`));
    }
    list.append(item);
  });
  return list;
}

/** "Leave the room", on the host's panel and on a guest's (for good: ui.leave). */
function leaveButton(ui) {
  const leave = el("button", "move ghost", t("leaveRoom"));
  leave.type = "button";
  leave.setAttribute("data-testid", "leave-room");
  leave.addEventListener("click", () => ui.leave());
  return leave;
}

// ------------------------------------------------------------------ host

export class HostTable {
  /** ui: {setSnapshot(snap), schedule(), toast(text), waiting(text), refused(text),
   * record(log, snap), leave(), panel: HTMLElement} */
  constructor(ui, net, roomInfo) {
    this.ui = ui;
    this.netConfig = net;             // {signalling, relays, id, secret}
    this.roomInfo = roomInfo;
    this.peers = new Map();
    this.invites = [];                // manual: [{invite, url, seat, form}]
    this.lastSnapshot = "";
    this.answers = 0;                 // engine answers received …
    this.drawn = { order: 0, room: JSON.stringify(roomInfo), snapshot: "" };   // … and the last drawn
    this.timer = null;
    this.closed = false;              // left: every later event is ignored (close())
    this.backend = {
      kind: "host", runsBots: true,
      act: (action) => this.engine("room_act", { action }),
      botStep: async () => ({ snapshot: (await this.engine("room_bot_step")).snapshot }),
      // only after a failed bot step (a human's C8 is room_tick's, every second)
      timeout: async () => (await this.engine("room_bot_timeout")).snapshot,
      nextRound: async () => (await this.engine("room_next_round")).snapshot,
      rematch: () => this.start(),
      save: () => this.save(),
    };
  }

  static async create(ui, choice) {
    const answer = (await call("room_create", { ...choice.room, now: nowS() })).result;
    const net = { signalling: choice.signalling, relays: choice.relays };
    const table = new HostTable(ui, net, answer.room);
    await table.listen();
    await table.apply(answer);
    table.render();
    return table;
  }

  static async resume(ui, saved) {
    const answer = (await call("room_load", { data: saved.room, now: nowS() })).result;
    const table = new HostTable(ui, saved.net, answer.room);
    await table.listen();
    await table.apply(answer);
    table.render();
    return table;
  }

  async listen() {
    const { signalling, relays, id, secret } = this.netConfig;
    const room = id ? { id, secret } : null;
    // the link a guest opens: this page without its query (botDelay, worker… are this
    // page's own) + the room's fragment (and its relays)
    const baseUrl = location.origin + location.pathname;
    this.net = hostRoom(signalling === "relay" ? { signalling, relays, room, baseUrl } : { signalling, baseUrl });
    if (signalling === "relay") {
      await this.net.ready;
      Object.assign(this.netConfig, this.net.room);
      this.link = linkWithRelays(this.net.link, relays);
      if (this.roomInfo.visibility === "public") this.announce();
    }
    this.net.on("guest", (peer) => {
      if (this.closed) return peer.close();
      this.peers.set(peer.id, peer);
      peer.on("message", (text) => this.engine("room_receive", { peer: peer.id, raw: String(text) })
        .catch((error) => console.warn("guest message refused:", error)));   // the engine says why
      peer.on("close", () => {
        this.peers.delete(peer.id);
        this.engine("room_disconnect", { peer: peer.id });
      });
    });
    this.timer = setInterval(() => this.engine("room_tick"), TICK_MS);
  }

  announce() {
    const seats = this.roomInfo.seats;
    this.net.announce?.({
      name: seats[0]?.name ?? "Remi", variant: this.roomInfo.variant, seats: seats.length,
      free: seats.filter((s) => s.kind === "guest" && !s.taken).length,
      bots: seats.filter((s) => s.is_bot).length,
      password: Boolean(this.roomInfo.password),   // needed or not (the Room checks it)
    }).catch((error) => console.warn("lobby:", error));
  }

  /** One engine call; its messages go out, its snapshot is drawn, the room is saved.
   * Once the room is closed nothing is asked, sent, saved or drawn. */
  async engine(name, args = {}) {
    if (this.closed) return { out: [], snapshot: null, room: this.roomInfo, accepted: false, error: "", rule: "" };
    const answer = (await call(name, { ...args, now: nowS() })).result;
    await this.apply(answer);
    return answer;
  }

  async apply(answer) {
    if (this.closed) return;          // an answer (or a guest's close) after the leave
    const order = ++this.answers;
    for (const [peer, text] of answer.out) {
      try { this.peers.get(peer)?.send(text); } catch (error) { console.warn("send failed:", error); }
    }
    const roomText = JSON.stringify(answer.room);
    const roomChanged = roomText !== JSON.stringify(this.roomInfo);
    this.roomInfo = answer.room;
    // an invite serves once: gone when its seat is filled (a drop then needs a new one)
    this.invites = this.invites.filter((i) => !this.roomInfo.seats[i.seat]?.online);
    const snapText = JSON.stringify(answer.snapshot);
    const snapChanged = snapText !== this.lastSnapshot;
    this.lastSnapshot = snapText;
    this.snapshot = answer.snapshot ?? this.snapshot;
    // saved before it is drawn; a refused message changed nothing (`changed: false`): no
    // save for it (a flood stays cheap)
    if (answer.changed !== false && (roomChanged || snapChanged || answer.out.length)) await this.save();
    // while the save was awaited a newer answer may have been drawn: this older one must not
    // draw over it (a finished match over the rematch's "Dealing…")
    if (this.closed || order < this.drawn.order) return;
    this.drawn.order = order;
    if (roomText !== this.drawn.room) {
      this.drawn.room = roomText;
      this.render();
      if (this.link && this.roomInfo.visibility === "public") this.announce();  // the lobby's free seats
    }
    if (snapText !== this.drawn.snapshot) {
      this.drawn.snapshot = snapText;
      if (answer.snapshot) {
        this.ui.setSnapshot(answer.snapshot);
        this.ui.schedule();
      }
    }
    if (!answer.snapshot) this.ui.waiting(this.roomInfo.started ? t("dealing") : t("waitingPlayers"));
  }

  /** A save that fails (storage full) is told once and the table plays on. */
  async save() {
    if (this.closed) return;
    const room = (await call("room_save")).result;
    if (this.closed) return;
    try {
      localStorage.setItem(HOST_KEY, JSON.stringify({ room, net: this.netConfig }));
    } catch (error) {
      this.ui.notSaved(error);
    }
    // The match goes into the history (and the host's profile) like any other; while a
    // rematch is being dealt the snapshot is still the last match's: nothing to record yet.
    if (room.log && room.log.match_id === this.snapshot?.match_id) this.ui.record(room.log, this.snapshot);
  }

  /** The match, or after one that ended (`over`) a rematch at the same seats. */
  async start() {
    if (this.roomInfo.started && !this.roomInfo.over) return;   // a second click
    await this.engine("room_start");
    this.render();
  }

  async newInvite(seat) {
    const invite = await this.net.invite();
    this.invites = this.invites.filter((i) => i.seat !== seat);
    this.invites.push({ ...invite, seat });
    this.render();
  }

  async acceptReply(code) {
    try {
      await this.net.accept(code);
    } catch (error) {
      this.ui.toast(String(error.message ?? error));
    }
  }

  /** Where the host pastes a guest's reply code: one form per invite, kept across renders
   * (a guest joining, a stand-in starting), so a code pasted and not yet accepted stays. */
  replyForm(invite) {
    if (!invite.form) {
      const form = el("form", "reply-form");
      const input = el("input");
      input.setAttribute("data-testid", "reply-code");
      const button = el("button", "chip");
      button.setAttribute("data-testid", "accept-reply");
      form.append(input, button);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.acceptReply(input.value);
      });
      invite.form = form;
    }
    const [input, button] = invite.form.elements;
    input.placeholder = t("replyCode");      // the page's language may have changed
    button.textContent = t("accept");
    return invite.form;
  }

  render() {
    if (this.closed) return;
    const panel = this.ui.panel;
    const focused = panel.contains(document.activeElement) ? document.activeElement : null;
    panel.hidden = false;
    panel.replaceChildren();
    const info = this.roomInfo;
    panel.append(el("h3", "", `${t("room")} · ${t(info.variant)}`));
    panel.append(seatList(info.seats, info.seats.findIndex((s) => s.kind === "host")));
    const buttons = el("div", "sheet-buttons");
    if (!info.started || info.over) {
      const start = el("button", "move primary", t(info.over ? "rematch" : "startMatch"));
      start.type = "button";
      start.setAttribute("data-testid", info.over ? "room-rematch" : "start-match");
      start.addEventListener("click", () => this.start());
      buttons.append(start);
    }
    buttons.append(leaveButton(this.ui));
    panel.append(buttons);   // before the link and its QR code: always in sight
    if (this.netConfig.signalling === "relay" && this.link) {
      panel.append(el("p", "muted", t("roomLink")), ...copyBox(this.link, "room-link"));
    }
    // an invite is single-use: a free seat needs one, and so does a guest who dropped
    const open = info.seats.map((s, i) => [s, i])
      .filter(([s]) => s.kind === "guest" && (!s.taken || !s.online));
    if (this.netConfig.signalling === "manual" && open.length) {
      for (const [seat, index] of open) {
        const invite = this.invites.find((i) => i.seat === index);
        const block = el("div", "invite");
        block.append(el("p", "", seat.taken ? t("reinvite", { name: seat.in_place_of ?? seat.name }) : t("invite", { n: index + 1 })));
        if (invite) {
          block.append(...copyBox(invite.url, "invite-link"), this.replyForm(invite));
        } else {
          const button = el("button", "chip", t("newInvite"));
          button.type = "button";
          button.setAttribute("data-testid", "new-invite");
          button.addEventListener("click", () => this.newInvite(index));
          block.append(button);
        }
        panel.append(block);
      }
    }
    if (focused?.isConnected) focused.focus();    // a kept reply form keeps the caret too
  }

  /** Leaving the room for good: the guests are told (`closed`), the connections close, the
   * saved room goes, and from now on this table ignores every event (a guest's connection
   * closing, an engine answer on its way, the clock). */
  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    localStorage.removeItem(HOST_KEY);
    const peers = this.peers;
    call("room_close").then((answer) => {
      for (const [peer, text] of answer.result.out) {
        try { peers.get(peer)?.send(text); } catch { /* gone already */ }
      }
    }).catch((error) => console.warn("room not closed:", error))
      .finally(() => setTimeout(() => this.net?.close(), 300));   // let the messages go first
  }

  /** Another tab of this browser took the game (web/tabs.js): the connections drop as on a
   * page close and every later event is ignored; the saved room stays, for that tab. */
  drop() {
    this.closed = true;
    clearInterval(this.timer);
    this.net?.close();
  }
}

// ------------------------------------------------------------------ guest

const isSeat = (n, seats) => Number.isInteger(n) && n >= 0 && n < seats;
const isText = (value, max = 200) => typeof value === "string" && value.length <= max;

/** A snapshot as the page draws it (remi/bridge.py): the fields the drawing reads, of the
 * right types and in range. */
function isSnapshot(snap) {
  const view = snap?.view;
  if (!view || typeof view !== "object" || !Array.isArray(snap.players)) return false;
  const seats = view.seats;
  return Number.isInteger(seats) && seats >= 2 && seats <= 4 && snap.players.length === seats
    && snap.players.every((p) => p && typeof p === "object" && isText(p.name, 64))
    && isSeat(view.seat, seats) && (view.to_play === null || isSeat(view.to_play, seats))
    && Array.isArray(view.rack) && view.rack.every(isTileName)
    && Array.isArray(view.rack_sizes) && view.rack_sizes.length === seats
    && Array.isArray(view.history) && Array.isArray(snap.totals) && snap.totals.length === seats
    && (snap.legal === undefined || (Array.isArray(snap.legal) && snap.legal.every((a) => isText(a))));
}

/** A host's message of this protocol, its fields of the types the guest reads. */
function wellFormed(message) {
  if (!message || typeof message !== "object" || message.v !== PROTOCOL || typeof message.type !== "string") return false;
  const checks = {
    welcome: () => Number.isInteger(message.seat) && message.seat >= 0 && message.seat < 4
      && isText(message.token, 128) && Array.isArray(message.players)
      && message.players.every((p) => p && typeof p === "object" && isText(p.name, 64)),
    commit: () => Number.isInteger(message.round) && message.round > 0 && isText(message.commit, 128)
      && (message.match === undefined || isText(message.match, 64)),
    reveal: () => Number.isInteger(message.round) && message.round > 0,
    state: () => isSnapshot(message.snapshot),
    error: () => isText(message.error, 2000),
  };
  return !Object.hasOwn(checks, message.type) || checks[message.type]();
}

export class GuestTable {
  /** `borrowedToken`: the token comes from an earlier invite of this device; a new invite
   * (single-use, so a new link) from the same host then gives the same seat back. */
  /** `usedInvite`: this invite link was used already (it seated this device before a reload):
   * it cannot connect again, so the guest is told to ask for a new one at once.
   * `deal`: the deal checks saved before a reload (see save()). */
  constructor(ui, { link, name, password, token = null, match_id = null, rounds = [],
    borrowedToken = false, usedInvite = false, deal = null }) {
    this.ui = ui;
    this.link = link;
    this.name = name;
    this.password = password;
    this.token = token;
    this.borrowedToken = borrowedToken && !!token;
    this.matchId = match_id;    // the match whose rounds this guest recorded …
    this.rounds = rounds;       // … [{round, seed, first, actions}]: its own log (history)
    this.seeds = new Map();     // round → the revealed seed
    this.finals = new Map();    // round → its last snapshot
    this.recording = Promise.resolve();  // the round records, one after another
    this.seat = null;
    this.players = [];
    // The deal checks (saved, so a reload can still check the round it was dealt):
    this.dealMatch = deal?.match ?? match_id;      // the match these checks are of (rounds restart at 1 in a rematch)
    this.commits = new Map(deal?.commits ?? []);   // round → the commit received before its deal
    this.dealt = new Map(deal?.dealt ?? []);       // round → {hand, first, seats, seat} as first seen
    this.verified = deal?.verified ?? [];          // [{round, ok}]
    this.pending = null;        // the action awaiting the host's answer
    this.helloTimer = null;     // the hello said again while unanswered (hello())
    this.received = [];         // every message from the host, as received (tests check it)
    this.usedInvite = usedInvite;
    this.left = false;          // this guest left (close()): every later event is ignored
    this.hostClosed = false;    // the host closed the room (`closed`)
    this.status = { key: "connecting" };   // translated when drawn (the language may change)
    this.backend = {
      kind: "guest", runsBots: false,
      act: (action) => this.act(action),
      botStep: async () => null,
      timeout: async () => null,       // the host's clock decides (C8)
      nextRound: async () => null,     // the host deals the next round
      save: async () => this.save(),
    };
  }

  async connect() {
    if (this.usedInvite) {              // single-use, and used: nothing to connect to
      this.status = { key: "inviteUsed" };
      this.ui.waiting(t("inviteUsed"));
      this.render();
      return;
    }
    const relays = relaysOf(this.link);
    this.conn = await joinRoom(this.link, { relays, password: "" });
    if (this.left) return this.conn.close();
    const on = (name, handler) => this.conn.on(name, (...args) => { if (!this.left) handler(...args); });
    on("message", (text) => this.receive(String(text)));
    on("open", () => { this.status = { key: "connected" }; this.hello(); this.render(); });
    on("reconnecting", () => { this.status = { key: "hostAway" }; this.render(); });
    on("close", () => {
      if (this.hostClosed) return;      // said already
      this.status = { key: "offline" };
      // an invite's connection does not come back by itself: say what to do
      this.ui.waiting(t(this.awayKey()));
      this.render();
    });
    if (this.conn.reply) this.render();
    if (this.conn.state === "open") {
      this.status = { key: "connected" };
      this.hello();
    }
    this.render();
  }

  /** Why the host cannot answer now (an i18n key). */
  awayKey() {
    if (this.hostClosed) return "hostClosed";
    return isInvite(this.link) ? "hostGoneInvite" : "hostAway";
  }

  /** The turn line's text while the host cannot answer (null: the snapshot's own). */
  turnNote() {
    if (this.left) return null;
    if (this.hostClosed || this.usedInvite || this.conn?.state === "closed") return t(this.awayKey());
    return null;
  }

  send(message) {
    this.conn.send(JSON.stringify({ v: PROTOCOL, ...message }));
  }

  /** The guest's hello; said again while the host answers nothing (a first message lost on
   * the way or in the host's page): the host answers a repeated hello as the first. */
  hello() {
    this.send({ type: "hello", name: this.name, password: this.password || null, token: this.token });
    clearTimeout(this.helloTimer);
    this.helloTimer = setTimeout(() => {
      if (!this.left && this.conn?.state === "open") this.hello();
    }, HELLO_RETRY_MS);
  }

  /** An intent to the host; answers {accepted, snapshot} or {accepted: false, error, rule}
   * (no snapshot: the state stays as it was; `away`: the host cannot answer now). */
  act(action) {
    if (this.conn?.state !== "open") {
      return Promise.resolve({ accepted: false, error: t(this.awayKey()), rule: "", away: true });
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish({ accepted: false, error: t("hostAway"), rule: "", away: true }), ANSWER_TIMEOUT_MS);
      const finish = (answer) => {
        clearTimeout(timer);
        this.pending = null;
        resolve(answer);
      };
      this.pending = finish;
      try {
        this.send({ type: "action", action });
      } catch {
        finish({ accepted: false, error: t(this.awayKey()), rule: "", away: true });
      }
    });
  }

  async receive(text) {
    if (this.left) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    this.received.push(message);
    clearTimeout(this.helloTimer);      // the host answers
    // A host's page runs the engine, yet what arrives is checked for shape before it is used:
    // a garbled or hostile message is ignored, and said once, never half applied.
    if (!wellFormed(message)) return this.garbled(message);
    const handlers = {
      welcome: () => {
        // a newcomer who waited takes a bot's seat mid-match, with that seat's score
        if (this.status.key === "waitingSeat") this.ui.toast(t("tookSeat"));
        this.seat = message.seat;
        this.token = message.token;
        this.borrowedToken = false;
        this.players = message.players;
        this.status = { key: "connected" };
        if (this.refusal) this.clearRefusal();
        this.save();
        this.render();
        if (!this.ui.hasSnapshot()) this.ui.waiting(t("seated"));
      },
      refused: async () => {
        if (message.reason === "token" && this.borrowedToken) {
          this.token = null;              // the token of another room's seat: join as new
          this.borrowedToken = false;
          this.hello();
          return;
        }
        const reason = { password: "refusedPassword", full: "refusedFull", token: "refusedToken" }[message.reason];
        this.status = reason ? { key: reason } : { text: await pageError(message.error) };
        if (message.reason === "token") this.token = null;
        this.refusal = true;
        this.ui.refused(this.statusText());
        this.render();                    // the turn line says it too (no longer "Connecting…")
        if (message.reason === "password") await this.askPassword();
      },
      waiting: () => { this.status = { key: "waitingSeat" }; this.render(); },
      closed: () => {                 // the host left: the room is gone, nothing comes back
        this.hostClosed = true;
        this.status = { key: "hostClosed" };
        this.pending?.({ accepted: false, error: t("hostClosed"), rule: "", away: true });
        localStorage.removeItem(GUEST_KEY);
        history.replaceState(null, "", location.pathname + location.search);  // a reload: solo
        this.conn.close();
        this.ui.waiting(t("hostClosed"));
        this.render();
      },
      commit: () => {
        if (message.match !== undefined) this.forMatch(message.match);
        this.commits.set(message.round, message.commit);
        while (this.commits.size > 4) this.commits.delete(this.commits.keys().next().value);  // the unchecked ones
        this.save();
        const bytes = crypto.getRandomValues(new Uint8Array(16));
        const value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
        this.send({ type: "entropy", round: message.round, value });
      },
      state: () => this.onState(message.snapshot),
      reveal: () => this.verify(message),
      error: async () => {
        if (this.pending) this.pending({ accepted: false, error: message.error, rule: message.rule ?? "" });
        else this.ui.toast(await pageError(message.error));
      },
      pong: () => {},
    };
    if (!Object.hasOwn(handlers, message.type)) return;
    try {
      await handlers[message.type]();
    } catch (error) {
      this.garbled(message, error);
    }
  }

  garbled(message, error = null) {
    console.warn("host message ignored:", message?.type, error ?? "bad shape");
    if (!this.saidGarbled) this.ui.toast(t("hostGarbled"));
    this.saidGarbled = true;
  }

  /** The deal checks are per match: a rematch's round 1 is not the last match's. */
  forMatch(matchId) {
    if (matchId === this.dealMatch) return;
    this.dealMatch = matchId;
    this.commits.clear();
    this.dealt.clear();
    this.verified = [];
  }

  onState(snapshot) {
    const view = snapshot.view;
    this.players = snapshot.players;
    if (typeof snapshot.match_id === "string") this.forMatch(snapshot.match_id);
    if (view.phase === "over") {
      this.finals.set(snapshot.round, snapshot);
      this.record(snapshot.round);
    }
    // The dealt hand, when this round was seen from its start (before any own move).
    if (!this.dealt.has(snapshot.round) && !view.history.some((h) => h.seat === view.seat)) {
      this.dealt.set(snapshot.round, { hand: [...view.rack], first: view.first, seats: view.seats, seat: view.seat });
      this.save();
    }
    if (this.pending) this.pending({ accepted: true, snapshot });
    this.ui.setSnapshot(snapshot);
    this.ui.schedule();
    this.render();
  }

  async verify(reveal) {
    const commit = this.commits.get(reveal.round);
    const dealt = this.dealt.get(reveal.round);
    let ok = null;                  // joined after the commit or the deal: nothing to check
    if (commit && dealt) {
      ok = (await call("room_verify", {
        commit, reveal, seats: dealt.seats, first: dealt.first, seat: dealt.seat, hand: dealt.hand,
      })).result;
      this.ui.toast(t(ok ? "dealVerified" : "dealFailed", { n: reveal.round }));
    }
    if (!this.verified.some((v) => v.round === reveal.round)) {
      this.verified = [...this.verified, { round: reveal.round, ok }].slice(-20);
    }
    this.save();
    this.render();
    if (ok === false) return;       // a deal that fails its check is not recorded
    this.seeds.set(reveal.round, reveal.seed);
    await this.record(reveal.round);
  }

  /** A round seen to its end with its seed revealed goes into this guest's own log, which
   * Python builds and replays (remi.host.room_guest_log), then into its history. The reveal
   * and the final state both ask; the records are made one after another, each on the
   * rounds the one before left. */
  record(round) {
    this.recording = this.recording.then(() => this.recordNow(round))
      .catch((error) => console.warn("room round not recorded:", error));
    return this.recording;
  }

  async recordNow(round) {
    const snapshot = this.finals.get(round);
    const seed = this.seeds.get(round);
    if (!snapshot || seed === undefined) return;
    this.finals.delete(round);
    this.seeds.delete(round);
    if (snapshot.match_id !== this.matchId) {
      this.matchId = snapshot.match_id;
      this.rounds = [];
    }
    if (this.rounds.some((r) => r.round === round)) return;
    const answer = (await call("room_guest_log", {  // refused when the reveal and history disagree
      match_id: this.matchId, players: snapshot.players, view: snapshot.view, round, seed, rounds: this.rounds,
    })).result;
    this.rounds = answer.rounds;
    this.save();
    this.ui.record(answer.log, snapshot);
  }

  /** Kept for a reload: who this guest is, its own record of the match, and what checks a
   * deal — its own commit and dealt hand for the rounds not checked yet (nothing of another
   * seat), and the checks shown so far. A save that fails (storage full) is told once and
   * the table plays on. */
  save() {
    if (this.left || this.hostClosed) return;
    const open = (round) => !this.verified.some((v) => v.round === round);
    try {
      localStorage.setItem(GUEST_KEY, JSON.stringify({
        link: this.link, name: this.name, password: this.password, token: this.token,
        match_id: this.matchId, rounds: this.rounds,
        deal: {
          match: this.dealMatch,
          commits: [...this.commits].filter(([round]) => open(round)),
          dealt: [...this.dealt].filter(([round]) => open(round)),
          verified: this.verified,             // the last 20 (verify())
        },
      }));
    } catch (error) {
      this.ui.notSaved(error);
    }
  }

  statusText() {
    return this.status.key ? t(this.status.key, this.status.params) : this.status.text;
  }

  /** A wrong password: the join dialog again, the refusal in it; the new password goes to
   * the host on the same connection (the Room checks it, not the link). Cancelled: the
   * panel keeps a button to try again. */
  async askPassword() {
    if (this.asking || this.left) return;
    this.asking = true;
    let who;
    try {
      who = await askJoin({ name: this.name, error: t("refusedPassword") });
    } finally {
      this.asking = false;
    }
    if (!who || this.left || this.hostClosed) return;
    this.name = who.name;
    this.password = who.password;
    this.status = { key: "connecting" };
    this.clearRefusal();
    this.render();
    if (this.conn?.state === "open") this.hello();   // else the next "open" says it
  }

  /** The refusal's banner goes once it no longer holds (a retry, a seat). */
  clearRefusal() {
    this.refusal = false;
    this.ui.clearRefusal?.();
  }

  /** Before the first snapshot the turn line says what the room panel says (waiting for a
   * seat, refused, connecting…), in the page's language. */
  turnLine() {
    if (this.ui.hasSnapshot?.() !== false || this.hostClosed || this.usedInvite) return;
    const keys = ["connecting", "waitingSeat", "refusedPassword", "refusedFull", "refusedToken", "hostAway"];
    if (this.status.key ? keys.includes(this.status.key) : this.status.text) this.ui.waiting(this.statusText());
  }

  render() {
    if (this.left) return;
    const panel = this.ui.panel;
    panel.hidden = false;
    panel.replaceChildren();
    panel.append(el("h3", "", t("room")));
    const status = el("p", "room-status", this.statusText());
    status.setAttribute("data-testid", "room-status");
    panel.append(status);
    this.turnLine();
    if (this.status.key === "refusedPassword" && !this.asking) {
      const retry = el("button", "move primary", t("retryPassword"));
      retry.type = "button";
      retry.setAttribute("data-testid", "retry-password");
      retry.addEventListener("click", () => this.askPassword());
      panel.append(retry);
    }
    if (this.conn?.reply && this.conn.state !== "open" && !this.conn.connects) {
      panel.append(el("p", "", t("replyToHost")), ...copyBox(this.conn.reply, "reply-out"));
    }
    const linked = this.conn?.state === "open";    // host gone: nobody is known to be there
    if (this.players.length) panel.append(seatList(this.players.map((p) => ({ ...p, online: linked && p.connected !== false, taken: true })), this.seat));
    for (const { round, ok } of this.verified) {
      const [kind, key] = ok === null ? ["muted", "dealUnchecked"]
        : ok ? ["verified", "dealVerified"] : ["warn", "dealFailed"];
      const line = el("p", kind, t(key, { n: round }));
      line.setAttribute("data-testid", "deal-check");
      panel.append(line);
    }
    panel.append(leaveButton(this.ui));
  }

  /** Leaving for good (not a drop): the host frees the seat, or a bot takes it over. */
  close() {
    if (this.left) return;
    this.left = true;
    this.pending?.({ accepted: false, error: "", rule: "", away: true });
    localStorage.removeItem(GUEST_KEY);
    try {
      if (this.seat !== null) this.send({ type: "leave" });
    } catch { /* the connection is gone already */ }
    setTimeout(() => this.conn?.close(), 300);     // let the message go before the channel
  }

  /** Another tab of this browser took the game (web/tabs.js): the connection drops as on a
   * page close (the host keeps the seat for a while) and the saved seat stays. */
  drop() {
    this.left = true;
    this.pending?.({ accepted: false, error: "", rule: "", away: true });
    this.conn?.close();
  }
}

// ------------------------------------------------------------------ dialogs

/** The host's room dialog; resolves with {room: room_create args, signalling, relays} or null.
 * `activeRoom`: "host" / "guest" when this page is in a room now (creating one ends it:
 * said in the dialog). */
export function askRoom(defaults) {
  const active = defaults.activeRoom;
  const dialog = el("dialog", "sheet dialog");
  dialog.setAttribute("data-testid", "room-dialog");
  const form = el("form");
  form.method = "dialog";
  const seatOptions = (index) => {
    const select = el("select");
    select.name = `seat${index}`;
    select.setAttribute("data-testid", `room-seat-${index}`);
    for (const [value, text] of [["guest", t("friend")], ...LEVELS.map((l) => [l, botName(l)])]) {
      const option = el("option", "", text);
      option.value = value;
      select.append(option);
    }
    select.value = index === 1 ? "guest" : "medium";
    return select;
  };
  const field = (label, input) => {
    const wrap = el("label", "field");
    wrap.append(el("span", "", label), input);
    return wrap;
  };
  const select = (name, options, value) => {
    const node = el("select");
    node.name = name;
    for (const [v, text] of options) {
      const option = el("option", "", text);
      option.value = v;
      node.append(option);
    }
    node.value = value;
    return node;
  };
  const input = (name, value = "", type = "text") => {
    const node = el("input");
    node.name = name;
    node.type = type;
    node.value = value;
    node.setAttribute("data-testid", `room-${name}`);
    return node;
  };
  const seats = select("seats", [["2", "2"], ["3", "3"], ["4", "4"]], "3");
  const seatBox = el("div", "grid-fields");
  const drawSeats = () => {
    seatBox.replaceChildren();
    for (let i = 1; i < Number(seats.value); i++) seatBox.append(field(t("seatN", { n: i + 1 }), seatOptions(i)));
  };
  seats.addEventListener("change", drawSeats);
  drawSeats();
  const relays = el("textarea");
  relays.name = "relays";
  relays.rows = 2;
  relays.value = savedRelays().join("\n");
  relays.setAttribute("data-testid", "room-relays");
  const grid = el("div", "grid-fields");
  grid.append(
    field(t("yourName"), Object.assign(input("name", defaults.name), { maxLength: 24 })),  // as guests' (remi/room.py)
    field(t("variant"), select("variant", [["etalat", t("etalat")], ["tabla", t("tabla")]], defaults.variant)),
    field(t("preset"), select("preset", [["platform", t("platform")], ["clasic", t("clasic")]], "platform")),
    field(t("seats"), seats),
    field(t("target"), select("target", [["", t("unlimited")], ...["500", "1000", "1500", "2500"].map((v) => [v, v])], "")),
    field(t("timerOpt"), select("timer", [["", t("none")], ["30", "30 s"], ["60", "60 s"]], "")),
    field(t("password"), input("password", "", "password")),
    field(t("visibility"), select("visibility", [["private", t("private")], ["public", t("public")]], "private")),
    field(t("signalling"), select("signalling", [["relay", t("byLink")], ["manual", t("byInvite")]], savedRelays().length ? "relay" : "manual")),
  );
  grid.lastChild.classList.add("wide");   // its choices are sentences: the whole row
  const check = (name, label, checked) => {
    const wrap = el("label", "check");
    const box = el("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = checked;
    wrap.append(box, el("span", "", ` ${label}`));
    return wrap;
  };
  const buttons = el("div", "sheet-buttons");
  const cancel = cancelButton(dialog);
  const create = el("button", "move primary", t("roomCreate"));
  create.value = "create";
  create.setAttribute("data-testid", "create-room");
  buttons.append(cancel, create);
  const lobby = lobbyList(dialog);
  form.append(el("h2", "", t("roomTitle")));
  if (active === "host" || active === "guest") {
    form.append(warningLine(t(active === "host" ? "activeHostRoom" : "activeGuestRoom"), "room-active-warning"));
  }
  form.append(lobby.box, grid, seatBox,
    check("double_rounds", t("doubleRounds"), true), check("three_doubles", t("threeDoubles"), false),
    check("midgame_join", t("midgameJoin"), true),
    field(t("relays"), relays), buttons);
  showPresetFor(form);                     // the rule preset: Etalat's only
  form.variant.addEventListener("change", () => showPresetFor(form));
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      lobby.close();
      dialog.remove();
      if (dialog.returnValue !== "create") return resolve(null);
      const list = relays.value.split(/\s+/).filter(Boolean);
      localStorage.setItem(RELAYS_KEY, list.join("\n"));
      const seatKinds = ["host", ...[...seatBox.querySelectorAll("select")].map((s) => s.value)];
      resolve({
        signalling: form.signalling.value === "relay" && list.length ? "relay" : "manual",
        relays: list,
        room: {
          variant: form.variant.value, seats: seatKinds, name: form.name.value.trim() || defaults.name,
          password: form.password.value, midgame_join: form.midgame_join.checked,
          visibility: form.visibility.value,
          options: {
            preset: form.preset.value, double_rounds: form.double_rounds.checked,
            three_doubles: form.three_doubles.checked,
            target: form.target.value ? Number(form.target.value) : null,
            timer: form.timer.value ? Number(form.timer.value) : null,
          },
        },
      });
    });
  });
}

/** Public tables announced on the saved relays (the arena): each with a Join button that
 * opens its link. */
/** A dialog's "Cancel": not a submit button, so Enter in a field submits with the form's
 * first submit button, the one that goes ahead (Cancel first, Enter cancelled). */
function cancelButton(dialog) {
  const cancel = el("button", "move ghost", t("cancel"));
  cancel.type = "button";
  cancel.value = "cancel";
  cancel.addEventListener("click", () => dialog.close("cancel"));
  return cancel;
}

function lobbyList(dialog) {
  const box = el("section", "lobby");
  box.setAttribute("data-testid", "lobby");
  const relays = savedRelays();
  if (!relays.length) return { box, close: () => {} };
  const list = el("ul", "lobby-tables");
  box.append(el("h3", "", t("lobby")), list);
  const draw = (tables) => {
    list.replaceChildren();
    if (!tables.length) list.append(el("li", "muted", t("lobbyEmpty")));
    for (const table of tables) {
      const item = el("li", "lobby-table");
      item.append(el("span", "", t("lobbyTable", {
        name: table.name, variant: t(table.variant), free: t("freeSeats", { n: table.free }), bots: table.bots,
      }) + (table.password ? ` · ${t("locked")}` : "")));
      const join = el("button", "chip", t("join"));
      join.type = "button";
      join.setAttribute("data-testid", "lobby-join");
      join.addEventListener("click", () => {
        dialog.close("cancel");
        location.href = linkWithRelays(table.link, relays);
        location.reload();
      });
      item.append(join);
      list.append(item);
    }
  };
  draw([]);
  const watcher = watchLobby({ relays, onchange: draw });
  return { box, close: () => watcher.close() };
}

/** The guest's join dialog: resolves with {name, password} or null. `error`: the reason
 * the last try was refused (a wrong password), shown in the dialog. */
export function askJoin(defaults) {
  const dialog = el("dialog", "sheet dialog");
  dialog.setAttribute("data-testid", "join-dialog");
  const form = el("form");
  form.method = "dialog";
  const name = el("input");
  name.name = "name";
  name.value = defaults.name;
  name.maxLength = 24;                // the room keeps 24 characters of a name
  name.setAttribute("data-testid", "join-name");
  const password = el("input");
  password.name = "password";
  password.type = "password";
  password.setAttribute("data-testid", "join-password");
  const label = (text, input) => {
    const wrap = el("label", "field");
    wrap.append(el("span", "", text), input);
    return wrap;
  };
  const buttons = el("div", "sheet-buttons");
  const cancel = cancelButton(dialog);
  const join = el("button", "move primary", t("join"));
  join.value = "join";
  join.setAttribute("data-testid", "join-room");
  buttons.append(cancel, join);
  form.append(el("h2", "", t("joinTitle")));
  if (defaults.error) {             // a retry: why the last try failed
    form.append(warningLine(defaults.error, "join-error"));
  }
  form.append(label(t("yourName"), name), label(t("password"), password), buttons);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  if (defaults.error) password.focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "join" ? { name: name.value.trim() || defaults.name, password: password.value } : null);
    });
  });
}
