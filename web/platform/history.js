// The history screen: every match (finished or not) with its id, date, players (bots as
// "AI <level>"), rounds and scores; a match opens on its score sheet, with a replay and a
// discrepancy report per round, and "resume" for an unfinished one.
import { el } from "../game/render.js";
import { lang, playerLabel, t } from "../i18n.js";
import { renderSheet } from "./sheet.js";
import { download, P } from "./state.js";
import { store } from "./storage.js";
import { openReplay } from "./replay.js";

const $ = (id) => document.getElementById(id);

function when(ms) {
  if (!Number.isFinite(ms)) return "—";
  return new Date(ms).toLocaleString(lang() === "en" ? "en-GB" : "ro-RO",
    { dateStyle: "medium", timeStyle: "short" });   // "3 Dec 2026": no day/month doubt
}

const players = (entry) => entry.players.map((_, seat) => playerLabel(entry.players, seat, entry.seat));

export async function renderHistory() {
  $("history-detail").hidden = true;
  const list = $("history-list");
  list.hidden = false;
  const entries = await (await store()).matches();
  list.replaceChildren();
  if (!entries.length) {
    list.append(el("p", "muted", t("historyEmpty")));
    return;
  }
  const table = el("table", "scores history-table");
  const head = el("tr");
  for (const key of ["colDate", "colId", "colVariant", "colPlayers", "colRounds", "colScores", "colState"]) {
    head.append(el("th", "", t(key)));
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  let damaged = 0;
  for (const entry of entries) {
    // a damaged entry (storage edited, or an older build's shape) is left out, not the list
    try {
      tbody.append(historyRow(entry));
    } catch (error) {
      console.warn("history entry skipped:", entry?.id, error);
      damaged += 1;
    }
  }
  table.append(thead, tbody);
  const wrap = el("div", "scroll-x");
  wrap.append(table);
  list.append(wrap);
  if (damaged) {
    const note = el("p", "muted", t("historyDamaged", { n: damaged }));
    note.dataset.testid = "history-damaged";
    note.setAttribute("data-testid", "history-damaged");
    list.append(note);
  }
}

function historyRow(entry) {
  if (!entry || typeof entry !== "object" || !Array.isArray(entry.players)) {
    throw new Error("not a history entry");
  }
  const tr = el("tr", "history-row");
  tr.dataset.testid = "history-row";
  tr.setAttribute("data-testid", "history-row");
  tr.dataset.id = entry.id;
  tr.tabIndex = 0;
  // the list is ordered by the last time the match was played (storage.matches): that time is shown
  const played = el("td", "", when(entry.updated ?? entry.started));
  played.title = `${t("startedAt")} ${when(entry.started)}`;
  tr.append(played);
  const id = el("td", "mono", entry.id);
  tr.append(id);
  const kind = { arena: "kindArena", tournament: "kindTournament", room: "kindRoom" }[entry.kind] ?? "kindGame";
  tr.append(el("td", "", `${t(entry.variant)} · ${t(kind)}`));
  tr.append(el("td", "players", players(entry).join(", ")));
  // a phone shows a card without the table's header: these two cells name themselves there
  const labelled = (key, text) => {
    const td = el("td");
    td.append(el("span", "cell-label", `${t(key)} `), text);
    return td;
  };
  tr.append(labelled("colRounds", String(entry.round ?? "")));
  tr.append(labelled("colScores", Array.isArray(entry.totals) ? entry.totals.join(" / ") : ""));
  tr.append(el("td", entry.over ? "" : "muted", matchStatus(entry)));
  tr.addEventListener("click", () => showMatch(entry.id));
  tr.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();                       // Space would scroll the list
    showMatch(entry.id);
  });
  return tr;
}

/** Finished (and who won, as the engine said when the match ended; older entries did not
 * keep it) or not: the list's last column and the match's page say the same. */
function matchStatus(entry) {
  const winners = Array.isArray(entry.winners) ? entry.winners.filter((seat) => entry.players[seat]) : [];
  const won = entry.over && winners.length ? ` · ${t("wonBy", { n: winners.length,
    names: winners.map((seat) => playerLabel(entry.players, seat, entry.seat)).join(", ") })}` : "";
  return t(entry.over ? "finished" : "unfinished") + won;
}

/** A match's page: its status, its score sheet, each round's replay and report, "resume" for an
 * unfinished one. Drawn whole once its sheet is in (a redrawing does not flicker or scroll). */
