// Compact session descriptions: the few facts of a data-channel-only SDP that matter
// (ICE credentials, DTLS fingerprint and role, UDP candidates) packed into bytes, and a
// valid SDP rebuilt from them on the other side. docs/net.md describes the format.
//
//   byte 0      0x10 | answer << 2 | setup        (setup: 0 actpass, 1 active, 2 passive)
//   byte 1, 2   length of ice-ufrag, of ice-pwd
//   …           ufrag + pwd, 6 bits a character (ICE characters are the base64 alphabet)
//   32 bytes    SHA-256 DTLS fingerprint
//   then per UDP candidate: kind << 2 | type, address, port (2 bytes, big-endian)
//     kind 0 IPv4 (4 bytes) · 1 IPv6 (16) · 2 "<uuid>.local" mDNS name (16) · 3 other name
//     (length byte + ASCII); type 0 host · 1 srflx · 2 prflx · 3 relay
//
// A description this cannot express (another fingerprint hash, several media sections…)
// is sent whole instead: byte 0 = 0x20, then the SDP compressed with deflate-raw.

const COMPACT = 0x10;
const DEFLATED = 0x20;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

// ------------------------------------------------------------------ base64url

/** Bytes → base64url without padding. */
export function toBase64url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url (padding optional) → bytes; throws on other characters. */
export function fromBase64url(code) {
  const clean = code.trim().replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*$/.test(clean)) throw new Error("not a base64url code");
  const text = atob(clean + "===".slice((clean.length + 3) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

// ------------------------------------------------------------------ pack

class Unpackable extends Error {}

/** {type, sdp} → bytes (compact when possible, else deflated SDP). */
export async function packDescription(desc) {
  try {
    return packCompact(desc);
  } catch (error) {
    if (!(error instanceof Unpackable)) throw error;
    const body = await deflate(new TextEncoder().encode(desc.sdp));
    return concat([Uint8Array.of(DEFLATED | (desc.type === "answer" ? 4 : 0)), body]);
  }
}

/** bytes → {type, sdp} (an RTCSessionDescriptionInit). */
export async function unpackDescription(bytes) {
  const head = bytes[0];
  const type = head & 4 ? "answer" : "offer";
  if ((head & 0xf0) === DEFLATED) {
    return { type, sdp: new TextDecoder().decode(await inflate(bytes.subarray(1))) };
  }
  if ((head & 0xf0) !== COMPACT) throw new Error("unknown code format");
  return { type, sdp: unpackCompact(bytes) };
}

function packCompact(desc) {
  const lines = desc.sdp.split(/\r?\n/).filter(Boolean);
  const one = (prefix) => {
    const found = lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
    if (found.length === 0) throw new Unpackable(`no ${prefix}`);
    if (new Set(found).size > 1) throw new Unpackable(`several ${prefix}`);
    return found[0].trim();
  };
  if (lines.filter((l) => l.startsWith("m=")).length !== 1
      || !lines.includes("m=application 9 UDP/DTLS/SCTP webrtc-datachannel")) {
    throw new Unpackable("not a single data channel section");
  }
  if (one("a=mid:") !== "0") throw new Unpackable("mid is not 0");
  const ufrag = one("a=ice-ufrag:");
  const pwd = one("a=ice-pwd:");
  const setup = SETUPS.indexOf(one("a=setup:"));
  const [hash, hex] = one("a=fingerprint:").split(" ");
  if (setup < 0) throw new Unpackable("setup role");
  if (hash.toLowerCase() !== "sha-256") throw new Unpackable("fingerprint hash");
  if (ufrag.length > 255 || pwd.length > 255) throw new Unpackable("credentials too long");
  const parts = [
    Uint8Array.of(COMPACT | (desc.type === "answer" ? 4 : 0) | setup, ufrag.length, pwd.length),
    packChars(ufrag + pwd),
    Uint8Array.from(hex.split(":"), (h) => parseInt(h, 16)),
  ];
  if (parts[2].length !== 32) throw new Unpackable("fingerprint length");
  for (const line of lines.filter((l) => l.startsWith("a=candidate:"))) {
    const packed = packCandidate(line.slice("a=candidate:".length));
    if (packed) parts.push(packed);
  }
  return concat(parts);
}

function packChars(text) {
  const out = new Uint8Array(Math.ceil((text.length * 6) / 8));
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new Unpackable("ICE credential character");
    for (let i = 5; i >= 0; i--, bits++) {
      if ((value >> i) & 1) out[bits >> 3] |= 0x80 >> (bits & 7);
    }
  }
  return out;
}

function unpackChars(bytes, offset, count) {
  let text = "";
  for (let n = 0, bit = offset * 8; n < count; n++) {
    let value = 0;
    for (let i = 0; i < 6; i++, bit++) value = (value << 1) | ((bytes[bit >> 3] >> (7 - (bit & 7))) & 1);
    text += ALPHABET[value];
  }
  return text;
}

function packCandidate(text) {
  // foundation component protocol priority address port "typ" type [...]
  const f = text.trim().split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ") return null;
  const type = TYPES.indexOf(f[7]);
  const port = Number(f[5]);
  if (type < 0 || !(port > 0 && port < 65536)) return null;
  const address = f[4];
  let kind;
  let body;
  const uuid = UUID_LOCAL.exec(address.toLowerCase());
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    kind = 0;
    body = Uint8Array.from(address.split("."), Number);
  } else if (address.includes(":")) {
    kind = 1;
    body = packIPv6(address);
    if (!body) return null;
  } else if (uuid) {
    kind = 2;
    body = hexBytes(uuid.slice(1).join(""));
  } else {
    if (address.length > 255 || !/^[\x21-\x7e]+$/.test(address)) return null;
    kind = 3;
    body = concat([Uint8Array.of(address.length), new TextEncoder().encode(address)]);
  }
  return concat([Uint8Array.of((kind << 2) | type), body, Uint8Array.of(port >> 8, port & 255)]);
}

