"""Lines counted for the People skill in batches (seed 000's tallies): a counted line waits at most EVERY
seconds, or goes at once with BATCH others; one transaction per batch, off the loop; a failed write waits RETRY
and goes again; past MAX_WAITING lines (the store failing for long) the oldest are given up, said in the log.
While the People port says nobody counts (the skill off), count() is False and the line is not marked."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from app.core.failures import summary
from app.core.perception import Author
from app.memory.people_store import Sighting
from app.process.tasks import spawn
from app.skills.platform.background import Background, running_loop

log = logging.getLogger(__name__)

EVERY = 0.5
BATCH = 50
RETRY = 2.0
MAX_WAITING = 50_000


class Tallies:
    def __init__(self, people: Callable[[], Any], session: Callable[[], int | None], work: Background) -> None:
        self._people = people
        self._session = session
        self._work = work
        self.counted = 0
        self._waiting: list[Sighting] = []
        self._timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> int:
        """Lines counted and not yet written."""
        return len(self._waiting)

    def count(self, author: Author, ts: float) -> bool:
        """Queue one line of this author; False when there is no People skill to count it."""
        if self._people() is None:
            return False
        self._waiting.append(Sighting(author.identity, author.display_name, ts))
        self.counted += 1
        if len(self._waiting) > MAX_WAITING:
            dropped = len(self._waiting) - MAX_WAITING
            del self._waiting[:dropped]
            log.error("%d %s lines could not be tallied (the store has been failing)", dropped, self._work.title)
        loop = running_loop()
        if loop is None:
            self._write(self._take())
        elif len(self._waiting) >= BATCH:
            self._flush_soon()
        elif self._timer is None:
            self._timer = loop.call_later(EVERY, self._flush_soon)
        return True

    def _take(self) -> list[Sighting]:
        batch, self._waiting = self._waiting, []
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        return batch

    def _flush_soon(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is None or self._task.done():
            self._task = spawn(self._flush())

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            batch = self._take()
            try:
                await self._work.run(self._write, batch)
            except Exception as exc:
                log.error("%s tallies could not be written (they wait and go again): %s", self._work.title,
                          summary(exc))
                self._waiting[:0] = batch
                if self._timer is None:
                    self._timer = loop.call_later(RETRY, self._flush_soon)
                return

    async def flush(self) -> None:
        """Write every waiting tally now (a skill's stop() does)."""
        if self._task is not None and not self._task.done():
            await asyncio.gather(self._task, return_exceptions=True)
        if self._waiting and self._people() is not None:
            await self._flush()

    def _write(self, batch: list[Sighting]) -> None:
        people = self._people()
        if people is None or not batch:
            return
        people.tally(batch, self._session())
