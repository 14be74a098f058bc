"""The one clock the app reads, injected where it is composed: wall time, monotonic time and the local zone.

The composition (app.compose.build) hands SYSTEM, or a clock of the caller's (the stream in a box runs the
whole app for hours on a virtual one), to everything that reads the time: the mind, the skills, the stores, the
senses, the local API, the stage and the window. Each takes it as a required argument (the Clock, or the one
method it reads), and no module but this one reads the standard library's clocks (tests/test_one_clock.py).
monotonic() is the clock asyncio's loop keeps (loop.time()), so a deadline taken from one is met by a sleep on
the other.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, tzinfo
from typing import Protocol


class Clock(Protocol):
    def time(self) -> float:
        """Wall time in epoch seconds: what is stored, compared with stored times, and shown."""

    def monotonic(self) -> float:
        """Seconds that only go forward: gaps, deadlines and timeouts (the loop's time)."""

    def now(self) -> datetime:
        """Wall time as an aware datetime (UTC): time() for code that speaks in dates."""

    def zone(self) -> tzinfo:
        """The streamer's own time zone at now(): the hours she writes down in local time are this zone's."""


class SystemClock:
    """The machine's clocks."""

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.time(), UTC)

    def zone(self) -> tzinfo:
        return self.now().astimezone().tzinfo or UTC   # the machine's zone, with its offset at that moment


SYSTEM = SystemClock()
