"""web/net/: WebRTC data channels between browser contexts, both ways of signalling.

Every test drives web/net/lab.html (the network lab page), never the game UI. Relay
tests run tests/relay/nostr_relay.py on 127.0.0.1. Timings and code lengths are printed
(`pytest -s`) and recorded in docs/net.md.
"""

from __future__ import annotations

import hashlib
import json
import time

import pytest

from tests.relay.nostr_relay import Relay
from tests.test_relay import VECTOR_0, VECTOR_1

TIMEOUT_MS = 20_000


@pytest.fixture
def lab_url(site_url: str) -> str:
    return site_url + "web/net/lab.html"


def open_lab(context, url: str):
    page = context.new_page()
    page.on("console", lambda m: print(f"[{m.type}] {m.text}") if m.type == "error" else None)
    page.goto(url)
    page.wait_for_function("window.lab && window.lab.ready === true", timeout=TIMEOUT_MS)
    return page


def wait(page, expression: str, timeout_ms: int = TIMEOUT_MS):
    page.wait_for_function(expression, timeout=timeout_ms)


def exchange(host, guest, guest_id: str, tag: str = "") -> None:
    """Messages flow both ways (host → guest, guest → host), exactly as sent."""
    text = f"hello from host {tag} ✓ " + "x" * 3000
    host.evaluate("([id, t]) => lab.host.get(id).send(t)", [guest_id, text])
    wait(guest, f"lab.received.some(m => m.text === {json.dumps(text)})")
    reply = json.dumps({"v": 1, "type": "ping", "tag": tag})
    guest.evaluate("(t) => lab.conn.send(t)", reply)
    wait(host, f"lab.received.some(m => m.text === {json.dumps(reply)})")


# ----------------------------------------------------------------- way 1: invite codes


def test_invite_and_reply_code_connect(new_context, context, lab_url):
    host = open_lab(context, lab_url)
    guest_context = new_context()
    try:
        host.evaluate("() => lab.startHost('manual')")
        started = time.perf_counter()
        url = host.evaluate("() => lab.invite()")
        assert "#join=" in url
        invite_code = url.split("#join=")[1]
        guest = open_lab(guest_context, url)
        wait(guest, "document.getElementById('reply').textContent.length > 0")
        reply = guest.inner_text("#reply")
        assert guest.locator("#qr svg").count() == 1
        host.fill("#reply-in", reply)
        host.click("#accept")
        wait(host, "lab.guests.length === 1")
        wait(guest, "lab.conn.state === 'open'")
        elapsed = time.perf_counter() - started
        guest_id = host.evaluate("lab.guests[0]")
        exchange(host, guest, guest_id, "manual")
        print(f"\ninvite code {len(invite_code)} chars, link {len(url)} chars, "
              f"reply code {len(reply)} chars, invite→open {elapsed:.2f} s")
        assert len(invite_code) < 160 and len(reply) < 160
        # A reply code is single-use: pasting it again is refused.
        error = host.evaluate(
            "(r) => lab.host.accept(r).then(() => 'accepted', (e) => e.message)", reply)
        assert "no open invite" in error
    finally:
        guest_context.close()


def test_two_guests_by_invites(new_context, context, lab_url):
    host = open_lab(context, lab_url)
    host.evaluate("() => lab.startHost('manual')")
    contexts = [new_context() for _ in range(2)]
    try:
        guests = []
        for guest_context in contexts:
            url = host.evaluate("() => lab.invite()")
            guests.append(open_lab(guest_context, url))
        # Replies accepted in the reverse order: each matches its own invite.
        for guest in reversed(guests):
            wait(guest, "document.getElementById('reply').textContent.length > 0")
            host.evaluate("(r) => lab.host.accept(r)", guest.inner_text("#reply"))
        wait(host, "lab.guests.length === 2")
        host.evaluate("() => lab.host.broadcast('to all')")
        for guest in guests:
            wait(guest, "lab.received.some(m => m.text === 'to all')")
    finally:
        for guest_context in contexts:
            guest_context.close()


