"""Cooldowns for failing pool members: a growing back-off, never shorter than what the server asked for.

Theory of operation:
1. A member that fails is not asked again until its cooldown ends: BASE seconds after its first failure in
   a row, doubling with each further failure in a row, never more than CAP.
2. When the server said how long to wait (Retry-After), the cooldown is at least that long, whatever the
   back-off says; a Retry-After beyond RETRY_AFTER_CAP is taken as RETRY_AFTER_CAP (a misconfigured
   server must not bench a model for a day).
3. A success clears the member's record: its next failure starts again at BASE.
4. Each record keeps why the member failed, so whoever skips it can say why.
5. Among members that are all cooling, the one whose cooldown ends first is the one worth trying.
6. Retry-After is either delay-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015 07:28:00 GMT", or the
   obsolete RFC 850 and asctime forms); a date in the past means no wait; anything else is no answer.
   A date is measured from the response's own Date (the server's clock, so a machine whose clock is off
   neither stretches nor cuts the wait); with no Date to measure from, a date is no answer.
7. Time is passed in (monotonic seconds for cooldowns, epoch seconds for HTTP-dates): nothing here reads a
   clock.
"""

from __future__ import annotations

import re
from calendar import timegm
from collections.abc import Iterable
from dataclasses import dataclass

from app.core.backoff import backoff_delay

BASE = 5.0
CAP = 300.0
RETRY_AFTER_CAP = 3600.0

_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                        "dec"), start=1)}
_IMF = re.compile(r"[a-z]{3}, (\d{2}) ([a-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) gmt")
_RFC850 = re.compile(r"[a-z]+, (\d{2})-([a-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) gmt")
_ASCTIME = re.compile(r"[a-z]{3} ([a-z]{3}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})")


def cooldown(failures: int, retry_after: float | None = None, base: float = BASE, cap: float = CAP) -> float:
    """Rules 1 and 2: the back-off, raised to what the server asked for."""
    asked = min(max(retry_after or 0.0, 0.0), RETRY_AFTER_CAP)
    backoff = backoff_delay(failures - 1, base, cap) if failures > 0 else 0.0   # no jitter: one member
    return max(backoff, asked)


def retry_after_seconds(value: str | None, now_epoch: float | None) -> float | None:
    """Rule 6: the wait a Retry-After header asks for, in seconds, or None when it says nothing usable.
    `now_epoch` is the moment a date is measured from (the response's Date), None when there is none."""
    text = " ".join((value or "").split()).lower()
    if not text:
        return None
    if text.isascii() and text.isdigit():
        return float(text)
    when = _http_date(text)
    return None if when is None or now_epoch is None else max(0.0, when - now_epoch)


def http_date(value: str | None) -> float | None:
    """An HTTP-date header (Date, Retry-After) in epoch seconds, or None when it is not one."""
    return _http_date(" ".join((value or "").split()).lower())


def _http_date(text: str) -> float | None:
    if m := _IMF.fullmatch(text):
        day, month, year, hh, mm, ss = m.groups()
    elif m := _RFC850.fullmatch(text):
        day, month, yy, hh, mm, ss = m.groups()
        year = str(2000 + int(yy) if int(yy) < 70 else 1900 + int(yy))
    elif m := _ASCTIME.fullmatch(text):
        month, day, hh, mm, ss, year = m.groups()
    else:
        return None
    if month not in _MONTHS:
        return None
    parts = (int(year), _MONTHS[month], int(day), int(hh), int(mm), int(ss))
    if not (1 <= parts[2] <= 31 and parts[3] < 24 and parts[4] < 60 and parts[5] < 61):
        return None
    return float(timegm((*parts, 0, 0, 0)))


@dataclass(frozen=True)
class Cooling:
    failures: int
    until: float
    why: str


class Cooldowns:
    def __init__(self, base: float = BASE, cap: float = CAP) -> None:
        self._base = base
        self._cap = cap
        self._records: dict[str, Cooling] = {}

    def failed(self, name: str, now: float, why: str, retry_after: float | None = None) -> float:
        """Rules 1, 2 and 4: record a failure; returns how long the member now cools down."""
        failures = (self._records[name].failures if name in self._records else 0) + 1
        wait = cooldown(failures, retry_after, self._base, self._cap)
        self._records[name] = Cooling(failures, now + wait, why)
        return wait

    def succeeded(self, name: str) -> None:
        """Rule 3."""
        self._records.pop(name, None)

    def remaining(self, name: str, now: float) -> float:
        """Seconds until the member may be asked again (0 when it may be asked now)."""
        record = self._records.get(name)
        return max(0.0, record.until - now) if record else 0.0

    def why(self, name: str) -> str:
        record = self._records.get(name)
        return record.why if record else ""

    def first_ready(self, names: Iterable[str]) -> str | None:
        """Rule 5: of these members, the one whose cooldown ends first (the first listed on a tie)."""
        best: tuple[float, str] | None = None
        for name in names:
            record = self._records.get(name)
            until = record.until if record else float("-inf")
            if best is None or until < best[0]:
                best = (until, name)
        return best[1] if best else None
