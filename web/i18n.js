// A small dictionary: Romanian by default, English on request (remembered).
const KEY = "remi.lang";

const RO = {
  lang: "ro",
  newGame: "Joc nou", help: "Ajutor", langSwitch: "EN", langSwitchTitle: "English",
  ariaTable: "Masa de joc", ariaBoard: "Masa", ariaFormations: "Formațiile de pe masă",
  ariaRack: "Locul tău", ariaRackTiles: "Rastelul tău", ariaPosition: "poziția",
  loading: "Se încarcă…", loadingGame: "Se pregătește masa…", loadingPython: "Se încarcă Python…",
  pythonLoaded: "Python încărcat", loadingFiles: "Se încarcă jocul…", filesLoaded: "Joc încărcat",
  ready: "Gata de joc", readyOffline: "Gata de joc · merge și fără internet", tableLine: "{variant} · runda {n}", bootFailed: "Nu a pornit", updateReady: "Versiune nouă — reîncarcă",
  updateReadyIcon: "Versiune nouă: apasă ⟳ sus ca să reîncarci.",
  stock: "Teanc", atu: "Atu", strip: "Șir", head: "cap de șir", table: "Masa",
  history: "Istoric", rows: "Rânduri", row: "Rândul", rowYours: "Rândul tău",
  you: "Tu", ai: "AI", standIn: "AI în locul lui {name}", tiles: { one: "{n} piesă", few: "{n} piese", other: "{n} de piese" }, score: "Scor",
  jokersAs: { one: "jokerul: {v}", other: "jokerii: {v}" },
  yourTurn: "Rândul tău", turnOf: "La mutare: {name}", thinking: "{name} se gândește…", toPlay: "{name} e la mutare…",
  phaseDraw: "Trage din teanc sau ia din {src}.", phaseDrawOnly: "Trage din teanc.", phaseFirst: "Prima mutare: doar arunci o piesă ({rule}).",
  phasePlay: "Coboară formații sau adaugă la cele de pe masă, apoi aruncă o piesă.",
  phaseLastCloses: "Ultima piesă: aruncând-o închizi (E11, +50).", phaseJokerStays: "Un joker aruncat rămâne pe șir: −50 (E10).",
  phasePlayUnopened: "Aruncă o piesă: nu poți etala încă (E4).",
  phasePlayTabla: "Alege piesa de aruncat și apasă Aruncă.",
  eachFormation: "Fiecare formație se adaugă separat: alege-i piesele și apasă Formație +.",
  endRacks: "Ce a rămas în rastele", endRacksTabla: "Rastelele (cine a închis: formațiile lui)",
  phaseAtu: "Ai luat atuul: închide acum.",
  phaseCanAtu: "Sau ia atuul și închide cu el (T7).",
  closeWhen: "Închizi când toate piesele, în afară de cea aruncată, fac formații (T6).",
  phaseLastAtu: "În teanc a rămas doar atuul: runda se încheie odată cu tura care îl trage (E12).",
  phaseLastTile: "E ultima piesă din teanc: runda se încheie odată cu tura care o trage (T9).",
  phaseLastNoDraw: "Trei ture întregi fără tras din teanc: dacă nu tragi nici tu, runda se încheie după tura ta (T9).",
  phaseFirstRound: "Primul tur al mesei: doar arunci o piesă (E3).",
  phaseCanClose: "Poți închide (T6): alege o piesă marcată și apasă Închide.",
  phaseCanOpen: "Poți etala (E4): apasă Arată etalarea, apoi Etalează.",
  phaseMustOpen: "Ai luat ca să etalezi ({rule}): etalează în tura asta; apasă Arată etalarea.",
  youTimedOut: "Ți-a expirat timpul (C8): tura ta s-a încheiat singură, aruncând {tile}.",
  srcStrip: "șir", srcRow: "rândul tău",
  mustLay: "De coborât în tura asta: {tiles}",
  notOpened: "neetalat", opened: "etalat", notOpenedShort: "neet.", openedShort: "etal.",
  seatToPlay: "la mutare",
  sortColour: "Culori", sortNumber: "Numere", arrange: "Aranjează",
  layBtn: "Coboară", addBtn: "Formație +", openBtn: "Etalează", discardBtn: "Aruncă",
  showOpeningBtn: "Arată etalarea",
  discardLeft: "Arunci mereu în rândul vecinului din stânga (jucătorul următor): rândul marcat.",
  rowTopOnly: "Se ia doar piesa de sus din rândul tău; cele de dedesubt și rândurile celorlalți rămân.",
  pickOne: "{action}: alege o singură piesă din rastel.", pickToAttach: "Alege o piesă din rastel, apoi numărul formației.",
  closeBtn: "Închide", clearBtn: "Anulează", atuBtn: "Ia atuul", redealBtn: "Reîmpărțire (3 dubluri)",
  draft: "Etalare în lucru", pointsOf: "{n} din {needs} de puncte",
  points: { one: "{n} punct", few: "{n} puncte", other: "{n} de puncte" }, noRun: "fără suită",
  noRunClasic: "fără suită sau trei formații", notFormation: "nu e formație (C5)",
  roundOver: "Runda {n} s-a încheiat", roundRedealt: "Runda {n} se împarte din nou", matchOver: "Meciul s-a încheiat",
  winner: "Câștigă: {names}", targetReached: "Ținta {target} e atinsă", targetReachedBy: "Ținta {target} e atinsă: {by}", twinHeld: "geamănul atuului: +50", twinLaid: "(geamănul atuului: +50 pentru {name}, E13)", closedBy: "{name} a închis.", youClosed: "Ai închis.", endStock: "S-a terminat teancul.",
  endNoDraws: "Trei tururi complete ale mesei (fiecare jucător de trei ori) fără tras din teanc.", endRedeal: "{name} a cerut reîmpărțirea (3 dubluri): nimeni nu primește puncte, se împarte din nou.",
  youRedealt: "Ai cerut reîmpărțirea (3 dubluri): nimeni nu primește puncte, se împarte din nou.",
  phaseCanRedeal: "Ai primit trei perechi identice sau mai multe: poți cere acum, în prima ta tură, o nouă împărțire.",
  redealConfirm: "Ceri o nouă împărțire? Runda se încheie fără puncte pentru nimeni și piesele se împart din nou.",
  nextRound: "Runda următoare", nextRoundIn: "Runda următoare · {n} s", seeTable: "Vezi masa", scoresBack: "Scoruri",
  colSeat: "Jucător", colLaid: "Coborâte", colShown: "Formații arătate", colRack: "Rămase", colUnopened: "Neetalat",
  rackNotCounted: "Neetalat: rastelul nu se numără, ci −100 fix (E13)",
  colClosing: "Închidere", colJokerClose: "Închis cu joker ×2", colJokerCloseShort: "Jok.×2", colTwin: "Geamăn atu", colJokers: "Jokeri", colFloor: "Plafon",
  colDouble: "Dublare", colTotal: "Runda", colMatch: "Total meci",
  // the round-end table's headers on a phone (the full one is their title)
  colLaidShort: "Cob.", colShownShort: "Arăt.", colRackShort: "Răm.", colUnopenedShort: "Neet.",
  colClosingShort: "Înch.", colTwinShort: "Gem.", colJokersShort: "Jok.", colFloorShort: "Plaf.",
  colDoubleShort: "Dubl.", colTotalShort: "Runda", colMatchShort: "Total",
  double: "Rundă dublă", doubleNote: "Rundă dublă (C7): atuul e un as sau un joker, toate scorurile rundei se dublează.",
  youWonMatch: "Ai câștigat meciul!", timer: "{s} s", noTimer: "fără ceas",
  illegal: "Mutare refuzată", resumed: "Joc reluat de unde ai rămas.",
  tabTaken: "Remi e deschis în altă filă", playHere: "Joacă aici",
  tabTakenText: "Se joacă într-o singură filă odată. Aici jocul s-a oprit; „Joacă aici” îl aduce în fila asta, de unde a rămas, și îl oprește în cealaltă.",
  notSaved: "Jocul nu a putut fi salvat (memoria browserului e plină?); poți juca mai departe.",
  saveNotResumed: "Jocul salvat nu a putut fi reluat; a început unul nou.",
  saveNotResumedHistory: "Jocul salvat nu a putut fi reluat; a început unul nou. Meciul rămâne în Istoric (Meniu → Istoric).",
  roomNotResumed: "Camera salvată nu a putut fi redeschisă; ai revenit la jocul tău.",
  prefsReset: "Opțiunile salvate erau deteriorate; s-au pus cele obișnuite.",
  dialogTitle: "Joc nou", variant: "Varianta", etalat: "Remi Etalat", tabla: "Remi pe Tablă",
  preset: "Reguli", platform: "platformă", clasic: "clasic", seats: "Jucători",
  seatN: "Locul {n}", level: "Nivel", target: "Țintă", unlimited: "nelimitat",
  timerOpt: "Ceas pe tură", none: "fără", doubleRounds: "Runde duble: cu un as sau un joker atu, totul ×2 (C7)",
  threeDoubles: "Reîmpărțire la „3 dubluri”: cine primește trei sau mai multe perechi identice poate cere o nouă împărțire la prima sa tură, înainte de a trage",
  targetNoteEtalat: "Ținta {target}: meciul se încheie după runda în care cineva o atinge; câștigă totalul cel mai mare (la egalitate în frunte se mai joacă o rundă) (C9).",
  targetNoteTabla: "Ținta ±{target}: meciul se oprește îndată ce cineva ajunge la +{target} sau scade la −{target}; câștigă totalul cel mai mare (T10).",
  presetNotePlatform: "Platformă: etalarea cere o suită (E4); nu închizi în tura în care te etalezi (E11); neetalat: −100, nimeni nu pierde mai mult de 100 într-o rundă (E13).",
  presetNoteClasic: "Clasic: etalare cu o suită sau trei grupuri (E4); doar cei etalați sparg șirul (E6); jokerul nu se aruncă (E10); poți închide în tura etalării (E11); neetalat: minus rastelul, fără plafon (E13).",
  start: "Începe", cancel: "Renunță", easy: "ușor", medium: "mediu", hard: "greu", expert: "expert",
  helpTitle: "Cum se joacă",
  engineSlow: "Motorul încă lucrează…",
  saved: "salvat", auto: "ceasul",
  // what a screen reader says of a control beyond the tile's name
  takeTile: "Ia {tile}", takeFromRow: "Ia {tile} din rândul tău",
  breakStrip: { one: "Sparge șirul: ia {tile} și piesa de după ea", few: "Sparge șirul: ia {tile} și cele {n} piese de după ea",
    other: "Sparge șirul: ia {tile} și cele {n} de piese de după ea" },
  takeWholeStrip: "Rastel scurt (E7): ia tot șirul fără cap, de la {tile}, fără nimic de coborât",
  formationNamed: "Formația {n}: {tiles}", jokerAs: "joker ca {n}", draftGroupNamed: "Formația {n} a etalării: {tiles}", noTiles: "nicio piesă", attachHere: "atașează aici piesa aleasă",
  creditedTo: "(pusă de: {name}, E8)",
  tileInDraft: "în etalarea în lucru", tileMustLay: "de coborât în tura asta", tileDrawn: "trasă acum",
  tileCloses: "o arunci și închizi", atuTaken: "luat", discardHere: "aici arunci",
  roundScores: "Scorurile rundei: {scores}", youDrew: "Ai tras {tile}", aJoker: "un joker", roundStarts: "Începe runda {n}", creditNote: "Pe masă, fiecare piesă se numără celui care a pus-o: și cea adăugată la formația altuia (E8); un joker luat prin schimb rămâne al celui care l-a coborât primul (E9).", dice: "Zaruri (C3): {throws} — împarte: {dealer}", diceAgain: "din nou", closeMessage: "Închide mesajul",
};

