// The page's messages: the toast over the top bar (on a phone upright, over the player's
// place) and the red refusal banner (a rule's id, name and reason).

import { pageError } from "../engine.js";
import { lang, ruleName, t, tileWords } from "../i18n.js";
import { el } from "./render.js";

const $ = (id) => document.getElementById(id);

let toastTimer = null;
let bannerShown = 0;   // counts the refusals shown (and hidden): a late translation shows only its own

// A phone upright shows the toast just over the player's place, where the eyes and the
// thumb are (a QA pass missed one 750 px above the button pressed, over the bar's buttons):
// the CSS reads how far the place's top is from the window's foot.
const placeTop = () => document.documentElement.style.setProperty(
  "--above-rack", `${Math.max(0, Math.round(innerHeight - $("rack").getBoundingClientRect().top))}px`);
new ResizeObserver(placeTop).observe($("rack"));
addEventListener("resize", placeTop);

/** A short message over the top bar (no seat or name is under it; on a phone upright, over
 * the player's place). A `brief` one (the
 * "resumed" note) lasts less and goes at the player's first click, tap or key, or when the
 * round-end panel opens. */
export function toast(text, { brief = false, turn = false } = {}) {
  const box = $("toast");
  if (brief && !box.hidden && !box.dataset.brief) return;   // a warning is not covered by a note
  box.textContent = text;
  box.hidden = false;
  box.dataset.turn = turn ? "1" : "";
  // inside the modal dialog open now, if any: everything outside it is covered and inert
  // (neither seen nor read out)
  const host = document.querySelector("dialog:modal") ?? document.body;
  if (box.parentElement !== host) host.append(box);
  // over the status line it hides, as wide as that line: a long one, centred on the window,
  // covered half of Meniu at 1280 px (a QA pass); a phone's bar has no status line
  const status = $("status").getBoundingClientRect();
  const overStatus = host === document.body && status.width > 0;
  box.style.setProperty("--toast-x", overStatus ? `${Math.round(status.left + status.width / 2)}px` : "");
  box.style.setProperty("--toast-max", overStatus ? `${Math.round(status.width)}px` : "");
  box.dataset.brief = brief ? "1" : "";
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, brief ? 2500 : 3500);
}

export function hideToast() {
  clearTimeout(toastTimer);
  $("toast").hidden = true;
}

export function hideBriefToast() {
  if ($("toast").dataset.brief) hideToast();
}

/** A note about a move of the turn (`turn`: "Aruncă: choose one tile") goes when the turn
 * does (a QA pass saw one still shown after the bots' moves, at its next turn's start). */
export function hideTurnToast() {
  if ($("toast").dataset.turn) hideToast();
}

/** The red banner: the rule's id and name, and the reason (`error`, in the page's language;
 * `fromEngine`: the engine's English text, which the Romanian page translates). */
export function showRefusal(error, rule, options = {}) {
  const { heading = t("illegal"), fromEngine = false, preset } = options;
  // a note on the turn's last try does not stay beside the rule that refused the next (a QA
  // pass read "Aruncă: alege o piesă" under an E2 refusal)
  hideTurnToast();
  // the engine's text can be said again in the other language (translateRefusal)
  shown = fromEngine && !options.heading ? { error, rule, options } : null;
  const banner = $("banner");
  banner.hidden = true;        // shown once whole: an alert filled in steps is read in parts (QA 40)
  const showing = ++bannerShown;
  banner.replaceChildren();
  banner.title = "";
  const ruleId = /^[CET]\d+$/.test(rule ?? "");    // "notation" is named, not numbered
  const title = el("strong", "", `${heading}${ruleId ? ` — ${rule}` : ""}`);
  const name = rule ? ruleName(rule, preset) : "";   // clasic: E4…
  banner.append(title);
  if (name) banner.append(el("span", "rule-name", ` · ${name}`));
  // The engine's text starts with its rule id, which the title shows already ("notation",
  // "notație" are named by the rule's name).
  // a joker as the subject gets its article in English too ("The joker must…", not "joker must…");
  // a reason reads as a sentence ("Trage întâi: …"), as the page's own refusals do
  const withoutId = (message) => tileWords(fromEngine ? message.replace(/^\p{L}+\d*: /u, "") : message)
    .replace(/^joker (?=must )/, "The joker ").replace(/^\p{Ll}/u, (first) => first.toUpperCase());
  const text = el("div", "rule-text", withoutId(error));
  banner.append(text);
  // The engine explains in English; the Romanian page asks Python for its Romanian text
  // (remi/messages_ro.py); a message it does not know stays English rather than unsaid.
  const translated = fromEngine && lang() !== "en" && error
    ? pageError(error).then((result) => { text.textContent = withoutId(result); }) : null;
  const close = el("button", "banner-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", t("closeMessage"));
  close.addEventListener("click", hideBanner);
  banner.append(close);
  banner.dataset.rule = rule ?? "";
  const reveal = () => { if (showing === bannerShown) banner.hidden = false; };
  if (translated) translated.then(reveal, reveal);   // untranslated, it is said in English
  else reveal();
}

/** A line of the page's own under the refusal on show (what the player may have meant),
 * by its i18n key: a language switch says it again with the refusal. */
export function addRefusalHint(key) {
  if (shown) shown.hints = [...(shown.hints ?? []), key];
  const banner = $("banner");
  banner.insertBefore(el("div", "rule-hint", t(key)), banner.querySelector(".banner-close"));
}

export function hideBanner() {
  bannerShown++;               // a refusal still being translated is not shown then
  $("banner").hidden = true;
}

let shown = null;   // the engine's refusal on show: {error, rule, options, hints}

/** The language changed: the engine's refusal on show is said in the new one (a QA pass
 * lost its reason when the banner went); the page's own texts, given in one language, go. */
export function translateRefusal() {
  if ($("banner").hidden) return;
  if (!shown) return hideBanner();
  const { error, rule, options, hints = [] } = shown;
  showRefusal(error, rule, options);
  for (const key of hints) addRefusalHint(key);
}
