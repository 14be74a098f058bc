"""End of turn and barge-in as pure state machines, against tables of cases."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from app.senses.voice import BargeIn, Decision, OwnerVoice, TurnDetector, TurnRules
from app.senses.voice.vad import WINDOW, Ended, Ongoing, Started
from tests.senses.voice.conftest import FIXTURE

SPEECH = Path(__file__).with_name("speech")


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
# post_roll 160 ms = 5 (earlier rules made turns end sooner; the tables keep them)
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
    """end_silence 11 windows, post_roll 4: the text can be ready within 400 ms."""
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


def loud_then_silent(lag: list[float]) -> list[tuple[np.ndarray, float]]:
    """Ten loud speech windows, then digital silence scored as a lagging VAD scores it."""
    loud = (0.3 * np.sin(np.arange(WINDOW) * 0.2)).astype(np.float32)
    silent = np.zeros(WINDOW, dtype=np.float32)
    return [(loud, 0.9)] * 10 + [(silent, p) for p in lag + [0.05] * 15]


def ended_at(pairs: list[tuple[np.ndarray, float]], rules: TurnRules) -> int:
    d = TurnDetector(rules)
    return next(i for i, (w, p) in enumerate(pairs) if any(isinstance(e, Ended) for e in d.push(w, p)))


def test_silence_far_below_the_turn_counts_however_late_the_vad_lets_go() -> None:
    """Silero scored digital silence after the Italian clip's sudden end 0.96, 0.55, 0.23: the quiet windows are
    silence from the first, so the turn ends 11 windows (352 ms) after the voice stopped, not 13 after."""
    pairs = loud_then_silent([0.96, 0.55, 0.23])
    assert ended_at(pairs, TurnRules()) == 10 + 10
    assert ended_at(pairs, TurnRules(quiet_db=None)) == 10 + 2 + 10


def test_a_quiet_window_inside_speech_does_not_end_the_turn() -> None:
    """A stop consonant's closure may be quiet; the next speech window starts the silence over."""
    loud = (0.3 * np.sin(np.arange(WINDOW) * 0.2)).astype(np.float32)
    silent = np.zeros(WINDOW, dtype=np.float32)
    d = TurnDetector()
    events = [e for _ in range(12) for w in (loud, loud, silent) for e in d.push(w, 0.9)]
    assert not any(isinstance(e, Ended) for e in events) and d.state == "speaking"


@pytest.mark.skipif(importlib.util.find_spec("faster_whisper") is None, reason="not installed: faster_whisper")
@pytest.mark.parametrize("name", ["fw_jfk.flac", "it_espeak.ogg", "de_espeak.ogg"])
def test_on_real_speech_the_quiet_rule_only_ends_turns_sooner(name: str) -> None:
    """The real VAD over real speech (the JFK recording, the espeak clips): with the rule the same turns come,
    each holding the same speech, and none ends later."""
    from faster_whisper import decode_audio

    from app.senses.voice.vad import SileroVad

    path = FIXTURE if name == "fw_jfk.flac" else SPEECH / name
    if not path.is_file():
        pytest.skip(f"the audio fixture is missing: {path}")
    x = np.concatenate([decode_audio(str(path), sampling_rate=16000), np.zeros(16000, np.float32)])
    windows = [x[i:i + WINDOW] for i in range(0, x.size - WINDOW, WINDOW)]
    vad = SileroVad()
    probs = [vad(w) for w in windows]

    def turns(rules: TurnRules) -> list[tuple[int, int]]:
        """(window where each turn started, window where it ended)"""
        d, out = TurnDetector(rules), []
        for i, (w, p) in enumerate(zip(windows, probs, strict=True)):
            for e in d.push(w, p):
                if isinstance(e, Started):
                    out.append((i, -1))
                elif isinstance(e, Ended):
                    out[-1] = (out[-1][0], i)
        return out

    new, old = turns(TurnRules()), turns(TurnRules(quiet_db=None))
    assert len(new) == len(old) >= 1
    assert all(n[0] == o[0] and o[1] - 3 <= n[1] <= o[1] for n, o in zip(new, old, strict=True)), (new, old)
    if name == "it_espeak.ogg":
        assert sum(o[1] - n[1] for n, o in zip(new, old, strict=True)) >= 2, (new, old)
