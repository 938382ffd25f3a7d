// The help dialog: what the game is, how to play the variant at the table, the rules in
// short and every key (in both languages).
import { lang } from "../i18n.js";

// What the game is, before how to play it (a QA pass: a newcomer met the keys first, and
// "atu", "Etalat" and "Tablă" were never said).
const GOAL = {
  ro: `<h3>Jocul</h3>
  <p>Remi se joacă cu 106 piese: numerele 1–13 în patru culori, de două ori, și doi jokeri
  (C1). Fiecare are 14 piese pe rastel (primul jucător 15) și le strânge în <b>formații</b>:
  grupuri (același număr, culori diferite) și suite (aceeași culoare, numere la rând). La
  fiecare tură tragi o piesă și arunci una. Piesa întoarsă la împărțire e <b>atuul</b>:
  geamănul lui valorează +50, iar un as sau un joker atu dublează runda (C7).</p>
  <p><b>Remi Etalat</b>: cobori formațiile pe masă (prima dată cel puțin 45 de puncte:
  <i>etalarea</i>), lipești piese la formațiile oricui și închizi când ai coborât tot. Toți
  aruncă într-un singur <i>șir</i>, din care se poate lua. <b>Remi pe Tablă</b>: nu se
  coboară nimic; arunci în rândul vecinului din stânga și închizi când tot rastelul e
  formații plus o piesă de aruncat. La sfârșitul rundei, oricum s-ar termina, piesele rămase pe
  rastel se scad din scorul tău (în Etalat, cine n-a etalat ia −100 fix).</p>
  <h3>Mutările tale</h3>`,
  en: `<h3>The game</h3>
  <p>Remi is played with 106 tiles: the numbers 1–13 in four colours, twice, and two jokers
  (C1). Everyone holds 14 tiles on the rack (the first player 15) and gathers them into
  <b>formations</b>: groups (one number, different colours) and runs (one colour, numbers in
  a row). Each turn you draw a tile and discard one. The tile turned up at the deal is the
  <b>atu</b>: its twin is worth +50, and an ace or joker atu doubles the round (C7).</p>
  <p><b>Remi Etalat</b>: you lay formations on the table (the first time at least 45 points:
  the <i>opening</i>), attach tiles to anyone's formations and close when you have laid
  everything. Everyone discards onto one <i>strip</i>, which may be taken from. <b>Remi pe
  Tablă</b>: nothing is laid; you discard into your left neighbour's row and close when the
  whole rack is formations plus one tile to discard. When the round ends, however it ends,
  the tiles left on your rack count against you (in Etalat, a player who never opened takes
  a flat −100 instead).</p>
  <h3>Your moves</h3>`,
};
// How to play, for the variant at the table (a QA pass on a phone read Etalat's buttons
// at a Tablă table); `{press}` is "tap" or "click" as the device is.
const MOVES = {
  etalat: {
    ro: `<p>Tragi din <b>teanc</b> (apasă-l sau trage-l pe rastel) sau iei din <b>șir</b>:
  ultima piesă, sau una de mai jos, care sparge șirul. Alegi piese apăsându-le, apoi
  <b>Coboară</b> sau <b>Aruncă</b>; o piesă trasă pe o formație de pe masă se lipește (sau
  ia locul jokerului), trasă pe șir se aruncă.</p>
  <p>Etalarea: alege piesele unei formații, <b>Formație +</b>, repetă, apoi <b>Etalează</b>;
  <b>Arată etalarea</b>, când apare, ți-o așază. Trage piesele de-a lungul rastelului ca să
  le ordonezi; <b>Aranjează</b> le pune în formații, despărțite.</p>`,
    en: `<p>Draw from the <b>stock</b> ({press} it, or drag it onto your rack) or take from
  the <b>strip</b>: its top tile, or one further down, which breaks the strip. Select tiles
  with a {press}, then <b>Lay</b> or <b>Discard</b>; a tile dropped on a table formation is
  attached (or takes the joker's place), dropped on the strip it is discarded.</p>
  <p>Opening: select one formation, <b>Formation +</b>, repeat, then <b>Open</b>; <b>Show
  the opening</b>, when it shows, lays one out for you. Drag tiles along the rack to reorder
  them; <b>Arrange</b> sorts them into formations, set apart.</p>`,
  },
  tabla: {
    ro: `<p>Tragi din <b>teanc</b> (apasă-l sau trage-l pe rastel) sau iei ultima piesă din
  <b>rândul tău</b> (apas-o). Alegi piesa de aruncat apăsând-o, apoi <b>Aruncă</b>, sau o
  tragi pe rândul vecinului din stânga, cel marcat cu ⇠.</p>
  <p>Când tot rastelul e formații plus o piesă, piesele care închid au un punct auriu: alege
  una și <b>Închide</b>. Dacă îți lipsește doar atuul, <b>Ia atuul</b> (sau apasă atuul). Trage
  piesele de-a lungul rastelului ca să le ordonezi; <b>Aranjează</b> le pune în formații,
  despărțite.</p>`,
    en: `<p>Draw from the <b>stock</b> ({press} it, or drag it onto your rack) or take the top
  tile of <b>your row</b> ({press} it). Select the tile to discard with a {press}, then
  <b>Discard</b>, or drag it onto your left neighbour's row, the one marked ⇠.</p>
  <p>When the whole rack is formations plus one tile, the tiles that close carry a gold dot:
  select one and <b>Close</b>. Missing only the atu, <b>Take the atu</b> (or {press} the atu).
  Drag tiles along the rack to reorder them; <b>Arrange</b> sorts them into formations, set
  apart.</p>`,
  },
};
// The rules a new player needs, with their ids (RULES.md); a refusal names the same ids.
// The platform rules are said first; "(clasic: …)" marks what the table option
// "Reguli: clasic" changes (RULES.md presets). Words: "tură" / "turn" is one player's, a "tur
// al mesei" / "turn of the table" every seat's once, a "rundă" / "round" one deal.
const RULES = {
  common: {
    ro: `<h3>Regulile pe scurt</h3>
  <p>Mai jos, <i>(clasic: …)</i> spune ce se schimbă la masa cu reguli <i>clasic</i>
  (opțiunea „Reguli” a jocului nou).</p>
  <p><b>Formații</b> (C5): grup (același număr, culori diferite, 3–4 piese) sau suită (aceeași
  culoare, numere la rând; asul e 1-2-3 sau 12-13-1, nu 13-1-2); cel mult un joker pe formație.</p>
  <p><b>Valoarea pieselor</b> (C6). La etalare: 2–9 → 5, 10–13 → 10, asul 10 (după 13 sau în
  grup) sau 5 (înainte de 2), jokerul cât piesa pe care o ține. La numărătoare (pe masă, pe
  rastelul din Etalat, formațiile celui care închide pe Tablă): 2–9 → 5, 10–13 → 10, asul 25,
  jokerul 50. Rastelul pe Tablă: 1–9 → 5 (și asul), 10–13 → 10, jokerul 50.</p>`,
    en: `<h3>The rules in short</h3>
  <p>Below, <i>(classic: …)</i> says what changes at a table with <i>classic</i> rules (the
  new game's “Rules” option).</p>
  <p><b>Formations</b> (C5): a group (same number, different colours, 3–4 tiles) or a run (one
  colour, consecutive numbers; the ace is 1-2-3 or 12-13-1, never 13-1-2); at most one joker per
  formation.</p>
  <p><b>Tile values</b> (C6). For the opening: 2–9 → 5, 10–13 → 10, the ace 10 (after 13 or in
  a group) or 5 (before 2), a joker as the tile it stands for. At the count (the table, an
  Etalat rack, a Tablă closer's formations): 2–9 → 5, 10–13 → 10, the ace 25, a joker 50. A
  Tablă rack: 1–9 → 5 (the ace too), 10–13 → 10, a joker 50.</p>`,
  },
  etalat: {
    ro: `<p><b>Remi Etalat.</b> Primul jucător doar aruncă în prima tură (E2). În primul tur al mesei
  (prima tură a fiecăruia) nimeni nu coboară și nu ia din șir (E3). Etalarea: cel puțin 45 de
  puncte într-o tură, cu o suită (E4; <i>clasic</i>: o suită sau trei grupuri).</p>
  <p><b>Șirul</b> (Etalat). Capul de șir nu
  se ia niciodată (E1). Ultima piesă din șir: neetalat, doar dacă intră în etalarea din tura
  aceea; etalat, liber (E5). Spargi șirul luând o piesă de sub ultima (nu capul) și tot ce e
  peste ea; piesa de la tăietură se coboară în aceeași tură; neetalat, doar dacă intră în
  etalarea din tura aceea (E6; <i>clasic</i>: doar jucătorii etalați). Etalat, cu mai puțin de
  4 piese pe rastel, iei tot șirul fără cap, fără obligație (E7).</p>
  <p><b>După etalare</b> cobori orice
  formație și lipești piese la oricine (E8). Un joker de pe masă îl iei punând piesa pe care o
  ține: în suită, piesa de la locul lui; din grup, doar dintr-unul de 4, culoarea care lipsește;
  jokerul luat se coboară în aceeași tură (E9). Jokerul se poate arunca (E10; <i>clasic</i>: nu
  se aruncă). Închizi coborând tot și aruncând ultima piesă, nu în tura în care etalezi (E11;
  <i>clasic</i>: se poate). Atuul se trage ultimul; tura în care e tras încheie runda (E12).</p>
  <p><b>Scorul rundei în Etalat</b> (E13): etalat, valoarea pieselor coborâte sau lipite minus
  rastelul; neetalat, −100 (<i>clasic</i>: minus rastelul); cine închide: +50; geamănul
  atuului coborât: +50; jokerul lăsat pe șir: −50 celui care l-a aruncat (E10); nimeni nu pierde
  mai mult de 100 într-o rundă, înainte de dublare (<i>clasic</i>: fără plafon); as sau joker atu: rundă dublă,
  totul ×2 (C7).</p>`,
    en: `<p><b>Remi Etalat.</b> The first player only discards on the first turn (E2). In the first
  turn of the table (everyone's first turn) nobody lays anything or takes from the strip (E3).
  The opening: at least 45 points in one turn, with a run (E4; <i>classic</i>: a run or three
  groups).</p>
  <p><b>The strip</b> (Etalat). The head of the strip is never taken (E1). The strip's top: before opening, only
  when it goes into this turn's opening; once opened, freely (E5). You break the strip by
  taking a tile below the top (never the head) and every tile after it; the cut tile is laid
  the same turn; before opening, only when it goes into this turn's opening (E6;
  <i>classic</i>: opened players only). Opened with fewer than 4 tiles on the rack, you may
  take the whole strip but its head, with no obligation (E7).</p>
  <p><b>Once opened</b> you lay any
  formation and attach tiles to anyone's (E8). You take a joker off the table by putting in
  the tile it stands for: in a run, the tile at its place; in a group, only a 4-group's missing
  colour; the freed joker is laid the same turn (E9). A joker may be discarded (E10;
  <i>classic</i>: never). You close by laying everything and discarding the last tile, not in
  the turn you open (E11; <i>classic</i>: you may). The atu is drawn last; the turn that draws
  it ends the round (E12).</p>
  <p><b>Etalat round score</b> (E13): opened, the value of the tiles you laid or attached minus
  your rack; never opened, −100 (<i>classic</i>: minus the rack); the closer: +50; the atu's
  twin laid: +50; a joker left on the strip: −50 to whoever discarded it (E10); nobody loses
  more than 100 in a round before doubling (<i>classic</i>: no floor); an ace or joker atu doubles the round,
  everything ×2 (C7).</p>`,
  },
  tabla: {
    ro: `<p><b>Remi pe Tablă.</b> Nu se coboară nimic (T1): aruncă mereu în rândul vecinului din
  stânga (T2); tragi din teanc sau iei ultima piesă din rândul tău (T3, T4), niciodată un
  joker (T5); primul jucător are 15 piese și la prima tură doar aruncă (T3). Închizi
  când, după tras, tot rastelul e formații plus o piesă de aruncat (T6; primul jucător chiar
  la prima tură); îți lipsește una singură și e atuul: îl iei și închizi cu el în formație; altfel
  atuul nu se trage (T7). Cine închide primește valoarea formațiilor, fără bonus (formațiile
  ×2 dacă aruncă un joker; +50 al geamănului nu se dublează); ceilalți pierd rastelul, fără
  plafon; geamănul atuului ținut la final: +50
  (T8); as sau joker atu: rundă dublă (C7). Runda se termină și când se golește teancul sau
  după trei tururi complete ale mesei (fiecare jucător de trei ori) fără tras din teanc (T9).</p>`,
    en: `<p><b>Remi pe Tablă.</b> Nothing is laid (T1): you always discard into your left
  neighbour's row (T2); you draw from the stock or take the top of your own row (T3, T4),
  never a joker (T5); the first player holds 15 and only discards on the first turn (T3). You
  close when, after drawing, the whole rack is formations plus one tile to discard (T6;
  the first player even on that first turn); missing exactly one tile and it is the atu: take it and close with
  it in a formation; otherwise the atu is never drawn (T7). The closer scores its formations,
  no bonus (its formations ×2 when it discards a joker; the twin's +50 is not doubled);
  everyone else loses the rack, no floor; the atu's
  twin held at the end: +50 (T8); an ace or joker atu doubles the round (C7). The round also
  ends when the stock runs out or after three full turns of the table (every player three
  times) with no stock draw (T9).</p>`,
  },
  match: {
    ro: `<p><b>Meciul</b> (C9, T10): fără limită sau până la o țintă. Etalat: se încheie după runda
  în care cineva o atinge (la egalitate în frunte se mai joacă o rundă); Tablă: de îndată ce
  cineva ajunge la +țintă ori −țintă. Câștigă totalul cel mai mare.</p>`,
    en: `<p><b>The match</b> (C9, T10): unlimited or up to a target. Etalat: it ends after the round
  in which someone reaches it (a tie at the top plays another round); Tablă: the moment
  someone reaches +target or −target. The highest total wins.</p>`,
  },
};
const KEYS_TITLE = { ro: "Taste", en: "Keys" };
const KEYS = [
  ["← →", "cursor pe rastel", "move along the rack"],
  ["Home End", "la capetele rastelului", "to the rack's ends"],
  ["Shift + ← →", "mută piesa", "move the tile"],
  ["Space", "alege / lasă piesa", "select / unselect the tile"],
  ["S", "trage din teanc", "draw from the stock"],
  ["T", "ia ultima piesă (șir / rândul tău)", "take the top (strip / your row)"],
  ["L", "coboară (sau formație + înainte de etalare)", "lay (or formation + before opening)"],
  ["Enter", "etalează (după etalare: coboară, ca L; pe Tablă nimic)", "open (once opened: lay, as L; nothing in Tablă)"],
  ["1–9, 10…", "lipește piesa aleasă la formația N (cifrele la rând: 12)", "attach the selected tile to formation N (digits in a row: 12)"],
  ["Tab, Enter", "o piesă din șir / o formație: ia de acolo / lipește", "a strip tile / a formation: take from there / attach"],
  ["Enter, Space", "pe un buton: îl apasă; pe „Foaia de scor” / „Istoric”: le strânge sau le deschide", "on a button: press it; on “Score sheet” / “History”: fold or unfold it"],
  ["D", "aruncă (piesa aleasă; fără, cea de sub cursor, cât se vede)", "discard (the selected tile; with none, the cursor's while it shows)"],
  ["C", "închide (Tablă; piesa aleasă sau cea de sub cursor, ca D)", "close (Tablă; the selected tile or the cursor's, as D)"],
  ["A", "ia atuul (Tablă)", "take the atu (Tablă)"],
  ["G / N / R", "sortează pe culori / numere / aranjează", "sort by colour / number / arrange"],
  ["Esc", "închide mesajul / lasă piesele alese / renunță la etalarea în lucru / lasă scorurile deoparte (Scoruri le aduce înapoi)", "close the message / unselect the tiles / drop the opening being composed / set the scores aside (Scores brings them back)"],
  ["⌫ Backspace", "scoate ultima formație din etalare", "take the last formation out of the opening"],
  ["?", "ajutorul", "this help"],
];

