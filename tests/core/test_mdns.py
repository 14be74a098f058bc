"""The one-shot multicast DNS question and the reading of its answer (app.core.mdns), on bytes made here."""

import struct

from app.core.mdns import AAAA, A, addresses, query


def _name(text):
    return b"".join(bytes([len(p)]) + p.encode() for p in text.split(".")) + b"\0"


def answer(ident, records, flags=0x8400, question="studio-pc.local"):
    """A response echoing the question, then `records` as (owner bytes, type, rdata)."""
    body = _name(question) + struct.pack("!HH", A, 1)
    for owner, kind, data in records:
        body += owner + struct.pack("!HHIH", kind, 0x8001, 120, len(data)) + data
    return struct.pack("!HHHHHH", ident, flags, 1, len(records), 0, 0) + body


def test_the_query_asks_for_both_kinds_of_address_of_one_name():
    packet = query("Studio-PC.local.", 0x1234)
    assert packet[:12] == struct.pack("!HHHHHH", 0x1234, 0, 2, 0, 0, 0)
    assert packet[12:] == (_name("Studio-PC.local") + struct.pack("!HH", A, 1)
                           + _name("Studio-PC.local") + struct.pack("!HH", AAAA, 1))


def test_an_answer_gives_the_names_addresses_in_order_following_pointers():
    v6 = bytes.fromhex("fe800000000000000000000000000009")
    packet = answer(7, [(b"\xc0\x0c", A, bytes([192, 168, 1, 77])),            # a pointer to the question's name
                        (_name("STUDIO-PC.local"), AAAA, v6),
                        (_name("other.local"), A, bytes([10, 0, 0, 1])),         # another name: not ours
                        (b"\xc0\x0c", A, bytes([192, 168, 1, 77]))])             # said twice: kept once
    assert addresses(packet, "studio-pc.local", 7) == ["192.168.1.77", "fe80::9"]


def test_anything_else_gives_nothing_and_never_raises():
    good = answer(7, [(b"\xc0\x0c", A, bytes([192, 168, 1, 77]))])
    assert addresses(good, "studio-pc.local", 8) == []                          # another question's answer
    assert addresses(answer(7, [(b"\xc0\x0c", A, b"\1\2\3\4")], flags=0), "studio-pc.local", 7) == []  # a query
    for cut in range(len(good)):
        assert addresses(good[:cut], "studio-pc.local", 7) == []
    loop = answer(7, [(b"\xc0\x0c", A, b"\1\2\3\4")])
    loop = loop[:12] + b"\xc0\x0c" + loop[14:]                                 # the question points at itself
    assert addresses(loop, "studio-pc.local", 7) == []
    assert addresses(b"", "x.local", 7) == [] and addresses(b"\xff" * 40, "x.local", 7) == []
