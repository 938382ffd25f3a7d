// The tournament screens: start one, the standings between rounds, the player's table played
// on the game table, bot-only tables simulated in slices (with progress), the final placing
// and its rank points. What comes next is decided by Python (tournament_state().next).
import { el } from "../game/render.js";
import { everyLanguage, playerLabel, t } from "../i18n.js";
import { P } from "./state.js";
import { store } from "./storage.js";
import { addTournament } from "./profile.js";
import { tabActive } from "../tabs.js";

const $ = (id) => document.getElementById(id);
const SLICE_MS = 250;

/** Store the tournament (every table's log) so a reload or an upgrade resumes it. */
export async function saveTournament() {
  if (!P.tournament) return;                 // left (abandon): Python holds none to save
  const mine = generation;
  const data = (await P.app.call("tournament_save")).result;
  const db = await store();
  if (mine !== generation) return;           // left meanwhile: it must not be stored again
  await db.set("tournament", data);
  await recordBotTables(db, data);
}

/** A finished table without the player goes to the history once, as a watched match (no
 * seat of the player's): its score sheet and replays are there like any other match's. */
async function recordBotTables(db, data) {
  for (const table of data.tables) {
    const id = table.log.match_id;
    const shown = P.tournament?.tables.find((row) => row.match_id === id);
    if (!shown?.done || shown.mine || await db.summary(id)) continue;
    const totals = table.entrants.map((_, seat) => shown.seats.find((s) => s.seat === seat).total);
    await db.putMatch({
      id, kind: "tournament", started: Date.now(), updated: Date.now(), variant: data.variant,
      players: table.log.players, seat: null, round: table.log.rounds.length, totals,
      over: true, winners: shown.winners, log: table.log,
    });
  }
}

/** Boot: the tournament was current; seat the player at their table again. */
export async function resumeTournament(savedLog) {
  const data = await (await store()).get("tournament");
  if (!data) return null;
  try {
    const answer = (await P.app.call("tournament_load", { data, log: savedLog })).result;
    P.tournament = answer.state;
    return answer.snapshot;
  } catch (error) {
    console.warn("tournament not resumed:", error);
    return null;
  }
}

async function ensureLoaded() {
  if (P.tournament) return;
  const data = await (await store()).get("tournament");
  if (!data) return;
  try {
    P.tournament = (await P.app.call("tournament_load", { data, play: false })).result.state;
  } catch (error) {
    console.warn("stored tournament unreadable:", error);
  }
}

export async function showTournament({ run = false } = {}) {
  await ensureLoaded();
  if (P.tournament && run) P.tournament = (await P.app.call("tournament_state")).result;
  const state = P.tournament;
  $("tournament-start").hidden = !!state;
  $("tournament-view").hidden = !state;
  if (!state) return;
  render(state);
  if (run && (state.next === "simulate" || state.next === "advance")) await runSteps();
  else if (state.next === "done") await addTournament();   // counted once (Python)
  // from a table's "Continue": the keyboard is at the one next step (play, or a new tournament)
  if (run && $("platform").open && P.tab === "tournament") $("tournament-go").focus();
  labelContinue();
}

/** The player's table is over (round-end panel): refresh the standings quietly, and say
 * whether a qualifying table sends the player to the final (its panel's "Câștigă: …" named
 * the table's first; a QA pass took it for the tournament's end). */
export async function tournamentTableOver(snap) {
  P.tournament = (await P.app.call("tournament_state")).result;
  labelContinue();
  const table = P.tournament.tables.find((x) => x.mine && x.done && x.stage === "qualifying"
    && x.match_id === snap.match_id);
  const line = $("scores-tournament");
  line.hidden = !table;
  if (!table) return;
  line.dataset.i18n = table.seats.find((seat) => seat.entrant === 0).qualifies ? "youQualify" : "youDontQualify";
  line.textContent = t(line.dataset.i18n);
}

/** The round-end panel's way on from a tournament table: on, or, the tournament over, its
 * results (a QA pass was offered "Continue" by a finished one). */