// A table that plays no double rounds (C7 is an option) is told so before the rules that
// speak of them (a QA pass: the help said an ace or joker atu doubles the round, whatever).
const NO_DOUBLES = {
  ro: `<p class="help-note"><b>La masa aceasta nu se joacă runde duble</b>: atuul nu dublează
  nimic (C7, opțiunea mesei).</p>`,
  en: `<p class="help-note"><b>This table plays no double rounds</b>: the atu doubles nothing
  (C7, a table option).</p>`,
};

/** The help for the table's `variant`: its moves, then the rules — the common ones, its
 * own, the other variant's, the match's — and the keys, folded away on a touch screen;
 * a word first when the table plays no double rounds. */
export function renderHelp(body, variant = "etalat", doubleRounds = true) {
  const language = lang();
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  const press = { en: touch ? "tap" : "click" }[language] ?? "";
  const other = variant === "tabla" ? "etalat" : "tabla";
  const rows = KEYS.map(([key, ro, english]) =>
    `<tr><th><kbd>${key}</kbd></th><td>${language === "en" ? english : ro}</td></tr>`);
  body.innerHTML = (doubleRounds ? "" : NO_DOUBLES[language]) + GOAL[language]
    + MOVES[variant][language].replaceAll("{press}", press)
    + [RULES.common, RULES[variant], RULES[other], RULES.match].map((part) => part[language]).join("\n")
    + `<details class="help-keys"${touch ? "" : " open"}><summary><h3>${KEYS_TITLE[language]}</h3></summary>`
    + `<table class="keys">${rows.join("")}</table></details>`;
}
