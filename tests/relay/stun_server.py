"""A minimal STUN server (RFC 5389 Binding only) on 127.0.0.1 for tests, standard library only.

It answers every Binding request with the sender's address (XOR-MAPPED-ADDRESS) and records
who asked in `StunServer.asked`, so a test can check that a page's peer connections used
the ICE servers it was given (docs/net.md).
"""

from __future__ import annotations

import socket
import struct
import threading

MAGIC = 0x2112A442
BINDING_REQUEST, BINDING_SUCCESS = 0x0001, 0x0101
XOR_MAPPED_ADDRESS = 0x0020


def binding_success(request: bytes, address: tuple[str, int]) -> bytes | None:
    """The answer to a Binding request, or None for anything else."""
    if len(request) < 20:
        return None
    kind, _length, magic = struct.unpack("!HHI", request[:8])
    if kind != BINDING_REQUEST or magic != MAGIC:
        return None
    transaction = request[8:20]
    host, port = address
    xor_ip = struct.unpack("!I", socket.inet_aton(host))[0] ^ MAGIC
    value = struct.pack("!BBHI", 0, 0x01, port ^ (MAGIC >> 16), xor_ip)
    attribute = struct.pack("!HH", XOR_MAPPED_ADDRESS, len(value)) + value
    return struct.pack("!HHI", BINDING_SUCCESS, len(attribute), MAGIC) + transaction + attribute


class StunServer:
    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.url = f"stun:127.0.0.1:{self.port}"
        self.asked: list[tuple[str, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def start(self) -> StunServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                request, address = self.sock.recvfrom(2048)
            except TimeoutError:
                continue
            answer = binding_success(request, address)
            if answer:
                self.asked.append(address)
                self.sock.sendto(answer, address)