const EN = {
  lang: "en",
  newGame: "New game", help: "Help", langSwitch: "RO", langSwitchTitle: "Română",
  ariaTable: "Game table", ariaBoard: "Board", ariaFormations: "Table formations",
  ariaRack: "Your place", ariaRackTiles: "Your rack", ariaPosition: "position",
  loading: "Loading…", loadingGame: "Setting the table…", loadingPython: "Loading Python…",
  pythonLoaded: "Python loaded", loadingFiles: "Loading the game…", filesLoaded: "Game loaded",
  ready: "Ready to play", readyOffline: "Ready to play · works offline too", tableLine: "{variant} · round {n}", bootFailed: "Could not start", updateReady: "Update ready — reload",
  updateReadyIcon: "A new version: tap ⟳ at the top to reload.",
  stock: "Stock", atu: "Atu", strip: "Strip", head: "head of the strip", table: "Table",
  history: "History", rows: "Rows", row: "Row", rowYours: "Your row",
  you: "You", ai: "AI", standIn: "AI in place of {name}", tiles: { one: "{n} tile", other: "{n} tiles" }, score: "Score",
  jokersAs: { one: "the joker as {v}", other: "the jokers as {v}" },
  yourTurn: "Your turn", turnOf: "To play: {name}", thinking: "{name} is thinking…", toPlay: "{name} is playing…",
  phaseDraw: "Draw from the stock or take from {src}.", phaseDrawOnly: "Draw from the stock.", phaseFirst: "First move: discard only ({rule}).",
  phaseFirstRound: "First turn of the table: discard only (E3).",
  phaseCanClose: "You can close (T6): choose a marked tile and press Close.",
  phaseCanOpen: "You can open (E4): press Show the opening, then Open.",
  phaseMustOpen: "You took to open ({rule}): open this turn; press Show the opening.",
  youTimedOut: "Your time ran out (C8): your turn was finished for you, discarding {tile}.",
  phasePlay: "Lay formations or add to those on the table, then discard a tile.",
  phaseLastCloses: "Your last tile: discarding it closes (E11, +50).", phaseJokerStays: "A joker discarded stays on the strip: −50 (E10).",
  phasePlayUnopened: "Discard a tile: you cannot open yet (E4).",
  phasePlayTabla: "Choose the tile to throw away and press Discard.",
  eachFormation: "Add each formation on its own: select its tiles and press Formation +.",
  endRacks: "What was left on the racks", endRacksTabla: "The racks (the closer's: its formations)",
  phaseAtu: "You took the atu: close now.",
  phaseCanAtu: "Or take the atu and close with it (T7).",
  closeWhen: "You close when every tile but the one you discard is in formations (T6).",
  phaseLastAtu: "Only the atu is left in the stock: the round ends with the turn that draws it (E12).",
  phaseLastTile: "The stock's last tile: the round ends with the turn that draws it (T9).",
  phaseLastNoDraw: "Three full rounds without a stock draw: unless you draw, the round ends after your turn (T9).",
  srcStrip: "the strip", srcRow: "your row",
  mustLay: "Must be laid this turn: {tiles}",
  notOpened: "not opened", opened: "opened", notOpenedShort: "unop.", openedShort: "open",
  seatToPlay: "to play",
  sortColour: "Colours", sortNumber: "Numbers", arrange: "Arrange",
  layBtn: "Lay", addBtn: "Formation +", openBtn: "Open", discardBtn: "Discard",
  showOpeningBtn: "Show the opening",
  discardLeft: "You always discard into your left neighbour's row (the next player's): the marked one.",
  rowTopOnly: "Only the top tile of your own row may be taken; the tiles below it and the other rows stay.",
  pickOne: "{action}: select one tile on your rack.", pickToAttach: "Select a tile on your rack, then type the formation's number.",
  closeBtn: "Close", clearBtn: "Clear", atuBtn: "Take the atu", redealBtn: "Redeal (3 doubles)",
  draft: "Opening being composed", pointsOf: "{n} of {needs} points",
  points: { one: "{n} point", other: "{n} points" }, noRun: "no run",
  noRunClasic: "no run nor three formations", notFormation: "not a formation (C5)",
  roundOver: "Round {n} is over", roundRedealt: "Round {n} is dealt again", matchOver: "The match is over",
  winner: "Winner: {names}", targetReached: "Target {target} reached", targetReachedBy: "Target {target} reached: {by}", twinHeld: "the atu's twin: +50", twinLaid: "(the atu's twin: +50 for {name}, E13)", closedBy: "{name} closed.", youClosed: "You closed.", endStock: "The stock ran out.",
  endNoDraws: "Three full turns of the table (every player three times) without a stock draw.", endRedeal: "{name} asked for a redeal (3 doubles): nobody scores, the tiles are dealt again.",
  youRedealt: "You asked for a redeal (3 doubles): nobody scores, the tiles are dealt again.",
  phaseCanRedeal: "You were dealt three or more identical pairs: you may ask for a new deal now, in your first turn.",
  redealConfirm: "Ask for a new deal? The round ends with no score for anyone and the tiles are dealt again.",
  nextRound: "Next round", nextRoundIn: "Next round · {n} s", seeTable: "See the table", scoresBack: "Scores",
  colSeat: "Player", colLaid: "Laid", colShown: "Formations shown", colRack: "Rack", colUnopened: "Unopened",
  rackNotCounted: "Never opened: the rack is not counted, a flat −100 instead (E13)",
  colClosing: "Closing", colJokerClose: "Joker close ×2", colJokerCloseShort: "J×2", colTwin: "Atu twin", colJokers: "Jokers", colFloor: "Floor",
  colDouble: "Doubling", colTotal: "Round", colMatch: "Match total",
  colLaidShort: "Laid", colShownShort: "Shown", colRackShort: "Rack", colUnopenedShort: "Unop.",
  colClosingShort: "Clos.", colTwinShort: "Twin", colJokersShort: "Jok.", colFloorShort: "Floor",
  colDoubleShort: "Dbl.", colTotalShort: "Round", colMatchShort: "Match",
  double: "Double round", doubleNote: "Double round (C7): the atu is an ace or a joker, every score of the round is doubled.",
  youWonMatch: "You won the match!", timer: "{s} s", noTimer: "no clock",
  illegal: "Move refused", resumed: "Game resumed where you left it.",
  tabTaken: "Remi is open in another tab", playHere: "Play here",
  tabTakenText: "One tab plays at a time. The game stopped here; “Play here” brings it to this tab, where it was left, and stops it in the other one.",
  notSaved: "The game could not be saved (browser storage full?); you can play on.",
  saveNotResumed: "The saved game could not be resumed; a new one has started.",
  saveNotResumedHistory: "The saved game could not be resumed; a new one has started. The match stays in the History (Menu → History).",
  roomNotResumed: "The saved room could not be reopened; you are back at your own game.",
  prefsReset: "The saved table options were damaged; the usual ones are back.",
  dialogTitle: "New game", variant: "Variant", etalat: "Remi Etalat", tabla: "Remi pe Tablă",
  preset: "Rules", platform: "platform", clasic: "classic", seats: "Players",
  seatN: "Seat {n}", level: "Level", target: "Target", unlimited: "unlimited",
  timerOpt: "Turn clock", none: "none", doubleRounds: "Double rounds: an ace or joker atu doubles everything (C7)",
  threeDoubles: "“3 doubles” redeal: a player dealt three or more identical pairs may ask for a new deal at their first turn, before drawing",
  targetNoteEtalat: "Target {target}: the match ends after the round in which someone reaches it; the highest total wins (a tie at the top plays another round) (C9).",
  targetNoteTabla: "Target ±{target}: the match stops the moment someone reaches +{target} or falls to −{target}; the highest total wins (T10).",
  presetNotePlatform: "Platform: the opening needs a run (E4); you cannot close in the turn you open (E11); never opened: −100, nobody loses more than 100 in a round (E13).",
  presetNoteClasic: "Classic: open with a run or three groups (E4); only opened players break the strip (E6); a joker may not be discarded (E10); you may close in the turn you open (E11); never opened: minus the rack, no floor (E13).",
  start: "Start", cancel: "Cancel", easy: "easy", medium: "medium", hard: "hard", expert: "expert",
  helpTitle: "How to play",
  engineSlow: "The engine is still working…",
  saved: "saved", auto: "the clock",
  takeTile: "Take {tile}", takeFromRow: "Take {tile} from your row",
  breakStrip: { one: "Break the strip: take {tile} and the tile after it", other: "Break the strip: take {tile} and the {n} tiles after it" },
  takeWholeStrip: "Short rack (E7): take the whole strip but its head, from {tile}, with nothing to lay",
  formationNamed: "Formation {n}: {tiles}", jokerAs: "joker as {n}", draftGroupNamed: "Opening's formation {n}: {tiles}", noTiles: "no tiles", attachHere: "attach the selected tile here",
  creditedTo: "(put there by: {name}, E8)",
  tileInDraft: "in the opening being composed", tileMustLay: "must be laid this turn", tileDrawn: "just drawn",
  tileCloses: "discard it to close", atuTaken: "taken", discardHere: "you discard here",
  roundScores: "Round scores: {scores}", youDrew: "You drew {tile}", aJoker: "a joker", roundStarts: "Round {n} begins", creditNote: "On the table every tile counts for whoever put it there, one attached to someone else's formation too (E8); a joker taken by a swap stays with whoever first laid it (E9).", dice: "Dice (C3): {throws} — dealer: {dealer}", diceAgain: "again", closeMessage: "Close the message",
};

