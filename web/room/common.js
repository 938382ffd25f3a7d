// Rooms (docs/protocol.md): what the host's table, the guest's table and the room dialogs
// share — their words, the saved keys, relay links and the panel's small parts.

import { addStrings, personName, playerLabel, t } from "../i18n.js";
import { linkKind, parseRoomLink, qrSvg } from "../net/index.js";
import { el } from "../game/render.js";

export const HOST_KEY = "remi.room.host";    // {room: Room.to_json(), net: {...}}
export const GUEST_KEY = "remi.room.guest";  // {link, name, password, token, match_id, rounds}
export const RELAYS_KEY = "remi.relays";
export const ICE_KEY = "remi.ice";          // STUN / TURN servers, one per line (iceLines)

addStrings({
  room: "Cameră", roomTitle: "Joc cu prietenii", roomCreate: "Creează camera",
  hostGarbled: "Gazda a trimis un mesaj pe care pagina nu-l poate citi: a fost ignorat.",
  friend: "prieten", yourName: "Numele tău", password: "Parolă (opțional)",
  joinPassword: "Parolă (dacă gazda a pus una)",
  midgameJoin: "Intrare în timpul jocului", visibility: "Vizibilitate", private: "privată",
  public: "publică (în lobby)", signalling: "Conectare", byLink: "prin link (internet)",
  byInvite: "prin coduri (aceeași rețea, fără internet)", relays: "Relee (câte unul pe rând)",
  iceServers: "Servere STUN / TURN, pentru internet (câte unul pe rând)",
  iceBad: "Nu e un server STUN sau TURN: „{line}”. Scrie stun:gazdă:port, sau turn:gazdă:port utilizator parolă.",
  roomLink: "Trimite linkul prietenilor:", invite: "Invitație pentru locul {n}",
  roomLinkFolded: "Linkul camerei: un prieten poate lua locul unui AI",
  newInvite: "Invitație nouă", replyCode: "Codul primit înapoi", accept: "Acceptă",
  startMatch: "Începe meciul", leaveRoom: "Părăsește camera", copy: "Copiază", copied: "Copiat",
  waitingPlayers: "Se așteaptă jucătorii…", dealing: "Se împarte (amestecare comună)…",
  joinTitle: "Intri într-o cameră", join: "Intră", replyToHost: "Trimite gazdei acest cod:",
  connecting: "Conectare…", connected: "Conectat", offline: "deconectat",
  refusedPassword: "Parolă greșită: gazda a refuzat intrarea.", refusedFull: "Masa e plină: toate locurile sunt luate.",
  refusedWayOut: "Nu ești la masă: apasă Părăsește camera ca să joci cu AI.",
  refusedToken: "Locul nu mai e al tău.", roomRefused: "Intrare refuzată",
  refusedWait: "Cineva a încercat prea multe parole la această cameră: gazda nu primește pe nimeni un minut.",
  tryAgain: "Încearcă din nou",
  waitingSeat: "Aștepți un loc: îl primești la tura următoare.",
  seated: "Ești la masă: gazda începe meciul.", hostDeals: "Gazda împarte runda următoare.",
  rematch: "Revanșă", hostMayRematch: "Gazda poate începe o revanșă.",
  tookSeat: "Ai primit un loc în meci: scorul locului de până acum e al tău.",
  awayTurn: "Legătura cu {name} s-a pierdut: se așteaptă…",
  hostGoneInvite: "Legătura cu gazda s-a pierdut: cere-i o invitație nouă.",
  inviteUsed: "Invitația aceasta a fost folosită deja: cere-i gazdei o invitație nouă.",
  inviteOnce: "O invitație servește o singură dată: dacă gazda nu te primește, cere-i una nouă.",
  hostClosed: "Gazda a închis camera: jocul s-a încheiat.",
  ownRoomLink: "Acesta e linkul camerei tale: fila aceasta o găzduiește acum. Trimite-l prietenilor.",
  hostNoAnswer: "Gazda nu răspunde (poate i s-a închis pagina). Reîncarcă pagina ca să încerci din nou.",
  connectFailed: "Conexiunea cu gazda nu s-a putut face ({why}). Reîncarcă pagina ca să încerci din nou.",
  removedByHost: "Gazda te-a scos din cameră.",
  removeGuest: "Scoate", removeGuestNamed: "Scoate din cameră: {name}",
  removeConfirm: "Scoți din cameră jucătorul „{name}”? În timpul meciului, locul îl joacă un AI.",
  reinvite: "Invitație nouă pentru {name} (deconectat)",
  dealVerified: "Runda {n}: împărțirea verificată ✓",
  dealFailed: "Runda {n}: împărțirea NU corespunde angajamentului gazdei!",
  dealUnchecked: "Runda {n}: împărțirea nu se poate verifica (ai intrat după ce s-a împărțit).",
  hostAway: "Gazda nu răspunde: se reîncearcă…", hostName: "Gazda", guestName: "Oaspete",
  lobby: "Mese deschise", lobbyEmpty: "Nicio masă publică acum.", lobbyTable: "{name} · {variant} · {free} · {bots} AI", locked: "cu parolă",
  freeSeats: { one: "{n} loc liber", few: "{n} locuri libere", other: "{n} de locuri libere" },
  retryPassword: "Încearcă altă parolă",
  activeHostRoom: "Camera de acum se închide pentru toți jucătorii.",
  leaveHostConfirm: "Părăsești camera? Se închide pentru toți jucătorii.",
  startWithBots: "Locuri de prieteni libere: {n}. Începi cu AI în locul lor?",
  joinEndsHostedRoom: "Găzduiești o cameră: dacă intri în aceasta, camera ta se închide, iar jucătorii ei nu te mai găsesc.",
  leaveGuestConfirm: "Părăsești camera? Locul tău îl joacă un AI până la sfârșitul meciului.",
  allSeated: "Toți sunt la masă: poți începe meciul.",
  guestLeft: "{name} a părăsit camera.",
  activeGuestRoom: "Părăsești camera de acum.",
}, {
  room: "Room", roomTitle: "Play with friends", roomCreate: "Create the room",
  hostGarbled: "The host sent a message this page cannot read: it was ignored.",
  friend: "friend", yourName: "Your name", password: "Password (optional)",
  joinPassword: "Password (if the host set one)",
  midgameJoin: "Mid-game join", visibility: "Visibility", private: "private",
  public: "public (in the lobby)", signalling: "Connect", byLink: "by link (internet)",
  byInvite: "by codes (same network, no internet)", relays: "Relays (one per line)",
  iceServers: "STUN / TURN servers, for the internet (one per line)",
  iceBad: "Not a STUN or TURN server: “{line}”. Write stun:host:port, or turn:host:port user password.",
  roomLink: "Send the link to your friends:", invite: "Invite for seat {n}",
  roomLinkFolded: "The room's link: a friend may take a bot's seat",
  newInvite: "New invite", replyCode: "The code sent back", accept: "Accept",
  startMatch: "Start the match", leaveRoom: "Leave the room", copy: "Copy", copied: "Copied",
  waitingPlayers: "Waiting for players…", dealing: "Dealing (shared shuffle)…",
  joinTitle: "Joining a room", join: "Join", replyToHost: "Send this code to the host:",
  connecting: "Connecting…", connected: "Connected", offline: "offline",
  refusedPassword: "Wrong password: the host refused you.", refusedFull: "The table is full: every seat is taken.",
  refusedWayOut: "You are not at the table: press Leave the room to play against bots.",
  refusedToken: "This seat is no longer yours.", roomRefused: "Not let in",
  refusedWait: "Someone tried too many passwords at this room: the host lets nobody in for a minute.",
  tryAgain: "Try again",
  waitingSeat: "Waiting for a seat: you get one at the next turn.",
  seated: "You are seated: the host starts the match.", hostDeals: "The host deals the next round.",
  rematch: "Rematch", hostMayRematch: "The host may start a rematch.",
  tookSeat: "You have a seat in the match: the seat's score so far is yours.",
  awayTurn: "{name} is offline: waiting…",
  hostGoneInvite: "The connection to the host is lost: ask for a new invite.",
  inviteUsed: "This invite has been used already: ask the host for a new invite.",
  inviteOnce: "An invite serves once: if the host does not let you in, ask for a new one.",
  hostClosed: "The host closed the room: the game is over.",
  ownRoomLink: "This is your own room's link: this tab hosts the room now. Send it to your friends.",
  hostNoAnswer: "The host does not answer (its page may be closed). Reload the page to try again.",
  connectFailed: "Could not connect to the host ({why}). Reload the page to try again.",
  removedByHost: "The host removed you from the room.",
  removeGuest: "Remove", removeGuestNamed: "Remove {name} from the room",
  removeConfirm: "Remove “{name}” from the room? During the match an AI plays the seat.",
  reinvite: "New invite for {name} (offline)",
  dealVerified: "Round {n}: the deal is verified ✓",
  dealFailed: "Round {n}: the deal does NOT match the host's commitment!",
  dealUnchecked: "Round {n}: the deal cannot be checked (you came in after it was dealt).",
  hostAway: "The host does not answer: retrying…", hostName: "Host", guestName: "Guest",
  lobby: "Open tables", lobbyEmpty: "No public table right now.", lobbyTable: "{name} · {variant} · {free} · {bots} AI", locked: "password",
  freeSeats: { one: "{n} free seat", other: "{n} free seats" },
  retryPassword: "Try another password",
  activeHostRoom: "The current room closes for every player.",
  leaveHostConfirm: "Leave the room? It closes for every player.",
  startWithBots: "Friends' seats still free: {n}. Start with bots in their place?",
  joinEndsHostedRoom: "You host a room: joining this one closes yours, and its players can no longer reach you.",
  leaveGuestConfirm: "Leave the room? An AI plays your seat to the end of the match.",
  allSeated: "Everyone is seated: you may start the match.",
  guestLeft: "{name} left the room.",
  activeGuestRoom: "You leave the current room.",
});

