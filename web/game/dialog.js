// The new-game dialog: variant, rule preset, seats and bot levels, table options.
import { el } from "./render.js";
import { t } from "../i18n.js";

const $ = (id) => document.getElementById(id);
export const LEVELS = ["easy", "medium", "hard", "expert"];

/** Open the dialog filled with `choice` (the last table options). */
export function openDialog(choice) {
  const form = $("new-game-form");
  form.variant.value = choice.variant;
  form.preset.value = choice.options.preset ?? "platform";
  showTableNotes(form);
  form.seats.value = String(choice.seats.length);
  form.target.value = choice.options.target ? String(choice.options.target) : "";
  form.timer.value = choice.options.timer ? String(choice.options.timer) : "";
  form.double_rounds.checked = choice.options.double_rounds !== false;
  form.three_doubles.checked = !!choice.options.three_doubles;
  renderLevelFields(choice.seats.filter((s) => s !== "human"));
  $("new-game").showModal();
}

/** The rule preset changes only Etalat's rules (E4, E6, E10, E11, E13): Tablă hides it.
 * A line says what the chosen one means (a QA pass: "platformă / clasic" said nothing), and
 * when the chosen target ends the match (C9, T10: a QA pass could not tell). */
export function showTableNotes(form) {
  const tabla = form.variant.value === "tabla";
  form.preset.closest("label").hidden = tabla;
  const note = form.querySelector(".preset-note");     // the new-game or the room dialog's
  if (!note) return;
  const lines = tabla ? [] : [t(form.preset.value === "clasic" ? "presetNoteClasic" : "presetNotePlatform")];
  const target = form.target?.value;
  if (target) lines.push(t(tabla ? "targetNoteTabla" : "targetNoteEtalat", { target }));
  note.hidden = !lines.length;
  note.textContent = lines.join(" ");
}

/** One level field per bot seat (levels: the bots' levels, else the fields' own). */
export function renderLevelFields(levels) {
  const form = $("new-game-form");
  const count = Number(form.seats.value);
  const box = $("bot-levels");
  const current = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < count - 1; i++) {
    const label = el("label");
    label.append(el("span", "", `${t("seatN", { n: i + 2 })} · ${t("ai")}`));
    const select = el("select");
    select.name = `level${i}`;
    select.dataset.testid = `level-${i + 1}`;
    select.setAttribute("data-testid", `level-${i + 1}`);
    for (const level of LEVELS) {
      const option = el("option", "", t(level));
      option.value = level;
      select.append(option);
    }
    select.value = levels?.[i] ?? current[i] ?? "medium";
    label.append(select);
    box.append(label);
  }
}

/** The table the dialog describes: {variant, seats, options}. */
export function readDialog() {
  const form = $("new-game-form");
  const count = Number(form.seats.value);
  const levels = [...$("bot-levels").querySelectorAll("select")].slice(0, count - 1).map((s) => s.value);
  return {
    variant: form.variant.value,
    seats: ["human", ...levels],
    options: {
      preset: form.preset.value,
      double_rounds: form.double_rounds.checked,
      three_doubles: form.three_doubles.checked,
      target: form.target.value ? Number(form.target.value) : null,
      timer: form.timer.value ? Number(form.timer.value) : null,
    },
  };
}