// Rule ids named in words (the engine's message follows, in English); "E4 clasic" is the
// name at a table with the clasic preset, where that rule reads otherwise (E4, E6, E10;
// E11 and E13 are named alike in both).
const RULES = {
  ro: {
    C1: "Piesele", C2: "Nu e rândul tău", C4: "Împărțirea", C5: "Formațiile", C8: "Ceasul",
    E1: "Capul de șir nu se ia", E2: "Tura: tragi, cobori, arunci",
    E3: "Primul tur al mesei: nu se coboară, nu se ia din șir",
    E4: "Etalarea: 45 de puncte și o suită",
    "E4 clasic": "Etalarea: 45 de puncte, cu o suită sau trei grupuri",
    E5: "Ultima piesă din șir",
    E6: "Spargerea șirului", "E6 clasic": "Spargerea șirului: doar jucătorii etalați",
    E7: "Rastel scurt", E8: "După etalare", E9: "Schimbul jokerului",
    E10: "Jokerul în șir", "E10 clasic": "Jokerul nu se aruncă (regulile clasice)",
    E11: "Închiderea", E12: "Teancul",
    T1: "Nimic nu se coboară", T2: "Rândurile", T3: "Tura: una intră, una iese", T4: "Doar vârful rândului tău",
    T5: "Jokerul din rând nu se ia", T6: "Închiderea", T7: "Atuul pentru închidere",
    notation: "Mutare neînțeleasă",
  },
  en: {
    C1: "Tiles", C2: "Not your turn", C4: "The deal", C5: "Formations", C8: "The clock",
    E1: "The head is never taken", E2: "The turn: draw, lay, discard",
    E3: "First turn of the table: nothing laid, nothing taken from the strip",
    E4: "Opening: 45 points and a run",
    "E4 clasic": "Opening: 45 points, with a run or three groups",
    E5: "The top discard",
    E6: "Breaking the strip", "E6 clasic": "Breaking the strip: opened players only",
    E7: "Short rack", E8: "After opening", E9: "Joker swap",
    E10: "Joker on the strip", "E10 clasic": "A joker is never discarded (classic rules)",
    E11: "Closing", E12: "The stock",
    T1: "Nothing is laid", T2: "Rows", T3: "The turn: one in, one out", T4: "Only the top of your own row",
    T5: "A joker in a row is never taken", T6: "Closing", T7: "The atu to close",
    notation: "Move not understood",
  },
};

