// The guest's table in a room: sends intents, draws the `state` snapshots it receives,
// adds its entropy to each deal and checks the reveal (remi.room.verify_reveal). A host's
// message is checked for shape before anything reads it. No rule here. Its `backend`
// answers web/app.js's intents.

import { call, pageError } from "../engine.js";
import { isTileName, t } from "../i18n.js";
import { joinRoom } from "../net/index.js";
import { askJoin } from "./dialogs.js";
import { el } from "../game/render.js";
import { copyBox, GUEST_KEY, iceOf, isInvite, leaveButton, relaysOf, savedIce, seatList } from "./common.js";

const PROTOCOL = 1;
const ANSWER_TIMEOUT_MS = 15000;
const HELLO_RETRY_MS = 4000;       // a hello unanswered this long is said again
const KEPT_ROUNDS = 20;            // the rounds whose deal and last snapshot are kept

const isSeat = (n, seats) => Number.isInteger(n) && n >= 0 && n < seats;
const isText = (value, max = 200) => typeof value === "string" && value.length <= max;

const isCount = (n, max = 10_000) => Number.isInteger(n) && n >= 0 && n <= max;
const isScore = (n) => Number.isInteger(n) && Math.abs(n) <= 1_000_000;
const isTiles = (list, max = 106) => Array.isArray(list) && list.length <= max && list.every(isTileName);
const absent = (value) => value === null || value === undefined;
/** A list of one per seat, each as `check` wants (or none, when `optional`). */
const perSeat = (list, seats, check, optional = false) =>
  (optional && absent(list)) || (Array.isArray(list) && list.length === seats && list.every((item) => check(item)));

/** A snapshot as the page draws it (remi/bridge.py, remi/room.py): every field the drawing
 * reads, of the right type and in range — a hostile host's one that passed a lighter check
 * was half applied, then failed to draw (QA 41). */
function isSnapshot(snap) {
  const view = snap?.view;
  if (!view || typeof view !== "object" || !Array.isArray(snap.players)) return false;
  const seats = view.seats;
  const seat = (n) => isSeat(n, seats);
  const common = Number.isInteger(seats) && seats >= 2 && seats <= 4 && snap.players.length === seats
    && snap.players.every((p) => p && typeof p === "object" && isText(p.name, 64))
    && isCount(snap.round, 1000) && snap.round >= 1
    && ["etalat", "tabla"].includes(view.variant) && isText(view.phase, 16)
    && seat(view.seat) && (view.to_play === null || seat(view.to_play))
    && isTileName(view.atu) && isCount(view.stock, 106) && (absent(view.drawn) || isTileName(view.drawn))
    && isTiles(view.rack) && perSeat(view.rack_sizes, seats, (n) => isCount(n, 106))
    && Array.isArray(view.history) && view.history.length <= 5000
    && view.history.every((h) => h && typeof h === "object" && seat(h.seat) && isText(h.action, 2000))
    && perSeat(view.scores, seats, isScore, true) && perSeat(view.racks, seats, isTiles, true)
    && perSeat(view.breakdown, seats, (row) => row && typeof row === "object"
      && Object.values(row).every((n) => typeof n === "boolean" || isScore(n)), true)
    && perSeat(snap.totals, seats, isScore)
    && (snap.legal === undefined || (Array.isArray(snap.legal) && snap.legal.every((a) => isText(a))))
    && (absent(snap.winners) || (Array.isArray(snap.winners) && snap.winners.every(seat)))
    && (absent(snap.reached) || (Array.isArray(snap.reached) && snap.reached.every(seat)))
    && (absent(snap.dice) || (typeof snap.dice === "object" && Array.isArray(snap.dice.throws)))
    && (absent(snap.sheet) || isSheet(snap.sheet, seats));
  if (!common) return false;
  if (view.variant === "tabla") {
    return perSeat(view.rows, seats, isTiles)
      && (absent(view.closing_formations) || (Array.isArray(view.closing_formations)
        && view.closing_formations.every((f) => isTiles(f))));
  }
  return isTiles(view.strip) && Array.isArray(view.strip_by) && view.strip_by.every(seat)
    && perSeat(view.opened, seats, (b) => typeof b === "boolean")
    && Array.isArray(view.table) && view.table.length <= 60 && view.table.every((f) => f && seat(f.owner)
      && isTiles(f.tiles, 13) && Array.isArray(f.credits) && f.credits.length === f.tiles.length
      && f.credits.every(seat))
    && (absent(view.twin_at) || (Array.isArray(view.twin_at) && view.twin_at.every((n) => isCount(n, 60))));
}

