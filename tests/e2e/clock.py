"""A virtual clock for the stream in a box: hours of stream in minutes, with real sockets and real threads.

1. VirtualLoop is asyncio's selector loop whose time() is the real monotonic clock plus an offset. When the
   loop has nothing ready (no callback, no socket readable within IDLE real seconds) and no work is running in
   an executor it handed out, the offset jumps to the next timer: a sleep of an hour costs nothing, while a
   reply on a loopback socket or a database write in a thread is always waited for (for real: the thread's
   answer wakes the loop, so it never spins while a thread works); so is a peer process's while the box says
   one works for the loop (waiting_for_peer).
2. VirtualClock is an app.process.clock.Clock: the box hands it to the app where it is composed
   (app.cli.headless.serve, app.compose.build), so her mind, her skills and her stores read the same offset
   (wall time starts where the box says, monotonic time is the loop's). Nothing of the standard library is
   patched: a thread of a library that reads time.monotonic() itself (discord.py's heartbeat) runs on real time.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import selectors
import threading
import time
from collections.abc import Iterator

IDLE = 0.0003        # real seconds the loop listens for sockets before it may jump


class VirtualClock:
    def __init__(self, start_wall: float | None = None) -> None:
        self.offset = 0.0
        self.wall_offset = 0.0 if start_wall is None else start_wall - time.time()
        self.jumps = 0
        self.jumped = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.offset

    def time(self) -> float:
        return time.time() + self.wall_offset + self.offset

    def now(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.time(), dt.UTC)

    def zone(self) -> dt.tzinfo:
        return self.now().astimezone().tzinfo or dt.UTC   # the machine's zone at the virtual moment

    def advance(self, seconds: float) -> None:
        if seconds > 0:
            self.offset += seconds
            self.jumps += 1
            self.jumped += seconds


class _JumpingSelector(selectors.DefaultSelector):
    def __init__(self, clock: VirtualClock, busy) -> None:
        super().__init__()
        self._clock, self._busy = clock, busy

    def select(self, timeout: float | None = None):
        if timeout is not None and timeout <= 0:
            return super().select(0)
        if self._busy():      # a thread works for the loop: its answer wakes the select, time passes for real
            return super().select(timeout)
        events = super().select(IDLE if timeout is None else min(timeout, IDLE))
        if events or timeout is None or timeout <= IDLE or self._busy():
            return events
        self._clock.advance(timeout - IDLE)
        return []


class VirtualLoop(asyncio.SelectorEventLoop):
    def __init__(self, clock: VirtualClock) -> None:
        self._in_flight = 0
        self._tickets = 0
        self.running_now: dict[int, str] = {}     # what the executors run for the loop (for a stuck run)
        self._lock = threading.Lock()
        super().__init__(_JumpingSelector(clock, lambda: self._in_flight > 0))
        self.clock = clock

    def time(self) -> float:
        return self.clock.monotonic()

    def run_in_executor(self, executor, func, *args):
        with self._lock:
            self._in_flight += 1
            self._tickets += 1
            ticket = self._tickets
            self.running_now[ticket] = getattr(func, "__qualname__", repr(func))
        future = super().run_in_executor(executor, func, *args)
        future.add_done_callback(functools.partial(self._done, ticket))
        return future

    @contextlib.contextmanager
    def waiting_for_peer(self, what: str) -> Iterator[None]:
        """While a peer process works for the loop (a speech server on loopback), time passes for real, as for
        a thread: its answer is waited for, never jumped past (rule 1)."""
        with self._lock:
            self._in_flight += 1
            self._tickets += 1
            ticket = self._tickets
            self.running_now[ticket] = what
        try:
            yield
        finally:
            self._done(ticket, None)

    def _done(self, ticket: int, _future) -> None:
        with self._lock:
            self._in_flight -= 1
            self.running_now.pop(ticket, None)


def run(coro, clock: VirtualClock):
    """Run `coro` to the end on a fresh VirtualLoop keeping `clock`."""
    loop = VirtualLoop(clock)
    try:
        return loop.run_until_complete(coro)
    finally:
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