const DICTS = { ro: RO, en: EN };

/** More strings, from a module that brings its own (web/platform/strings.js,
 * web/room/): Romanian and English. */
export function addStrings(ro, en) {
  Object.assign(RO, ro);
  Object.assign(EN, en);
}

/** `key` in every language (e.g. every word a default name may have been saved with). */
export function everyLanguage(key) { return Object.values(DICTS).map((dict) => dict[key]); }

/** The player's stored choice; else Romanian when the browser lists Romanian among its
 * languages, English when it does not (an English-speaking newcomer met a Romanian page).
 * web/boot-guard.js, which runs before this module, repeats the rule for its one message. */
function firstLang() {
  const stored = localStorage.getItem(KEY);
  if (stored === "en" || stored === "ro") return stored;
  return (navigator.languages ?? []).some((code) => /^(ro|mo)(-|$)/i.test(code)) ? "ro" : "en";
}

let current = firstLang();

export function lang() { return current; }

export function setLang(code) {
  current = code === "en" ? "en" : "ro";
  localStorage.setItem(KEY, current);
  document.documentElement.lang = current;
}

/** A number as the page's language writes it: "193,3" in Romanian, "193.3" in English. */
export function num(n, digits = 1) {
  return Number(n).toLocaleString(current === "en" ? "en-GB" : "ro-RO",
    { maximumFractionDigits: digits, useGrouping: false });
}

