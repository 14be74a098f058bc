"""A virtual clock for the stream in a box: hours of stream in minutes, with real sockets and real threads.

1. VirtualLoop is asyncio's selector loop whose time() is the real monotonic clock plus an offset. When the
   loop has nothing ready (no callback, no socket readable within IDLE real seconds) and no work is running in
   an executor it handed out, the offset jumps to the next timer: a sleep of an hour costs nothing, while a
   reply on a loopback socket or a database write in a thread is always waited for (for real: the thread's
   answer wakes the loop, so it never spins while a thread works).
2. While the box runs, time.time() and time.monotonic() read the same offset, every app module that
   imported `datetime` sees a subclass whose now() does too, and a default argument that captured the real
   time.time or time.monotonic (`clock=time.time`, the app's injection points) gets the virtual one: every
   clock the app reads moves together.
3. Everything is put back when the clock closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import selectors
import sys
import threading
import time
from collections.abc import Iterator

IDLE = 0.0003        # real seconds the loop listens for sockets before it may jump
_real_time, _real_monotonic = time.time, time.monotonic


class VirtualClock:
    def __init__(self, start_wall: float | None = None) -> None:
        self.offset = 0.0
        self.wall_offset = 0.0 if start_wall is None else start_wall - _real_time()
        self.jumps = 0
        self.jumped = 0.0

    def monotonic(self) -> float:
        return _real_monotonic() + self.offset

    def time(self) -> float:
        return _real_time() + self.wall_offset + self.offset

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

    def _done(self, ticket: int, _future) -> None:
        with self._lock:
            self._in_flight -= 1
            self.running_now.pop(ticket, None)


def _virtual_datetime(clock: VirtualClock) -> type[dt.datetime]:
    class VirtualDateTime(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return dt.datetime.fromtimestamp(clock.time(), tz)

        @classmethod
        def utcnow(cls):
            return dt.datetime.fromtimestamp(clock.time(), dt.UTC).replace(tzinfo=None)
    return VirtualDateTime


def _functions(module) -> Iterator:
    for value in list(vars(module).values()):
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if isinstance(value, type):
            for member in vars(value).values():
                member = getattr(member, "__func__", member)
                if hasattr(member, "__defaults__"):
                    yield member
        elif hasattr(value, "__defaults__"):
            yield value


def _swap_defaults(modules, swap: dict) -> list[tuple[object, str, object]]:
    """Replace clock defaults in every function of `modules`; returns what to put back."""
    undo = []
    for module in modules:
        for fn in _functions(module):
            for attr in ("__defaults__", "__kwdefaults__"):
                old = getattr(fn, attr, None)
                if not old:
                    continue
                if isinstance(old, tuple) and any(any(v is k for k in swap) for v in old):
                    setattr(fn, attr, tuple(next((swap[k] for k in swap if v is k), v) for v in old))
                    undo.append((fn, attr, old))
                elif isinstance(old, dict) and any(any(v is k for k in swap) for v in old.values()):
                    setattr(fn, attr, {n: next((swap[k] for k in swap if v is k), v) for n, v in old.items()})
                    undo.append((fn, attr, old))
    return undo


@contextlib.contextmanager
def installed(clock: VirtualClock) -> Iterator[VirtualClock]:
    """time.time, time.monotonic and the app's datetime read the virtual clock until the block ends."""
    virtual = _virtual_datetime(clock)
    patched: list[object] = []
    time.time, time.monotonic = clock.time, clock.monotonic
    ours = [m for n, m in list(sys.modules.items()) if n == "app" or n.startswith(("app.", "tests."))]
    undo = _swap_defaults(ours, {_real_time: clock.time, _real_monotonic: clock.monotonic})
    try:
        for module in ours:
            if getattr(module, "datetime", None) is dt.datetime:
                module.datetime = virtual  # type: ignore[attr-defined]
                patched.append(module)
        yield clock
    finally:
        time.time, time.monotonic = _real_time, _real_monotonic
        for fn, attr, old in undo:
            setattr(fn, attr, old)
        for module in patched:
            module.datetime = dt.datetime  # type: ignore[attr-defined]


def run(coro, clock: VirtualClock):
    """Run `coro` to the end on a fresh VirtualLoop under the installed clock."""
    loop = VirtualLoop(clock)
    try:
        with installed(clock):
            return loop.run_until_complete(coro)
    finally:
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