def test_compact_codes_rebuild_a_working_sdp(page, lab_url):
    """The codec round-trips; the rebuilt SDP is accepted by a real RTCPeerConnection."""
    page.goto(lab_url)
    page.wait_for_function("window.lab && window.lab.ready === true")
    result = page.evaluate("""async () => {
        const sdp = await import('./sdp.js');
        const a = new lab.net.Peer(); const b = new lab.net.Peer();
        const offer = await a.createOffer();
        const packedOffer = await sdp.packDescription(offer);
        const answer = await b.acceptOffer(await sdp.unpackDescription(packedOffer));
        const packedAnswer = await sdp.packDescription(answer);
        await a.acceptAnswer(await sdp.unpackDescription(packedAnswer));
        await Promise.all([a.opened(), b.opened()]);
        const got = new Promise((r) => b.on('message', r));
        a.send('ping');
        const message = await got;
        // The fallback for what the compact form cannot say: deflated whole SDP.
        const odd = {type: 'offer', sdp: offer.sdp.replace('sha-256', 'sha-384')};
        const fallback = await sdp.packDescription(odd);
        const back = await sdp.unpackDescription(fallback);
        return {message, offerBytes: packedOffer.length, answerBytes: packedAnswer.length,
                full: offer.sdp.length, fallbackHead: fallback[0],
                same: back.sdp === odd.sdp && back.type === 'offer'};
    }""")
    assert result["message"] == "ping"
    assert result["offerBytes"] < 120 and result["answerBytes"] < 120
    assert result["fallbackHead"] == 0x20 and result["same"]
    print(f"\nfull offer SDP {result['full']} chars; packed offer {result['offerBytes']} bytes, "
          f"answer {result['answerBytes']} bytes")


def test_a_message_before_the_channel_s_open_event_opens_it_first(page, lab_url):
    """A message delivered before the channel's open event (data implies open, RFC 8832):
    the Peer says "open" first, then the message, so a listener added on "open" (the host's
    room adds its message listener there) misses nothing; the late open event is no second
    "open". Each connection keeps a short trace of what happened to it."""
    page.goto(lab_url)
    page.wait_for_function("window.lab && window.lab.ready === true")
    result = page.evaluate("""async () => {
        const peer = new lab.net.Peer();
        await peer.createOffer();
        const events = [];
        peer.on('open', () => {
            events.push('open');
            peer.on('message', (text) => events.push('message ' + text));
        });
        peer.channel.onmessage({ data: 'hello' });     // as the browser would deliver them
        peer.channel.onopen();
        const state = peer.state, trace = peer.trace.map((line) => line.split(' ').slice(1).join(' '));
        peer.close();
        return { events, state, trace, received: peer.received };
    }""")
    assert result["events"] == ["open", "message hello"]
    assert result["state"] == "open" and result["received"] == 1
    assert result["trace"][0] == "offer"
    assert result["trace"].count("open") == 1 and "first message" in result["trace"]


def test_qr_code_decodes(page, lab_url, tmp_path):
    """The QR generator's output decodes with zbarimg (skipped when zbar-tools is absent)."""
    import shutil
    import subprocess

    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg missing (apt-get install zbar-tools)")
    page.goto(lab_url)
    page.wait_for_function("window.lab && window.lab.ready === true")
    texts = ["remi", "http://127.0.0.1:8000/web/net/lab.html#join=" + "AbC-_9" * 22,
             "x" * 300]
    for ecl in ("L", "M"):
        for text in texts:
            page.evaluate("""([t, e]) => { document.getElementById('qr').innerHTML =
                lab.net.qrSvg(t, {ecl: e, moduleSize: 4}); }""", [text, ecl])
            shot = tmp_path / "qr.png"
            page.locator("#qr svg").screenshot(path=str(shot))
            out = subprocess.run(["zbarimg", "-q", "--raw", str(shot)], capture_output=True,
                                 text=True, timeout=30)
            assert out.stdout.strip() == text, (ecl, text, out.stderr)


# ----------------------------------------------------------------- way 2: the relay


def relay_lab(lab_url: str, relay: Relay, password: str = "") -> str:
    url = f"{lab_url}?relay={relay.url}"
    return url + (f"&password={password}" if password else "")


def relay_host(context, url: str, public: bool = False):
    """A lab page hosting a room by link through the test relay, ready for guests."""
    host = open_lab(context, url)
    if public:
        host.check("#public")
    host.evaluate("() => lab.startHost('relay')")
    host.evaluate("() => lab.host.ready")
    return host