/** The plural form of `forms` ({one, few, other}) for n in the page's language: Romanian
 * "1 piesă", "2–19 piese" (few, also 0 and 101–119), "20 de piese" (other); English one / other. */
export function plural(forms, n) {
  if (typeof forms === "string") return forms;
  const form = new Intl.PluralRules(current === "en" ? "en" : "ro").select(Number(n));
  return forms[form] ?? forms.other;
}

/** The text of `key`, with {name} placeholders filled from params; a key with plural forms
 * ({one, few, other}) chooses by params.n. */
export function t(key, params = {}) {
  const text = plural(DICTS[current][key] ?? EN[key] ?? key, params.n);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

const COLOUR_NAMES = {
  ro: { K: "negru", R: "roșu", Y: "galben", B: "albastru", J: "joker" },
  en: { K: "black", R: "red", Y: "yellow", B: "blue", J: "joker" },
};

/** A tile's spoken name in `language`: "7 roșu" / "red 7", "joker". */
export function tileLabel(name, language = current) {
  const words = COLOUR_NAMES[language] ?? COLOUR_NAMES.en;
  if (name === "J") return words.J;
  const number = name.slice(1);
  return language === "ro" ? `${number} ${words[name[0]]}` : `${words[name[0]]} ${number}`;
}

/** A formation in words: a run as its numbers and colour ("5–10 galben", "1 joker 3 roșu"),
 * a group as its number and colours ("10 negru, roșu, albastru"); anything else tile by tile. */
export function formationWords(names) {
  const words = COLOUR_NAMES[current] ?? COLOUR_NAMES.en;
  const real = names.filter((name) => name !== "J");
  const colours = new Set(real.map((name) => name[0]));
  const numbers = new Set(real.map((name) => name.slice(1)));
  const say = (colour, what) => (current === "ro" ? `${what} ${colour}` : `${colour} ${what}`);
  if (real.length && colours.size === 1 && numbers.size === real.length) {       // a run
    if (names.includes("J")) return runWithJokers(names, words[real[0][0]], say);
    const seq = real.map((name) => Number(name.slice(1))).sort((a, b) => a - b);
    if (seq[0] === 1 && seq.includes(13)) seq.push(seq.shift());               // ace high
    const straight = seq.length >= 3 && seq.every((n, i) => i === 0 || n === seq[i - 1] + 1);
    return say(words[real[0][0]], straight ? `${seq[0]}–${seq.at(-1)}` : seq.join(" "));
  }
  if (real.length && numbers.size === 1 && colours.size === real.length) {       // a group
    const list = [...real.map((name) => words[name[0]]), ...names.filter((name) => name === "J").map(() => words.J)];
    return `${real[0].slice(1)} ${list.join(", ")}`;
  }
  return names.map((name) => tileLabel(name)).join(", ");
}

/** A run with jokers, as written (a joker's place says what it stands for):
 * "11–13 roșu (jokerul: 11)", "red 12–1 (the jokers as 13, 1)". */
function runWithJokers(names, colour, say) {
  const numbers = runNumbers(names);
  const jokers = names.flatMap((name, place) => (name === "J" ? [numbers[place]] : []));
  const as = t("jokersAs", { n: jokers.length, v: jokers.join(", ") });
  return `${say(colour, `${numbers[0]}–${numbers.at(-1)}`)} (${as})`;
}

/** The number at each place of a run as written, from where its first tile that is no joker
 * sits (after 13 comes the ace high, 1). */
function runNumbers(names) {
  const first = names.findIndex((name) => name !== "J");
  let start = Number(names[first].slice(1)) - first;   // the number at the run's first place
  if (start < 1) start += 13;                           // jokers before an ace high
  return names.map((_, place) => ((start + place - 1) % 13) + 1);
}

/** What each joker of a laid formation (C5, in table order) stands for: its place's number
 * in a run, the number of a group; null for the other tiles. */
export function jokerNumbers(names) {
  const real = names.filter((name) => name !== "J");
  if (!real.length || real.length === names.length) return names.map(() => null);
  const group = new Set(real.map((name) => name.slice(1))).size === 1;
  const numbers = group ? names.map(() => Number(real[0].slice(1))) : runNumbers(names);
  return names.map((name, place) => (name === "J" ? numbers[place] : null));
}

// A tile in the notation (C1): colour letter + 1…13, or J.
const TILE_CODE = "J|[KRYB](?:1[0-3]|[1-9])";

/** Whether `text` is one tile in the notation. */
export function isTileName(text) {
  return typeof text === "string" && new RegExp(`^(?:${TILE_CODE})$`).test(text);
}

/** Every tile code in a sentence (R7, B11, J: the notation's English letters) in words,
 * so a player reads "11 albastru", not "B11". */
export function tileWords(text) {
  // a list of tiles is said with commas: "2 roșu, 12 galben, 4 roșu" (a QA pass could not
  // tell which number went with which colour in "2 roșu 12 galben 4 roșu")
  return text.replace(new RegExp(`\\b(?:${TILE_CODE})(?: (?:${TILE_CODE}))*\\b`, "g"),
    (codes) => codes.split(" ").map((code) => tileLabel(code)).join(", "));
}

/** A rule's name in words; `preset` is the table's ("platform" / "clasic"). */
export function ruleName(rule, preset = "platform") {
  return RULES[current][`${rule} ${preset}`] ?? RULES[current][rule] ?? "";
}

/** Static markup: every [data-i18n] element gets its text, [data-i18n-title] its title. */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.title = t(el.dataset.i18nTitle);
    // a symbol ("?", "×") is named by its title; a word ("EN") names itself, the title describes
    if (!el.dataset.i18n) el.setAttribute("aria-label", el.title);
  }
}

