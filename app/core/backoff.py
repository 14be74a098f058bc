"""How long a client waits before it tries again after a drop: doubling from a base to a cap, with jitter."""

from __future__ import annotations

import re

BACKOFF_BASE = 1.0
BACKOFF_CAP = 60.0


def backoff_delay(attempt: int, base: float = BACKOFF_BASE, cap: float = BACKOFF_CAP,
                  jitter: float = 1.0) -> float:
    """The wait before reconnect attempt `attempt` (0 = the first after a drop): base doubling to cap, the top
    half scaled by `jitter` in [0, 1] so that many clients dropped together do not return together."""
    top = min(cap, base * 2 ** min(max(attempt, 0), 30))
    return top * (0.5 + 0.5 * min(max(jitter, 0.0), 1.0))


_NUMBERS = re.compile(r"\d+")


def retry_run(run: str, state: str, why: str, trying: str = "connecting",
              waiting: str = "retrying") -> tuple[str, bool]:
    """A client's states as a log tells them: a run of the same failure (the same words but for their numbers:
    'trying again in 4 s', then 8 s) is told once, and so is the first try; the tries in between are not.
    `run` is the failure being repeated ("" when none); returns the run after this state and whether to tell it."""
    if state == trying:
        return run, not run
    if state == waiting:
        same = _NUMBERS.sub("#", why)
        return same, same != run
    return "", True
