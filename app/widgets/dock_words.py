"""Words more than one dock writes, in the window's language: when a moment was, and a number as its locale
writes it. A count with its noun is the dock's own marked string with Qt's plural forms
(translate(context, "%Ln messages", None, n)), so each language says it with its own plurals."""

from __future__ import annotations

import time
from datetime import date

from app.widgets.qt import QLocale, local_date, translate


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


def age_text(seconds: float) -> str:
    """How long ago, the way the streamer reads a memory's age: "just now", "3 h ago", "yesterday", "5 days ago"."""
    hours, days = int(seconds // 3600), int(seconds // 86400)
    if hours < 1:
        return translate("dock_words", "just now")
    if days < 1:
        return translate("dock_words", "%n h ago", None, hours)
    if days < 2:
        return translate("dock_words", "yesterday")
    return translate("dock_words", "%n days ago", None, days)


def number(n: float, decimals: int = 0) -> str:
    """A number as the window's locale writes it, with `decimals` digits after the point: "12,500.50" in
    English, "12.500,50" in Italian."""
    return QLocale().toString(float(n), "f", decimals) if decimals else QLocale().toString(round(n))