function labelContinue() {
  const button = $("btn-tournament-continue");
  button.dataset.i18n = P.tournament?.next === "done" ? "tournamentResults" : "tournamentContinue";
  button.textContent = t(button.dataset.i18n);
}

// A profile never named holds the "you" word of the language it was made in: the page's own.
const UNNAMED = new Set(everyLanguage("you"));

// Bots carry their entrant number (#2–#8, playerLabel): eight entrants, often of one level.
function entrantLabel(seat) {
  if (!seat.is_bot) return UNNAMED.has(seat.name) ? t("you") : `${seat.name} (${t("you").toLowerCase()})`;
  return playerLabel([seat], 0);
}

/** 1st, 2nd, 3rd, 4th… (the English place). */
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${(!teen && ["th", "st", "nd", "rd"][n % 10]) || "th"}`;
}

function render(state) {
  $("tournament-stage").textContent = {
    qualifying: t("stageQualifying", { n: state.qualifying_rounds }),
    final: t("stageFinal", { n: state.final_rounds }),
    done: t("stageDone"),
  }[state.stage];
  const box = $("tournament-tables");
  box.replaceChildren();
  let qualifying = 0;
  for (const table of state.tables) {
    const card = el("div", `t-table${table.mine ? " mine" : ""}${table.stage === "final" ? " final" : ""}`);
    card.setAttribute("data-testid", "tournament-table");
    card.dataset.stage = table.stage;
    card.dataset.played = table.played;
    const title = table.stage === "final" ? t("tableFinal") : t("tableQualifying", { n: ++qualifying });
    const head = el("div", "t-head");
    head.append(el("b", "", title));
    if (table.mine) head.append(el("span", "badge on", t("yourTable")));
    head.append(el("span", "muted", table.done ? t("tableDone")
      : t("tableRounds", { played: table.played, rounds: table.rounds })));
    card.append(head);
    const list = el("ul", "t-seats");
    for (const seat of table.seats) {
      const item = el("li", seat.is_bot ? "" : "t-me");
      item.append(el("span", "t-rank", `${seat.rank}.`), el("span", "t-name", entrantLabel(seat)));
      if (seat.qualifies) {
        item.append(el("span", "badge on", t("qualifies")));
      }
      item.append(el("b", "t-total", String(seat.total)));
      list.append(item);
    }
    card.append(list);
    // equal totals: how they were ordered (Python's standings: the best round, then the seat)
    const bySeat = (seat) => entrantLabel(table.seats.find((s) => s.seat === seat));
    for (const tie of table.ties ?? []) {
      const note = el("p", "muted t-tie", t(tie.by === "seat" ? "tieSeat" : "tieBest",
        { ahead: bySeat(tie.ahead), behind: bySeat(tie.behind), total: t("tiePoints", { n: tie.total }) }));
      note.setAttribute("data-testid", "tournament-tie");
      card.append(note);
    }
    box.append(card);
  }
  const places = $("tournament-places");
  places.hidden = state.stage !== "done";
  places.replaceChildren();
  if (state.stage === "done") {
    const table = el("table", "scores places");
    const head = el("tr");
    head.append(el("th", "", t("place")), el("th", "", t("colPlayer")), el("th", "", t("rankPointsShort")));
    const thead = el("thead");
    thead.append(head);
    const tbody = el("tbody");
    for (const place of state.places) {
      const tr = el("tr", place.is_bot ? "" : "mine");
      tr.dataset.place = place.place;
      tr.append(el("th", "", String(place.place)), el("td", "name", entrantLabel(place)),
        el("td", "total", `+${place.rank_points}`));
      tbody.append(tr);
    }
    table.append(thead, tbody);
    places.append(el("p", "your-place", t("yourPlace", {
      place: state.player_place, nth: ordinal(state.player_place), points: state.player_rank_points,
    })), table);
  }
  const go = $("tournament-go");
  go.dataset.next = state.next;
  go.textContent = t({ play: "tournamentPlay", simulate: "tournamentSimulate", advance: "tournamentAdvance",
    done: "tournamentDone" }[state.next]);
  go.disabled = false;
  $("tournament-abandon").hidden = state.stage === "done";
}

function progress(state) {
  const table = state.tables.find((x) => !x.done && !x.mine);
  if (!table) return "";
  const index = state.tables.indexOf(table);
  const title = table.stage === "final" ? t("tableFinal") : t("tableQualifying", { n: index + 1 });
  return t("simulating", { table: title, round: Math.min(table.played + 1, table.rounds), moves: t("moves", { n: table.moves }) });
}

let running = false;
let catching = false;
let generation = 0;   // one more when the player leaves: a loop under way stops there

/** Between the player's rounds: the bot tables play as many rounds (in the background, in
 * slices, so the game's own calls pass in between), then the standings compare. */
export async function catchUp() {
  if (catching || running) return;
  catching = true;
  const mine = generation;
  try {
    let answer;
    do {
      answer = (await P.app.call("tournament_step", { budget_ms: SLICE_MS, catch_up: true })).result;
      if (mine !== generation || !tabActive()) return;   // left, or another tab took the game
      P.tournament = answer.state;
      if ($("platform").open && P.tab === "tournament") {
        render(answer.state);
        $("tournament-progress").textContent = answer.did === "simulate" ? progress(answer.state) : "";
      }
    } while (answer.did === "simulate");
    await saveTournament();
  } finally {
    catching = false;
  }
}

/** Simulate bot tables / open the final, slice by slice, until the player plays or the end. */
async function runSteps() {
  if (running) return;
  running = true;
  $("tournament-go").disabled = true;
  const mine = generation;
  try {
    let state = P.tournament;
    while (state.next === "simulate" || state.next === "advance") {
      state = (await P.app.call("tournament_step", { budget_ms: SLICE_MS })).result.state;
      if (mine !== generation || !tabActive()) return;
      P.tournament = state;
      $("tournament-progress").textContent = progress(state);
      render(state);
      $("tournament-go").disabled = true;
    }
    $("tournament-progress").textContent = "";
    await saveTournament();
    if (state.next === "done") {
      await addTournament();
    }
    render(state);
  } finally {
    running = false;
    $("tournament-go").disabled = false;
  }
}

async function startTournament() {
  const variant = $("platform").querySelector("input[name=tournament-variant]:checked")?.value ?? "etalat";
  P.tournament = (await P.app.call("tournament_new", {
    variant, name: P.profile?.name ?? t("you"), fast: P.fast,
  })).result;
  await saveTournament();
  await playTable();
}

async function playTable() {
  await P.app.switchGame(async () => {
    const snap = (await P.app.call("tournament_play")).result;
    await (await store()).set("current", { kind: "tournament", match_id: snap.match_id });
    $("platform").close();
    return snap;
  });
}

/** Forget the tournament (asked first while it runs): Python's, the stored one, and its
 * table on the page (an ordinary game is dealt in its place; the tables played so far stay
 * in the history). A finished tournament's "New tournament" comes here without asking, and
 * the menu stays open on a new tournament's start. A simulation under way stops at its next
 * slice. */
async function abandon() {
  const underWay = P.tournament && P.tournament.stage !== "done";
  if (underWay && !window.confirm(t("abandonConfirm"))) return;
  generation += 1;               // before Python forgets it: no slice or save is asked after
  P.tournament = null;
  $("tournament-progress").textContent = "";
  await (await store()).remove("tournament");
  await P.app.call("tournament_abandon");
  if (P.app.snap()?.mode === "tournament") {     // its table (also a finished one) goes too
    if (underWay) $("platform").close();
    await P.app.newGame();
    if (underWay) return;
  }
  await showTournament();             // "New tournament": a new one's start, with the focus
  $("tournament-new").focus();
}

export function wireTournament() {
  $("tournament-new").addEventListener("click", () => startTournament().catch(async (e) => P.app.toast(await P.app.pageError(e))));
  $("tournament-abandon").addEventListener("click", abandon);
  $("tournament-go").addEventListener("click", async () => {
    const next = P.tournament?.next;
    try {
      if (next === "play") await playTable();
      else if (next === "done") await abandon();
      else await runSteps();
    } catch (error) {
      P.app.toast(await P.app.pageError(error));
    }
  });
}
