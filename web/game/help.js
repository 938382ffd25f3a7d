// The help dialog: how to play with the mouse, every key, and the rules in short (in both
// languages).
import { lang } from "../i18n.js";

const HELP = {
  ro: `<p>Tragi din <b>teanc</b> (clic sau trage-l pe rastel) sau iei din <b>șir</b> / din
  <b>rândul tău</b>. Alegi piese cu clic, apoi <b>Coboară</b>, <b>Etalează</b>, <b>Aruncă</b>
  sau <b>Închide</b>. O piesă trasă pe o formație de pe masă se lipește (sau ia locul
  jokerului); trasă pe șir / pe rândul vecinului din stânga se aruncă. Trage piesele pe
  rastel ca să le ordonezi.</p>
  <p>Etalarea: alege piesele unei formații, <b>Formație +</b>, repetă, apoi <b>Etalează</b>.</p>`,
  en: `<p>Draw from the <b>stock</b> (click, or drag it onto your rack) or take from the
  <b>strip</b> / <b>your row</b>. Select tiles with a click, then <b>Lay</b>, <b>Open</b>,
  <b>Discard</b> or <b>Close</b>. A tile dropped on a table formation is attached (or takes
  the joker's place); dropped on the strip / your left neighbour's row it is discarded. Drag
  tiles along the rack to reorder them.</p>
  <p>Opening: select one formation, <b>Formation +</b>, repeat, then <b>Open</b>.</p>`,
};
// The rules a new player needs, with their ids (RULES.md); a refusal names the same ids.
const RULES = {
  ro: `<h3>Regulile pe scurt</h3>
  <p><b>Formații</b> (C5): grup (același număr, culori diferite, 3–4 piese) sau suită (aceeași
  culoare, numere la rând; asul e 1-2-3 sau 12-13-1, nu 13-1-2); cel mult un joker pe formație.</p>
  <p><b>Remi Etalat.</b> Primul jucător doar aruncă în prima tură (E2); în prima rundă de ture
  nimeni nu coboară (E3). Etalarea: cel puțin 45 de puncte într-o tură, cu o suită (reguli
  <i>clasic</i>: o suită sau trei grupuri) (E4). Capul de șir nu se ia niciodată (E1); înainte de
  etalare iei ultima piesă din șir sau spargi șirul doar dacă piesa intră în etalarea din tura
  aceea, iar piesa de la tăietură se coboară în aceeași tură (E5, E6). Închizi coborând tot și
  aruncând ultima piesă, nu în tura în care etalezi (E11; <i>clasic</i>: se poate). Neetalat la final: −100; jokerul
  lăsat pe șir: −50 celui care l-a aruncat (E10, E13); geamănul atuului coborât: +50; as sau
  joker atu: rundă dublă (C7).</p>
  <p><b>Remi pe Tablă.</b> Nu se coboară nimic (T1): aruncă mereu în rândul vecinului din
  stânga; iei doar ultima piesă din rândul tău (T4), niciodată un joker (T5). Închizi (C) când,
  după tras, tot rastelul e formații plus o piesă de aruncat (T6); îți lipsește una singură și
  e atuul: îl iei (A) și închizi (T7). Cine închide primește valoarea formațiilor (×2 dacă
  aruncă un joker); ceilalți pierd rastelul; geamănul atuului ținut la final: +50 (T8). Runda se termină și când se golește teancul
  sau după trei ture întregi fără tras din teanc (T9).</p>`,
  en: `<h3>The rules in short</h3>
  <p><b>Formations</b> (C5): a group (same number, different colours, 3–4 tiles) or a run (one
  colour, consecutive numbers; the ace is 1-2-3 or 12-13-1, never 13-1-2); at most one joker a
  formation.</p>
  <p><b>Remi Etalat.</b> The first player only discards on the first turn (E2); nobody lays
  anything in the first round of turns (E3). The opening: at least 45 points in one turn, with
  a run (<i>clasic</i> rules: a run or three groups) (E4). The head of the strip is never taken
  (E1); before opening you take the strip's top or break the strip only when that tile goes
  into this turn's opening, and the tile you cut at is laid the same turn (E5, E6). You close
  by laying everything and discarding the last tile, not in the turn you open (E11; <i>clasic</i>:
  you may). Never
  opened at the end: −100; a joker left on the strip: −50 to whoever discarded it (E10, E13);
  the atu's twin laid: +50; an ace or joker atu doubles the round (C7).</p>
  <p><b>Remi pe Tablă.</b> Nothing is laid (T1): you always discard into your left
  neighbour's row; you take only the top of your own row (T4), never a joker (T5). You close
  (C) when, after drawing, the whole rack is formations plus one tile to discard (T6); missing
  exactly one tile and it is the atu: take it (A) and close (T7). The closer scores its
  formations (×2 when it discards a joker); everyone else loses the rack; the atu's twin held at the end: +50 (T8). The round also
  ends when the stock runs out or after three full rounds with no stock draw (T9).</p>`,
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
  ["Esc", "închide mesajul / lasă piesele alese", "close the message / unselect the tiles"],
  ["⌫ Backspace", "scoate ultima formație din etalare", "take the last formation out of the opening"],
  ["?", "ajutorul", "this help"],
];

export function renderHelp(body) {
  const en = lang() === "en";
  const rows = KEYS.map(([key, ro, english]) => `<tr><th><kbd>${key}</kbd></th><td>${en ? english : ro}</td></tr>`);
  body.innerHTML = `${HELP[lang()]}<table class="keys">${rows.join("")}</table>${RULES[lang()]}`;
}

