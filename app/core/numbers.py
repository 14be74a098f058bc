"""Numbers read from outside (a chat platform's JSON, a model server's stream): taken only when they are what a
number there can be, so an infinite, fractional or enormous one is a refusal the reader already handles (None,
or its own error), never an OverflowError further in.

1. whole(value) is an integer within 64 bits (Telegram's and Discord's ids, update ids, token counts): a JSON
   integer, a float with no fraction, or a decimal string of at most 20 characters; booleans, fractions,
   infinities, NaN and anything wider are None.
2. finite(value) is a float that is neither infinite nor NaN, from a number or a decimal string of at most 40
   characters; anything else is None.
"""

from __future__ import annotations

import math
from typing import Any

LOWEST, HIGHEST = -(2 ** 63), 2 ** 64 - 1   # a signed or an unsigned 64-bit integer (Discord's snowflakes)
_DIGITS = 20
_FLOAT_CHARS = 40


def whole(value: Any, low: int = LOWEST, high: int = HIGHEST) -> int | None:
    """Rule 1, within [low, high]."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        number = int(value)
    elif isinstance(value, str):
        text = value.strip()
        if not text or len(text) > _DIGITS:
            return None
        try:
            number = int(text, 10)
        except ValueError:
            return None
    else:
        return None
    return number if low <= number <= high else None


def finite(value: Any) -> float | None:
    """Rule 2."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        if len(value) > _FLOAT_CHARS:
            return None
        try:
            value = float(value)
        except ValueError:
            return None
    if isinstance(value, int):
        if not LOWEST <= value <= HIGHEST:
            return None
        value = float(value)
    if not isinstance(value, float) or not math.isfinite(value):
        return None
    return value
