// The help dialog: how to play with the mouse, and every key (in both languages).
import { lang } from "../i18n.js";

const HELP = {
  ro: `<p>Tragi din <b>teanc</b> (clic sau trage-l pe rastel) sau iei din <b>șir</b> / din
  <b>rândul tău</b>. Alegi piese cu clic, apoi <b>Coboară</b>, <b>Etalează</b>, <b>Aruncă</b>
  sau <b>Închide</b>. O piesă trasă pe o formație de pe masă se lipește (sau ia locul
  jokerului); trasă pe șir / pe rândul vecinului din stânga se aruncă. Trage piesele pe
  rastel ca să le ordonezi.</p>
  <p>Etalarea (45 de puncte, cu o suită): alege piesele unei formații, <b>Formație +</b>,
  repetă, apoi <b>Etalează</b>.</p>`,
  en: `<p>Draw from the <b>stock</b> (click, or drag it onto your rack) or take from the
  <b>strip</b> / <b>your row</b>. Select tiles with a click, then <b>Lay</b>, <b>Open</b>,
  <b>Discard</b> or <b>Close</b>. A tile dropped on a table formation is attached (or takes
  the joker's place); dropped on the strip / your left neighbour's row it is discarded. Drag
  tiles along the rack to reorder them.</p>
  <p>Opening (45 points with a run): select one formation, <b>Formation +</b>, repeat, then
  <b>Open</b>.</p>`,
};
const KEYS = [
  ["← →", "cursor pe rastel", "move along the rack"],
  ["Shift + ← →", "mută piesa", "move the tile"],
  ["Space", "alege / lasă piesa", "select / unselect the tile"],
  ["S", "trage din teanc", "draw from the stock"],
  ["T", "ia ultima piesă (șir / rândul tău)", "take the top (strip / your row)"],
  ["L", "coboară (sau formație + înainte de etalare)", "lay (or formation + before opening)"],
  ["Enter", "etalează", "open"],
  ["1–9, 10…", "lipește piesa aleasă la formația N (cifrele la rând: 12)", "attach the selected tile to formation N (digits in a row: 12)"],
  ["Tab, Enter", "o piesă din șir / o formație: ia de acolo / lipește", "a strip tile / a formation: take from there / attach"],
  ["D", "aruncă", "discard"],
  ["C", "închide (Tablă)", "close (Tablă)"],
  ["A", "ia atuul (Tablă)", "take the atu (Tablă)"],
  ["G / N / R", "sortează pe culori / numere / aranjează", "sort by colour / number / arrange"],
  ["Esc", "anulează alegerea", "clear the selection"],
  ["?", "ajutorul", "this help"],
];

export function renderHelp(body) {
  const en = lang() === "en";
  const rows = KEYS.map(([key, ro, english]) => `<tr><th><kbd>${key}</kbd></th><td>${en ? english : ro}</td></tr>`);
  body.innerHTML = `${HELP[lang()]}<table class="keys">${rows.join("")}</table>`;
}

