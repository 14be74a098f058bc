"""Waiting for something to become true inside a test's event loop, with a deadline that fails loudly."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


async def until(condition: Callable[[], object], timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting{' for ' + what if what else ''}")
        await asyncio.sleep(0.01)
