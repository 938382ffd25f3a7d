#!/usr/bin/env python3
"""A minimal Nostr-style relay (NIP-01 subset) for tests and LAN trials, standard library only.

    python3 tests/relay/nostr_relay.py [--port 7447]     ws://127.0.0.1:7447/

It speaks just enough of NIP-01 for web/net/relay.js:
  ["EVENT", event]            store (unless ephemeral), forward to matching subscriptions,
                              answer ["OK", id, true, ""]
  ["REQ", sub, filter, ...]   stored matches, then ["EOSE", sub], then live matches
  ["CLOSE", sub]              end a subscription
Filters: ids, authors, kinds, #<tag> values, since, until, limit.
Kinds 20000–29999 are ephemeral (forwarded, never stored); 30000–39999 are addressable
(one per pubkey+kind+"d" tag, the newest wins). Like a public relay, it refuses an event
whose id is not the SHA-256 of its NIP-01 serialization or whose `sig` is not a valid
BIP-340 Schnorr signature of the id by `pubkey` (`verify_event`).

Every event received is appended to `Relay.seen`, so tests can check what a relay learns.
The WebSocket layer is a small RFC 6455 server: text frames, ping/pong, close; no
extensions, no fragmentation on send.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import struct
import threading
from typing import Any

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
MAX_FRAME = 1 << 20


# -- BIP-340 verification (secp256k1) ------------------------------------------------------
P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)
Point = tuple[int, int] | None


def _add(a: Point, b: Point) -> Point:
    if a is None or b is None:
        return a or b
    if a[0] == b[0] and a[1] != b[1]:
        return None
    if a == b:
        slope = 3 * a[0] * a[0] * pow(2 * a[1], P - 2, P) % P
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], P - 2, P) % P
    x = (slope * slope - a[0] - b[0]) % P
    return x, (slope * (a[0] - x) - a[1]) % P


def _multiply(point: Point, k: int) -> Point:
    result = None
    while k:
        if k & 1:
            result = _add(result, point)
        point, k = _add(point, point), k >> 1
    return result


def _tagged(tag: str, data: bytes) -> bytes:
    hashed = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(hashed + hashed + data).digest()


def schnorr_verify(pubkey: bytes, message: bytes, sig: bytes) -> bool:
    """BIP-340 verification of a 64-byte signature of a 32-byte message."""
    if len(pubkey) != 32 or len(sig) != 64:
        return False
    x = int.from_bytes(pubkey, "big")
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    if x >= P or r >= P or s >= N:
        return False
    y = pow((x**3 + 7) % P, (P + 1) // 4, P)
    if y * y % P != (x**3 + 7) % P:
        return False
    point = (x, y if y % 2 == 0 else P - y)
    e = int.from_bytes(_tagged("BIP0340/challenge", sig[:32] + pubkey + message), "big") % N
    R = _add(_multiply(G, s), _multiply(point, N - e))
    return R is not None and R[1] % 2 == 0 and R[0] == r


def verify_event(event: dict[str, Any]) -> str:
    """"" for a well-formed, correctly signed NIP-01 event, else why not."""
    try:
        serialized = json.dumps([0, event["pubkey"], event["created_at"], event["kind"],
                                 event["tags"], event["content"]],
                                separators=(",", ":"), ensure_ascii=False)
        digest = hashlib.sha256(serialized.encode()).digest()
        if digest.hex() != event["id"]:
            return "invalid: bad event id"
        if not schnorr_verify(bytes.fromhex(event["pubkey"]), digest, bytes.fromhex(event["sig"])):
            return "invalid: bad signature"
    except (KeyError, TypeError, ValueError):
        return "invalid: malformed event"
    return ""


def matches(event: dict[str, Any], flt: dict[str, Any]) -> bool:
    if "ids" in flt and event.get("id") not in flt["ids"]:
        return False
    if "authors" in flt and event.get("pubkey") not in flt["authors"]:
        return False
    if "kinds" in flt and event.get("kind") not in flt["kinds"]:
        return False
    if "since" in flt and event.get("created_at", 0) < flt["since"]:
        return False
    if "until" in flt and event.get("created_at", 0) > flt["until"]:
        return False
    for key, values in flt.items():
        if key.startswith("#") and len(key) == 2:
            tags = {t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == key[1]}
            if not tags & set(values):
                return False
    return True


class Client:
    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.subs: dict[str, list[dict[str, Any]]] = {}

    def send(self, message: list[Any]) -> None:
        data = json.dumps(message, separators=(",", ":")).encode()
        self.writer.write(frame(0x1, data))


def frame(opcode: int, payload: bytes) -> bytes:
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([n])
    elif n < 1 << 16:
        head += bytes([126]) + struct.pack(">H", n)
    else:
        head += bytes([127]) + struct.pack(">Q", n)
    return head + payload


class Relay:
    """The relay on 127.0.0.1 in its own thread (start()/stop()) or in a running loop."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host, self.port = host, port
        self.stored: list[dict[str, Any]] = []
        self.seen: list[dict[str, Any]] = []
        self.clients: set[Client] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}/"

    # ---------------------------------------------------------------- lifecycle

    async def serve(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    def start(self) -> Relay:
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(self.serve())
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(5)
        return self

    def stop(self) -> None:
        if self._loop and self._server:
            async def close() -> None:
                self._server.close()
                for client in list(self.clients):
                    client.writer.close()
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
            self._loop.call_soon_threadsafe(self._loop.stop)
            if self._thread:
                self._thread.join(5)

    def forward(self, event: dict[str, Any]) -> None:
        """A dishonest relay: sends `event` to every matching subscription, unchecked."""
        def send() -> None:
            for other in list(self.clients):
                for sub, filters in other.subs.items():
                    if any(matches(event, f) for f in filters):
                        other.send(["EVENT", sub, event])
        assert self._loop is not None
        self._loop.call_soon_threadsafe(send)

    # ---------------------------------------------------------------- protocol

    def on_message(self, client: Client, text: str) -> None:
        try:
            message = json.loads(text)
            kind = message[0]
        except (ValueError, IndexError, KeyError, TypeError):
            client.send(["NOTICE", "invalid: bad JSON"])
            return
        if kind == "EVENT" and len(message) == 2 and isinstance(message[1], dict):
            self.on_event(client, message[1])
        elif kind == "REQ" and len(message) >= 2 and isinstance(message[1], str):
            filters = [f for f in message[2:] if isinstance(f, dict)] or [{}]
            client.subs[message[1]] = filters
            found = [e for e in self.stored if any(matches(e, f) for f in filters)]
            found.sort(key=lambda e: e.get("created_at", 0), reverse=True)
            limits = [f["limit"] for f in filters if isinstance(f.get("limit"), int)]
            if limits:
                found = found[:max(limits)]
            for event in reversed(found):
                client.send(["EVENT", message[1], event])
            client.send(["EOSE", message[1]])
        elif kind == "CLOSE" and len(message) == 2:
            client.subs.pop(message[1], None)
        else:
            client.send(["NOTICE", f"invalid: unknown message {str(kind)[:20]}"])

    def on_event(self, client: Client, event: dict[str, Any]) -> None:
        event_id = str(event.get("id", ""))
        if not isinstance(event.get("kind"), int) or not isinstance(event.get("tags"), list):
            client.send(["OK", event_id, False, "invalid: kind and tags required"])
            return
        refused = verify_event(event)
        if refused:
            client.send(["OK", event_id, False, refused])
            return
        self.seen.append(event)
        kind = event["kind"]
        if 30000 <= kind < 40000:
            d = next((t[1] for t in event["tags"] if len(t) > 1 and t[0] == "d"), "")
            self.stored = [e for e in self.stored if not (
                e["kind"] == kind and e.get("pubkey") == event.get("pubkey")
                and next((t[1] for t in e["tags"] if len(t) > 1 and t[0] == "d"), "") == d)]
            self.stored.append(event)
        elif not 20000 <= kind < 30000:
            self.stored.append(event)
        client.send(["OK", event_id, True, ""])
        for other in list(self.clients):
            for sub, filters in other.subs.items():
                if any(matches(event, f) for f in filters):
                    other.send(["EVENT", sub, event])

    # ---------------------------------------------------------------- WebSocket

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await reader.readuntil(b"\r\n\r\n")
            headers = {}
            for line in request.decode("latin-1").split("\r\n")[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            key = headers.get("sec-websocket-key")
            if not key or "websocket" not in headers.get("upgrade", "").lower():
                writer.write(b"HTTP/1.1 426 Upgrade Required\r\nContent-Length: 0\r\n\r\n")
                await writer.drain()
                writer.close()
                return
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                          "Connection: Upgrade\r\n"
                          f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            client = Client(writer)
            self.clients.add(client)
            try:
                await self._frames(reader, client)
            finally:
                self.clients.discard(client)
                writer.close()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            writer.close()

    async def _frames(self, reader: asyncio.StreamReader, client: Client) -> None:
        pieces: list[bytes] = []
        while True:
            b0, b1 = await reader.readexactly(2)
            opcode, length = b0 & 0x0F, b1 & 0x7F
            if length == 126:
                (length,) = struct.unpack(">H", await reader.readexactly(2))
            elif length == 127:
                (length,) = struct.unpack(">Q", await reader.readexactly(8))
            if length > MAX_FRAME:
                return
            mask = await reader.readexactly(4) if b1 & 0x80 else b"\0\0\0\0"
            data = bytearray(await reader.readexactly(length))
            for i in range(length):
                data[i] ^= mask[i % 4]
            if opcode == 0x8:
                client.writer.write(frame(0x8, bytes(data[:2])))
                return
            if opcode == 0x9:
                client.writer.write(frame(0xA, bytes(data)))
                continue
            if opcode in (0x0, 0x1, 0x2):
                pieces.append(bytes(data))
                if b0 & 0x80:
                    text = b"".join(pieces).decode("utf-8", "replace")
                    pieces = []
                    self.on_message(client, text)
                    await client.writer.drain()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=7447)
    args = parser.parse_args()

    async def run() -> None:
        relay = Relay(args.host, args.port)
        await relay.serve()
        print(f"relay listening on {relay.url}", flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
