"""Words more than one dock writes, in the window's language: when a moment was, and how many of a thing."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import date

from app.widgets.qt import local_date, translate


def when_text(ts: float | None, now: float) -> str:
    """A moment the way the streamer reads it: "today 08:55", "yesterday 21:10", "tomorrow 07:30", "Tue 14 Sep",
    "14 Sep 2025"; "never" for none (None, or 0 where a store keeps no time)."""
    if ts is None or ts <= 0:
        return translate("dock_words", "never")
    day, today = date.fromtimestamp(ts), date.fromtimestamp(now)
    clock = time.strftime("%H:%M", time.localtime(ts))
    if day == today:
        return translate("dock_words", "today {clock}").format(clock=clock)
    if (today - day).days == 1:
        return translate("dock_words", "yesterday {clock}").format(clock=clock)
    if (day - today).days == 1:
        return translate("dock_words", "tomorrow {clock}").format(clock=clock)
    return local_date(ts, "ddd dd MMM") if day.year == today.year else local_date(ts, "dd MMM yyyy")


def plural_in(context: str) -> Callable[..., str]:
    """The plural() of a dock that marks the nouns it counts in its own translation context (each dock owns
    its nouns): plural(n, one, many=None) is "1 entry", "1,234 entries"; `many` is `one` + "s" when not given."""
    def plural(n: int, one: str, many: str | None = None) -> str:
        return f"{n:,} {translate(context, one if n == 1 else (many or one + 's'))}"
    return plural
