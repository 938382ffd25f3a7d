// The element that had the keyboard focus last. When a move removes, hides or disables it
// (the stock after a draw, a strip tile or a formation used, Aruncă, Runda următoare), the
// focus would drop to the page's body: it goes to the rack, where Tab and the arrows go on.
let focusWas = null;
const usable = (node) => node.isConnected && !node.disabled && node.getClientRects().length > 0;

export function trackFocus() {
  document.addEventListener("focusin", (event) => { focusWas = event.target; });
  document.addEventListener("focusout", (event) => {
    if (event.relatedTarget) return;
    const left = event.target;
    // let go while it stays usable (a click on the felt): the player's choice, kept
    queueMicrotask(() => {
      if (focusWas === left && document.activeElement !== left && usable(left)) focusWas = null;
    });
  });
}

/** The rack takes the focus if the element that had it is gone; true when it did. */
export function keepFocus() {
  const active = document.activeElement;
  const lost = active && active !== document.body ? active : focusWas;
  if (!lost || usable(lost)) return false;
  if (document.querySelector("dialog[open]") || !document.getElementById("scores-panel").hidden) return false;
  focusWas = null;
  document.getElementById("rack-tiles").focus({ preventScroll: true });
  return true;
}
