// Drawing the table from a snapshot (remi/bridge.py). Pure DOM: no rule is decided
// here; `legal` only marks what may be clicked.
import { describe, jokerNumbers, levelName, playerLabel, ruleName, t, tileLabel } from "../i18n.js";
import { backEl, tileEl } from "./tiles.js";

const $ = (id) => document.getElementById(id);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The seat's display name: "Tu" for the local player, "AI greu" for a bot. */
export function seatName(snap, seat) {
  return playerLabel(snap.players, seat, snap.view.seat);
}

/** A table of bots only, watched from a bot's seat: nothing on it is "yours". */
export function watching(snap) {
  return !!snap.players?.[snap.view.seat]?.is_bot;
}

/** Which strip depths / actions the legal list offers. */
export function legalInfo(snap) {
  const legal = snap.legal ?? [];
  const takes = new Set();
  const closes = new Set();
  const discards = new Set();
  for (const action of legal) {
    const words = action.split(" ");
    if (words[0] === "take") takes.add(Number(words[1] ?? 1));
    if (words[0] === "close") closes.add(words[1]);
    if (words[0] === "discard") discards.add(words[1]);
  }
  return {
    draw: legal.includes("draw"), atu: legal.includes("atu"), takes, closes, discards,
    open: legal.some((a) => a.startsWith("open")),
  };
}

