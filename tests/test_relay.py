"""The test relay (tests/relay/nostr_relay.py) checks events as public Nostr relays do:
the id is the SHA-256 of the NIP-01 serialization, `sig` a BIP-340 signature of it."""

import hashlib
import json

from tests.relay.nostr_relay import G, _multiply, schnorr_verify, verify_event

# BIP-340 test vectors (bip-0340/test-vectors.csv): index 0 and 1 (valid), 5 (public key
# not on the curve) and 6 (R with an odd y).
VECTOR_0 = ("F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9", "00" * 32,
            "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA8215"
            "25F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0")
VECTOR_1 = ("DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
            "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
            "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE3341"
            "8906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A")


def test_bip340_vectors_verify_and_tampering_fails():
    for pubkey, message, sig in (VECTOR_0, VECTOR_1):
        key, msg, signature = bytes.fromhex(pubkey), bytes.fromhex(message), bytes.fromhex(sig)
        assert schnorr_verify(key, msg, signature)
        assert not schnorr_verify(key, bytes(31) + b"\x01", signature)
        assert not schnorr_verify(key, msg, signature[:63] + bytes([signature[63] ^ 1]))
    assert _multiply(G, 3)[0] == int(VECTOR_0[0], 16)


def event(**fields):
    base = {"pubkey": VECTOR_0[0].lower(), "created_at": 1, "kind": 25078, "tags": [],
            "content": "x"}
    base.update(fields)
    serialized = json.dumps([0, base["pubkey"], base["created_at"], base["kind"], base["tags"],
                             base["content"]], separators=(",", ":"))
    base.setdefault("id", hashlib.sha256(serialized.encode()).hexdigest())
    base.setdefault("sig", "00" * 64)
    return base


def test_the_relay_refuses_unsigned_forged_and_malformed_events():
    assert verify_event(event()) == "invalid: bad signature"
    assert verify_event(event(sig="")) == "invalid: bad signature"
    assert verify_event(event(id="00" * 32)) == "invalid: bad event id"
    assert verify_event({"kind": 1}) == "invalid: malformed event"
