"""JSON from outside (a model server's answer and stream, its error body) read so that what the standard reader
lets through and the code after it cannot hold becomes a ValueError the reader already turns into its own error:

1. NaN, Infinity and -Infinity (which json.loads accepts) are refused, and so is a number too large for a float
   (1e999 would become inf); an integer wider than 64 bits is refused too (a token count or an index of that size
   is no answer, and converting it further overflows).
2. Nesting too deep for the parser (RecursionError) is a ValueError like any other malformed text.
"""

from __future__ import annotations

import json
import math
from typing import Any

from app.core.numbers import HIGHEST, LOWEST


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number too large for a float")
    return value


def _int(text: str) -> int:
    if len(text) > 21:
        raise ValueError("an integer wider than 64 bits")
    value = int(text)
    if not LOWEST <= value <= HIGHEST:
        raise ValueError("an integer wider than 64 bits")
    return value


def loads(text: str | bytes, *, strict: bool = True) -> Any:
    """json.loads with rules 1 and 2 (`strict=False` lets control characters stand inside strings, as json's)."""
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int, strict=strict)
    except RecursionError:
        raise ValueError("JSON nested too deep") from None