/** A room's running score sheet (remi/platform.py score_sheet): its rounds and totals. */
function isSheet(sheet, seats) {
  return typeof sheet === "object" && Array.isArray(sheet.rounds) && sheet.rounds.length <= 1000
    && sheet.rounds.every((row) => row && typeof row === "object" && isCount(row.round, 1000)
      && (absent(row.scores) || perSeat(row.scores, seats, isScore)))
    && perSeat(sheet.totals, seats, isScore) && Array.isArray(sheet.players) && sheet.players.length === seats;
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
    seats: () => Array.isArray(message.players) && message.players.length >= 2 && message.players.length <= 4
      && message.players.every((p) => p && typeof p === "object" && isText(p.name, 64)),
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
    this.hostClosed = false;    // the host closed the room (`closed`) or removed this guest (`removed`) …
    this.endKey = "hostClosed"; // … which this i18n key says
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
    // the host's ICE servers, named by its link; else this device's own
    const named = iceOf(this.link);
    try {
      this.conn = await joinRoom(this.link, { relays, password: "", iceServers: named.length ? named : savedIce() });
    } catch (error) {     // web/net's own words (English, and about its own password): the page's
      const why = String(error.message ?? error);
      this.status = why.startsWith("no answer") ? { key: "hostNoAnswer" }
        : { key: "connectFailed", params: { why: why.replace(/^connection failed: /, "") } };
      this.render();
      throw new Error(this.statusText());
    }
    if (this.left) return this.conn.close();
    const on = (name, handler) => this.conn.on(name, (...args) => { if (!this.left) handler(...args); });
    on("message", (text) => this.receive(String(text)));
    on("open", () => { this.status = { key: "connected" }; this.hello(); this.render(); });
    on("reconnecting", () => {
      this.status = { key: "hostAway" };
      this.ui.waiting(t("hostAway"));   // the turn line too (a QA pass read "Your turn" there)
      this.render();
    });
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
    if (this.hostClosed) return this.endKey;
    return isInvite(this.link) ? "hostGoneInvite" : "hostAway";
  }

  /** The turn line's text while the host cannot answer (null: the snapshot's own). */
  turnNote() {
    if (this.left) return null;
    if (this.hostClosed || this.usedInvite || this.conn?.state === "closed") return t(this.awayKey());
    if (this.status.key === "hostAway") return t("hostAway");   // not "the host is thinking"
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
        const reason = { password: "refusedPassword", full: "refusedFull", token: "refusedToken",
          wait: "refusedWait" }[message.reason];
        this.status = reason ? { key: reason } : { text: await pageError(message.error) };
        if (message.reason === "token") this.token = null;
        this.refusal = true;
        this.ui.refused(this.statusText());
        this.render();                    // the turn line says it too (no longer "Connecting…")
        if (message.reason === "password") await this.askPassword();
      },
      waiting: () => { this.status = { key: "waitingSeat" }; this.render(); },
      seats: () => {                  // before the deal: who sits where now
        if (this.ui.hasSnapshot()) return;
        this.players = message.players;
        this.render();
      },
      closed: () => this.ended("hostClosed"),    // the host left: the room is gone
      removed: () => this.ended("removedByHost"),  // the host removed this guest
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

  /** The host ended this guest's part in the room (`closed`, `removed`): nothing comes
   * back, so the saved seat and the link go (a reload plays solo); the last state stays,
   * with no move left to make. */
  ended(key) {
    this.hostClosed = true;
    this.endKey = key;
    this.status = { key };
    this.pending?.({ accepted: false, error: t(key), rule: "", away: true });
    localStorage.removeItem(GUEST_KEY);
    history.replaceState(null, "", location.pathname + location.search);
    this.conn.close();
    this.ui.tableEnded();
    this.ui.waiting(t(key));
    this.render();
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
    // a host that numbers its rounds at will does not grow them without end (QA 41)
    for (const map of [this.finals, this.dealt]) {
      while (map.size > KEPT_ROUNDS) map.delete(map.keys().next().value);
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
   * seat, refused, connecting…), in the page's language; refused for a full table, the way
   * out instead (the banner and the panel say why: a QA pass read it three times). */
  turnLine() {
    if (this.ui.hasSnapshot?.() !== false || this.hostClosed || this.usedInvite) return;
    if (this.status.key === "refusedFull") return this.ui.waiting(t("refusedWayOut"));
    const keys = ["connecting", "waitingSeat", "refusedPassword", "refusedWait", "refusedFull", "refusedToken", "hostAway",
      "hostNoAnswer", "connectFailed"];
    if (this.status.key ? keys.includes(this.status.key) : this.status.text) this.ui.waiting(this.statusText());
  }

  render() {
    if (this.left) return;
    const panel = this.ui.panel;
    panel.hidden = false;
    panel.replaceChildren();
    panel.append(el("h2", "", t("room")));
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
    if (this.status.key === "refusedWait") {      // someone guessed passwords: later, the same hello
      const again = el("button", "move primary", t("tryAgain"));
      again.type = "button";
      again.setAttribute("data-testid", "retry-hello");
      again.addEventListener("click", () => {
        this.status = { key: "connecting" };
        this.clearRefusal();
        this.render();
        if (this.conn?.state === "open") this.hello();
      });
      panel.append(again);
    }
    if (this.conn?.reply && this.conn.state !== "open" && !this.conn.connects) {
      panel.append(el("p", "", t("replyToHost")), ...copyBox(this.conn.reply, "reply-out", t("replyToHost")),
        // a used invite gives a reply code too, which no host takes: said before the wait (a QA pass)
        el("p", "muted", t("inviteOnce")));
    }
    const linked = this.conn?.state === "open";    // host gone: nobody is known to be there
    // a seat nobody has taken yet (before the deal) has no name: "(friend)", as the host sees it
    const seen = (p) => (!p.is_bot && !p.name ? { ...p, kind: "guest", taken: false, online: false }
      : { ...p, online: linked && p.connected !== false, taken: true });
    if (this.players.length) panel.append(seatList(this.players.map(seen), this.seat));
    for (const { round, ok } of this.verified) {
      const [kind, key] = ok === null ? ["muted", "dealUnchecked"]
        : ok ? ["verified", "dealVerified"] : ["warn", "dealFailed"];
      const line = el("p", kind, t(key, { n: round }));
      line.setAttribute("data-testid", "deal-check");
      panel.append(line);
    }
    panel.append(leaveButton(this.ui));
  }

  /** What to ask before this guest leaves a match under way: a bot plays its seat (i18n key). */
  leaveQuestion() {
    return this.seat !== null && this.ui.hasSnapshot?.() && !this.hostClosed ? "leaveGuestConfirm" : null;
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
