// Drag and drop with pointer events (mouse, touch and pen alike). Sources carry
// [data-drag]; targets carry [data-drop]. A press that does not move is a click.
const THRESHOLD = 6;

/** `stamp()` is read when a press starts and handed to `onDrop`: the page can tell that the
 * game moved on while the tile was held (the clock, another seat). */
export function enableDrag(root, { onDrop, canDrag = () => true, stamp = () => null }) {
  let press = null;      // {el, x, y, id, stamp}
  let drag = null;       // {el, ghost, dx, dy, over}
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
      drag = { el: press.el, ghost, dx: press.x - rect.left, dy: press.y - rect.top, over: null };
    }
    event.preventDefault();
    drag.ghost.style.transform =
      `translate(${event.clientX - drag.dx}px, ${event.clientY - drag.dy}px) rotate(-3deg)`;
    const over = targetAt(event.clientX, event.clientY);
    if (over !== drag.over) {
      drag.over?.classList.remove("drop-hover");
      over?.classList.add("drop-hover");
      drag.over = over;
    }
  }, { passive: false });

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
