"""End of turn and barge-in as pure state machines, against tables of cases."""

from __future__ import annotations

import numpy as np
import pytest

from app.senses.voice import BargeIn, Decision, OwnerVoice, TurnDetector, TurnRules
from app.senses.voice.vad import WINDOW, Ended, Ongoing, Started


def run(probs: list[float], rules: TurnRules | None = None) -> list[tuple[str, int]]:
    """Feed windows numbered by index (the window's value is its index) and name the events."""
    d = TurnDetector(rules or TurnRules())
    out = []
    for i, p in enumerate(probs):
        for e in d.push(np.full(WINDOW, i, dtype=np.float32), p):
            if isinstance(e, Started):
                out.append(("start", i))
            elif isinstance(e, Ended):
                first, last = int(e.audio[0]), int(e.audio[-1])
                out.append((f"end:{e.reason}:{first}-{last}", i))
    return out


# 32 ms windows: min_speech 160 ms = 5 windows, end_silence 640 ms = 20, pre_roll 256 ms = 8,
# post_roll 160 ms = 5 (the rules before issue 24 made turns end sooner; the tables keep them)
TABLE_RULES = TurnRules(end_silence_ms=640, post_roll_ms=160)
CASES = [
    ("a click is no turn", [0.0] * 10 + [0.9] * 2 + [0.0] * 30, []),
    ("a turn with pre-roll and post-roll",
     [0.0] * 10 + [0.9] * 10 + [0.0] * 25,
     [("start", 14), ("end:silence:2-24", 39)]),
    ("a short pause does not end it",
     [0.0] * 10 + [0.9] * 10 + [0.1] * 10 + [0.9] * 10 + [0.0] * 25,
     [("start", 14), ("end:silence:2-44", 59)]),
    ("between the thresholds the silence keeps counting once started",
     [0.0] * 10 + [0.9] * 10 + [0.1] + [0.4] * 19 + [0.0] * 5,
     [("start", 14), ("end:silence:2-24", 39)]),
    ("between the thresholds without a silence start is still speech-time",
     [0.0] * 10 + [0.9] * 10 + [0.4] * 30,
     [("start", 14)]),
]


@pytest.mark.parametrize("name,probs,expected", CASES, ids=[c[0] for c in CASES])
def test_turn_detector(name: str, probs: list[float], expected: list[tuple[str, int]]) -> None:
    assert run(probs, TABLE_RULES) == expected


def test_by_default_a_turn_ends_after_352_ms_of_silence_keeping_128() -> None:
    """end_silence 11 windows, post_roll 4: the text can be ready within issue 24's 400 ms."""
    assert run([0.0] * 10 + [0.9] * 10 + [0.0] * 15) == [("start", 14), ("end:silence:2-23", 30)]
    assert run([0.0] * 10 + [0.9] * 10 + [0.1] * 8 + [0.9] * 10 + [0.0] * 15) == [
        ("start", 14), ("end:silence:2-41", 48)]


def test_a_turn_ends_at_the_maximum_length() -> None:
    events = run([0.9] * 40, TurnRules(max_utterance_s=1.0))
    assert events[0] == ("start", 4) and events[1][0].startswith("end:max")


def test_cut_ends_a_confirmed_turn_and_forgets_a_candidate() -> None:
    d = TurnDetector()
    w = np.zeros(WINDOW, dtype=np.float32)
    d.push(w, 0.9)
    assert d.cut() == [] and not d.active
    for _ in range(6):
        d.push(w, 0.9)
    (ended,) = d.cut()
    assert ended.reason == "cut" and ended.audio.size == 6 * WINDOW


def test_begin_starts_a_turn_with_held_audio() -> None:
    d = TurnDetector()
    held = [np.ones(WINDOW, dtype=np.float32)] * 4
    assert isinstance(d.begin(held)[0], Started)
    assert isinstance(d.push(np.zeros(WINDOW, dtype=np.float32), 0.9)[0], Ongoing)
    assert d.cut()[0].audio.size == 5 * WINDOW


BARGE = [
    # (events, she is speaking, decisions)
    ("nobody to interrupt", [OwnerVoice(True, 0.0), OwnerVoice(True, 2.0)], False, ["none", "none"]),
    ("a cough ducks, then she comes back",
     [OwnerVoice(True, 0.0), OwnerVoice(True, 0.3), OwnerVoice(False, 0.4)], True,
     ["duck", "none", "restore"]),
    ("talking on stops her",
     [OwnerVoice(True, 0.0), OwnerVoice(True, 0.5), OwnerVoice(True, 0.9), OwnerVoice(True, 1.2),
      OwnerVoice(False, 1.5)], True, ["duck", "none", "stop", "none", "none"]),
    ("push-to-talk stops her at once", [OwnerVoice(True, 0.0, explicit=True)], True, ["stop"]),
]


@pytest.mark.parametrize("name,events,speaking,expected", BARGE, ids=[c[0] for c in BARGE])
def test_barge_in(name: str, events: list[OwnerVoice], speaking: bool, expected: list[str]) -> None:
    b = BargeIn(duck_db=-14, stop_after_s=0.9)
    assert [b.on(e, speaking).value for e in events] == expected


def test_barge_in_resets_for_a_new_line() -> None:
    b = BargeIn()
    assert b.on(OwnerVoice(True, 0.0, explicit=True), True) is Decision.STOP
    assert b.on(OwnerVoice(True, 0.0), True) is Decision.NONE
    b.reset()
    assert b.on(OwnerVoice(True, 0.0), True) is Decision.DUCK
    assert b.duck_gain == pytest.approx(10 ** (-14 / 20))
