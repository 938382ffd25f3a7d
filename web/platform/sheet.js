// The running score sheet: every round's score per seat, the running totals, who dealt.
// The numbers come from remi.bridge.score_sheet / score_sheet_of (Python); this only draws.
import { el } from "../game/render.js";
import { playerLabel, t } from "../i18n.js";

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// The rounds each box showed last (how many, how many scored): a box that scrolls (a long
// match) moves to the latest round when one is added or scored, and otherwise keeps the place
// its reader scrolled to (a redrawing in the other language, say).
const shown = new WeakMap();

/** Draws `sheet` (score_sheet's answer) into `box`; `youSeat` is highlighted. */
export function renderSheet(box, sheet, youSeat = null) {
  const place = box.querySelector(".sheet-rows")?.scrollTop ?? 0;
  const before = box.hasChildNodes() ? shown.get(box) : null;   // emptied elsewhere: drawn anew
  box.replaceChildren();
  if (!sheet) return;
  const target = sheet.table_rounds ? t("sheetTableRounds", { n: sheet.table_rounds })
    : sheet.target
      ? t("sheetTarget", { target: sheet.variant === "tabla" ? `±${sheet.target}` : sheet.target })
      : t("sheetNoTarget");
  // the marks the sheet shows, said (a QA pass: ★ and ×2 were never explained)
  const marks = [`D = ${t("sheetDealer").toLowerCase()}`];
  if (sheet.rounds.some((row) => row.scores && row.closer != null)) marks.push(`★ = ${t("sheetCloser")}`);
  if (sheet.rounds.some((row) => row.double)) marks.push(`${t("sheetDouble")} = ${t("sheetDoubleMeans")}`);
  if (sheet.rounds.some((row) => row.end === "redeal")) marks.push(`↻ = ${t("sheetRedealMeans")}`);
  const caption = el("p", "sheet-caption muted", [target, ...marks].join(" · "));
  const table = el("table", "scores score-table");
  table.dataset.testid = "score-sheet-table";
  table.setAttribute("data-testid", "score-sheet-table");
  const head = el("tr");
  head.append(el("th", "", t("sheetRound")));
  for (let seat = 0; seat < sheet.seats; seat++) {
    const th = el("th", seat === youSeat ? "mine" : "", playerLabel(sheet.players, seat, youSeat));
    th.title = th.textContent;       // a word too long for a narrow column is cut short
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  for (const row of sheet.rounds) {
    const tr = el("tr");
    tr.dataset.round = row.round;
    const label = el("th", "", String(row.round));
    if (row.double) label.append(el("span", "sheet-double", ` ${t("sheetDouble")}`));
    if (row.end === "redeal") label.append(el("span", "sheet-redeal", " ↻"));
    tr.append(label);
    for (let seat = 0; seat < sheet.seats; seat++) {
      let td;
      if (row.scores) {
        const score = row.scores[seat];
        td = el("td", score < 0 ? "neg" : score > 0 ? "pos" : "zero", signed(score));
        if (row.closer === seat) td.append(el("span", "star", "★"));
      } else if (row.end === "redeal") {
        td = el("td", "zero", "—");
        td.title = t("sheetRedeal");
      } else {
        td = el("td", "playing", "…");
        td.title = t("sheetPlaying");
      }
      if (row.dealer === seat) {
        td.classList.add("dealer");
        td.append(el("sup", "dealer-mark", "D"));
      }
      if (seat === youSeat) td.classList.add("mine");
      tr.append(td);
    }
    tbody.append(tr);
  }
  const foot = el("tr", "sheet-totals");
  foot.append(el("th", "", t("sheetTotal")));
  sheet.totals.forEach((total, seat) => {
    const td = el("td", `total match${seat === youSeat ? " mine" : ""}`, String(total));
    if (sheet.winners?.includes(seat)) td.classList.add("winner");
    foot.append(td);
  });
  const tfoot = el("tfoot");
  tfoot.append(foot);
  table.append(thead, tbody, tfoot);
  // the rounds scroll under the caption, which stays in view (what D, ★ and ×2 mean)
  const rows = el("div", "sheet-rows scroll-x");
  rows.append(table);
  box.append(caption, rows);
  const rounds = `${sheet.rounds.length}/${sheet.rounds.filter((row) => row.scores).length}`;
  rows.scrollTop = before === rounds ? place : rows.scrollHeight;
  shown.set(box, rounds);
}