function packIPv6(address) {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array(missing).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const out = new Uint8Array(16);
  all.forEach((g, i) => { const v = parseInt(g, 16); out[2 * i] = v >> 8; out[2 * i + 1] = v & 255; });
  return out;
}

// ------------------------------------------------------------------ unpack

function unpackCompact(bytes) {
  const setup = SETUPS[bytes[0] & 3];
  const ufragLength = bytes[1];
  const pwdLength = bytes[2];
  const charBytes = Math.ceil(((ufragLength + pwdLength) * 6) / 8);
  const chars = unpackChars(bytes, 3, ufragLength + pwdLength);
  let at = 3 + charBytes;
  const fingerprint = Array.from(bytes.subarray(at, at + 32), (b) => b.toString(16).padStart(2, "0").toUpperCase());
  at += 32;
  if (fingerprint.length !== 32 || !setup) throw new Error("code is cut short");
  const candidates = [];
  while (at < bytes.length) {
    const kind = bytes[at] >> 2;
    const type = TYPES[bytes[at] & 3];
    at += 1;
    let address;
    if (kind === 0) {
      address = Array.from(bytes.subarray(at, at + 4)).join(".");
      at += 4;
    } else if (kind === 1) {
      const words = [];
      for (let i = 0; i < 16; i += 2) words.push(((bytes[at + i] << 8) | bytes[at + i + 1]).toString(16));
      address = words.join(":");
      at += 16;
    } else if (kind === 2) {
      const hex = Array.from(bytes.subarray(at, at + 16), (b) => b.toString(16).padStart(2, "0")).join("");
      address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
      at += 16;
    } else {
      const length = bytes[at];
      address = new TextDecoder().decode(bytes.subarray(at + 1, at + 1 + length));
      at += 1 + length;
    }
    const port = (bytes[at] << 8) | bytes[at + 1];
    at += 2;
    if (at > bytes.length) throw new Error("code is cut short");
    const priority = (TYPE_PREFERENCE[type] * 2 ** 24) + ((65535 - candidates.length) << 8) + 255;
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    candidates.push(`a=candidate:${candidates.length + 1} 1 udp ${priority} ${address} ${port} typ ${type}${related}`);
  }
  const session = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b % 10).join("");
  return [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    `a=ice-ufrag:${chars.slice(0, ufragLength)}`,
    `a=ice-pwd:${chars.slice(ufragLength)}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${fingerprint.join(":")}`,
    `a=setup:${setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
}

// ------------------------------------------------------------------ helpers

function hexBytes(hex) {
  return Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
}

export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

async function pipe(bytes, stream) {
  const response = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await response.arrayBuffer());
}

const deflate = (bytes) => pipe(bytes, new CompressionStream("deflate-raw"));
const inflate = (bytes) => pipe(bytes, new DecompressionStream("deflate-raw"));
