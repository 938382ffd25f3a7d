// The profile screen: name, rank points, statistics per variant (remi/profile.py), export to a
// file and import from one. An import is checked by Python (profile_check) before anything
// is replaced: a corrupt or foreign file is refused with the reason and the profile stays.
import { el } from "../game/render.js";
import { everyLanguage, lang, num, t } from "../i18n.js";
import { download, P } from "./state.js";
import { store } from "./storage.js";

const $ = (id) => document.getElementById(id);
const STATS = [
  ["rounds", "statRounds"], ["wins", "statWins"], ["total", "statTotal"],
  ["average", "statAverage"], ["best_round", "statBest"], ["closes", "statCloses"],
  ["openings", "statOpenings"],
];

/** The stored profile, checked by Python; a damaged one (it fails profile_check) is
 * replaced by a fresh one, stored, and the player is told — never taken for an import. */
export async function loadProfile() {
  const db = await store();
  const stored = await db.get("profile");
  let profile = null;
  if (stored != null) {
    try {
      profile = (await P.app.call("profile_check", { data: stored })).result;
    } catch (error) {
      console.warn("stored profile damaged, replaced:", error);
      profile = (await P.app.call("profile_new", { name: t("you") })).result;
      await db.set("profileDamaged", stored);   // kept aside (a newer build's, say), never read
      await db.set("profile", profile);
      P.app.toast(t("profileReset"));
    }
  }
  P.profile = profile ?? (await P.app.call("profile_new", { name: t("you") })).result;
  return P.profile;
}

/** The default name ("Tu" / "You", saved in the language the profile was made in) in the
 * page's language; a name the player chose as it is. */
function nameShown(name) {
  return everyLanguage("you").includes(name) ? t("you") : name;
}

async function saveProfile(profile) {
  P.profile = profile;
  await (await store()).set("profile", profile);
}

/** A round ended: its score joins the statistics (Python counts each round once). */
export async function updateProfile(log, seat) {
  if (!P.profile) await loadProfile();
  const profile = (await P.app.call("profile_update", { profile: P.profile, log, seat })).result;
  await saveProfile(profile);
}

/** A finished tournament: its rank points (once). Answers the new profile. */
export async function addTournament() {
  if (!P.profile) await loadProfile();
  await saveProfile((await P.app.call("profile_add_tournament", { profile: P.profile })).result);
  return P.profile;
}

export async function renderProfile() {
  if (!P.profile) await loadProfile();
  const shown = (await P.app.call("profile_view", { profile: P.profile })).result;
  const name = $("profile-name");
  if (document.activeElement !== name) name.value = nameShown(shown.name);
  $("profile-rank").textContent = String(shown.rank_points);
  const said = $("profile-message");        // an import's word, said in the page's language then
  if (said.dataset.lang !== lang()) said.hidden = true;
  const table = $("profile-stats");
  table.replaceChildren();
  // One line per statistic, one column per variant: narrow enough for a phone.
  const head = el("tr");
  head.append(el("td"));   // the corner: a header cell with no text is no header
  for (const variant of ["etalat", "tabla"]) head.append(el("th", "", t(variant)));
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  for (const [key, label] of STATS) {
    const tr = el("tr");
    tr.dataset.stat = key;
    tr.append(el("th", "", t(label)));
    for (const variant of ["etalat", "tabla"]) {
      const value = shown.variants[variant][key];
      const td = el("td", "", typeof value === "number" ? num(value) : String(value ?? "—"));   // 193,3 in Romanian
      td.dataset.variant = variant;
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(thead, tbody);
  const done = shown.tournaments;
  $("profile-tournaments").textContent = done.length
    ? t("profileTournaments", { n: done.length, best: Math.min(...done.map((d) => d.place)) })
    : t("profileNoTournaments");
}

function message(text, isError) {
  const box = $("profile-message");
  box.textContent = text;
  box.classList.toggle("error", isError);
  box.dataset.state = isError ? "refused" : "ok";
  box.dataset.lang = lang();
  box.hidden = false;
}

async function importFile(file) {
  const text = await file.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return message(t("profileRefused", { error: t("profileNotJson") }), true);
  }
  let checked;
  try {
    checked = (await P.app.call("profile_check", { data })).result;
  } catch (error) {
    return message(t("profileRefused", { error: await P.app.pageError(error) }), true);
  }
  await saveProfile(checked);
  await renderProfile();
  message(t("profileImported", { name: nameShown(checked.name) }), false);
}

export function wireProfile() {
  $("profile-name").addEventListener("change", async (event) => {
    const name = event.target.value.trim().slice(0, 24);
    if (!P.profile) return;
    if (!name) {                      // a profile has a name: a blanked field shows it again
      event.target.value = nameShown(P.profile.name);
      return;
    }
    // kept as the engine keeps a name (remi/names.py): no control or format character, one
    // space between words (a QA pass: a U+202E typed here flipped it, and went out in exports)
    const named = (await P.app.call("profile_check", { data: { ...P.profile, name } })).result;
    event.target.value = nameShown(named.name);
    await saveProfile(named);
  });
  $("profile-export").addEventListener("click", () => {
    if (!P.profile) return;
    const safe = nameShown(P.profile.name).replace(/[^\p{L}\p{N}_-]+/gu, "-");
    download(`remi-profile-${safe}.json`, JSON.stringify(P.profile, null, 1));
  });
  $("profile-import").addEventListener("change", async (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) await importFile(file);
  });
}
