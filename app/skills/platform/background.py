"""Blocking store work of a platform, off the event loop: a failure is logged and said as an ERROR event of the
platform (never silent); with no running loop (a synchronous caller, a test) the work runs at once. Tasks are
held until done, and stop() lets those under way land, bounded in time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.tasks import spawn

log = logging.getLogger(__name__)

NOT_KEPT = QT_TRANSLATE_NOOP("problems", "{title}: something she was keeping could not be stored (detail: "
                                        "{detail}).")
STOP_WAIT = 1.0    # how long stop() lets writes already under way finish


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Background:
    def __init__(self, platform: str, title: str, bus: EventBus, executor: Callable[[], Any]) -> None:
        self.platform = platform
        self.title = title                  # "Twitch": how the streamer knows the platform
        self.bus = bus
        self._executor = executor           # where blocking work runs (read at each call: it may come later)
        self.loop: asyncio.AbstractEventLoop | None = None   # the app's loop, once the skill started
        self.tasks: set[asyncio.Task[Any]] = set()   # work under way (app.process.tasks.spawn), for settle()

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._executor(), fn, *args)

    def write(self, fn: Callable[..., Any], *args: Any, what: str = "store write") -> None:
        """fn(*args) off the loop (at once, in this thread, when there is no loop)."""
        loop = running_loop()
        if loop is None:
            fn(*args)
            return

        async def go() -> None:
            try:
                await loop.run_in_executor(self._executor(), fn, *args)
            except Exception as exc:
                log.error("%s: a %s failed: %s", self.title, what, summary(exc))
                self.bus.publish(EventKind.ERROR, self.platform, f"a {self.title} {what} failed: {exc}",
                                 **said(NOT_KEPT, title=self.title, detail=exc)[1])
        spawn(go(), held=self.tasks)

    def publish_threadsafe(self, kind: EventKind, text: str, **data: Any) -> None:
        """An event from a worker thread, published on the loop."""
        loop = self.loop or running_loop()
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: self.bus.publish(kind, self.platform, text, **data))
        else:
            self.bus.publish(kind, self.platform, text, **data)

    async def settle(self) -> None:
        """Let work under way land (bounded), then give up on it."""
        if self.tasks:
            _done, late = await asyncio.wait(set(self.tasks), timeout=STOP_WAIT)
            for task in late:
                task.cancel()
