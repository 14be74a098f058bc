"""The shape of the sliding window, from the one number the owner sets: its ceiling in tokens.

Theory of operation:
1. The ceiling is 150k tokens by default and may be set from 150k to 500k.
2. The handoff trigger follows at four fifths of the ceiling and the hot present at one fifth; the fifth
   between trigger and ceiling is the room she keeps talking in while a recap is written.
3. Trigger and hot can be pinned (0 means "follow the ceiling"); a pinned trigger is clamped to the ceiling.
4. A shape whose trigger is at or below the hot present is refused with the reason: every new window would
   open already due for a recap.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_CEILING = 150_000
MIN_CEILING = 150_000
MAX_CEILING = 500_000
MARGIN = 5_000  # older verbatim lines kept past the hot present, so no exchange is cut in half


@dataclass(frozen=True)
class Budget:
    ceiling: int = DEFAULT_CEILING
    trigger_pin: int = 0
    hot_pin: int = 0

    @property
    def trigger(self) -> int:
        return min(self.trigger_pin, self.ceiling) if self.trigger_pin else self.ceiling * 4 // 5

    @property
    def hot(self) -> int:
        return self.hot_pin if self.hot_pin else self.ceiling // 5


def problem(ceiling: int, trigger_pin: int = 0, hot_pin: int = 0) -> str:
    """Why this shape cannot be saved, or "" when it can."""
    if not MIN_CEILING <= ceiling <= MAX_CEILING:
        return f"the ceiling must be between {MIN_CEILING:,} and {MAX_CEILING:,} tokens, not {ceiling:,}"
    if trigger_pin < 0 or hot_pin < 0:
        return "token counts cannot be negative (0 means: follow the ceiling)"
    b = Budget(ceiling, trigger_pin, hot_pin)
    if b.trigger <= b.hot:
        return (f"the handoff trigger ({b.trigger:,}) must be above the hot present ({b.hot:,}), or every new "
                "window would open already due for a recap")
    return ""
