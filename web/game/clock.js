// The turn clock (C8) of the player's own turns. It only counts and shows the seconds; what
// a timeout does is the engine's (the page asks it when the clock runs out, in single
// player; in a room the host's engine applies C8). Another person's turn at a room's table
// is watched: its seconds are shown from the turn's snapshot on, nothing is asked at 0 (a QA
// pass could not tell how long a stalling friend had left).

const CLOCK_KEY = "remi.clock";
const seenAt = new WeakMap();      // a room's snapshot → when this page first ran the clock on it

export class TurnClock {
  /** `scale` shrinks the clock (tests); `onExpire()` is called once when it has run out and
   * `busy()` is false (an intent under way finishes first). */
  constructor({ scale = 1, busy, onExpire }) {
    this.scale = scale;
    this.busy = busy;
    this.onExpire = onExpire;
    this.turn = null;
    this.watching = false;            // another person's turn: shown only, never stored
    this.deadline = 0;
    this.handle = null;
    addEventListener("pagehide", () => this.save());
  }

  /** The turn's time left, stored (see msLeft). */
  save() {
    if (this.turn === null || this.watching) return;
    this.savedAt = performance.now();
    remember(this.turn, this.deadline - this.savedAt);
  }

  stop() {
    this.save();
    clearInterval(this.handle);
    this.handle = null;
    this.turn = null;
  }

  /** Run for the snapshot's turn when the table has a timer and the player, or another
   * person (watched), is to play. */
  run(snap) {
    const seconds = snap?.view.options.timer;
    if (!seconds || !(snap.my_turn || personToPlay(snap))) {
      this.stop();
      return;
    }
    const turn = `${snap.match_id}/${snap.round}/${snap.view.turn}`;
    const fresh = this.turn !== turn;
    // A room's snapshot says how long the host's clock has run the turn, and that clock
    // decides (C8): every page counts from the latest snapshot's word, at each snapshot —
    // a page reloaded mid-turn showed another's turn from full, and a host's reload left the
    // others' pages counting to 0 while the host's clock still ran (QA passes). Single
    // player counts the page's own stored time (msLeft).
    const hosted = Number.isFinite(snap.clock_elapsed);
    if (fresh) {
      this.stop();
      this.turn = turn;
      this.watching = !snap.my_turn;
      this.savedAt = performance.now();
      if (!hosted) this.deadline = performance.now() + msLeft(turn, seconds * 1000 * this.scale);
    }
    if (hosted) {
      if (!seenAt.has(snap)) seenAt.set(snap, performance.now());
      this.deadline = seenAt.get(snap) + Math.max(0, seconds - snap.clock_elapsed) * 1000 * this.scale;
    }
    if (fresh || (!this.handle && this.secondsLeft() > 0)) {
      clearInterval(this.handle);
      this.handle = setInterval(() => this.tick(), 250);
    }
    this.tick();
  }

  secondsLeft() {
    return Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000 / this.scale));
  }

  /** Show the seconds left in the page's `.clock` (the turn line draws it); a turn the clock
   * does not run yet (its line is drawn first) shows its `full` time, not the last turn's 0. */
  show(full = 0) {
    const left = this.turn === null ? full : this.secondsLeft();
    const clock = document.querySelector(".clock");
    if (clock) {
      clock.textContent = `${left} s`;
      clock.classList.toggle("low", left <= 10);
    }
    return left;
  }

  tick() {
    if (performance.now() - this.savedAt >= 1000) this.save();
    if (this.show() > 0 || this.busy()) return;
    if (this.watching) {                  // the host's clock decides: 0 stays shown
      clearInterval(this.handle);
      this.handle = null;
      return;
    }
    this.stop();
    this.onExpire();
  }
}

/** Another person is to play (a room's host or guest; a bot's turn has no clock shown). */
export function personToPlay(snap) {
  const view = snap.view;
  return view.phase !== "over" && view.to_play !== null && view.to_play !== view.seat
    && !snap.players?.[view.to_play]?.is_bot;
}

// A turn's time left outlives a reload and a closed page: it is stored with the turn's id
// every second (and as the page goes), so a reload gives no fresh clock, and the time the page
// was closed does not count (a QA pass came back to a game against bots to find its turn
// played by the clock).
function msLeft(turn, full) {
  try {
    const saved = JSON.parse(localStorage.getItem(CLOCK_KEY) ?? "null");
    if (saved?.turn === turn && Number.isFinite(saved.left)) return Math.min(full, saved.left);
  } catch { /* a broken entry: a full clock */ }
  remember(turn, full);
  return full;
}

function remember(turn, left) {
  try {
    localStorage.setItem(CLOCK_KEY, JSON.stringify({ turn, left: Math.max(0, Math.round(left)) }));
  } catch { /* storage full: a reload gives a full clock */ }
}
