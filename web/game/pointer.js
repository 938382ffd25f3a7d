// The pointer (mouse, touch and pen): clicks on the rack, the strip, the formations and the
// rows, and drag and drop between them — the same intents as the buttons and the keyboard
// (web/game/keys.js). `game` is the page's state (the rack's order and the snapshot);
// `on` holds the page's intents.
import { t } from "../i18n.js";
import { enableDrag } from "./drag.js";
import { nameOf } from "./rack.js";

const $ = (id) => document.getElementById(id);

export function enablePointer(game, on) {
  const select = (event) => {
    const tile = event.target.closest(".tile[data-key]");
    if (!tile) return;
    game.cursor = game.order.findIndex((item) => item.key === tile.dataset.key);
    $("rack-tiles").focus({ preventScroll: true }); // keys act on the rack, not the tile button
    on.toggleSelect(tile.dataset.key);
  };
  $("rack-tiles").addEventListener("click", select);
  $("strip").addEventListener("click", (event) => {   // any strip tile: the engine answers
    const tile = event.target.closest(".tile[data-depth]");  // (E1 the head, E3 first round…)
    if (tile) on.takeFromStrip(Number(tile.dataset.depth));
  });
  $("formations").addEventListener("click", (event) => {
    const formation = event.target.closest(".formation");
    if (formation) return on.attachTo(Number(formation.dataset.number));
    // A row's tile: your own row's top is the one `take` (the engine answers, T5 for a
    // joker); the notation names no other, so the page says why (T4) and sends nothing.
    const rowTile = event.target.closest(".tile-row .tile");
    if (!rowTile || !on.mine()) return;
    if (rowTile.matches(".tile-row.own .tile.top")) on.act("take");
    else on.refuse(t("rowTopOnly"), "T4");
  });

  // A tile that may not be taken gives no drag, yet one pressed and let go on the rack was
  // asked for: what a click on it says is said then (a buried or another seat's row tile, T4;
  // a strip tile or the atu, the engine's answer). QA 39b: such a drag was silent. A swipe
  // of a finger scrolls instead (pointercancel): no answer to that.
  let refused = null;
  const UNTAKEN = "#strip .tile[data-depth], #formations .tile-row .tile, #atu";
  document.body.addEventListener("pointerdown", (event) => {
    const tile = event.button === 0 ? event.target.closest(UNTAKEN) : null;
    refused = tile && !tile.closest("[data-drag]") ? { tile, id: event.pointerId } : null;
  });
  window.addEventListener("pointerup", (event) => {
    const press = refused;
    refused = null;
    const over = document.elementFromPoint(event.clientX, event.clientY);
    if (press?.id === event.pointerId && over?.closest("[data-drop=rack]")) press.tile.click();
  });

  // which move of which round the table is at: a tile held while the clock or another seat
  // moved the game on is put down, not played (it was picked up for another moment)
  const moment = () => `${game.snap?.match_id}/${game.snap?.round}/${game.snap?.view.history.length}`;
  enableDrag(document.body, {
    canDrag: (source) => source.dataset.drag === "tile" || on.mine(),
    stamp: moment,
    scroller: (source) => (source.dataset.drag === "tile" ? $("board") : null),  // to a formation
    onOver: ({ source, target, x }) => {
      const moving = target?.dataset.drop === "rack" && source.dataset.drag === "tile";
      showCaret(moving ? dropPlace(game, x) : null);
    },
    onDrop: ({ source, target, x, stamp }) => {
      const kind = source.dataset.drag;
      const drop = target.dataset.drop;
      if (kind === "tile" && drop === "rack") return on.moveTile(source.dataset.key, dropPlace(game, x).index);
      if (stamp !== moment()) return;
      if (kind === "tile") {
        const key = source.dataset.key;
        if (drop === "discard" && on.mine()) {
          const name = nameOf(game, key);    // a close when only that is listed (after the atu, T7)
          const legal = game.snap.legal;
          const close = !legal.includes(`discard ${name}`) && legal.includes(`close ${name}`);
          on.act(`${close ? "close" : "discard"} ${name}`, new Set([key]));
        } else if (drop === "formation" && on.mine()) {
          on.attachTo(Number(target.dataset.number), key);
        } else if (drop === "row" && on.mine()) {
          on.refuse(t("discardLeft"), "T2");
        }
      } else if (drop === "rack" && on.mine()) {
        if (kind === "stock") on.act("draw");
        else if (kind === "strip") on.takeFromStrip(Number(source.dataset.depth));
        else if (kind === "row") on.act("take");
        else if (kind === "atu") on.act("atu");
      }
    },
  });
}

// Where a tile dropped at x on the rack goes: before the first tile of the pointer's
// line whose centre is right of x (the rack wraps on narrow screens); else after the last.
// `box` is that tile's box, or the box of the line's last tile (`after`); none on an empty line.
let lastPointerY = 0;
window.addEventListener("pointermove", (event) => (lastPointerY = event.clientY), { passive: true });
function dropPlace(game, x) {
  const tiles = [...$("rack-tiles").querySelectorAll(".tile[data-key]:not(.dragging)")];
  let place = { index: game.order.length, box: null, after: true };
  for (const tile of tiles) {
    const box = tile.getBoundingClientRect();
    if (lastPointerY < box.top - 4 || lastPointerY > box.bottom + 4) continue;
    const index = game.order.findIndex((item) => item.key === tile.dataset.key);
    if (x < box.left + box.width / 2) return { index, box, after: false };
    place = { index: index + 1, box, after: true };
  }
  return place;
}

// The caret: a gold bar where a tile moved on the rack by the pointer will land (a QA pass on
// a phone saw no sign of it). `place` null hides it.
let caret = null;
function showCaret(place) {
  if (!place?.box) { caret?.remove(); caret = null; return; }
  if (!caret) {
    caret = Object.assign(document.createElement("div"), { className: "drop-caret" });
    document.body.append(caret);
  }
  const { box } = place;
  caret.style.transform = `translate(${place.after ? box.right + 1 : box.left - 4}px, ${box.top - 3}px)`;
  caret.style.height = `${box.height + 6}px`;
}
