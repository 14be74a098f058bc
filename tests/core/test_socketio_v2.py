"""Engine.IO 3 / Socket.IO 2 frames, read and written, on the packet shapes of the protocol documents."""

import json
from decimal import Decimal

import pytest

from app.core.socketio_v2 import (
    ACK,
    BINARY_EVENT,
    CONNECT,
    DISCONNECT,
    ERROR,
    EVENT,
    Handshake,
    ProtocolError,
    SocketPacket,
    error_text,
    parse_frame,
    parse_handshake,
)


def test_engine_packets():
    assert parse_frame("2").type == "2" and parse_frame("3probe").payload == "probe"
    assert parse_frame("6").type == "6" and parse_frame("1").type == "1"
    frame = parse_frame('0{"sid":"abc","upgrades":[],"pingInterval":25000,"pingTimeout":5000}')
    assert frame.type == "0" and parse_handshake(frame.payload) == Handshake("abc", 25.0, 5.0)


@pytest.mark.parametrize(("text", "packet"), [
    ("40", SocketPacket(CONNECT)),
    ("41", SocketPacket(DISCONNECT)),
    ("40/admin,", SocketPacket(CONNECT, "/admin")),
    ('42["event",{"type":"donation"}]', SocketPacket(EVENT, "/", ["event", {"type": "donation"}])),
    ('42/chat,17["hello",1]', SocketPacket(EVENT, "/chat", ["hello", 1], 17)),
    ('4312["ok"]', SocketPacket(ACK, "/", ["ok"], 12)),
    ('44"Not authorized"', SocketPacket(ERROR, "/", "Not authorized")),
    ('451-["upload",{"_placeholder":true,"num":0}]',
     SocketPacket(BINARY_EVENT, "/", ["upload", {"_placeholder": True, "num": 0}], None, 1)),
])
def test_socket_packets(text, packet):
    assert parse_frame(text).socket == packet


def test_events_name_their_arguments_and_numbers_can_stay_exact():
    frame = parse_frame('42["event",{"amount":13.37}]', lambda t: json.loads(t, parse_float=Decimal))
    assert frame.socket.event == ("event", [{"amount": Decimal("13.37")}])
    assert parse_frame("40").socket.event is None


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty"),
    ("9", "unknown Engine.IO packet type"),
    ("4", "unknown Socket.IO packet type"),
    ("47", "unknown Socket.IO packet type"),
    ("42{not json", "not JSON"),
    ("42[]", "without a name"),
    ("42[1,2]", "without a name"),
    ('45["x"]', "attachment count"),
])
def test_malformed_frames_say_what_is_wrong(text, why):
    with pytest.raises(ProtocolError, match=why):
        parse_frame(text)


@pytest.mark.parametrize(("payload", "why"), [
    ("nope", "not JSON"), ("[]", "not a JSON object"), ('{"pingInterval":1,"pingTimeout":1}', "no sid"),
    ('{"sid":"a","pingInterval":0,"pingTimeout":1}', "pingInterval"),
    ('{"sid":"a","pingInterval":1000,"pingTimeout":true}', "pingTimeout"),
])
def test_a_bad_handshake_is_refused(payload, why):
    with pytest.raises(ProtocolError, match=why):
        parse_handshake(payload)


def test_error_packets_in_words():
    assert error_text(SocketPacket(ERROR, "/", {"message": "bad token"})) == "bad token"
    assert error_text(SocketPacket(ERROR)) == "refused"