export const nowS = () => Date.now() / 1000;

export function savedRelays() {
  return (localStorage.getItem(RELAYS_KEY) ?? "").split(/\s+/).filter(Boolean);
}

/** `link` with a `&name=value` parameter for each of `values` (read back by paramsOf). */
const withParams = (link, name, values) =>
  link + values.map((value) => `&${name}=${encodeURIComponent(value)}`).join("");

/** A room link that also names its relays (`&relay=`), so a guest needs nothing else. */
export const linkWithRelays = (link, relays) => withParams(link, "relay", relays);

/** The values of a link's `&name=` parameters; one that does not decode is left out. */
function paramsOf(link, name) {
  const decoded = (text) => { try { return decodeURIComponent(text); } catch { return ""; } };
  return [...String(link).matchAll(new RegExp(`[#&]${name}=([^&]+)`, "g"))]
    .map((m) => decoded(m[1])).filter(Boolean);
}

export const relaysOf = (link) => paramsOf(link, "relay");

const ICE_URL = /^(stuns?|turns?):(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(?:\?transport=(?:udp|tcp))?$/;

/** The ICE servers a room's peers gather candidates with (docs/net.md): across the
 * internet a STUN server finds each side's public address, a TURN server relays when no
 * direct path exists. One per line: "stun:HOST[:PORT]" or "turn:HOST[:PORT] USER PASSWORD".
 * Returns {servers, bad}: the RTCIceServer list and the first line that is not one. */
export function iceLines(text) {
  const servers = [];
  for (const line of String(text).split("\n").map((l) => l.trim()).filter(Boolean)) {
    const [urls, username, credential, ...rest] = line.split(/\s+/);
    const [, kind, port] = ICE_URL.exec(urls) ?? [];
    const relayed = kind?.startsWith("turn");
    if (!kind || Number(port ?? 1) > 65535 || rest.length || (relayed ? !credential : username)) {
      return { servers, bad: line };
    }
    servers.push(relayed ? { urls, username, credential } : { urls });
  }
  return { servers, bad: null };
}

export const iceText = (servers) =>
  servers.map((s) => [s.urls, s.username, s.credential].filter(Boolean).join(" ")).join("\n");

export const savedIce = () => iceLines(localStorage.getItem(ICE_KEY) ?? "").servers;

/** A room link or invite that names the ICE servers its guest must use too (`&ice=`). */
export const linkWithIce = (link, servers) => withParams(link, "ice", servers.map((s) => iceText([s])));

/** The ICE servers a link names; a line that is not one is left out. */
export function iceOf(link) {
  return paramsOf(link, "ice").flatMap((line) => iceLines(line).servers);
}

/** The page was opened by a room link or an invite: "relay" / "manual", else null. */
export function roomInLocation() {
  return linkKind(location.hash) ? location.href : null;
}

/** The room of the link in the address is hosted by this browser (its host opened its own
 * link, to check it). */
export function hostsLinkedRoom() {
  const linked = parseRoomLink(location.hash);
  if (!linked) return false;
  try {
    return JSON.parse(localStorage.getItem(HOST_KEY) ?? "null")?.net?.id === linked.id;
  } catch {
    return false;
  }
}

/** Is this link an invite (way 1, single-use) rather than a room link? */
export function isInvite(link) {
  const at = link.indexOf("#");
  return at >= 0 && linkKind(link.slice(at)) === "manual";
}

// ------------------------------------------------------------------ shared UI bits

/** A warning line in a dialog (style.css: `.dialog .warn`). */
export function warningLine(text, testid) {
  const line = el("p", "warn", text);
  line.setAttribute("data-testid", testid);
  line.setAttribute("role", "alert");
  return line;
}

/** A read-only field to copy `text` from, named `label` (the line said above it). */
export function copyBox(text, testid, label) {
  const box = el("div", "copy-box");
  const input = el("input");
  input.readOnly = true;
  input.setAttribute("aria-label", label);
  input.value = text;
  input.setAttribute("data-testid", testid);
  const button = el("button", "chip", t("copy"));
  button.type = "button";
  button.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(text); } catch { document.execCommand?.("copy"); }
    button.textContent = t("copied");
  });
  box.append(input, button);
  const qr = el("div", "qr");
  try { qr.innerHTML = qrSvg(text); } catch { /* too long for a QR code: the text is enough */ }
  return [box, qr];
}