function seatCard(snap, seat, { mine = false } = {}) {
  const view = snap.view;
  const player = snap.players[seat];
  const card = el("div", "seat");
  card.dataset.testid = "seat";
  card.setAttribute("data-testid", "seat");
  card.dataset.seat = seat;
  if (view.to_play === seat) card.classList.add("to-play");
  if (mine) card.classList.add("mine");
  const head = el("div", "seat-head");
  const name = el("span", "seat-name", player.is_bot ? t("ai") : seatName(snap, seat));
  head.append(name);
  if (player.is_bot) {
    head.append(el("span", `level level-${player.level}`, levelName(player.level)));
    const suffix = seatName(snap, seat).match(/#\d+$/);
    if (suffix) head.append(el("span", "seat-no", suffix[0]));
    if (player.in_place_of) head.append(el("span", "seat-no", player.in_place_of));  // stands in
  }
  card.append(head);
  const info = el("div", "seat-info");
  const size = el("span", "rack-size");
  size.dataset.testid = "rack-size";
  size.setAttribute("data-testid", "rack-size");
  size.title = t("tiles", { n: view.rack_sizes[seat] });
  size.append(backEl(true), el("b", "", String(view.rack_sizes[seat])));
  info.append(size);
  if (view.variant === "etalat" && view.opened) {
    // the chip's word, and a short one for a phone's narrow seat card (style.css shows one)
    const key = view.opened[seat] ? "opened" : "notOpened";
    const badge = el("span", `badge opened-chip ${view.opened[seat] ? "on" : ""}`);
    badge.dataset.testid = "opened-chip";
    badge.setAttribute("data-testid", "opened-chip");
    badge.title = t(key);
    badge.append(el("span", "word-full", t(key)), el("span", "word-short", t(`${key}Short`)));
    info.append(badge);
  }
  const total = el("span", "seat-score", String(snap.totals[seat]));
  total.title = t("score");
  info.append(total);
  card.append(info);
  // heard as one line (titles are not read): "AI greu #2: 14 piese, etalat, Scor 120, la mutare"
  const said = [t("tiles", { n: view.rack_sizes[seat] })];
  if (view.variant === "etalat" && view.opened) said.push(t(view.opened[seat] ? "opened" : "notOpened"));
  said.push(`${t("score")} ${snap.totals[seat]}`);
  if (view.to_play === seat) said.push(t("seatToPlay"));
  card.setAttribute("role", "group");
  card.setAttribute("aria-label", `${seatName(snap, seat)}: ${said.join(", ")}`);
  head.setAttribute("aria-hidden", "true");
  info.setAttribute("aria-hidden", "true");
  if (view.to_play === seat && player.is_bot) card.append(el("div", "thinking", "···"));
  return card;
}

export function renderSeats(snap) {
  const view = snap.view;
  const box = $("opponents");
  box.replaceChildren();
  for (let i = 1; i < view.seats; i++) {
    const seat = (view.seat + i) % view.seats;
    box.append(seatCard(snap, seat));
  }
  const me = $("me");
  me.replaceChildren(seatCard(snap, view.seat, { mine: true }), el("div", "turn-info"));
  me.querySelector(".turn-info").id = "turn-info";
}

export function renderPiles(snap, info) {
  const view = snap.view;
  $("stock-count").textContent = String(view.stock);
  const stock = $("stock");
  stock.classList.toggle("takeable", info.draw);
  stock.disabled = !info.draw;
  const stack = stock.querySelector(".stock-stack");
  stack.replaceChildren(...Array.from({ length: Math.min(4, Math.ceil(view.stock / 15)) },
    () => backEl(false)));
  const slot = $("atu-tile");
  slot.replaceChildren();
  const atu = $("atu");
  atu.classList.toggle("takeable", info.atu);
  atu.classList.toggle("taken", view.atu_taken_by !== null && view.atu_taken_by !== undefined);
  atu.classList.toggle("double", !!view.double_round);
  const tile = tileEl(view.atu, { small: true });
  if (atu.classList.contains("taken")) tile.setAttribute("aria-label", `${tileLabel(view.atu)}, ${t("atuTaken")}`);
  if (info.atu) { tile.dataset.drag = "atu"; atu.dataset.drag = "atu"; } else delete atu.dataset.drag;
  slot.append(tile);
  atu.title = view.double_round ? t("double") : t("atu");
}

export function renderStrip(snap, info) {
  const view = snap.view;
  const strip = $("strip");
  strip.replaceChildren();
  const n = view.strip.length;
  view.strip.forEach((name, index) => {
    const depth = n - index;
    const tile = tileEl(name, { small: true });
    tile.dataset.index = index;
    tile.dataset.depth = depth;
    if (index === 0) {
      tile.classList.add("head");
      tile.title = t("head");
      tile.setAttribute("aria-label", `${tileLabel(name)}, ${t("head")}`);
    }
    if (info.takes.has(depth)) {
      tile.classList.add("takeable");
      tile.dataset.drag = "strip";
      tile.tabIndex = 0;
      tile.setAttribute("role", "button");
      // what Enter does: the top tile, the cut (E6) with every tile after it, or on a short
      // rack the whole strip but its head, with nothing to lay (E7: a QA pass read it as E6)
      const key = depth === 1 ? "takeTile" : depth === snap.short_rack_take ? "takeWholeStrip" : "breakStrip";
      tile.setAttribute("aria-label", t(key, { tile: tileLabel(name), n: depth - 1 }));
    }
    if (index === n - 1 && snap.fresh === "strip") tile.classList.add("fresh");
    strip.append(tile);
  });
  if (n) {
    const head = el("span", "head-label", t("head"));
    head.setAttribute("aria-hidden", "true");   // the head tile's name says it (QA 40: twice)
    strip.prepend(head);
  }
}

export function renderFormations(snap, selectedOne) {
  const view = snap.view;
  const box = $("formations");
  box.replaceChildren();
  box.setAttribute("aria-label", t("ariaFormations"));   // Tablă's rows say "Rows"
  delete box.dataset.rows;
  const byOwner = new Map();
  view.table.forEach((formation, index) => {
    if (!byOwner.has(formation.owner)) byOwner.set(formation.owner, []);
    byOwner.get(formation.owner).push({ ...formation, number: index + 1 });
  });
  const owners = [...byOwner.keys()].sort(
    (a, b) => ((a - view.seat + view.seats) % view.seats) - ((b - view.seat + view.seats) % view.seats));
  for (const owner of owners) {
    const group = el("div", "owner-group");
    group.dataset.owner = owner;
    group.append(el("div", "owner-name", seatName(snap, owner)));
    const list = el("div", "owner-formations");
    for (const formation of byOwner.get(owner)) {
      const button = el("button", "formation");
      button.type = "button";
      button.dataset.testid = "formation";
      button.setAttribute("data-testid", "formation");
      button.dataset.number = formation.number;
      button.dataset.drop = "formation";
      if (selectedOne) button.classList.add("target");
      if (snap.freshFormation === formation.number) button.classList.add("fresh");
      button.append(el("span", "formation-number", String(formation.number)));
      // its number is what the digit keys type; with a tile selected, Enter attaches it
      // a tile someone else put there says whose points it is (E8, E9): its faint foot said
      // nothing to a QA pass
      const credit = (i) => (formation.credits[i] !== formation.owner
        ? t("creditedTo", { name: seatName(snap, formation.credits[i]) }) : "");
      // a joker says what it stands for (QA 40: "3 roșu, joker" left its end unsaid)
      const jokers = jokerNumbers(formation.tiles);
      const said = (name, i) => (jokers[i] ? t("jokerAs", { n: jokers[i] }) : tileLabel(name));
      // the atu's twin that scores its +50 (E13), whose it is (QA 39: unmarked until the end)
      const twinAt = view.twin_at?.[0] === formation.number - 1 ? view.twin_at[1] : -1;
      const twin = (i) => (i === twinAt
        ? t("twinLaid", { name: seatName(snap, formation.credits[i]) }) : "");
      const tiles = formation.tiles.map((name, i) => [said(name, i), credit(i), twin(i)].filter(Boolean).join(" "));
      const named = t("formationNamed", { n: formation.number, tiles: tiles.join(", ") });
      button.setAttribute("aria-label", selectedOne ? `${named}; ${t("attachHere")}` : named);
      formation.tiles.forEach((name, i) => {
        const tile = tileEl(name, { small: true });
        if (credit(i)) tile.classList.add("credited");
        if (twin(i)) tile.classList.add("twin");
        const title = [credit(i), twin(i)].filter(Boolean).join(" ");
        if (title) tile.title = title;
        button.append(tile);
      });
      list.append(button);
    }
    group.append(list);
    box.append(group);
  }
}

export function renderRows(snap, info) {
  const view = snap.view;
  const box = $("formations");
  box.replaceChildren();
  box.setAttribute("aria-label", t("rows"));
  box.dataset.rows = view.seats;        // four rows go two by two, not three and one
  // where this seat discards (T2): while it plays, not after the round or for a watcher
  const target = view.phase === "over" || watching(snap) ? -1 : (view.seat + 1) % view.seats;
  for (let i = 0; i < view.seats; i++) {
    const seat = (view.seat + i) % view.seats;
    const wrap = el("div", "row-wrap");
    const yours = seat === view.seat && !watching(snap);
    const label = el("div", "owner-name", yours ? t("rowYours") : `${t("row")} · ${seatName(snap, seat)}`);
    // said, not only marked (a QA pass saw a tiny ⇠ and nothing else)
    if (seat === target) label.append(el("span", "sr-only", " · "), el("span", "discard-here", t("discardHere")));
    wrap.append(label);
    const row = el("div", "tile-row");
    row.dataset.testid = "row";
    row.setAttribute("data-testid", "row");
    row.dataset.seat = seat;
    // the whole box takes a dropped tile, its heading too (a QA pass: a drop on the heading
    // of the row one discards into did nothing)
    if (seat === target) {
      wrap.dataset.drop = "discard";
      row.classList.add("discard-target");
      wrap.classList.add("discard-target");
    } else {
      wrap.dataset.drop = "row";      // a tile dropped here is told where discards go (T2)
    }
    if (seat === view.seat) row.classList.add("own");
    const tiles = view.rows[seat];
    tiles.forEach((name, index) => {
      const tile = tileEl(name, { small: true });
      const top = index === tiles.length - 1;
      if (top) tile.classList.add("top");
      // a joker on top of any row is no free draw for its owner (T5): marked on every row,
      // the one discarded into too (a QA pass saw it marked on the player's own row only)
      if (top && name === "J") {
        tile.classList.add("blocked");
        tile.title = `${ruleName("T5")} (T5)`;
        tile.setAttribute("aria-label", `${tileLabel(name)}, ${tile.title}`);
      }
      if (top && seat === view.seat) {
        if (info.takes.size) {
          tile.classList.add("takeable");
          tile.dataset.drag = "row";
          tile.tabIndex = 0;
          tile.setAttribute("role", "button");
          tile.setAttribute("aria-label", t("takeFromRow", { tile: tileLabel(name) }));
        }
      }
      if (top && snap.freshRow === seat) tile.classList.add("fresh");
      row.append(tile);
    });
    if (!tiles.length) row.append(nothing());
    wrap.append(row);
    box.append(wrap);
  }
}

/** A dash where a row or rack holds no tile, said in words (QA 40: a screen reader read "—"). */
function nothing() {
  const dash = el("span", "empty", "—");
  dash.setAttribute("role", "img");
  dash.setAttribute("aria-label", t("noTiles"));
  return dash;
}

/** Who closed, with the tile that closed (a QA pass found it only in the history). */
function closedLine(snap) {
  const view = snap.view;
  if (view.closer === null) return "";
  const you = view.closer === view.seat && !snap.players[view.closer]?.is_bot;
  // a close with the atu (the engine marks it T7) says so (a QA pass read a plain close)
  const closing = (view.history ?? []).findLast((entry) => entry.seat === view.closer);
  if (closing) return `${describe(closing, seatName(snap, view.closer), you, view.variant)}.`;
  return you ? t("youClosed") : t("closedBy", { name: seatName(snap, view.closer) });
}

/** The parts of a line joined by dots, each sentence's full stop dropped where a dot joins
 * it to the next part ("…albastru. · Rundă dublă"); empty parts left out. */
export function joinParts(parts) {
  const kept = parts.filter(Boolean);
  return kept.map((part, i) => (i < kept.length - 1 ? part.replace(/\.$/, "") : part)).join(" · ");
}

/** Who asked for the redeal ("3 doubles"), and what it means: nobody scores. */
function redealLine(snap) {
  const view = snap.view;
  const seat = view.history.findLast((entry) => entry.action === "redeal").seat;   // the engine's entry
  const you = seat === view.seat && !watching(snap);
  return you ? t("youRedealt") : t("endRedeal", { name: seatName(snap, seat) });
}

function historyLine(snap, entry) {
  const view = snap.view;
  // a room's entry played by someone no longer in the seat (a stand-in, a guest since gone)
  const by = entry.player && typeof entry.player === "object" ? entry.player : null;
  const you = !by && entry.seat === view.seat && !watching(snap);
  const name = by ? playerLabel([by], 0) : seatName(snap, entry.seat);
  return describe(entry, name, you, view.variant)
    + (entry.auto ? ` (${t("auto")})` : "");
}

/** C3: who rolled what for the first deal (a room's snapshot: checked before it is drawn). */
function diceLine(snap) {
  const { throws, dealer } = snap.dice ?? {};
  const seats = snap.view.seats;
  const roll = (r) => Number.isInteger(r) && r >= 0 && r <= 6;
  if (!Array.isArray(throws) || !throws.length || !throws.every((th) => Array.isArray(th)
    && th.length === seats && th.every(roll)) || !Number.isInteger(dealer) || dealer < 0 || dealer >= seats) {
    return "";
  }
  const said = throws.map((th) => th.map((r, seat) => (r ? `${seatName(snap, seat)}: ${r}` : ""))
    .filter(Boolean).join(" · "));
  return t("dice", { throws: said.join(`; ${t("diceAgain")}: `), dealer: seatName(snap, dealer) });
}

/** How a finished round is named: the match's end, a round given back by a redeal (no one
 *  scored: QA 39b read "Round 1 is over" for it), or the round's end. */
export function roundOverLine(snap) {
  if (snap.match_over) return t("matchOver");
  return t(snap.view.end === "redeal" ? "roundRedealt" : "roundOver", { n: snap.round });
}

export function renderHistory(snap) {
  const view = snap.view;
  const list = $("history");
  const lines = view.history.slice(-80).reverse();  // newest first: no scrolling needed
  list.replaceChildren(...lines.map((entry) => el("li", entry.auto ? "auto" : "", historyLine(snap, entry))));
  // a double round is said where the round begins (a QA pass saw only the atu's small ×2)
  if (view.double_round) list.append(el("li", "double-note", t("doubleNote")));
  const dice = snap.round === 1 && diceLine(snap);
  if (dice) list.append(el("li", "dice muted", dice));    // the match's first line, so last
  else if (!lines.length) list.append(el("li", "muted", "—"));
  announce(snap);
}

const heard = { round: null, moves: 0, myTurn: false };

/** What changed since the last snapshot, for screen readers (a polite live region): the
 * moves made since (a reload or a new round says none of the old ones) and the player's turn. */
function announce(snap) {
  const view = snap.view;
  const round = `${snap.match_id}/${snap.round}`;
  const moves = view.history.length;
  const said = [];
  // a new deal is said; the player's own moves are not said back (the clock's are)
  if (heard.round && heard.round !== round) {
    said.push(t("roundStarts", { n: snap.round }), ...(view.double_round ? [t("doubleNote")] : []));
  }
  const own = (entry) => entry.seat === view.seat && !entry.auto && !entry.player && !watching(snap);
  const fresh = heard.round === round && moves > heard.moves ? view.history.slice(heard.moves) : [];
  said.push(...fresh.filter((entry) => !own(entry)).slice(-6).map((entry) => historyLine(snap, entry)));
  // but the stock's tile, which only the player sees, is said (QA 40: never told what S drew)
  if (view.drawn && fresh.some((entry) => own(entry) && entry.action === "draw")) {
    said.push(t("youDrew", { tile: tileLabel(view.drawn) }));
  }
  if (snap.my_turn && !heard.myTurn) said.push(t("yourTurn"));
  if (view.phase === "over" && heard.round === round && heard.moves !== moves) {
    said.push(roundOverLine(snap));
    if (view.scores) {
      const scores = view.scores.map((score, seat) => `${seatName(snap, seat)} ${score > 0 ? "+" : ""}${score}`);
      said.push(t("roundScores", { scores: scores.join(", ") }));
    }
  }
  Object.assign(heard, { round, moves, myTurn: !!snap.my_turn });
  if (said.length) $("announce").textContent = said.join(". ");
}

const COLUMNS = ["laid", "rack", "unopened", "closing", "twin", "jokers", "floor", "double"];
// the rule each scoring column comes from (E13's parts, E10's joker, C7's doubling; T8)
const ETALAT_RULES = { unopened: "E13", closing: "E13", twin: "E13", jokers: "E10", floor: "E13", double: "C7" };
const TABLA_RULES = { closing: "T8", twin: "T8", double: "C7" };
const COLUMN_KEYS = {
  laid: "colLaid", rack: "colRack", unopened: "colUnopened", closing: "colClosing",
  twin: "colTwin", jokers: "colJokers", floor: "colFloor", double: "colDouble",
};

/** The round-end panel; `ownOrder`, the player's rack as arranged (shown so, not in the
 * engine's order: a QA pass did not recognise its own rack). */
export function renderScores(snap, ownOrder = null) {
  const view = snap.view;
  const rows = view.breakdown ?? [];
  // laid and rack always; any other column only when it scored for someone this round
  // (a phone has no room for a row of zeros)
  const shown = (key) => ["laid", "rack"].includes(key) || rows.some((row) => row[key]);
  const keys = COLUMNS.filter((key) => rows.some((row) => key in row));
  const extra = rows.length ? Object.keys(rows[0]).filter(
    (key) => key !== "total" && !keys.includes(key)) : [];
  const cols = [...keys, ...extra].filter(shown);
  const table = $("scores");
  table.replaceChildren();
  const head = el("tr");
  head.append(el("th", "", t("colSeat")));
  // each header in full and short (a phone shows the short one, the full one is its title)
  const header = (textKey, className = "") => {
    const th = el("th", className);
    th.title = t(textKey);
    th.append(el("span", "col-full", t(textKey)), el("span", "col-short", t(`${textKey}Short`)));
    return th;
  };
  // Tablă (T1, T8): nothing is laid, the closer shows formations, and no closing bonus
  // exists: that column is the ×2 of a close with a joker discard
  const tabla = { laid: "colShown", closing: "colJokerClose" };
  const textKey = (key) => (view.variant === "tabla" && tabla[key]) || COLUMN_KEYS[key];
  // a column that only some seats score names its rule on hover (QA 41b: a closer's "Jokeri
  // −50" said no why, where an unopened rack's dash said E13)
  for (const key of cols) {
    const th = textKey(key) ? header(textKey(key)) : el("th", "", key);
    const rule = (view.variant === "tabla" ? TABLA_RULES : ETALAT_RULES)[key];
    if (rule) th.title = `${th.title} (${rule})`;
    head.append(th);
  }
  head.append(header("colTotal", "total"), header("colMatch", "total"));
  // the short headers in full under the table (a phone shows it: a touch shows no title, and
  // a QA pass could not read "Arăt. / Răm. / Gem.")
  const legend = [...cols.map(textKey).filter(Boolean), "colTotal", "colMatch"]
    .filter((key) => t(`${key}Short`) !== t(key))
    .map((key) => el("span", "", `${t(`${key}Short`)} = ${t(key)}`));   // each on one line
  $("scores-legend").replaceChildren(...legend.flatMap((item, i) => (i ? [" · ", item] : [item])));
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  rows.forEach((row, seat) => {
    const tr = el("tr", seat === view.seat && !watching(snap) ? "mine" : "");
    if (snap.match_over && snap.winners.includes(seat)) tr.classList.add("winner");
    tr.dataset.seat = seat;
    // the closer's star stays on its name's last line (a no-break space): never a line of its own
    tr.append(el("th", "", seatName(snap, seat) + (view.closer === seat ? "\u00a0★" : "")));
    for (const key of cols) {
      const value = row[key] ?? 0;
      // a seat never opened: its rack is not counted (E13, a flat −100), not a rack worth 0
      // beside its tiles (a QA pass)
      if (key === "rack" && row.unopened && !value) {
        tr.append(Object.assign(el("td", "zero", "—"), { title: t("rackNotCounted") }));
        continue;
      }
      tr.append(el("td", value < 0 ? "neg" : value > 0 ? "pos" : "zero", String(value)));
    }
    tr.append(el("td", "total", String(row.total)), el("td", "total match", String(snap.totals[seat])));
    tbody.append(tr);
  });
  table.append(thead, tbody);
  // the player's win is said as one (a QA pass: only a faint glow on a total marked it)
  const won = snap.match_over && !watching(snap) && snap.winners.includes(view.seat);
  $("scores-title").textContent = won ? t("youWonMatch") : roundOverLine(snap);
  $("scores-title").classList.toggle("won", won);
  // only the round's own end is worded: a redeal's line reads the redeal's history entry
  const end = {
    closed: () => closedLine(snap),
    stock: () => t("endStock"), no_draws: () => t("endNoDraws"), redeal: () => redealLine(snap),
  }[view.end]?.() ?? "";
  // a redeal scores nothing: no table of zeros (a QA pass read an empty one)
  $("scores").parentElement.hidden = !rows.length;
  // why the match stopped: its target (a QA pass read only the winner's name)
  const target = view.options?.target;
  const goal = view.variant === "tabla" ? `±${target}` : target;
  // who reached it (T10: a fall to −target ends a Tablă match; a QA pass read only the
  // winner's name): in Tablă everyone there, in Etalat those who did not win
  const reachers = (snap.reached ?? []).filter((seat) => view.variant === "tabla" || !snap.winners.includes(seat));
  const by = reachers.map((seat) => `${seatName(snap, seat)} ${snap.totals[seat]}`).join(", ");
  const reached = !snap.match_over || !target ? ""
    : by ? t("targetReachedBy", { target: goal, by }) : t("targetReached", { target: goal });
  const winners = snap.match_over
    ? t("winner", { names: snap.winners.map((s) => seatName(snap, s)).join(", ") }) : "";
  $("scores-end").textContent = joinParts(
    [end, view.double_round && rows.length ? `${t("double")} ×2` : "", reached, winners]);
  // a tile on the table that scores for someone other than its formation's owner (E8, E9):
  // the laid column is then not what each seat's formations show (a QA pass missed a joker's 50)
  const credited = Array.isArray(view.table) && view.table.some((f) => Array.isArray(f?.credits)
    && f.credits.some((seat) => seat !== f.owner));
  $("scores-note").textContent = credited ? t("creditNote") : "";
  $("scores-note").hidden = !credited;
  const racks = $("end-racks");
  racks.replaceChildren();
  if (view.racks) {
    // what the tiles are (a QA pass read rows of tiles with no word for them); Tablă's closer
    // shows its formations (T6), a round the stock ended (T9) has none
    const closerShows = view.variant === "tabla" && view.closer !== null;
    racks.append(el("p", "end-racks-title", t(closerShows ? "endRacksTabla" : "endRacks")));
    const same = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
    view.racks.forEach((rack, seat) => {
      const line = el("div", "end-rack");
      line.append(el("span", "owner-name", seatName(snap, seat)));
      const mine = seat === view.seat && ownOrder && same(ownOrder, rack);
      line.append(endRackTiles(view, seat, mine ? ownOrder : rack));
      racks.append(line);
    });
  }
}

/** A rack shown at the round's end: the Tablă closer's formations set apart, as the closer
 * shows them (T6), else the tiles as held. The atu's twin that scored its +50 there (T8: held
 * in Tablă; Etalat's is laid, E13) is marked (a QA pass saw the +50 and no tile for it). */
export function endRackTiles(view, seat, rack, options = { small: true }) {
  const row = el("span", "tile-row");
  let twin = view.variant === "tabla" && view.breakdown?.[seat]?.twin > 0 ? view.atu : null;
  const tile = (name) => {
    const shown = tileEl(name, options);
    if (name === twin) {
      twin = null;                                   // one copy: the other is the atu
      shown.classList.add("twin");
      shown.title = t("twinHeld");
      shown.setAttribute("aria-label", `${tileLabel(name)}, ${t("twinHeld")}`);
    }
    return shown;
  };
  const formations = seat === view.closer ? view.closing_formations : null;
  if (!formations?.length) {
    for (const name of rack) row.append(tile(name));
    if (!rack.length) row.append(nothing());   // laid it all: nothing is missing
    return row;
  }
  row.classList.add("shown-formations");
  row.dataset.testid = "closing-formations";
  formations.forEach((formation, index) => {
    const group = el("span", "end-formation");
    for (const name of formation) group.append(tile(name));
    // one named group each to a screen reader (QA 40: fourteen loose tiles)
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", t("formationNamed", {
      n: index + 1, tiles: formation.map((name) => tileLabel(name)).join(", ") }));
    row.append(group);
  });
  return row;
}
