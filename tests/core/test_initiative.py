"""Idle life: what counts as activity, and spontaneous initiative from silence, chance and gap with injected dice."""

import random

import pytest

from app.core.initiative import (
    DEFAULT_CHANCE,
    DEFAULT_IDLE_AFTER_S,
    DEFAULT_MIN_GAP_S,
    Initiative,
    decide_initiative,
    is_activity,
)
from app.core.perception import Perception, PerceptionKind

# ------------------------------------------------------------------------------------------------- idle


def test_what_counts_as_activity():
    assert is_activity(Perception(PerceptionKind.CHAT, "twitch", "hi"))
    assert is_activity(Perception(PerceptionKind.VOICE, "voice", "hello"))
    assert not is_activity(Perception(PerceptionKind.IDLE, "idle", "[idle]"))
    assert not is_activity(Perception(PerceptionKind.GAME, "game", "tick", meta={"noise": True}))


# ------------------------------------------------------------------------------------------- initiative


def test_the_seed_config():
    assert (DEFAULT_CHANCE, DEFAULT_MIN_GAP_S, DEFAULT_IDLE_AFTER_S) == (0.15, 3600.0, 240.0)


def test_a_low_roll_in_a_long_silence_takes_the_initiative():
    decision = decide_initiative(600.0, None, 0.1)
    assert decision == Initiative(True, decision.reason) and decision and "0.100" in decision.reason


def test_a_high_roll_does_not():
    decision = decide_initiative(600.0, None, 0.2)
    assert not decision and "0.200" in decision.reason


def test_the_chance_boundary_is_strict():
    assert decide_initiative(600.0, None, 0.1499)
    assert not decide_initiative(600.0, None, 0.15)


def test_not_while_people_are_talking():
    assert not decide_initiative(239.0, None, 0.0)
    assert "not silent enough" in decide_initiative(239.0, None, 0.0).reason
    assert decide_initiative(240.0, None, 0.0)
    assert decide_initiative(30.0, None, 0.0, min_silence_s=30.0)


def test_not_within_the_minimum_gap():
    assert not decide_initiative(600.0, 3599.0, 0.0)
    assert "too soon" in decide_initiative(600.0, 3599.0, 0.0).reason
    assert decide_initiative(600.0, 3600.0, 0.0)
    assert decide_initiative(600.0, 61.0, 0.0, min_gap_s=60.0)


def test_chance_zero_never_and_one_always():
    for roll in (0.0, 0.5, 0.999999):
        assert not decide_initiative(600.0, None, roll, chance=0.0)
        assert decide_initiative(600.0, None, roll, chance=1.0)


def test_a_callable_is_rolled_only_when_the_gates_pass():
    calls = []

    def roll():
        calls.append(1)
        return 0.01

    assert not decide_initiative(10.0, None, roll)
    assert not decide_initiative(600.0, 10.0, roll)
    assert calls == []
    assert decide_initiative(600.0, None, roll)
    assert calls == [1]


def test_seeded_randomness_is_reproducible_and_near_the_chance():
    def run(seed):
        rng = random.Random(seed)
        return [bool(decide_initiative(600.0, None, rng.random)) for _ in range(20000)]

    first = run(11)
    assert first == run(11)
    assert 0.14 < sum(first) / len(first) < 0.16


def test_an_hour_long_quiet_stream_speaks_up_at_most_once_an_hour():
    rng = random.Random(3)
    last_taken, taken = None, []
    for now in range(0, 6 * 3600, 60):   # asked every minute through six silent hours
        since = None if last_taken is None else now - last_taken
        if decide_initiative(float(now) + 240.0, since, rng.random):
            last_taken = now
            taken.append(now)
    assert taken and all(b - a >= 3600 for a, b in zip(taken, taken[1:], strict=False))
    assert len(taken) <= 6


@pytest.mark.parametrize("kwargs,match", [
    ({"silence_s": -1.0}, "silence_s"), ({"silence_s": float("nan")}, "silence_s"),
    ({"since_last_s": -5.0}, "since_last_s"), ({"chance": 1.5}, "chance"), ({"chance": -0.1}, "chance"),
    ({"chance": float("nan")}, "chance"), ({"min_gap_s": -1.0}, "min_gap_s"),
    ({"min_silence_s": float("inf")}, "min_silence_s"), ({"roll": 1.0}, "roll"), ({"roll": -0.1}, "roll"),
    ({"roll": float("nan")}, "roll"), ({"roll": True}, "roll"), ({"roll": lambda: 2.0}, "roll"),
    ({"roll": "0.1"}, "roll"),
])
def test_bad_inputs_are_errors_not_a_quiet_no(kwargs, match):
    args = {"silence_s": 600.0, "since_last_s": None, "roll": 0.1} | kwargs
    with pytest.raises(ValueError, match=match):
        decide_initiative(args.pop("silence_s"), args.pop("since_last_s"), args.pop("roll"), **args)
