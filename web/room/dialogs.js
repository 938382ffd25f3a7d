// The room dialogs: the host's (seats, password, visibility, how to connect) and the
// guest's join dialog with the lobby of public tables.

import { LEVELS, showTableNotes } from "../game/dialog.js";
import { botName, t } from "../i18n.js";
import { watchLobby } from "../net/index.js";
import { el } from "../game/render.js";
import { ICE_KEY, iceLines, iceText, linkWithIce, linkWithRelays, RELAYS_KEY, savedIce, savedRelays, warningLine } from "./common.js";

/** The host's room dialog; resolves with {room: room_create args, signalling, relays,
 * iceServers} or null.
 * `activeRoom`: "host" / "guest" when this page is in a room now (creating one ends it:
 * said in the dialog). */
export function askRoom(defaults) {
  const active = defaults.activeRoom;
  const dialog = el("dialog", "sheet dialog");
  dialog.setAttribute("data-testid", "room-dialog");
  dialog.setAttribute("aria-label", t("roomTitle"));      // named as its heading says
  const form = el("form");
  form.method = "dialog";
  const seatOptions = (index) => {
    const select = el("select");
    select.name = `seat${index}`;
    select.setAttribute("data-testid", `room-seat-${index}`);
    for (const [value, text] of [["guest", t("friend")], ...LEVELS.map((l) => [l, botName(l)])]) {
      const option = el("option", "", text);
      option.value = value;
      select.append(option);
    }
    select.value = index === 1 ? "guest" : "medium";
    return select;
  };
  const field = (label, input) => {
    const wrap = el("label", "field");
    wrap.append(el("span", "", label), input);
    return wrap;
  };
  const select = (name, options, value) => {
    const node = el("select");
    node.name = name;
    for (const [v, text] of options) {
      const option = el("option", "", text);
      option.value = v;
      node.append(option);
    }
    node.value = value;
    return node;
  };
  const input = (name, value = "", type = "text") => {
    const node = el("input");
    node.name = name;
    node.type = type;
    node.value = value;
    node.setAttribute("data-testid", `room-${name}`);
    return node;
  };
  const seats = select("seats", [["2", "2"], ["3", "3"], ["4", "4"]], "3");
  const seatBox = el("div", "grid-fields");
  const drawSeats = () => {
    seatBox.replaceChildren();
    for (let i = 1; i < Number(seats.value); i++) seatBox.append(field(t("seatN", { n: i + 1 }), seatOptions(i)));
  };
  seats.addEventListener("change", drawSeats);
  drawSeats();
  const relays = el("textarea");
  relays.name = "relays";
  relays.rows = 2;
  relays.value = savedRelays().join("\n");
  relays.setAttribute("data-testid", "room-relays");
  const ice = iceField("room-ice");
  const grid = el("div", "grid-fields");
  grid.append(
    field(t("yourName"), Object.assign(input("name", defaults.name), { maxLength: 24 })),  // as guests' (remi/room.py)
    field(t("variant"), select("variant", [["etalat", t("etalat")], ["tabla", t("tabla")]], defaults.variant)),
    field(t("preset"), select("preset", [["platform", t("platform")], ["clasic", t("clasic")]], "platform")),
    field(t("seats"), seats),
    field(t("target"), select("target", [["", t("unlimited")], ...["500", "1000", "1500", "2500"].map((v) => [v, v])], "")),
    field(t("timerOpt"), select("timer", [["", t("none")], ["30", "30 s"], ["60", "60 s"]], "")),
    field(t("password"), input("password", "", "password")),
    field(t("visibility"), select("visibility", [["private", t("private")], ["public", t("public")]], "private")),
    field(t("signalling"), select("signalling", [["relay", t("byLink")], ["manual", t("byInvite")]], savedRelays().length ? "relay" : "manual")),
  );
  grid.lastChild.classList.add("wide");   // its choices are sentences: the whole row
  const check = (name, label, checked) => {
    const wrap = el("label", "check");
    const box = el("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = checked;
    wrap.append(box, el("span", "", ` ${label}`));
    return wrap;
  };
  const buttons = dialogButtons(dialog, t("roomCreate"), "create", "create-room");
  const lobby = lobbyList(dialog);
  form.append(el("h2", "", t("roomTitle")));
  if (active === "host" || active === "guest") {
    form.append(warningLine(t(active === "host" ? "activeHostRoom" : "activeGuestRoom"), "room-active-warning"));
  }
  const presetNote = el("p", "muted field-note preset-note");
  presetNote.dataset.testid = "preset-note";
  form.append(lobby.box, grid, presetNote, seatBox,
    check("double_rounds", t("doubleRounds"), true), check("three_doubles", t("threeDoubles"), false),
    check("midgame_join", t("midgameJoin"), true),
    field(t("relays"), relays), field(t("iceServers"), ice), buttons);
  showTableNotes(form);                     // the preset's rules (Etalat's only), the target's
  form.variant.addEventListener("change", () => showTableNotes(form));
  form.preset.addEventListener("change", () => showTableNotes(form));
  form.target.addEventListener("change", () => showTableNotes(form));
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      lobby.close();
      dialog.remove();
      if (dialog.returnValue !== "create") return resolve(null);
      const list = relays.value.split(/\s+/).filter(Boolean);
      localStorage.setItem(RELAYS_KEY, list.join("\n"));
      const iceServers = saveIce(ice);
      const seatKinds = ["host", ...[...seatBox.querySelectorAll("select")].map((s) => s.value)];
      resolve({
        signalling: form.signalling.value === "relay" && list.length ? "relay" : "manual",
        relays: list,
        iceServers,
        room: {
          variant: form.variant.value, seats: seatKinds, name: form.name.value.trim() || defaults.name,
          password: form.password.value, midgame_join: form.midgame_join.checked,
          visibility: form.visibility.value,
          options: {
            preset: form.preset.value, double_rounds: form.double_rounds.checked,
            three_doubles: form.three_doubles.checked,
            target: form.target.value ? Number(form.target.value) : null,
            timer: form.timer.value ? Number(form.timer.value) : null,
          },
        },
      });
    });
  });
}

