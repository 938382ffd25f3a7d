// One tile as markup: cream face, the number in its colour, and a shape per colour
// (● black, ▲ red, ■ yellow, ◆ blue) so colour is never the only cue. The joker has its own face,
// and its word: a visible "J" alone was not part of its name, "joker" (WCAG 2.5.3).
import { lang as pageLang, tileLabel } from "../i18n.js";

const COLOURS = { K: "black", R: "red", Y: "yellow", B: "blue" };
const MARKS = { K: "●", R: "▲", Y: "■", B: "◆" };

export function parseTile(name) {
  if (name === "J") return { colour: "J", number: null };
  return { colour: name[0], number: Number(name.slice(1)) };
}

/** A tile element (a <span>; wrap it or set attributes for interaction). */
export function tileEl(name, { lang = pageLang(), tag = "span", small = false } = {}) {
  const el = document.createElement(tag);
  const { colour, number } = parseTile(name);
  el.className = `tile ${colour === "J" ? "joker" : COLOURS[colour]}${small ? " small" : ""}`;
  el.dataset.testid = "tile";
  el.setAttribute("data-testid", "tile");
  el.dataset.tile = name;
  el.setAttribute("aria-label", tileLabel(name, lang));
  if (tag === "span") el.setAttribute("role", "img");  // named for screen readers (a button's role wins)
  if (colour === "J") {
    el.innerHTML = '<span class="num" aria-hidden="true">☺</span><span class="mark" aria-hidden="true">JOKER</span>';
  } else {
    const turnable = number === 6 || number === 9 ? " turnable" : "";   // underlined: a tile lies sideways
    el.innerHTML = `<span class="num${turnable}" aria-hidden="true">${number}</span>`
      + `<span class="mark" aria-hidden="true">${MARKS[colour]}</span>`;
  }
  return el;
}

/** The back of a tile (opponents' racks, the stock). */
export function backEl(small = true) {
  const el = document.createElement("span");
  el.className = `tile back${small ? " small" : ""}`;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export const COLOUR_ORDER = { K: 0, R: 1, Y: 2, B: 3, J: 4 };

export function byColour(a, b) {
  const x = parseTile(a), y = parseTile(b);
  return COLOUR_ORDER[x.colour] - COLOUR_ORDER[y.colour] || (x.number ?? 99) - (y.number ?? 99);
}

export function byNumber(a, b) {
  const x = parseTile(a), y = parseTile(b);
  return (x.number ?? 99) - (y.number ?? 99) || COLOUR_ORDER[x.colour] - COLOUR_ORDER[y.colour];
}