def test_room_link_with_password_connects(new_context, context, lab_url, relay):
    host = relay_host(context, relay_lab(lab_url, relay, "s3cret"))
    link = host.evaluate("lab.host.link")
    fragment = link.split("#")[1]
    guest_context = new_context()
    try:
        started = time.perf_counter()
        guest = open_lab(guest_context, relay_lab(lab_url, relay, "s3cret") + "#" + fragment)
        wait(guest, "lab.conn && lab.conn.state === 'open'")
        elapsed = time.perf_counter() - started
        wait(host, "lab.guests.length === 1")
        exchange(host, guest, host.evaluate("lab.guests[0]"), "relay")
        print(f"\nroom link fragment {len(fragment)} chars; page open→channel open "
              f"{elapsed:.2f} s; relay saw {len(relay.seen)} events")
    finally:
        guest_context.close()
    # The relay is only a mailbox: it never saw an SDP, a credential or the room secret.
    room_id, secret = fragment.removeprefix("room=").split(".")
    signalling = [e for e in relay.seen if e["kind"] == 25078]
    assert signalling
    for event in signalling:
        text = json.dumps(event)
        for clear in ("v=0", "a=", "ice-ufrag", "fingerprint", "candidate", "offer",
                      "answer", secret, room_id):
            assert clear not in text, (clear, event)


def test_wrong_password_never_connects(new_context, context, lab_url, relay):
    host = relay_host(context, relay_lab(lab_url, relay, "right"))
    fragment = host.evaluate("lab.host.link").split("#")[1]
    guest_context = new_context()
    try:
        guest = open_lab(guest_context, relay_lab(lab_url, relay, "wrong"))
        error = guest.evaluate(
            """(link) => lab.net.joinRoom(link, {relays: [new URLSearchParams(location.search)
                .get('relay')], password: 'wrong', timeoutMs: 5000})
                .then(() => 'connected', (e) => e.message)""", "#" + fragment)
        assert "no answer" in error
        assert host.evaluate("lab.host.rejected") >= 1
        assert host.evaluate("lab.guests.length") == 0
    finally:
        guest_context.close()


def test_public_room_is_listed_in_the_lobby(new_context, context, lab_url, relay):
    host = relay_host(context, relay_lab(lab_url, relay), public=True)
    host_room = host.evaluate("lab.host.room.id")
    watcher_context = new_context()
    try:
        watcher = open_lab(watcher_context, relay_lab(lab_url, relay))
        watcher.click("#lobby")
        wait(watcher, f"(lab.tables || []).some(t => t.room === {json.dumps(host_room)})")
        table = watcher.evaluate(f"lab.tables.find(t => t.room === {json.dumps(host_room)})")
        assert table["variant"] == "tabla" and table["free"] == 3 and table["password"] is False
        assert watcher.locator("#tables a").count() == 1
        # The listed link joins the room.
        link = table["link"]
        guest = open_lab(watcher_context, relay_lab(lab_url, relay) + "#" + link.split("#")[1])
        wait(guest, "lab.conn && lab.conn.state === 'open'")
        # A relay that forwards unchecked events cannot close or rewrite the room for its
        # host: a forged entry under the host's key, however new, is not believed.
        real = max((e for e in relay.seen if e["kind"] == 30078 and host_room in e["content"]),
                   key=lambda e: e["created_at"])
        for content in (json.dumps({"v": 1, "room": host_room, "closed": True}),
                        real["content"].replace('"tabla"', '"etalat"')):
            forged = {**real, "content": content, "created_at": real["created_at"] + 60}
            serial = [0, *(forged[k] for k in ("pubkey", "created_at", "kind", "tags", "content"))]
            forged["id"] = hashlib.sha256(json.dumps(serial, separators=(",", ":"),
                                                     ensure_ascii=False).encode()).hexdigest()
            relay.forward(forged)              # a true id, the old signature
        watcher.wait_for_timeout(1500)
        table = watcher.evaluate(f"lab.tables.find(t => t.room === {json.dumps(host_room)})")
        assert table and table["variant"] == "tabla", table
        # Closing the room takes it off the list.
        host.evaluate("() => lab.host.close()")
        wait(watcher, "lab.tables.length === 0")
    finally:
        watcher_context.close()