/** The room's seats; with `onRemove(index)` (the host's panel) each seated guest has a
 * button to remove them. */
export function seatList(seats, mine, onRemove = null) {
  const list = el("ul", "room-seats");
  list.setAttribute("data-testid", "room-seats");
  seats.forEach((seat, index) => {
    const item = el("li", `room-seat ${seat.online ? "online" : "away"}`);
    item.dataset.seat = index;
    const who = seat.is_bot ? playerLabel(seats, index)   // numbered as on the table ("AI mediu #3")
      : seat.kind === "guest" && !seat.taken ? `(${t("friend")})` : personName(seat.name);
    item.append(el("span", "dot"), el("span", "who", who));
    if (index === mine) item.classList.add("me");
    if (seat.kind === "guest" && seat.taken && !seat.online && !seat.is_bot) {
      item.append(el("span", "muted", ` · ${t("offline")}`));
    }
    if (onRemove && seat.kind === "guest" && seat.taken) {
      const remove = el("button", "chip remove-guest", t("removeGuest"));
      remove.type = "button";
      remove.setAttribute("aria-label", t("removeGuestNamed", { name: seat.in_place_of ?? seat.name }));
      remove.setAttribute("data-testid", "remove-guest");
      remove.addEventListener("click", () => onRemove(index));
      item.append(remove);
    }
    list.append(item);
  });
  return list;
}

/** "Leave the room", on the host's panel and on a guest's (for good: ui.leave). */
export function leaveButton(ui) {
  const leave = el("button", "move ghost", t("leaveRoom"));
  leave.type = "button";
  leave.setAttribute("data-testid", "leave-room");
  leave.addEventListener("click", () => ui.leave());
  return leave;
}
