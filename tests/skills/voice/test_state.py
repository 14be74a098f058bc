"""The Voice dock's pure decisions: the state shown, the meter, the mouth level, the growing caption."""

import pytest

from app.skills.voice.state import caption_text, meter_percent, mouth_level, voice_state

BASE = dict(running=True, mode="push_to_talk", speaking=False, ducked=False, owner_talking=False, thinking=False)


@pytest.mark.parametrize("changes, shown", [
    ({}, "listening"),
    ({"running": False, "speaking": True}, "off"),
    ({"mode": "off"}, "off"),
    ({"mode": "off", "speaking": True}, "speaking"),
    ({"speaking": True, "owner_talking": True}, "speaking"),
    ({"speaking": True, "ducked": True}, "ducked"),
    ({"owner_talking": True, "thinking": True}, "hearing you"),
    ({"thinking": True}, "thinking"),
    ({"mode": "always_on"}, "listening"),
])
def test_the_state_shown(changes, shown):
    assert voice_state(**{**BASE, **changes}) == shown


def test_meter_mouth_and_caption():
    assert [meter_percent(db) for db in (-120.0, -60.0, -30.0, 0.0, 6.0)] == [0, 0, 50, 100, 100]
    assert mouth_level(-120.0) == 0.0 and mouth_level(-40.0) == 0.0     # below the stage's floor (0.01)
    assert 0.3 < mouth_level(-20.0) < 0.7 and mouth_level(0.0) == 1.0
    assert caption_text(["Hey chat,", " welcome back. ", ""]) == "Hey chat, welcome back."


def test_loading_comes_before_everything_but_off():
    assert voice_state(**{**BASE, "loading": True, "speaking": True}) == "loading"
    assert voice_state(**{**BASE, "loading": True, "running": False}) == "off"