/** A bot level in words ("greu" / "hard"), the badge beside "AI". */
export function levelName(level) { return t(level); }

/** A bot's label: "AI greu" / "AI hard". */
export function botName(level) { return `${t("ai")} ${levelName(level)}`; }

/** A seat's label from a players list: "Tu" / the name / "AI greu" (+ "#n" when two bots
 * share a level; a tournament's bot always has its entrant number, as in the standings) /
 * "AI în locul lui Ana" for a bot standing in for a player who dropped. */
/** A person's name; a room's default one ("Gazda", "Oaspete #3"), given by a page in
 * another language, in this page's (an English guest saw its host named "Gazda"). */
export function personName(name) {
  const [, base, number = ""] = /^(.*?)( #\d+)?$/.exec(name ?? "");
  const key = ["hostName", "guestName"].find((k) => everyLanguage(k).includes(base));
  return key ? `${t(key)}${number}` : name;
}

export function playerLabel(players, seat, youSeat = null) {
  const player = players?.[seat];
  if (!player) return `#${seat + 1}`;
  if (!player.is_bot) return seat === youSeat ? t("you") : personName(player.name);
  if (player.in_place_of) return t("standIn", { name: player.in_place_of });
  if (player.entrant != null) return `${botName(player.level)} #${player.entrant + 1}`;
  const twin = players.some((p, i) => i !== seat && p.is_bot && p.level === player.level);
  return `${botName(player.level)}${twin ? ` #${seat + 1}` : ""}`;
}

// One history line. `you` = the local player: Romanian switches to the 2nd person.
const VERBS = {
  ro: {
    draw: ["ai tras din teanc", "a tras din teanc"],
    drawAtu: ["ai tras atuul, ultima piesă a teancului", "a tras atuul, ultima piesă a teancului"],
    take: ["ai luat ultima piesă din {src}", "a luat ultima piesă din {src}"],
    takeTile: ["ai luat {tile} din {src}", "a luat {tile} din {src}"],
    takeN: ["ai spart șirul: {tiles}", "a spart șirul: {tiles}"],
    takeAll: ["ai luat tot șirul, fără cap (rastel scurt): {tiles}",
      "a luat tot șirul, fără cap (rastel scurt): {tiles}"],
    open: ["ai etalat: {what}", "a etalat: {what}"],
    lay: ["ai coborât {what}", "a coborât {what}"],
    attach: ["ai lipit {tile} la formația {n}", "a lipit {tile} la formația {n}"],
    swap: ["ai pus {tile} în locul jokerului din formația {n}",
      "a pus {tile} în locul jokerului din formația {n}"],
    discard: ["ai aruncat {tile}", "a aruncat {tile}"],
    atu: ["ai luat atuul", "a luat atuul"],
    close: ["ai închis, aruncând {tile}", "a închis, aruncând {tile}"],
    closeAtu: ["ai închis cu atuul (T7), aruncând {tile}", "a închis cu atuul (T7), aruncând {tile}"],
    redeal: ["ai cerut reîmpărțirea", "a cerut reîmpărțirea"],
    timeout: ["ai rămas fără timp", "a rămas fără timp"],
    rolled: ["ai pus la loc ce ai luat{tiles}", "a pus la loc ce a luat{tiles}"],
  },
  en: {
    draw: ["drew from the stock"], drawAtu: ["drew the atu, the stock's last tile"], take: ["took the top of {src}"],
    takeTile: ["took {tile} from {src}"],
    takeN: ["broke the strip: {tiles}"],
    takeAll: ["took the whole strip but its head (short rack): {tiles}"], open: ["opened: {what}"], lay: ["laid {what}"],
    attach: ["attached {tile} to formation {n}"],
    swap: ["put {tile} in place of the joker of formation {n}"],
    discard: ["discarded {tile}"], atu: ["took the atu"], close: ["closed, discarding {tile}"],
    closeAtu: ["closed with the atu (T7), discarding {tile}"],
    redeal: ["asked for a redeal"], timeout: ["ran out of time"],
    rolled: ["put back what was taken{tiles}"],
  },
};

/** The one tile a move plays, as a sentence says it: "un joker" / "a joker", not the bare
 * name (QA 41b read "ai aruncat joker"). */
const movedTile = (name) => (name === "J" ? t("aJoker") : tileLabel(name));

/** A history entry in words: "AI hard a tras din teanc" / "AI hard drew from the stock".
 * Its `rule`: "E7" marks the short-rack take of the whole strip but its head (not E6),
 * "E12" the draw of the atu, the stock's last tile, "E11" the Etalat discard that closes,
 * "T7" a Tablă close after taking the atu;
 * its `tiles`, the public tiles a take took; its `formations`, an opening's or a laying's
 * formations as the engine laid them (a run in order, a joker at its place; the action
 * names them in the order chosen). Entries of older logs have neither. */
export function describe({ action, rule = null, tiles = null, formations = null }, name, isYou, variant) {
  const words = action.trim().split(/\s+/);
  const verb = words[0].toLowerCase();
  let key = verb;
  const params = {};
  if (verb === "draw" && rule === "E12") key = "drawAtu";
  if (verb === "discard" && rule === "E11") key = "close";
  if (verb === "close" && rule === "T7") key = "closeAtu";
  if (verb === "take") {
    const taken = Array.isArray(tiles) ? tiles.filter(isTileName) : [];  // a host's: checked
    if (words[1] && words[1] !== "1") {
      key = rule === "E7" ? "takeAll" : "takeN";
      const list = taken.length ? ` (${taken.map((tile) => tileLabel(tile)).join(", ")})` : "";
      params.tiles = t("tiles", { n: words[1] }) + list;
    } else if (taken.length) {
      key = "takeTile";
      params.tile = tileLabel(taken[0]);
    }
    params.src = t(variant === "tabla" ? (isYou ? "srcRow" : "row") : "srcStrip").toLowerCase();
    if (variant === "tabla" && !isYou) params.src = current === "ro" ? "rândul său" : "their row";
  } else if (verb === "open" || verb === "lay") {
    const laid = Array.isArray(formations) && formations.length   // a host's: checked
      && formations.every((f) => Array.isArray(f) && f.length && f.every(isTileName));
    params.what = (laid ? formations : action.slice(verb.length).split("|")
      .map((formation) => formation.trim().split(/\s+/)))
      .map(formationWords).join(" · ");
  } else if (verb === "attach" || verb === "swap") {
    params.tile = movedTile(words[1]); params.n = words[3];
  } else if (verb === "discard" || verb === "close") {
    params.tile = movedTile(words[1]);
  } else if (verb === "rolled") {           // the clock's rollback (C8): what went back
    const back = Array.isArray(tiles) ? tiles.filter(isTileName) : [];
    params.tiles = back.length ? `: ${back.map((tile) => tileLabel(tile)).join(", ")}` : "";
  }
  const forms = VERBS[current][key];
  if (!forms) return `${name}: ${action}`;
  const form = forms[isYou || forms.length === 1 ? 0 : 1];
  return `${name} ${form.replace(/\{(\w+)\}/g, (_, p) => params[p] ?? "")}`;
}
