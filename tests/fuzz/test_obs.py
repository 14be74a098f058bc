"""obs-websocket frames fuzzed, seeded with the JSON examples of the protocol document: decode raises only
ProtocolError, carrying a close code, for text and for bytes."""

import json

from hypothesis import given
from hypothesis import strategies as st

from app.core import obs_protocol as obs
from tests.fuzz.strategies import FUZZ, count, json_texts, obs_messages

_SCENE = obs.Request("GetSceneList", "r1")
_DONE = obs.RequestResponse("GetSceneList", "r1", obs.Status.success(), {"scenes": [{"sceneName": "Main"}]})
_FAILED = obs.RequestResponse("SetCurrentProgramScene", 7, obs.Status.failure(600, "No source was found"))
# the document's examples, and the ops it shows none of (Reidentify and the batches) built from the dataclasses
MESSAGES = obs_messages() + [json.loads(obs.encode(m)) for m in (
    obs.Reidentify(event_subscriptions=int(obs.EventSubscription.ALL)),
    obs.RequestBatch("b1", (_SCENE, obs.Request("GetVersion", "")), True),
    obs.RequestBatchResponse("b1", (_DONE, _FAILED)))]


def test_every_message_op_is_seeded():
    assert {m["op"] for m in MESSAGES} == {int(op) for op in obs.OpCode}


@FUZZ
@given(json_texts(MESSAGES), st.booleans())
def test_an_obs_frame_decodes_or_raises_protocol_error(text, as_bytes):
    count("obs")
    frame = text.encode("utf-8", "surrogatepass") if as_bytes else text
    try:
        message = obs.decode(frame)
    except obs.ProtocolError as exc:
        assert exc.close_code in obs.CloseCode
        return
    assert json.loads(obs.encode(message))["op"] == int(message.op)
