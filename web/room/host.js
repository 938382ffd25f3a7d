// The host's table in a room: remi/host.py (through the engine) owns the Room; this file
// only carries text between it and the WebRTC peers of web/net/, passes the time, and saves
// the room after every change. No rule here. Its `backend` answers web/app.js's intents.

import { call, pageError } from "../engine.js";
import { t } from "../i18n.js";
import { hostRoom } from "../net/index.js";
import { el } from "../game/render.js";
import { copyBox, HOST_KEY, iceText, leaveButton, linkWithIce, linkWithRelays, nowS, seatList } from "./common.js";

const TICK_MS = 1000;
// A guest's flood never queues up before the engine: past twice the room's own limit (30 per
// 10 s in remi/room.py, which answers each refusal) a connection's messages are dropped here,
// unanswered, until its window allows. QA 41: 20 000 pings held the host's own moves for 7 s.
const SHIELD_LIMIT = 60;
const SHIELD_WINDOW_MS = 10_000;

export class HostTable {
  /** ui: {setSnapshot(snap), schedule(), toast(text), waiting(text), refused(text),
   * record(log, snap), leave(), panel: HTMLElement} */
  constructor(ui, net, roomInfo) {
    this.ui = ui;
    this.netConfig = net;             // {signalling, relays, iceServers, id, secret}
    this.roomInfo = roomInfo;
    this.peers = new Map();
    this.arrivals = new Map();        // peer id → times of its latest messages (the shield)
    this.invites = [];                // manual: [{invite, url, seat, form}]
    this.lastSnapshot = "";
    this.answers = 0;                 // engine answers received …
    this.drawn = { order: 0, room: JSON.stringify(roomInfo), snapshot: "" };   // … and the last drawn
    this.timer = null;
    this.closed = false;              // left: every later event is ignored (close())
    this.removing = null;             // the seat the host is removing a guest from (remove())
    this.shareOpen = false;           // the room's link during play: folded until opened
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
    const net = { signalling: choice.signalling, relays: choice.relays, iceServers: choice.iceServers };
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
    const { signalling, relays, id, secret, iceServers = [] } = this.netConfig;
    const room = id ? { id, secret } : null;
    // the link a guest opens: this page without its query (botDelay, worker… are this
    // page's own) + the room's fragment (and its relays and ICE servers)
    const baseUrl = location.origin + location.pathname;
    this.net = hostRoom(signalling === "relay" ? { signalling, relays, room, baseUrl, iceServers }
      : { signalling, baseUrl, iceServers });
    if (signalling === "relay") {
      await this.net.ready;
      Object.assign(this.netConfig, this.net.room);
      this.link = linkWithIce(linkWithRelays(this.net.link, relays), iceServers);
      if (this.roomInfo.visibility === "public") this.announce();
    }
    this.net.on("guest", (peer) => {
      if (this.closed) return peer.close();
      this.peers.set(peer.id, peer);
      // an invite is made for one seat: its guest's hello takes that seat while it is free
      const invited = this.invites.find((i) => peer.id === `invite-${i.invite}`)?.seat ?? null;
      peer.on("message", (text) => {
        if (this.flooding(peer.id)) return;
        this.engine("room_receive", { peer: peer.id, raw: String(text), invited })
          .catch((error) => console.warn("guest message refused:", error));   // the engine says why
      });
      peer.on("close", () => {
        this.peers.delete(peer.id);
        this.arrivals.delete(peer.id);
        this.engine("room_disconnect", { peer: peer.id });
      });
    });
    this.timer = setInterval(() => this.engine("room_tick"), TICK_MS);
  }

  /** Whether this connection's message comes past the shield's limit (then dropped). */
  flooding(peerId) {
    const now = performance.now();
    const times = (this.arrivals.get(peerId) ?? []).filter((time) => now - time < SHIELD_WINDOW_MS);
    this.arrivals.set(peerId, times);
    if (times.length >= SHIELD_LIMIT) return true;
    times.push(now);
    return false;
  }

