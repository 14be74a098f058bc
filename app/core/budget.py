"""The shape of the sliding window, from the one number the owner sets: its ceiling in tokens.

Theory of operation:
1. The ceiling is 150k tokens by default and may be set from 150k to 500k.
2. The handoff trigger follows at four fifths of the ceiling and the hot present at one fifth; the fifth
   between trigger and ceiling is the room she keeps talking in while a recap is written.
3. Trigger and hot can be pinned (0 means "follow the ceiling"); a pinned trigger is clamped to the ceiling.
   Past the hot present up to MARGIN older tokens stay verbatim (a sixth of a hot present under 30k).
4. A shape whose trigger is at or below the hot present is refused with the reason: every new window would
   open already due for a recap.
5. A model with a known context (the built-in model's 8192 tokens) caps the shape: fit() keeps the window to
   half of it, so the prompt, the briefing, the turn and the answer fit in the other half; the trigger and the
   hot present follow the capped ceiling (a pin above them is lowered to them).
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

    @property
    def margin(self) -> int:
        """Older verbatim lines kept past the hot present: MARGIN, or a sixth of a smaller hot present."""
        return min(MARGIN, self.hot // 6)

    def fit(self, context: int | None) -> Budget:
        """The shape for a model whose context holds `context` tokens (None: unknown, nothing changes)."""
        room = context // 2 if context else 0
        if not room or self.ceiling <= room:
            return self
        capped = Budget(room)
        return Budget(room, min(self.trigger_pin, capped.trigger) if self.trigger_pin else 0,
                      min(self.hot_pin, capped.hot) if self.hot_pin else 0)


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
