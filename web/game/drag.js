// Drag and drop with pointer events (mouse, touch and pen alike). Sources carry
// [data-drag]; targets carry [data-drop]. A press that does not move is a click.
const THRESHOLD = 6;
const LIFT = 14;         // px between a finger and the tile it carries, drawn above it
const EDGE = 36;         // px: a pointer held this near the scroller's top or bottom scrolls it

/** `stamp()` is read when a press starts and handed to `onDrop`: the page can tell that the
 * game moved on while the tile was held (the clock, another seat). `onOver` hears where a held
 * tile is, on every move (target null: over nothing), and once more with null when it is put
 * down. `scroller(source)` names the box a held source scrolls when held near its top or bottom
 * edge (null: none). */
export function enableDrag(root, {
  onDrop, onOver = () => {}, canDrag = () => true, stamp = () => null, scroller = () => null,
}) {
  let press = null;      // {el, x, y, id, stamp}
  let drag = null;       // {el, ghost, dx, dy, over, x, y, scroller, scrolling}
  let swallowClick = false;

  const targetAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    return el?.closest("[data-drop]") ?? null;
  };

  root.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const el = event.target.closest("[data-drag]");
    if (!el || !root.contains(el) || !canDrag(el)) return;
    press = { el, x: event.clientX, y: event.clientY, id: event.pointerId, stamp: stamp() };
  });

  // A finger on a tile is the page's, not a scroll's: a quick drag from the stock otherwise
  // ended in a fling (touch-action: none or not) and the next tap, within a second or so,
  // only stopped it — Chromium sent no click (a QA pass: a tap on Arrange was lost).
  root.addEventListener("touchmove", (event) => {
    if (event.target.closest?.("[data-drag]")) event.preventDefault();
  }, { passive: false });

  window.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      const rect = press.el.getBoundingClientRect();
      const ghost = press.el.cloneNode(true);
      ghost.removeAttribute("data-testid");
      ghost.classList.add("drag-ghost");
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      document.body.append(ghost);
      press.el.classList.add("dragging");
      document.body.classList.add("is-dragging");
      // A finger would hide the tile it carries: the tile rides above it, centred (a QA pass
      // on a phone could not see what it held, nor where it would land)
      const finger = event.pointerType === "touch";
      drag = {
        el: press.el, ghost, over: null, scroller: scroller(press.el), scrolling: false,
        dx: finger ? rect.width / 2 : press.x - rect.left,
        dy: finger ? rect.height + LIFT : press.y - rect.top,
      };
    }
    event.preventDefault();
    drag.x = event.clientX;
    drag.y = event.clientY;
    drag.ghost.style.transform =
      `translate(${drag.x - drag.dx}px, ${drag.y - drag.dy}px) rotate(-3deg)`;
    hover();
    if (drag.scroller && !drag.scrolling) { drag.scrolling = true; requestAnimationFrame(autoscroll); }
  }, { passive: false });

  /** Mark what the held tile is over (the page has moved, or the pointer has). */
  const hover = () => {
    const over = targetAt(drag.x, drag.y);
    if (over !== drag.over) {
      drag.over?.classList.remove("drop-hover");
      over?.classList.add("drop-hover");
      drag.over = over;
    }
    onOver({ source: drag.el, target: over, x: drag.x, y: drag.y });
  };

  /** While the pointer stays near the scroller's top or bottom edge, scroll it a little every
   * frame, faster nearer the edge: formations below the fold are reached without letting go. */
  const autoscroll = () => {
    if (!drag) return;
    const { scroller } = drag;
    const box = scroller.getBoundingClientRect();
    const edge = Math.min(EDGE, box.height / 5);
    let step = 0;
    if (drag.x >= box.left && drag.x <= box.right) {
      if (drag.y >= box.top && drag.y < box.top + edge) step = -(box.top + edge - drag.y);
      else if (drag.y <= box.bottom && drag.y > box.bottom - edge) step = drag.y - (box.bottom - edge);
    }
    const before = scroller.scrollTop;
    if (step) scroller.scrollTop += Math.ceil(Math.abs(step) / 4) * Math.sign(step);
    drag.scrolling = scroller.scrollTop !== before;   // at the end, or away from the edges: stop
    if (drag.scrolling) { hover(); requestAnimationFrame(autoscroll); }
  };

  const finish = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const done = drag;
    const started = press.stamp;
    press = null;
    drag = null;
    if (!done) return;
    done.ghost.remove();
    done.el.classList.remove("dragging");
    document.body.classList.remove("is-dragging");
    done.over?.classList.remove("drop-hover");
    onOver({ source: done.el, target: null, x: event.clientX, y: event.clientY });
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
    if (!cancelled && done.over) {
      onDrop({ source: done.el, target: done.over, x: event.clientX, y: event.clientY, stamp: started });
    }
  };
  window.addEventListener("pointerup", (event) => finish(event, false));
  window.addEventListener("pointercancel", (event) => finish(event, true));
  // A drag ends with a click on whatever was under the pointer: not a click for us.
  window.addEventListener("click", (event) => {
    if (swallowClick) { event.stopPropagation(); event.preventDefault(); swallowClick = false; }
  }, true);
}
