"""Small helpers for the Twitch tests: waiting on a condition in real time, the fixture lines, a line read."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from app.core import irc

FIXTURES = Path("/work/shared/fixtures/twitch_irc")
FIXTURE_LINES = [json.loads(row)["line"]
                 for row in (FIXTURES / "twitch_irc_lines.jsonl").read_text("utf-8").splitlines()]


def fixture(fragment: str) -> str:
    """The one fixture line holding `fragment`."""
    found = [line for line in FIXTURE_LINES if fragment in line]
    assert len(found) == 1, f"{len(found)} fixture lines hold {fragment!r}"
    return found[0]


def parse_twitch(line: str) -> irc.TwitchEvent:
    """One raw line read as the client reads it: parse(), then twitch_event()."""
    return irc.twitch_event(irc.parse(line))


async def until(condition, timeout: float = 5.0, what: str = "the condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
