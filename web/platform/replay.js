// Replays: one round of a stored match, move by move, seen from any seat or open (every
// rack shown). The positions are remi/replays.py's (replay_positions); this only draws them.
import { el, endRackTiles } from "../game/render.js";
import { describe, lang, playerLabel, t } from "../i18n.js";
import { tileEl } from "../game/tiles.js";
import { P } from "./state.js";

const $ = (id) => document.getElementById(id);
const R = { entry: null, round: 1, seat: null, positions: [], index: 0 };

/** Opens on the open table; a round still in play (`inPlay`) from the player's seat alone. */
export async function openReplay(entry, round, inPlay = false) {
  const seat = inPlay ? entry.seat : null;
  R.entry = entry;
  R.round = round;
  R.index = 0;                       // every replay opens at the deal
  const select = $("replay-seat");
  select.replaceChildren();
  if (!inPlay) {
    const open = el("option", "", t("replayOpen"));
    open.value = "";
    select.append(open);
  }
  entry.players.forEach((_, s) => {
    if (inPlay && s !== seat) return;
    const option = el("option", "", playerLabel(entry.players, s, entry.seat));
    option.value = String(s);
    select.append(option);
  });
  select.value = seat === null ? "" : String(seat);
  $("replay-title").textContent = t("replayTitle", { id: entry.id, round });
  await load(seat);                  // a log that does not replay rejects here: nothing opens
  if (!$("replay").open) $("replay").showModal();
}

async function load(seat) {
  R.seat = seat;
  const answer = (await P.app.call("replay_positions", { log: R.entry.log, round: R.round, seat })).result;
  R.positions = answer.positions;
  const range = $("replay-range");
  range.max = String(R.positions.length - 1);
  show(Math.min(R.index, R.positions.length - 1));
}

const name = (seat) => playerLabel(R.entry.players, seat, R.entry.seat);

function tiles(names, className = "tile-row") {
  const row = el("div", className);
  for (const tile of names) row.append(tileEl(tile, { small: true, lang: lang() }));
  if (!names.length) row.append(el("span", "empty", "—"));
  return row;
}

function show(index) {
  R.index = Math.max(0, Math.min(index, R.positions.length - 1));
  const position = R.positions[R.index];
  const view = position.view;
  $("replay-range").value = String(R.index);
  $("replay-step").textContent = t("replayStep", { i: R.index, n: R.positions.length - 1 });
  if (position.action === null) {
    $("replay-action").textContent = t("replayStart");
  } else {
    const actor = R.positions[R.index - 1].view.to_play;
    const you = actor === R.entry.seat && !R.entry.players?.[actor]?.is_bot;
    // the history entry the move made (its rule, tiles, formations as laid)
    const entry = { ...position.entry, action: position.action };
    $("replay-action").textContent = describe(entry, name(actor), you, view.variant);
  }
  const board = $("replay-board");
  board.replaceChildren();
  const piles = el("div", "replay-piles");
  const atu = el("span", "replay-atu");
  atu.append(el("span", "pile-label", t("atu")), tileEl(view.atu, { small: true, lang: lang() }));
  piles.append(atu, el("span", "replay-stock", `${t("stock")} ${view.stock}`));
  board.append(piles);
  if (view.variant === "etalat") {
    const strip = el("div", "strip-wrap");
    const line = tiles(view.strip, "tile-row replay-strip");
    const head = view.strip.length ? line.firstChild : null;   // E1: the head, never taken
    if (head) { head.classList.add("head"); head.title = t("head"); }
    strip.append(el("span", "pile-label", t("strip")), line);
    board.append(strip);
    // the formations by who laid them, as on the table (numbered in the order they were laid)
    const table = el("div", "replay-table");
    const owners = [...new Set(view.table.map((formation) => formation.owner))].sort((a, b) => a - b);
    for (const owner of owners) {
      const group = el("div", "owner-group");
      const list = el("div", "owner-formations");
      view.table.forEach((formation, i) => {
        if (formation.owner !== owner) return;
        const box = el("span", "formation");
        box.append(el("span", "formation-number", String(i + 1)));
        formation.tiles.forEach((tile, k) => {
          const face = tileEl(tile, { small: true, lang: lang() });
          if (formation.credits?.[k] !== undefined && formation.credits[k] !== owner) face.classList.add("credited");
          box.append(face);
        });
        list.append(box);
      });
      group.append(el("div", "owner-name", name(owner)), list);
      table.append(group);
    }
    board.append(table);
  } else {
    for (let seat = 0; seat < view.seats; seat++) {
      const row = el("div", "row-wrap");
      row.append(el("div", "owner-name", `${t("row")} · ${name(seat)}`), tiles(view.rows[seat]));
      board.append(row);
    }
  }
  const racks = el("div", "replay-racks");
  racks.setAttribute("data-testid", "replay-racks");
  for (let seat = 0; seat < view.seats; seat++) {
    const line = el("div", `end-rack${view.to_play === seat ? " to-play" : ""}`);
    line.append(el("span", "owner-name", name(seat)));
    const rack = view.racks?.[seat] ?? (seat === view.seat ? view.rack : null);
    if (rack) line.append(endRackTiles(view, seat, rack, { small: true, lang: lang() }));
    else line.append(el("span", "muted", t("tiles", { n: view.rack_sizes[seat] })));
    if (view.scores) line.append(el("b", "replay-score", String(view.scores[seat])));
    racks.append(line);
  }
  board.append(racks);
}

export function wireReplay() {
  $("replay-close").addEventListener("click", () => $("replay").close());
  $("replay-first").addEventListener("click", () => show(0));
  $("replay-prev").addEventListener("click", () => show(R.index - 1));
  $("replay-next").addEventListener("click", () => show(R.index + 1));
  $("replay-last").addEventListener("click", () => show(R.positions.length - 1));
  $("replay-range").addEventListener("input", (event) => show(Number(event.target.value)));
  $("replay-seat").addEventListener("change", (event) => {
    load(event.target.value === "" ? null : Number(event.target.value));
  });
  $("replay").addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT") return;       // the seat's list keeps its keys
    const to = { ArrowRight: R.index + 1, ArrowLeft: R.index - 1, Home: 0,
      End: R.positions.length - 1 }[event.key];
    if (to === undefined) return;
    show(to);
    event.preventDefault();
  });
}
