"""Idle life: when a silence becomes an IDLE perception, and when she speaks up on her own.

Theory of operation, the idle decision:
1. Activity is anything perceived that is neither noise nor IDLE itself (`is_activity`): a heartbeat or the
   idle surface never resets the silence, or the silence would never grow.
2. An IDLE is due once the world has been silent for `idle_after` seconds since the last activity. It fires
   once per silence: after an IDLE at or after the last activity, no other is due until something happens
   again (`last_idle_at` older than `last_activity_at`). `idle_deadline` is the moment to wake for it, or
   None when this silence has had its IDLE.
3. All times are seconds on one clock (the bus's monotonic clock); `silence` is never negative.

Theory of operation, spontaneous initiative (`decide_initiative`, a pure function of silence, chance and
minimum gap, with the randomness injected):
4. Only in silence: no initiative while the world has been quiet for less than `min_silence_s` (pass the
   idle_after setting; 240 s by default). She answers people; initiative is for when nobody is talking.
5. Never within `min_gap_s` (seed config 3600 s) of her last initiative; `since_last_s` None means she has
   not taken one yet, which never blocks.
6. Otherwise she takes it when the roll is below `chance` (seed config 0.15): chance 0 never, chance 1
   always. `roll` is a float in [0, 1) or a callable returning one (random.random); the callable is called
   only when rules 4 and 5 pass, so a seeded generator is consumed only by real rolls.
7. The answer is an Initiative: truthy when she should take it, with the reason either way for the log.
   Bad inputs (negative or NaN times, a chance outside [0, 1], a roll outside [0, 1)) raise ValueError:
   they are programming errors, never a quiet "no".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from app.core.perception import Perception, PerceptionKind

DEFAULT_CHANCE = 0.15
DEFAULT_MIN_GAP_S = 3600.0
DEFAULT_IDLE_AFTER_S = 240.0


# ------------------------------------------------------------------------------------------------ idle


def is_activity(perception: Perception) -> bool:
    """Rule 1."""
    return not perception.noise and perception.kind is not PerceptionKind.IDLE


def silence(now: float, last_activity_at: float) -> float:
    """Seconds the world has been quiet (never negative)."""
    return max(0.0, now - last_activity_at)


def idle_deadline(last_activity_at: float, idle_after: float, last_idle_at: float | None = None) -> float | None:
    """When this silence's IDLE falls due, or None if it already had one (rule 2)."""
    _check_time(last_activity_at, "last_activity_at")
    if not (math.isfinite(idle_after) and idle_after > 0):
        raise ValueError(f"idle_after must be a positive number of seconds, got {idle_after}")
    if last_idle_at is not None and last_idle_at >= last_activity_at:
        return None
    return last_activity_at + idle_after


def idle_due(now: float, last_activity_at: float, idle_after: float, last_idle_at: float | None = None) -> bool:
    """Whether to synthesise an IDLE now (rule 2)."""
    deadline = idle_deadline(last_activity_at, idle_after, last_idle_at)
    return deadline is not None and now >= deadline


# ------------------------------------------------------------------------------------------ initiative


@dataclass(frozen=True)
class Initiative:
    take: bool
    reason: str

    def __bool__(self) -> bool:
        return self.take


def decide_initiative(silence_s: float, since_last_s: float | None, roll: float | Callable[[], float], *,
                      chance: float = DEFAULT_CHANCE, min_gap_s: float = DEFAULT_MIN_GAP_S,
                      min_silence_s: float = DEFAULT_IDLE_AFTER_S) -> Initiative:
    """Rules 4-7: whether she speaks up on her own now."""
    _check_duration(silence_s, "silence_s")
    _check_duration(min_gap_s, "min_gap_s")
    _check_duration(min_silence_s, "min_silence_s")
    if since_last_s is not None:
        _check_duration(since_last_s, "since_last_s")
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"chance must be within [0, 1], got {chance}")
    if silence_s < min_silence_s:
        return Initiative(False, f"not silent enough: {silence_s:.0f} s of {min_silence_s:.0f} s")
    if since_last_s is not None and since_last_s < min_gap_s:
        return Initiative(False, f"too soon: {since_last_s:.0f} s since the last, gap {min_gap_s:.0f} s")
    value = _roll(roll)
    if value < chance:
        return Initiative(True, f"rolled {value:.3f} under chance {chance:.3f}")
    return Initiative(False, f"rolled {value:.3f}, not under chance {chance:.3f}")


def _roll(roll: float | Callable[[], float]) -> float:
    value = roll() if callable(roll) else roll
    if isinstance(value, bool) or not (isinstance(value, int | float) and 0.0 <= value < 1.0):
        raise ValueError(f"a roll must be a float in [0, 1), got {value!r}")
    return float(value)


def _check_duration(value: float, name: str) -> None:
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value}")


def _check_time(value: float, name: str) -> None:
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite time, got {value}")