/** The STUN / TURN servers' field, the remembered ones in it; a line that is no server
 * keeps its dialog open and says why (the browser's validation). */
function iceField(testid) {
  const ice = el("textarea");
  ice.name = "ice";
  ice.rows = 2;
  ice.value = iceText(savedIce());
  ice.placeholder = "stun:stun.example.org:3478";
  ice.setAttribute("data-testid", testid);
  ice.addEventListener("input", () => {
    const { bad } = iceLines(ice.value);
    ice.setCustomValidity(bad ? t("iceBad", { line: bad }) : "");
  });
  return ice;
}

/** Remembers the servers of a field its form found valid; returns them. */
function saveIce(ice) {
  const servers = iceLines(ice.value).servers;
  localStorage.setItem(ICE_KEY, iceText(servers));
  return servers;
}

/** A dialog's Cancel and go-ahead buttons. Cancel is not a submit button, so Enter in a
 * field submits with the form's first submit button, the one that goes ahead. */
function dialogButtons(dialog, label, value, testid) {
  const cancel = el("button", "move ghost", t("cancel"));
  cancel.type = "button";
  cancel.value = "cancel";
  cancel.addEventListener("click", () => dialog.close("cancel"));
  const primary = el("button", "move primary", label);
  primary.value = value;
  primary.setAttribute("data-testid", testid);
  const buttons = el("div", "sheet-buttons");
  buttons.append(cancel, primary);
  return buttons;
}


/** Public tables announced on the saved relays (the arena): each with a Join button that
 * opens its link. */
function lobbyList(dialog) {
  const box = el("section", "lobby");
  box.setAttribute("data-testid", "lobby");
  const relays = savedRelays();
  if (!relays.length) return { box, close: () => {} };
  const list = el("ul", "lobby-tables");
  box.append(el("h3", "", t("lobby")), list);
  const draw = (tables) => {
    list.replaceChildren();
    if (!tables.length) list.append(el("li", "muted", t("lobbyEmpty")));
    for (const table of tables) {
      const item = el("li", "lobby-table");
      item.append(el("span", "", t("lobbyTable", {
        name: table.name, variant: t(table.variant), free: t("freeSeats", { n: table.free }), bots: table.bots,
      }) + (table.password ? ` · ${t("locked")}` : "")));
      const join = el("button", "chip", t("join"));
      join.type = "button";
      join.setAttribute("data-testid", "lobby-join");
      join.addEventListener("click", () => {
        dialog.close("cancel");
        // the STUN servers its host listed: anything else in them is left out (iceLines)
        location.href = linkWithIce(linkWithRelays(table.link, relays), iceLines(String(table.ice ?? "")).servers);
        location.reload();
      });
      item.append(join);
      list.append(item);
    }
  };
  draw([]);
  const watcher = watchLobby({ relays, onchange: draw });
  return { box, close: () => watcher.close() };
}

/** The guest's join dialog: resolves with {name, password} or null. `error`: the reason
 * the last try was refused (a wrong password), shown in the dialog; `hosting`: this page
 * hosts a room, which joining another ends (said in the dialog). */
export function askJoin(defaults) {
  const dialog = el("dialog", "sheet dialog");
  dialog.setAttribute("data-testid", "join-dialog");
  dialog.setAttribute("aria-label", t("joinTitle"));
  const form = el("form");
  form.method = "dialog";
  const name = el("input");
  name.name = "name";
  name.value = defaults.name;
  name.maxLength = 24;                // the room keeps 24 characters of a name
  name.setAttribute("data-testid", "join-name");
  const password = el("input");
  password.name = "password";
  password.type = "password";
  password.setAttribute("data-testid", "join-password");
  const label = (text, input) => {
    const wrap = el("label", "field");
    wrap.append(el("span", "", text), input);
    return wrap;
  };
  const buttons = dialogButtons(dialog, t("join"), "join", "join-room");
  form.append(el("h2", "", t("joinTitle")));
  if (defaults.error) {             // a retry: why the last try failed
    form.append(warningLine(defaults.error, "join-error"));
  }
  if (defaults.hosting) form.append(warningLine(t("joinEndsHostedRoom"), "join-host-warning"));
  form.append(label(t("yourName"), name), label(t("joinPassword"), password));
  // a link that names no ICE servers (a lobby's, when its host named none): this guest's own
  const ice = defaults.askIce ? iceField("join-ice") : null;
  if (ice) form.append(label(t("iceServers"), ice));
  form.append(buttons);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  if (defaults.error) password.focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (dialog.returnValue !== "join") return resolve(null);
      if (ice) saveIce(ice);          // the guest's connection takes them (GuestTable.connect)
      resolve({ name: name.value.trim() || defaults.name, password: password.value });
    });
  });
}