def test_dropped_guest_is_a_close_and_the_link_reconnects(new_context, context, lab_url, relay):
    host = relay_host(context, relay_lab(lab_url, relay))
    guest_url = relay_lab(lab_url, relay) + "#" + host.evaluate("lab.host.link").split("#")[1]
    first_context = new_context()
    first = open_lab(first_context, guest_url)
    wait(host, "lab.guests.length === 1")
    first_id = host.evaluate("lab.guests[0]")
    started = time.perf_counter()
    first.close()
    wait(host, f"lab.closed.includes({json.dumps(first_id)})", 15_000)
    close_seen = time.perf_counter() - started
    first_context.close()
    second_context = new_context()
    try:
        second = open_lab(second_context, guest_url)
        wait(host, "lab.guests.length === 2")
        second_id = host.evaluate("lab.guests[1]")
        assert second_id != first_id
        exchange(host, second, second_id, "again")
        # The host ending a connection: the guest reconnects by itself with the link.
        started = time.perf_counter()
        host.evaluate("(id) => lab.host.get(id).close()", second_id)
        wait(host, "lab.guests.length === 3")
        wait(second, "lab.conn.state === 'open' && lab.conn.connects === 2")
        reconnect = time.perf_counter() - started
        exchange(host, second, host.evaluate("lab.guests[2]"), "reconnected")
        print(f"\nclosed page seen by the host after {close_seen:.2f} s; "
              f"automatic reconnect {reconnect:.2f} s")
    finally:
        second_context.close()


def test_events_are_signed_with_bip340_schnorr(page, lab_url):
    """web/net/schnorr.js reproduces BIP-340's test vectors 0 and 1 (the relay started by
    the relay tests refuses events whose signature does not verify)."""
    page.goto(lab_url)
    signatures = page.evaluate("""async () => {
        const s = await import("./schnorr.js");
        const key = (hex) => s.fromHex(hex.padStart(64, "0"));
        return [
          [s.keyPair(key("3")).pubkey, await s.sign(key("3"), key("0"), key("0"))],
          [s.keyPair(key("B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF")).pubkey,
           await s.sign(key("B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF"),
                        key("243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89"),
                        key("1"))],
        ];
    }""")
    for (pubkey, sig), (want_key, _, want_sig) in zip(signatures, (VECTOR_0, VECTOR_1)):
        assert (pubkey.upper(), sig.upper()) == (want_key, want_sig)


def test_signatures_and_events_are_verified(page, lab_url):
    """BIP-340 verification (web/net/schnorr.js verify): the vectors hold; a changed message,
    signature or key, or a key not on the curve (BIP-340 vector 5), does not; a NIP-01 event
    holds only while its content, author and id are the signed ones (verifyEvent)."""
    page.goto(lab_url)
    off_curve = "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34"
    flip = lambda hex_text, at: hex_text[:at] + ("0" if hex_text[at] != "0" else "1") + hex_text[at + 1:]  # noqa: E731
    cases = []
    for key, message, sig in (VECTOR_0, VECTOR_1):
        cases += [(key, message, sig, True), (key, flip(message, 5), sig, False),
                  (key, message, flip(sig, 70), False), (key, message, flip(sig, 3), False)]
    cases += [(VECTOR_1[0], *VECTOR_0[1:], False), (off_curve, *VECTOR_1[1:], False),
              ("ab", *VECTOR_1[1:], False), (VECTOR_1[0], VECTOR_1[1], "zz" * 64, False)]
    answers = page.evaluate("""async (cases) => {
        const s = await import("./schnorr.js");
        return Promise.all(cases.map(([key, message, sig]) =>
          s.verify(key.toLowerCase(), s.fromHex(message), sig.toLowerCase())));
    }""", [case[:3] for case in cases])
    assert answers == [case[3] for case in cases]
    events = page.evaluate("""async () => {
        const s = await import("./schnorr.js");
        const keys = s.keyPair();
        const body = [keys.pubkey, 1700000000, 30078, [["t", "remi-lobby-v1"]], '{"v":1}'];
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256",
          new TextEncoder().encode(JSON.stringify([0, ...body]))));
        const [pubkey, created_at, kind, tags, content] = body;
        const event = { id: s.toHex(digest), pubkey, created_at, kind, tags, content,
                        sig: await s.sign(keys.secret, digest) };
        const other = s.keyPair().pubkey;
        return Promise.all([event, { ...event, content: '{"v":1,"closed":true}' },
                            { ...event, pubkey: other }, { ...event, created_at: 1700000001 },
                            null, { ...event, tags: "x" }].map(s.verifyEvent));
    }""")
    assert events == [True, False, False, False, False, False]
