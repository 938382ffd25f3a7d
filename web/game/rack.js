// The rack as the player arranges it: the order of the tiles (each with a key that
// survives redraws), the selection, the cursor and the Etalat opening being composed
// (`draft`, groups of keys), the formations of the last *Arrange* (`groups`, keys). The
// engine's rack says which tiles there are; the order is the player's own work, saved per
// round so a reload keeps it. No rule is decided here.

const RACK_KEY = "remi.rack";

/** The arrangement fields, kept on the page's state object (`window.remiGame`). */
export function emptyRack() {
  return { order: [], selected: new Set(), cursor: 0, draft: [], groups: [], nextKey: 0 };
}

/** Forget the arrangement (a new round, a new game, another table). */
export function resetRack(S) {
  S.order = [];
  S.cursor = 0;          // a new deal's keyboard starts at its first tile
  S.draft = [];
  S.groups = [];
  S.selected.clear();
}

export const nameOf = (S, key) => S.order.find((item) => item.key === key)?.name;
export const selectedNames = (S) => S.order.filter((i) => S.selected.has(i.key)).map((i) => i.name);
export const inDraft = (S, key) => S.draft.some((group) => group.includes(key));

/** Bring the order in line with the engine's rack (`names`) of round `id`: kept tiles stay
 * where the player put them, new ones (drawn, taken, returned) go to the right; the cursor
 * stays on its tile while that is kept. Of two copies of a tile, the one among `leaving`
 * (the keys the player's move played) is the one that goes (QA 40: the other copy went). */
export function reconcileRack(S, names, id, leaving = new Set()) {
  const at = S.order[S.cursor]?.key;
  const pool = new Map();
  for (const name of names) pool.set(name, (pool.get(name) ?? 0) + 1);
  if (!S.order.length) S.order = loadRackOrder(S, id);
  const keep = new Set();
  const staying = S.order.filter((item) => !leaving.has(item.key));
  for (const item of [...staying, ...S.order.filter((i) => leaving.has(i.key))]) {
    if ((pool.get(item.name) ?? 0) > 0) {
      keep.add(item.key);
      pool.set(item.name, pool.get(item.name) - 1);
    }
  }
  const kept = S.order.filter((item) => keep.has(item.key));
  const added = [];
  for (const name of names) {
    if ((pool.get(name) ?? 0) > 0) {
      added.push({ key: `k${S.nextKey++}`, name });
      pool.set(name, pool.get(name) - 1);
    }
  }
  S.order = [...kept, ...added];
  const keys = new Set(S.order.map((item) => item.key));
  for (const key of [...S.selected]) if (!keys.has(key)) S.selected.delete(key);
  S.draft = S.draft.map((group) => group.filter((key) => keys.has(key))).filter((g) => g.length);
  const index = S.order.findIndex((item) => item.key === at);
  S.cursor = index >= 0 ? index : Math.min(S.cursor, Math.max(0, S.order.length - 1));
}

/** Save the order, the draft and the selection (as positions in the order) with the round's
 * id, and whether its round-end panel is set aside: a reload finds the rack as it was left. */
export function saveRackOrder(S, id) {
  const position = new Map(S.order.map((item, index) => [item.key, index]));
  const draft = S.draft.map((group) => group.map((key) => position.get(key)));
  const selected = [...S.selected].map((key) => position.get(key)).filter((i) => i !== undefined);
  localStorage.setItem(RACK_KEY, JSON.stringify({
    id, names: S.order.map((i) => i.name), draft, selected, aside: S.scoresAside === id }));
}

function loadRackOrder(S, id) {
  try {
    const saved = JSON.parse(localStorage.getItem(RACK_KEY) ?? "null");
    if (saved?.id === id) {
      const order = saved.names.map((name) => ({ key: `k${S.nextKey++}`, name }));
      const keyAt = (i) => order[i]?.key;
      S.draft = (saved.draft ?? []).map((group) => group.map(keyAt).filter(Boolean));
      S.selected = new Set((saved.selected ?? []).map(keyAt).filter(Boolean));
      if (saved.aside === true) S.scoresAside = id;
      return order;
    }
  } catch { /* a broken entry: start from the engine's order */ }
  return [];
}

/** A new order of the tiles; the cursor stays on its tile, wherever that goes. */
function reorder(S, order) {
  const at = S.order[S.cursor]?.key;
  S.order = order;
  const index = S.order.findIndex((item) => item.key === at);
  if (index >= 0) S.cursor = index;
}

export function sortRack(S, compare) {
  reorder(S, [...S.order].sort((a, b) => compare(a.name, b.name)));
}

/** Put the tiles in the order of the solver's arrangement, its formations first (each
 * remembered as a group), then its loose tiles; the rest after. */
export function orderRack(S, formations, loose) {
  const pool = [...S.order];
  const take = (name) => {
    const index = pool.findIndex((item) => item.name === name);
    return index >= 0 ? pool.splice(index, 1) : [];
  };
  const groups = formations.map((names) => names.flatMap(take));
  reorder(S, [...groups.flat(), ...loose.flatMap(take), ...pool]);
  S.groups = groups.map((group) => group.map((item) => item.key));
}

/** The keys of the tiles that begin or follow a formation of the last Arrange still whole
 * and in its order on the rack (the rack shows a gap before them); none at the rack's start. */
export function groupBreaks(S) {
  const breaks = new Set();
  for (const group of S.groups) {
    const start = S.order.findIndex((item) => item.key === group[0]);
    if (start < 0 || group.some((key, i) => S.order[start + i]?.key !== key)) continue;
    for (const at of [start, start + group.length]) {
      if (at > 0 && at < S.order.length) breaks.add(S.order[at].key);
    }
  }
  return breaks;
}

/** Move a tile before position `toIndex` (positions of the order before the move). */
export function moveTile(S, key, toIndex) {
  const from = S.order.findIndex((item) => item.key === key);
  if (from < 0) return;
  const [item] = S.order.splice(from, 1);
  S.order.splice(Math.max(0, Math.min(toIndex > from ? toIndex - 1 : toIndex, S.order.length)), 0, item);
  S.cursor = S.order.indexOf(item);
}

export function toggleSelect(S, key) {
  if (inDraft(S, key)) return;
  if (S.selected.has(key)) S.selected.delete(key);
  else S.selected.add(key);
}

/** The selected tiles become one more group of the draft. */
export function addToDraft(S) {
  const keys = S.order.filter((i) => S.selected.has(i.key)).map((i) => i.key);
  if (!keys.length) return false;
  S.draft.push(keys);
  S.selected.clear();
  return true;
}
