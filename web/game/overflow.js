// A scrolled box says when more of it lies below: the board grows taller than the window with
// many formations (Etalat, 4 seats) or rows, and its last lines sit hidden behind the rack; a
// dialog on a phone on its side hides its last options below the fold.

const SLACK = 4;   // px: rounding, not content

/** Keep `more-below` on `box` while content is hidden under its bottom edge. */
export function markOverflow(box) {
  let pending = false;
  const update = () => {
    pending = false;
    const hidden = box.scrollHeight - box.clientHeight - box.scrollTop;
    box.classList.toggle("more-below", hidden > SLACK);
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(update);
  };
  box.addEventListener("scroll", schedule, { passive: true });
  new ResizeObserver(schedule).observe(box);
  new MutationObserver(schedule).observe(box, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open"],
  });
  update();
}
