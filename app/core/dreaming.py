"""Consolidation rules: when she dreams, how a dream is read back, and when a person is due a profile.

Theory of operation:
1. She dreams once a night at a set local hour (default 4), or when asked. The next dream is the first time
   at that hour after the last one; a night missed (the app was closed) is dreamed at the next start.
2. A dream consolidates one session from at most STREAM_LIMIT of its most recent lines; a longer session
   is an overflow, counted and logged, never silently truncated.
3. The dream comes back as tagged lines: "PERSON: ..." is something people said (source=person), "BEA: ..."
   something she said or made up (source=bea), "LORE: ..." her self-lore (source=bea, scope self-lore).
   Untagged lines, empty ones and fragments are ignored.
4. A person is profiled first after PROFILE_FIRST messages, and again only after PROFILE_AGAIN more.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.core.recall import is_fragment

DREAM_HOUR = 4
PROFILE_FIRST = 20
PROFILE_AGAIN = 200
_TAG = re.compile(r"^\s*[-*•]?\s*(PERSON|BEA|LORE)\s*:\s*(.+?)\s*$", re.I)


@dataclass(frozen=True)
class Dreamt:
    source: str   # person | bea
    scope: str    # session:<id> | self-lore
    text: str


def next_dream(now: datetime, hour: int = DREAM_HOUR, last: datetime | None = None) -> datetime:
    """The first dream time after the last dream (or after now, the first time). A result at or before
    `now` means a dream is overdue: the app was closed through it, so she dreams at once."""
    start = last if last is not None else now
    due = start.replace(hour=hour, minute=0, second=0, microsecond=0)
    if due <= start if last is not None else due < start:
        due += timedelta(days=1)
    return due


def read_dream(text: str, session_id: int) -> list[Dreamt]:
    out: list[Dreamt] = []
    seen: set[tuple[str, str]] = set()
    for line in text.splitlines():
        match = _TAG.match(line)
        if not match or is_fragment(match.group(2)):
            continue
        tag, said = match.group(1).upper(), match.group(2)
        item = Dreamt("person" if tag == "PERSON" else "bea",
                      "self-lore" if tag == "LORE" else f"session:{session_id}", said)
        if (item.scope, said.casefold()) not in seen:
            seen.add((item.scope, said.casefold()))
            out.append(item)
    return out


def profile_due(messages: int, profiled_at: int | None) -> bool:
    if profiled_at is None:
        return messages >= PROFILE_FIRST
    return messages - profiled_at >= PROFILE_AGAIN
