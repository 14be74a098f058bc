"""What a stage page sends, fuzzed: app.stage.messages.parse_up raises only MessageError."""

import json

from hypothesis import given

from app.stage import messages
from tests.fuzz.strategies import FUZZ, count, json_texts

UP = [{"type": "ready", "page": "stage", "client": "obs", "version": 1, "webgl": "WebGL 2.0"},
      {"type": "loaded", "serial": 3, "name": "Bea", "vrm_version": "1", "expressions": ["happy", "aa"],
       "lip_sync": ["aa"], "blink": True},
      {"type": "error", "code": "invalid_vrm", "message": "bad file", "serial": 2, "clip": "wave"},
      {"type": "pong", "id": 7, "latency_ms": 1.5}, {"type": "stats", "fps": 59.9, "frames": 60},
      {"type": "clip_loaded", "name": "wave", "duration": 1.25, "bones": ["head", "neck"]},
      {"type": "caption", "text": "a down message sent up", "mood": "", "hold_ms": 10}]


@FUZZ
@given(json_texts(UP))
def test_a_page_message_parses_or_raises_message_error(text):
    count("stage-messages")
    try:
        message = messages.parse_up(text)
    except messages.MessageError as exc:
        assert str(exc)
        return
    assert messages.validate(json.loads(messages.encode(message)), messages.UP) is None
