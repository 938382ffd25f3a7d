// Signalling way 1, no infrastructure: the host's offer travels in an invite link
// (`…#join=<code>`), the guest's answer comes back as a short reply code (text or QR)
// that the host pastes. One invite per guest; an invite is used once. docs/net.md.

import { Peer, PeerHost } from "./peer.js";
import { concat, fromBase64url, packDescription, toBase64url, unpackDescription } from "./sdp.js";

/** "#join=<code>" in a URL or hash, or a bare code → the code, else null. */
export function inviteCode(text) {
  const match = /(?:^|[#&])join=([A-Za-z0-9_-]+)/.exec(String(text).trim());
  if (match) return match[1];
  return /^[A-Za-z0-9_-]{40,}$/.test(String(text).trim()) ? String(text).trim() : null;
}

/** The code: base64url(invite number byte + packed description). */
async function encode(invite, desc) {
  return toBase64url(concat([Uint8Array.of(invite), await packDescription(desc)]));
}

async function decode(code, expectedType) {
  const bytes = fromBase64url(code);
  if (bytes.length < 4) throw new Error("code is too short");
  const desc = await unpackDescription(bytes.subarray(1));
  if (desc.type !== expectedType) {
    throw new Error(expectedType === "answer" ? "this is an invite, not a reply code" : "this is a reply code, not an invite");
  }
  return { invite: bytes[0], desc };
}

/** The host's side: mints invites, accepts reply codes. Emits "guest" / "close" (Peer). */
export class ManualHost extends PeerHost {
  /**
   * @param {object} [options]
   * @param {RTCIceServer[]} [options.iceServers]
   * @param {string} [options.baseUrl] page the invite links open (default: this page)
   */
  constructor({ iceServers = [], baseUrl = null } = {}) {
    super();
    this.iceServers = iceServers;
    this.baseUrl = baseUrl ?? location.href.split("#")[0];
    this.pending = new Map(); // invite number → Peer waiting for its reply code
    this.next = crypto.getRandomValues(new Uint8Array(1))[0];
  }

  /** A new invite: {invite, code, url, peer}. Give `url` to one guest. */
  async invite() {
    let number = this.next;
    for (let i = 0; i < 256 && this.pending.has(number); i++) number = (number + 1) & 255;
    if (this.pending.has(number)) throw new Error("too many open invites");
    this.next = (number + 1) & 255;
    const peer = this.add(new Peer({ iceServers: this.iceServers, id: `invite-${number}` }));
    this.pending.set(number, peer);
    peer.once("close", () => { if (this.pending.get(number) === peer) this.pending.delete(number); });
    const code = await encode(number, await peer.createOffer());
    return { invite: number, code, url: `${this.baseUrl}#join=${code}`, peer };
  }

  /** Takes a guest's reply code; resolves with the Peer once its channel is open. */
  async accept(replyCode) {
    const clean = String(replyCode).replace(/\s+/g, "");
    const { invite, desc } = await decode(clean, "answer");
    const peer = this.pending.get(invite);
    if (!peer) throw new Error("no open invite for this reply code (already used, or from another host)");
    this.pending.delete(invite);
    await peer.acceptAnswer(desc);
    return peer.opened();
  }

  /** Withdraws an invite nobody answered. */
  cancel(invite) {
    this.pending.get(invite)?.close();
  }
}

/** The guest's side: answers an invite. Returns {reply, peer}; show `reply` (text + QR)
 * for the guest to send back to the host; `peer` opens once the host pastes it. */
export async function answerInvite(linkOrCode, { iceServers = [] } = {}) {
  const code = inviteCode(linkOrCode);
  if (!code) throw new Error("not an invite link");
  const { invite, desc } = await decode(code, "offer");
  const peer = new Peer({ iceServers, id: "host" });
  const reply = await encode(invite, await peer.acceptOffer(desc));
  return { reply, peer };
}
