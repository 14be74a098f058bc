"""Idle life: what counts as activity, and when she speaks up on her own.

Theory of operation, activity:
1. Activity is anything perceived that is neither noise nor IDLE itself (`is_activity`): a heartbeat or the
   idle surface never resets the silence, or the silence would never grow. (The IDLE perception itself is
   synthesised by the perception bus, app.mind.bus rule 4.)

Theory of operation, spontaneous initiative (`decide_initiative`, a pure function of silence, chance and
minimum gap, with the randomness injected):
2. Only in silence: no initiative while the world has been quiet for less than `min_silence_s` (pass the
   idle_after setting; 240 s by default). She answers people; initiative is for when nobody is talking.
3. Never within `min_gap_s` (seed config 3600 s) of her last initiative; `since_last_s` None means she has
   not taken one yet, which never blocks.
4. Otherwise she takes it when the roll is below `chance` (seed config 0.15): chance 0 never, chance 1
   always. `roll` is a float in [0, 1) or a callable returning one (random.random); the callable is called
   only when rules 2 and 3 pass, so a seeded generator is consumed only by real rolls.
5. The answer is an Initiative: truthy when she should take it, with the reason either way for the log.
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
    """Rules 2-5: whether she speaks up on her own now."""
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