  announce() {
    const seats = this.roomInfo.seats;
    this.net.announce?.({
      name: seats[0]?.name ?? "Remi", variant: this.roomInfo.variant, seats: seats.length,
      free: seats.filter((s) => s.kind === "guest" && !s.taken).length,
      bots: seats.filter((s) => s.is_bot).length,
      password: Boolean(this.roomInfo.password),   // needed or not (the Room checks it)
      // its STUN servers, for guests from the lobby; a TURN server's password is not
      // posted to public relays (such a guest uses its own, docs/protocol.md)
      ice: iceText((this.netConfig.iceServers ?? []).filter((server) => !server.username)),
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
    this.tellGone(this.roomInfo.seats, answer.room.seats);
    this.roomInfo = answer.room;
    // an invite serves once: gone when its seat is filled (a drop then needs a new one)
    this.invites = this.invites.filter((i) => !this.roomInfo.seats[i.seat]?.online);
    // the clock's seconds change at every tick (room_tick, each second): not a change to save
    // or to draw (the pages count them from the turn's first snapshot)
    const snapText = JSON.stringify(answer.snapshot && { ...answer.snapshot, clock_elapsed: undefined });
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
    const everyone = !this.roomInfo.seats.some((s) => s.kind === "guest" && !s.taken);
    if (!answer.snapshot) this.ui.waiting(t(this.roomInfo.started ? "dealing" : everyone ? "allSeated" : "waitingPlayers"));
  }

  /** A guest who left for good (`leave`) is said: its seat opened, or a bot took it. */
  tellGone(before, after) {
    before.forEach((seat, index) => {
      const now = after[index];
      if (seat.kind === "guest" && seat.taken && index !== this.removing
          && (now?.kind !== "guest" || !now.taken)) this.ui.toast(t("guestLeft", { name: seat.in_place_of ?? seat.name }));
    });
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
    // friends' seats nobody took go to bots for the match: asked first (a QA pass started
    // before its friends had joined, and their way in went with the panel's invites)
    const free = this.roomInfo.seats.filter((s) => s.kind === "guest" && !s.taken).length;
    if (!this.roomInfo.started && free && !window.confirm(t("startWithBots", { n: free }))) return;
    await this.engine("room_start");
    this.render();
  }

  /** Removing a guest (asked first): it is told `removed`, then its connection is cut, so a
   * page that ignores the message is gone too; before the match the seat opens again, during
   * it a bot plays it (remi/room.py `Room.remove`). */
  async remove(index) {
    const seat = this.roomInfo.seats[index];
    if (!seat || !window.confirm(t("removeConfirm", { name: seat.in_place_of ?? seat.name }))) return;
    let answer;
    this.removing = index;            // no "left the room" for it
    try {
      answer = await this.engine("room_remove", { seat: index });
    } catch (error) {                 // the seat changed meanwhile (the guest left)
      return this.ui.toast(await pageError(error));
    } finally {
      this.removing = null;
    }
    for (const id of answer.close ?? []) {
      const peer = this.peers.get(id);
      setTimeout(() => peer?.close(), 300);     // let the message go before the channel
    }
  }

  async newInvite(seat) {
    const invite = await this.net.invite();
    this.invites = this.invites.filter((i) => i.seat !== seat);
    this.invites.push({ ...invite, url: linkWithIce(invite.url, this.netConfig.iceServers ?? []), seat });
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
    panel.append(el("h2", "", `${t("room")} · ${t(info.variant)}`));
    panel.append(seatList(info.seats, info.seats.findIndex((s) => s.kind === "host"),
      (index) => this.remove(index)));
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
    // the link while someone can come in by it: a free seat, or a bot's for a newcomer
    const useful = info.seats.some((s) => s.kind === "guest" && !s.taken)
      || (info.midgame_join && info.started && !info.over && info.seats.some((s) => s.kind === "bot"));
    if (this.netConfig.signalling === "relay" && this.link && useful) {
      const share = [el("p", "muted", t("roomLink")), ...copyBox(this.link, "room-link", t("roomLink"))];
      if (info.started && !info.over) {
        // during play it is folded: only a newcomer for a bot's seat needs it (a QA pass: the
        // link and its QR code took 40 % of the table, the history shrank to two lines)
        const folded = el("details", "room-share");
        folded.open = this.shareOpen;
        folded.addEventListener("toggle", () => { this.shareOpen = folded.open; });
        const body = el("div", "room-share-body");
        body.append(...share);
        folded.append(el("summary", "", t("roomLinkFolded")), body);
        panel.append(folded);
      } else {
        panel.append(...share);
      }
    }
    // an invite is single-use: a free seat needs one, and so does a guest who dropped
    const open = info.seats.map((s, i) => [s, i])
      .filter(([s]) => s.kind === "guest" && (!s.taken || !s.online));
    if (this.netConfig.signalling === "manual" && open.length) {
      for (const [seat, index] of open) {
        const invite = this.invites.find((i) => i.seat === index);
        const block = el("div", "invite");
        const said = seat.taken ? t("reinvite", { name: seat.in_place_of ?? seat.name }) : t("invite", { n: index + 1 });
        block.append(el("p", "", said));
        if (invite) {
          block.append(...copyBox(invite.url, "invite-link", said), this.replyForm(invite));
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

  /** What to ask before the host leaves: its seated guests lose the room (i18n key). */
  leaveQuestion() {
    return this.roomInfo.seats.some((s) => s.kind === "guest" && s.taken) ? "leaveHostConfirm" : null;
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