async function showMatch(id, redraw = false) {
  const entry = await (await store()).match(id);
  if (!entry) return;
  const head = el("div", "detail-head");
  const back = el("button", "tool", `< ${t("back")}`);
  back.type = "button";
  back.dataset.testid = "history-back";
  back.setAttribute("data-testid", "history-back");
  back.addEventListener("click", async () => {   // … to the list, on this match's row
    await renderHistory();
    $("history-list").querySelector(`[data-id="${CSS.escape(id)}"]`)?.focus();
  });
  head.append(back, el("h3", "", `${t(entry.variant)} · ${id}`), el("span", "muted", when(entry.started)));
  const status = el("p", "match-status", matchStatus(entry));     // a QA pass: only the list said
  status.setAttribute("data-testid", "history-status");
  const sheetBox = el("div", "score-sheet");
  let sheet = null;
  try {
    sheet = (await P.app.call("score_sheet_of", { log: entry.log })).result;
    renderSheet(sheetBox, sheet, entry.seat);
  } catch (error) {
    sheetBox.append(el("p", "message error", await P.app.pageError(error)));
  }
  const rounds = el("div", "round-list");
  (entry.log?.rounds ?? []).forEach((_, index) => {
    const round = index + 1;
    const line = el("div", "round-line");
    line.dataset.round = round;
    line.append(el("span", "round-name", `${t("sheetRound")}${round}`));
    // A round still in play: from your own seat only, and no report (it holds the deal).
    const inPlay = sheet?.rounds?.[index]?.over === false;
    rounds.append(line);
    if (inPlay) line.append(el("span", "muted", t("sheetPlaying")));
    if (inPlay && entry.seat == null) return;
    const replay = el("button", "tool", t("replay"));
    replay.type = "button";
    replay.dataset.testid = "replay-round";
    replay.setAttribute("data-testid", "replay-round");
    replay.dataset.round = round;
    // a stored log that does not replay (damaged) is told, with the engine's reason
    replay.addEventListener("click", () => openReplay(entry, round, inPlay)
      .catch(async (error) => P.app.toast(await P.app.pageError(error))));
    line.append(replay);
    if (inPlay) return;
    const report = el("button", "tool", t("report"));
    report.type = "button";
    report.setAttribute("data-testid", "report-round");
    report.dataset.round = round;
    report.addEventListener("click", () => reportRound(entry, round));
    line.append(report);
  });
  const parts = [head, status, sheetBox, rounds];
  const buttons = el("div", "sheet-buttons");
  // A room's match goes on only in its room (its guests are people, not this page's bots).
  if (!entry.over && P.app.snap()?.match_id !== id && !["tournament", "room"].includes(entry.kind)) {
    const resume = el("button", "move primary", t("resumeMatch"));
    resume.type = "button";
    resume.setAttribute("data-testid", "history-resume");
    resume.addEventListener("click", async () => {
      try {
        await P.app.switchGame(async () => {
          const snap = (await P.app.call("load", { log: entry.log })).result;
          $("platform").close();
          return snap;
        });
      } catch (error) {                 // a stored log the engine refuses: said, nothing changes
        P.app.toast(await P.app.pageError(error));
      }
    });
    buttons.append(resume);
  }
  const kept = await keptBy(id);
  if (kept) {
    parts.push(el("p", "muted", t(kept)));
  } else {
    const remove = el("button", "tool", t("deleteMatch"));
    remove.type = "button";
    remove.setAttribute("data-testid", "history-delete");
    remove.addEventListener("click", () => deleteMatch(id));
    buttons.append(remove);
  }
  parts.push(buttons);
  const box = $("history-detail");
  if (redraw && (box.hidden || box.dataset.id !== id)) return;   // left meanwhile (Back)
  // redrawn, the button the keyboard was on keeps the focus
  const was = redraw && box.contains(document.activeElement) ? document.activeElement.dataset : null;
  const again = was?.testid && `[data-testid="${was.testid}"]${was.round ? `[data-round="${was.round}"]` : ""}`;
  $("history-list").hidden = true;
  box.hidden = false;
  box.dataset.id = id;
  box.replaceChildren(...parts);
  if (!redraw) back.focus();                       // the row that had the focus is hidden now
  else if (again) (box.querySelector(again) ?? back).focus();
}

/** Why match `id` may not be deleted now (a string key), or null: the match at the table
 * would come back with its next save, a table of the stored tournament with the tournament's. */
async function keptBy(id) {
  if (P.app.snap()?.match_id === id) return "deleteAtTable";
  const tournament = await (await store()).get("tournament");
  return tournament?.tables?.some((table) => table.log?.match_id === id) ? "deleteTournament" : null;
}

/** The player deletes a match from the history (asked first); the profile keeps its rounds. */
async function deleteMatch(id) {
  if (!window.confirm(t("deleteConfirm", { id })) || await keptBy(id)) return;
  await (await store()).removeMatch(id);
  await renderHistory();
  ($("history-list").querySelector("[data-testid=history-row]") ?? $("history-list")).focus();
  P.app.toast(t("deleted", { id }));
}

/** A discrepancy report: match id + round + the round's log, as a file `remi replay` reads. */
async function reportRound(entry, round) {
  const report = (await P.app.call("discrepancy_report", { log: entry.log, round })).result;
  const file = `remi-report-${entry.id}-round${round}.json`;
  download(file, JSON.stringify(report, null, 1));
  P.app.toast(t("reportSaved", { file }));
}

/** The match page in sight follows its match (a round ends, the next is dealt, while bots
 * play behind the menu). */
export async function refreshMatch(id) {
  const box = $("history-detail");
  if (!box.hidden && box.dataset.id === id) await showMatch(id, true);
}

export function wireHistory() {}
