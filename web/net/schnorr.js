// BIP-340 Schnorr signatures over secp256k1, as Nostr relays require (NIP-01: an event's
// `sig` signs its `id` with the key whose x coordinate is `pubkey`). BigInt arithmetic,
// no dependency; checked against BIP-340's test vectors (tests/browser/test_net.py). The
// page verifies what it reads too: a relay may forward events it never checked.

const P = 2n ** 256n - 2n ** 32n - 977n;
const N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141n;
const G = [
  0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798n,
  0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8n,
  1n,
];

const mod = (a, m = P) => ((a % m) + m) % m;

function inverse(a, m = P) {
  let [low, high, x, y] = [mod(a, m), m, 1n, 0n];
  while (low > 1n) {
    const q = high / low;
    [low, high, x, y] = [high - q * low, low, y - q * x, x];
  }
  return mod(x, m);
}

// Jacobian coordinates [X, Y, Z] (x = X/Z², y = Y/Z³); null is the point at infinity.
function double(p) {
  if (!p || p[1] === 0n) return null;
  const [x, y, z] = p;
  const s = mod(4n * x * y * y);
  const m = mod(3n * x * x);
  const nx = mod(m * m - 2n * s);
  return [nx, mod(m * (s - nx) - 8n * y ** 4n), mod(2n * y * z)];
}

function add(p, q) {
  if (!p) return q;
  if (!q) return p;
  const [x1, y1, z1] = p;
  const [x2, y2, z2] = q;
  const z1z1 = mod(z1 * z1);
  const z2z2 = mod(z2 * z2);
  const u1 = mod(x1 * z2z2);
  const u2 = mod(x2 * z1z1);
  const s1 = mod(y1 * z2 * z2z2);
  const s2 = mod(y2 * z1 * z1z1);
  if (u1 === u2) return s1 === s2 ? double(p) : null;
  const h = mod(u2 - u1);
  const r = mod(s2 - s1);
  const h2 = mod(h * h);
  const h3 = mod(h * h2);
  const x3 = mod(r * r - h3 - 2n * u1 * h2);
  return [x3, mod(r * (u1 * h2 - x3) - s1 * h3), mod(h * z1 * z2)];
}

function multiply(point, k) {
  let result = null;
  for (let addend = point; k > 0n; k >>= 1n, addend = double(addend)) {
    if (k & 1n) result = add(result, addend);
  }
  return result;
}

function power(base, exponent, m = P) {
  let result = 1n;
  for (base = mod(base, m); exponent > 0n; exponent >>= 1n, base = mod(base * base, m)) {
    if (exponent & 1n) result = mod(result * base, m);
  }
  return result;
}

/** The point with x coordinate `x` and an even y (BIP-340 lift_x), or null. */
function liftX(x) {
  if (x >= P) return null;
  const c = mod(x ** 3n + 7n);
  const y = power(c, (P + 1n) / 4n);
  if (mod(y * y) !== c) return null;
  return [x, y % 2n === 0n ? y : P - y, 1n];
}

function affine(p) {
  const zi = inverse(p[2]);
  return [mod(p[0] * zi * zi), mod(p[1] * zi * zi * zi)];
}

const toBytes = (n) => Uint8Array.from(n.toString(16).padStart(64, "0").match(/../g), (h) => parseInt(h, 16));
const toInt = (bytes) => BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") || "0"}`);
export const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
export const fromHex = (text) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

async function sha256(...parts) {
  const total = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) { total.set(part, offset); offset += part.length; }
  return new Uint8Array(await crypto.subtle.digest("SHA-256", total));
}

async function taggedHash(tag, ...parts) {
  const hashed = await sha256(new TextEncoder().encode(tag));
  return sha256(hashed, hashed, ...parts);
}

/** A key pair: {secret (32 bytes), pubkey (hex of x, 32 bytes)}. */
export function keyPair(secret = crypto.getRandomValues(new Uint8Array(32))) {
  const d = toInt(secret);
  if (d <= 0n || d >= N) return keyPair();
  return { secret, pubkey: toHex(toBytes(affine(multiply(G, d))[0])) };
}

/** BIP-340 signature (64 bytes, hex) of a 32-byte message. */
export async function sign(secret, message, aux = crypto.getRandomValues(new Uint8Array(32))) {
  const d0 = toInt(secret);
  const [px, py] = affine(multiply(G, d0));
  const d = py % 2n === 0n ? d0 : N - d0;
  const t = toBytes(d ^ toInt(await taggedHash("BIP0340/aux", aux)));
  const pBytes = toBytes(px);
  const k0 = toInt(await taggedHash("BIP0340/nonce", t, pBytes, message)) % N;
  if (k0 === 0n) throw new Error("bad nonce");
  const [rx, ry] = affine(multiply(G, k0));
  const k = ry % 2n === 0n ? k0 : N - k0;
  const rBytes = toBytes(rx);
  const e = toInt(await taggedHash("BIP0340/challenge", rBytes, pBytes, message)) % N;
  return toHex(rBytes) + toHex(toBytes(mod(k + e * d, N)));
}

const HEX_32 = /^[0-9a-f]{64}$/;

/** BIP-340 verification: does `sig` (hex) sign the 32-byte `message` with `pubkey` (hex)? */
export async function verify(pubkey, message, sig) {
  if (!HEX_32.test(pubkey ?? "") || !/^[0-9a-f]{128}$/.test(sig ?? "")) return false;
  const point = liftX(BigInt(`0x${pubkey}`));
  const r = BigInt(`0x${sig.slice(0, 64)}`);
  const s = BigInt(`0x${sig.slice(64)}`);
  if (!point || r >= P || s >= N) return false;
  const e = toInt(await taggedHash("BIP0340/challenge", toBytes(r), fromHex(pubkey), message)) % N;
  const R = add(multiply(G, s), multiply(point, N - e));
  if (!R) return false;
  const [rx, ry] = affine(R);
  return ry % 2n === 0n && rx === r;
}

/** A Nostr event (NIP-01) whose id is the hash of its content and whose sig is its author's. */
export async function verifyEvent(event) {
  try {
    const { id, pubkey, created_at: at, kind, tags, content, sig } = event;
    if (!HEX_32.test(id ?? "")) return false;
    const serial = new TextEncoder().encode(JSON.stringify([0, pubkey, at, kind, tags, content]));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", serial));
    return toHex(digest) === id && await verify(pubkey, digest, sig);
  } catch {
    return false;           // not an event at all
  }
}
