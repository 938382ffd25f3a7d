// The keyboard (the keys are listed in web/game/help.js): the rack's cursor and order, the
// selection, and the same intents as the buttons. `game` is the page's state (the rack's
// order, selection and cursor: web/game/rack.js); `on` holds the page's intents.
import { byColour, byNumber } from "./tiles.js";

const $ = (id) => document.getElementById(id);

// The rack's cursor shows, and D / C may throw its tile, while the rack has the focus and the
// keys were used last: a click that leaves the focus there (a tile; the stock, which the draw
// took away) shows none. A class says which, with no redraw (a click must find its tile).
const byKeys = (on) => $("rack-tiles").classList.toggle("by-keys", on);
const cursorShown = () => $("rack-tiles").matches(".by-keys:is(:focus, :focus-within)");

/** Tab and Shift+Tab go round the panel's buttons instead of walking behind it. */
function keepFocusIn(panel, event) {
  const buttons = [...panel.querySelectorAll("button")].filter((b) => !b.disabled && b.getClientRects().length > 0);
  if (!buttons.length) return;
  const at = buttons.indexOf(document.activeElement);
  const step = event.shiftKey ? -1 : 1;
  const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
  buttons[next].focus();
  event.preventDefault();
}

export function enableKeys(game, on) {
  const onKey = (event) => {
    if (document.querySelector("dialog[open]")) return;
    if (!$("scores-panel").hidden) {           // the round-end panel: its buttons, by Tab and Enter
      byKeys(true);                           // the rack it gives the focus back to: by keys
      if (event.key === "Tab") keepFocusIn($("scores-panel"), event);
      if (event.key === "Escape") { on.scoresAside(true); event.preventDefault(); }
      if (event.key === "?") { on.showHelp(); event.preventDefault(); }
      return;
    }
    if (event.target.closest?.("input, select, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const shown = cursorShown();      // what the player saw before this key
    byKeys(true);
    const key = event.key;
    const current = game.order[game.cursor];
    const handled = () => event.preventDefault();
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const step = key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey && current) {
        on.moveTile(current.key,
          Math.max(0, Math.min(game.order.length, game.cursor + (step > 0 ? 2 : -1))));
      } else {
        game.cursor = Math.max(0, Math.min(game.order.length - 1, game.cursor + step));
      }
      $("rack-tiles").focus();
      on.render();
      return handled();
    }
    // the rack is a toolbar: Home and End go to its ends (elsewhere they scroll the page)
    if ((key === "Home" || key === "End") && event.target.closest?.("#rack-tiles") && game.order.length) {
      game.cursor = key === "Home" ? 0 : game.order.length - 1;
      on.render();
      return handled();
    }
    const pressable = event.target.closest?.("[role=button]");
    if (pressable && (key === "Enter" || key === " ")) { pressable.click(); return handled(); }
    // Enter and Space on a focused button, link or summary do what they do there (press,
    // follow, fold the score sheet or the history), not the game's Enter or Space
    const control = event.target.closest?.("button:not(.tile), a[href], summary");
    if (control && (key === "Enter" || key === " ")) return;
    if (key === " " && current) {
      $("rack-tiles").focus();
      on.toggleSelect(current.key);
      return handled();
    }
    if (key === "Escape") { on.escape(); return handled(); }
    if (key === "Backspace") { on.undoDraft(); return handled(); }
    if (key === "?") { on.showHelp(); return handled(); }
    if (key === "Enter") { on.enter(); return handled(); }
    if (/^[0-9]$/.test(key)) { typeDigit(key); return handled(); }
    const tabla = () => game.snap?.view.variant === "tabla";
    // with no tile selected, D and C take the cursor's tile: only while it shows, never one
    // the player cannot see
    const actions = {
      s: () => on.mine() && on.act("draw"),
      t: () => on.mine() && on.act("take"),
      l: () => on.laySelected(),
      d: () => on.discardOrClose("discard", shown),
      c: () => tabla() && on.discardOrClose("close", shown),  // Tablă's keys do nothing in Etalat
      a: () => tabla() && on.mine() && on.act("atu"),
      g: () => on.sortRack(byColour),
      n: () => on.sortRack(byNumber),
      r: () => on.arrangeRack(),
    };
    const action = actions[key.toLowerCase()];
    if (action) { action(); handled(); }
  };

  // Formation numbers: digits typed within a moment form one number (12 is "1" then "2");
  // it is used as soon as no longer number could name a formation, or after a pause.
  const digits = { text: "", timer: null };
  const typeDigit = (digit) => {
    clearTimeout(digits.timer);
    digits.text += digit;
    const count = game.snap?.view.table?.length ?? 0;
    const use = () => {
      const number = Number(digits.text);
      digits.text = "";
      if (number >= 1) on.attachTo(number);
    };
    if (Number(digits.text) * 10 > count) use();
    else digits.timer = setTimeout(use, 900);
  };

  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => byKeys(false), true);
  byKeys(true);
  $("rack-tiles").addEventListener("focusin", () => cursorShown() && on.render());  // Tab: drawn at once
}
