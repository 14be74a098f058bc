"""A one-shot multicast DNS question and its answer, as bytes: where a listed `.local` machine is (netpolicy rule 6).

Theory of operation:
1. query(name, ident) asks for the name's IPv4 (A) and IPv6 (AAAA) addresses in one packet, as a one-shot
   ("legacy unicast") mDNS query: sent from a port other than 5353 to the link's multicast group, it is answered
   straight back to that port by the machine that owns the name (RFC 6762, 5.1 and 6.7).
2. addresses(packet, name, ident) reads an answer: the A and AAAA records for that name, in the answer and
   additional sections, in the order given. A packet that is not an answer to this question (another id, a query,
   a record for another name, cut short or malformed) gives nothing; it never raises.
"""

from __future__ import annotations

import ipaddress
import struct

A, AAAA, IN = 1, 28, 1
GROUP_V4, PORT = "224.0.0.251", 5353


def _encode(name: str) -> bytes:
    out = b""
    for label in name.strip().rstrip(".").split("."):
        raw = label.encode("ascii")
        if not 0 < len(raw) < 64:
            raise ValueError(f"{name!r} is not a host name")
        out += bytes([len(raw)]) + raw
    return out + b"\0"


def query(name: str, ident: int) -> bytes:
    """Rule 1."""
    qname = _encode(name)
    return (struct.pack("!HHHHHH", ident & 0xFFFF, 0, 2, 0, 0, 0)
            + qname + struct.pack("!HH", A, IN) + qname + struct.pack("!HH", AAAA, IN))


def _read_name(packet: bytes, at: int) -> tuple[str, int]:
    """The name at `at` (following compression pointers) and where the record goes on; ValueError if malformed."""
    labels: list[str] = []
    end = -1
    for _ in range(128):          # more jumps than a packet can hold: a loop of pointers
        size = packet[at]
        if size == 0:
            return ".".join(labels).lower(), (at + 1 if end < 0 else end)
        if size & 0xC0 == 0xC0:
            if end < 0:
                end = at + 2
            at = ((size & 0x3F) << 8) | packet[at + 1]
            continue
        if size > 63 or at + 1 + size > len(packet):
            raise ValueError("a label runs past the packet")
        labels.append(packet[at + 1:at + 1 + size].decode("ascii", "replace"))
        at += 1 + size
    raise ValueError("a loop of name pointers")


def addresses(packet: bytes, name: str, ident: int) -> list[str]:
    """Rule 2."""
    want = name.strip().rstrip(".").lower()
    try:
        got_id, flags, qd, an, ns, ar = struct.unpack_from("!HHHHHH", packet)
        if got_id != ident & 0xFFFF or not flags & 0x8000:
            return []
        at = 12
        for _ in range(qd):
            _, at = _read_name(packet, at)
            at += 4
        found: list[str] = []
        for _ in range(an + ns + ar):
            owner, at = _read_name(packet, at)
            kind, _cls, _ttl, size = struct.unpack_from("!HHIH", packet, at)
            at += 10
            data = packet[at:at + size]
            at += size
            if len(data) != size or owner != want:
                continue
            if kind == A and size == 4 or kind == AAAA and size == 16:
                address = str(ipaddress.ip_address(data))
                if address not in found:
                    found.append(address)
        return found
    except (struct.error, IndexError, ValueError):
        return []
