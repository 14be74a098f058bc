"""Small helpers for the Twitch tests: waiting on a condition in real time, and the fixture lines."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

FIXTURES = Path("/work/shared/fixtures/twitch_irc")
FIXTURE_LINES = [json.loads(row)["line"]
                 for row in (FIXTURES / "twitch_irc_lines.jsonl").read_text("utf-8").splitlines()]


def fixture(fragment: str) -> str:
    """The one fixture line holding `fragment`."""
    found = [line for line in FIXTURE_LINES if fragment in line]
    assert len(found) == 1, f"{len(found)} fixture lines hold {fragment!r}"
    return found[0]


async def until(condition, timeout: float = 5.0, what: str = "the condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
