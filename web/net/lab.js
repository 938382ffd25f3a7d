// The network lab page (web/net/lab.html): manual trials and the browser tests' driver.
// Everything it does goes through web/net/index.js; `window.lab` exposes its state.

import * as net from "./index.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const lab = { host: null, conn: null, lobby: null, log: [], received: [], guests: [], closed: [], net };
window.lab = lab;
window.net = net;

$("relays").value = params.getAll("relay").join("\n");
$("password").value = params.get("password") ?? "";

function log(line) {
  lab.log.push(line);
  $("log").textContent += `${line}\n`;
}

function settings() {
  return {
    relays: $("relays").value.split(/\s+/).filter(Boolean),
    password: $("password").value,
    iceServers: JSON.parse($("ice").value || "[]"),
  };
}

function showGuests() {
  const open = lab.host ? lab.host.open.map((p) => p.id) : [];
  $("guests").textContent = open.length ? open.join(", ") : "none";
}

function startHost(signalling) {
  lab.host?.close();
  const { relays, password, iceServers } = settings();
  const host = net.hostRoom({ signalling, relays, password, iceServers });
  lab.host = host;
  $("host-panel").hidden = false;
  host.on("guest", (peer) => {
    lab.guests.push(peer.id);
    log(`host: guest ${peer.id} open after ${Math.round(peer.openedAt - peer.createdAt)} ms`);
    peer.on("message", (text) => { lab.received.push({ from: peer.id, text }); log(`${peer.id} → host: ${text}`); });
    showGuests();
  });
  host.on("close", (peer) => { lab.closed.push(peer.id); log(`host: guest ${peer.id} closed`); showGuests(); });
  if (signalling === "relay") {
    $("link").textContent = host.link;
    host.ready.then(() => {
      log("host: listening on the relay");
      if ($("public").checked) host.announce({ name: "Lab table", variant: "tabla", seats: 4, free: 3, bots: 0 });
    }, (error) => log(`host: ${error.message}`));
  }
  return host;
}

async function invite() {
  const { invite: number, url, code } = await lab.host.invite();
  const item = document.createElement("li");
  item.innerHTML = `invite ${number} (${code.length} chars): <span class="code"></span>`;
  item.querySelector("span").textContent = url;
  $("invites").append(item);
  log(`host: invite ${number}, code ${code.length} chars`);
  return url;
}

async function join(link) {
  lab.conn?.close();
  const conn = await net.joinRoom(link, { ...settings(), reconnect: true });
  lab.conn = conn;
  conn.on("message", (text) => { lab.received.push({ from: "host", text }); log(`host → me: ${text}`); });
  conn.on("open", () => log(`guest: open (${conn.connects})`));
  conn.on("reconnecting", () => log("guest: connection lost, reconnecting"));
  conn.on("close", () => log("guest: closed"));
  if (conn.reply) {
    $("reply").textContent = conn.reply;
    $("qr").innerHTML = net.qrSvg(conn.reply, { ecl: "M" });
    log(`guest: reply code ${conn.reply.length} chars`);
  } else {
    log("guest: open");
  }
  return conn;
}

function watchLobby() {
  lab.lobby?.close();
  lab.tables = [];
  lab.lobby = net.watchLobby({
    relays: settings().relays,
    onchange: (tables) => {
      lab.tables = tables;
      $("tables").replaceChildren(...tables.map((t) => {
        const item = document.createElement("li");
        const a = document.createElement("a");
        a.href = t.link;
        a.textContent = `${t.name} — ${t.variant}, ${t.free}/${t.seats} seats free, ${t.bots} bots${t.password ? ", password" : ""}`;
        item.append(a);
        return item;
      }));
    },
  });
}

function send() {
  const text = $("say").value;
  if (lab.host) lab.host.broadcast(text);
  else lab.conn?.send(text);
  $("say").value = "";
}

const guard = (fn) => async (...args) => {
  try {
    return await fn(...args);
  } catch (error) {
    log(`error: ${error.message}`);
    throw error;
  }
};

Object.assign(lab, { startHost, invite: guard(invite), join: guard(join), watchLobby, send });
$("host-manual").onclick = () => startHost("manual");
$("host-relay").onclick = () => startHost("relay");
$("invite").onclick = () => lab.invite().catch(() => {});
$("accept").onclick = () => lab.host.accept($("reply-in").value).catch((e) => log(`error: ${e.message}`));
$("join").onclick = () => lab.join($("join-in").value).catch(() => {});
$("lobby").onclick = watchLobby;
$("send").onclick = send;

// Opening an invite or a room link joins at once.
if (net.linkKind(location.hash)) {
  $("join-in").value = location.href;
  lab.joining = lab.join(location.href).catch(() => {});
}
lab.ready = true;
