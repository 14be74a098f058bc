"""When her next Telegram message may go: Telegram's limits for bots as data, and one reservation book applying them.

Theory of operation:
1. The limits are Telegram's own, from the Bots FAQ ("My bot is hitting limits, how do I avoid this?",
   https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): in one chat no more than
   one message per second ("we may allow short bursts ... but eventually you'll begin receiving 429 errors", so
   no bursts here); no more than 20 messages per minute to the same group; no more than about 30 messages per
   second overall. LIMITS holds them as (scope, window, most); a limit with scope GROUP counts only a group's
   chat (a negative chat id, or a public @username, which only groups and channels have).
2. reserve(chat, now, by) books the earliest moment at or after `now` when one more message keeps every
   limit in every window that would hold it (sliding windows over the times already booked, future ones too:
   two conversations booking at once never share a slot), and returns it; the caller sleeps until then and
   sends. When that moment is past `by` (the line's life) nothing is booked and None says so.
3. hold(chat, until) is a 429's answer: the Bot API's ResponseParameters.retry_after, "the number of seconds left
   to wait before the request can be repeated" (https://core.telegram.org/bots/api#responseparameters). Nothing
   to that chat is booked before `until`.
4. Times are the caller's clock (the loop's, in seconds); bookings older than the longest window are forgotten.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass

CHAT, GROUP, BOT = "chat", "group", "bot"


@dataclass(frozen=True)
class Limit:
    scope: str          # CHAT: each chat; GROUP: each group chat; BOT: all her messages together
    window_s: float
    most: int           # messages in any window of window_s


LIMITS = (Limit(CHAT, 1.0, 1), Limit(GROUP, 60.0, 20), Limit(BOT, 1.0, 30))
HORIZON_S = max(limit.window_s for limit in LIMITS)


def is_group(chat: int | str) -> bool:
    """Telegram's groups, supergroups and channels have negative ids; a public one may go by its @username."""
    text = str(chat).strip()
    return text.startswith("@") or text.startswith("-")


def fits(booked: list[float], t: float, window_s: float, most: int) -> bool:
    """Whether one more message at t leaves at most `most` in every window [x, x + window_s) that holds t."""
    starts = [e for e in booked if t - window_s < e <= t] + [t]
    for x in starts:
        if sum(1 for e in booked if x <= e < x + window_s) + 1 > most:
            return False
    return True


def earliest(booked: list[float], t: float, window_s: float, most: int) -> float:
    """The first moment at or after t that fits: t itself, or when a booked message leaves a window."""
    for candidate in [t] + sorted(e + window_s for e in booked if e + window_s > t):
        if fits(booked, candidate, window_s, most):
            return candidate
    return t    # unreachable: past every booking's window everything fits


class Pacer:
    def __init__(self, limits: tuple[Limit, ...] = LIMITS) -> None:
        self.limits = limits
        self._booked: defaultdict[str, list[float]] = defaultdict(list)    # "<scope>:<chat>" -> sorted times
        self._held: dict[str, float] = {}

    @staticmethod
    def _key(limit: Limit, chat: str) -> str:
        return BOT if limit.scope == BOT else f"{limit.scope}:{chat}"

    def _limits(self, chat: str) -> list[Limit]:
        return [limit for limit in self.limits if limit.scope != GROUP or is_group(chat)]

    def when(self, chat: int | str, now: float) -> float:
        """The earliest moment one more message to `chat` keeps every limit (nothing booked)."""
        key = str(chat).lower()
        self._forget(now)
        t = max(now, self._held.get(key, now))
        for _ in range(64):      # each pass can only move t later; a few settle it
            moved = t
            for limit in self._limits(key):
                moved = earliest(self._booked[self._key(limit, key)], moved, limit.window_s, limit.most)
            if moved == t:
                break
            t = moved
        return t

    def reserve(self, chat: int | str, now: float, by: float | None = None) -> float | None:
        """Rule 2: the moment booked for one message to `chat`, or None (nothing booked) when it is past `by`."""
        t = self.when(chat, now)
        if by is not None and t > by:
            return None
        key = str(chat).lower()
        for limit in self._limits(key):
            bisect.insort(self._booked[self._key(limit, key)], t)
        return t

    def hold(self, chat: int | str, until: float) -> None:
        """Rule 3: a 429's retry_after, as the moment it ends."""
        key = str(chat).lower()
        self._held[key] = max(until, self._held.get(key, until))

    def held_until(self, chat: int | str, now: float) -> float:
        """When a hold on the chat ends (now when there is none)."""
        return max(now, self._held.get(str(chat).lower(), now))

    def _forget(self, now: float) -> None:
        for key in [k for k, times in self._booked.items() if times and times[-1] <= now - HORIZON_S]:
            del self._booked[key]
        for times in self._booked.values():
            del times[:bisect.bisect_right(times, now - HORIZON_S)]
        for key in [k for k, until in self._held.items() if until <= now]:
            del self._held[key]
