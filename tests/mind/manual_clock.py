"""A BusClock that moves only when a test says so: the mind's tests run in simulated seconds."""

from __future__ import annotations

import asyncio
import heapq
import itertools


class ManualClock:
    """A clock that moves only when advance() is awaited: the mind's tests run in simulated seconds."""

    # Loop iterations let go after each timer fires: enough for a woken waiter to run to its next await.
    SETTLE_SPINS = 20

    def __init__(self, start: float = 0.0, wall_start: float = 1_750_000_000.0) -> None:
        self._t = start
        self._wall_offset = wall_start - start
        self._timers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self._t

    def wall(self) -> float:
        return self._t + self._wall_offset

    async def sleep_until(self, deadline: float) -> None:
        if deadline <= self._t:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._timers, (deadline, next(self._seq), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time forward, firing each timer at its own deadline, in order."""
        target = self._t + seconds
        await self.settle()
        while self._timers and self._timers[0][0] <= target:
            deadline, _, future = heapq.heappop(self._timers)
            if future.done():
                continue
            self._t = max(self._t, deadline)
            future.set_result(None)
            await self.settle()
        self._t = max(self._t, target)
        await self.settle()

    async def settle(self) -> None:
        for _ in range(self.SETTLE_SPINS):
            await asyncio.sleep(0)
