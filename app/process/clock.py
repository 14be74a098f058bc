"""The one clock the app reads, injected where it is composed: wall time and monotonic time.

The composition (app.compose.build) hands SYSTEM, or a clock of the caller's (the stream in a box runs the
whole app for hours on a virtual one), to everything in the mind and the skills that reads the time; none of
them reads the standard library's clocks itself (tests/test_one_clock.py). monotonic() is the clock asyncio's
loop keeps (loop.time()), so a deadline taken from one is met by a sleep on the other.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    def time(self) -> float:
        """Wall time in epoch seconds: what is stored, compared with stored times, and shown."""

    def monotonic(self) -> float:
        """Seconds that only go forward: gaps, deadlines and timeouts (the loop's time)."""

    def now(self) -> datetime:
        """Wall time as an aware datetime (UTC): time() for code that speaks in dates."""


class SystemClock:
    """The machine's clocks."""

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.time(), UTC)


SYSTEM = SystemClock()
