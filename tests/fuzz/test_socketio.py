"""Socket.IO 2 frames and the Streamlabs events inside them, fuzzed: the frame parser raises only
ProtocolError (with the plain json and with the Streamlabs decoder), the event reader only DonationError."""

import json

from hypothesis import given
from hypothesis import strategies as st

from app.core import socketio_v2 as sio
from app.core.donations import DonationError, parse_streamlabs, streamlabs_json
from app.skills.donations.streamlabs import streamlabs_json_lenient
from tests.fuzz.strategies import FUZZ, count, json_inputs, json_texts, text_inputs

DONATION = {"type": "donation", "for": "streamlabs", "event_id": "evt1",
            "message": [{"_id": "5f1", "from": "Ada", "amount": "5.00", "currency": "USD", "message": "hi!",
                         "isTest": False},
                        {"id": 1234, "name": "Bob", "amount": 3.5, "currency": "EUR", "message": None}]}
EVENTS = [DONATION, {"type": "follow", "for": "twitch_account", "message": [{"name": "x"}]},
          {"type": "donation", "message": {"_id": "1", "from": "C", "amount": "1", "currency": "JPY"}}]
FRAMES = ['0{"sid":"Zyx1","upgrades":[],"pingInterval":25000,"pingTimeout":5000}', "40", "41", "2", "3", "6",
          '44{"message":"Not authorized"}', '44"bad token"', '42/admin,17["event",{"a":1}]', "43/chat,5[1,2]",
          '451-["event",{"_placeholder":true,"num":0}]', '461-/ns,3[{"_placeholder":true,"num":0}]',
          "42" + json.dumps(["event", DONATION]), "42" + json.dumps(["event", EVENTS[2]])]


@FUZZ
@given(text_inputs(FRAMES), st.booleans())
def test_a_socketio_frame_parses_or_raises_protocol_error(text, streamlabs):
    count("socketio")
    try:
        frame = sio.parse_frame(text, streamlabs_json_lenient) if streamlabs else sio.parse_frame(text)
        if frame.type == sio.OPEN:
            sio.parse_handshake(frame.payload)
        if frame.socket is not None:
            assert frame.socket.event is None or isinstance(frame.socket.event[0], str)
            sio.error_text(frame.socket)
    except sio.ProtocolError as exc:
        assert str(exc)


@FUZZ
@given(st.one_of(json_texts(EVENTS), json_inputs(EVENTS).map(json.dumps)), st.booleans())
def test_a_streamlabs_event_reads_or_raises_donation_error(text, tests):
    count("streamlabs")
    try:
        parse_streamlabs(streamlabs_json(text), tests=tests)
    except DonationError as exc:
        assert exc.reason
