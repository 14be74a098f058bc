"""The PerceptionBus: where every sense deposits perceptions and the one loop takes them, a batch at a time.

Theory of operation:
1. Senses put() perceptions (put_threadsafe() from other threads); each is stamped with its arrival time on
   the injected clock. Nothing waits on a sense: put returns at once.
2. drain() blocks until something is pending, then settles the batch with the quiet-gap rule
   (app.core.batching): every arrival pushes the deadline out, and the batch closes when the senses have been
   quiet for the gap its most impatient item wants, or at max_window. Everything pending at that moment is
   the batch, in arrival order.
3. A noise-only batch is swallowed and the wait goes on, so texture never counts as something happening.
4. wait_or_idle(idle_after) does the same, but after idle_after seconds with no real batch it returns one
   synthesised IDLE perception instead, its text a sentence in her prompts' language (app.core.quiet), never
   a bare duration. A swallowed noise batch does not reset that timer.
5. remove() drops pending perceptions (moderation); push_back() returns lines to the front of the bus, to be
   settled again from now; pending() is a peek; take_all() and settle() let the loop steer mid-turn.
6. The clock is injected: LoopClock for the app; tests move time by hand (tests/mind/manual_clock.py).
7. The closing moment is kept as the perceptions come (_Span: the first arrival, the last and the shortest
   gap, of the counted and of all), so a put costs O(1) however long the batch; it is the same moment
   app.core.batching.closes_at gives over the whole list. A remove or push_back recounts it once.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from app.core.batching import MAX_WINDOW, TEXT_WINDOW, WINDOW, Arrival, arrival_of, gap_of, is_noise_only
from app.core.her_words import HerWords
from app.core.perception import Meta, Perception, PerceptionKind
from app.core.quiet import quiet_line
from app.process.clock import Clock
from app.process.tasks import spawn

IDLE_AFTER = 240.0
IDLE_SALIENCE = 0.5


class BusClock(Protocol):
    def now(self) -> float:
        """Monotonic seconds: gaps and deadlines."""

    def wall(self) -> float:
        """Epoch seconds: the ts of what the bus makes itself."""

    async def sleep_until(self, deadline: float) -> None:
        """Return once now() >= deadline."""


class LoopClock:
    """The app's clock as the bus reads it: monotonic for gaps and deadlines (the loop's own time, which the
    injected clock keeps too), wall for the ts of what the bus makes itself."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock

    def now(self) -> float:
        return self._clock.monotonic()

    def wall(self) -> float:
        return self._clock.time()

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - self.now()))


@dataclass
class _Span:
    """What closes_at needs of the pending arrivals, gathered one arrival at a time (rule 7)."""
    text_window: float
    window: float
    max_window: float
    first: float = math.inf
    last_all: float = -math.inf
    gap_all: float = math.inf
    last_counted: float = -math.inf
    gap_counted: float = math.inf

    def add(self, a: Arrival) -> None:
        gap = gap_of(a, self.text_window, self.window)
        self.first = min(self.first, a.at)
        self.last_all, self.gap_all = max(self.last_all, a.at), min(self.gap_all, gap)
        if not a.noise:
            self.last_counted, self.gap_counted = max(self.last_counted, a.at), min(self.gap_counted, gap)

    def closes_at(self) -> float:
        if self.first == math.inf:
            raise ValueError("an empty batch never closes: there is nothing to wait for")
        counted = self.last_counted != -math.inf
        last, gap = (self.last_counted, self.gap_counted) if counted else (self.last_all, self.gap_all)
        return min(last + gap, self.first + self.max_window)


class PerceptionBus:
    def __init__(self, clock: BusClock, *, text_window: float = TEXT_WINDOW, window: float = WINDOW,
                 max_window: float = MAX_WINDOW, words: Callable[[], HerWords]) -> None:
        self._clock = clock
        self._words = words   # her words: the IDLE perception is a sentence in their language
        self._gaps = {"text_window": text_window, "window": window, "max_window": max_window}
        self._pending: list[tuple[float, Perception]] = []
        self._span = self._new_span()
        self._arrived = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._bind()

    def put(self, perception: Perception) -> None:
        """Call on the loop's thread; from any other thread use put_threadsafe."""
        self._bind()
        at = self._clock.now()
        self._pending.append((at, perception))
        self._span.add(arrival_of(perception, at))
        self._arrived.set()

    def put_threadsafe(self, perception: Perception) -> None:
        if self._loop is None:
            raise RuntimeError("the perception bus is not attached to a running loop yet")
        self._loop.call_soon_threadsafe(self.put, perception)

    def push_back(self, perceptions: Iterable[Perception]) -> None:
        """Lines returned to the bus go before what is pending and wait out a quiet gap from now."""
        now = self._clock.now()
        self._pending[:0] = [(now, p) for p in perceptions]
        self._recount()
        self._arrived.set()

    def remove(self, predicate: Callable[[Perception], bool]) -> list[Perception]:
        removed = [p for _, p in self._pending if predicate(p)]
        if removed:
            self._pending = [(at, p) for at, p in self._pending if not predicate(p)]
            self._recount()
            self._arrived.set()  # the batch may now close sooner
        return removed

    def pending(self) -> list[Perception]:
        return [p for _, p in self._pending]

    def take_all(self) -> list[Perception]:
        """Everything pending, now: for steering, when nothing needs to wait for a quiet gap."""
        taken = [p for _, p in self._pending]
        self._pending.clear()
        self._span = self._new_span()
        return taken

    def _new_span(self) -> _Span:
        return _Span(self._gaps["text_window"], self._gaps["window"], self._gaps["max_window"])

    def _recount(self) -> None:
        self._span = self._new_span()
        for at, p in self._pending:
            self._span.add(arrival_of(p, at))

    async def settle(self) -> list[Perception]:
        """Wait for the quiet gap that would close what is pending as a batch, then take it all. Noise is kept:
        the caller asked for what is there, not for something to happen."""
        self._bind()
        while self._pending:
            deadline = self._span.closes_at()
            if self._clock.now() >= deadline:
                break
            await self._wait(deadline)
        return self.take_all()

    async def drain(self) -> list[Perception]:
        return await self._next_batch(idle_after=None)

    async def wait_or_idle(self, idle_after: float = IDLE_AFTER) -> list[Perception]:
        return await self._next_batch(idle_after=idle_after)

    async def _next_batch(self, idle_after: float | None) -> list[Perception]:
        self._bind()
        # counted from the call: the loop calls again as soon as a turn ends, so this is "since she last acted"
        idle_at = None if idle_after is None else self._clock.now() + idle_after
        while True:
            now = self._clock.now()
            if not self._pending:
                if idle_at is not None and idle_after is not None and now >= idle_at:
                    return [self._idle(idle_after)]
                await self._wait(idle_at)
                continue
            deadline = self._span.closes_at()
            if now < deadline:
                await self._wait(deadline)
                continue
            batch = self.take_all()
            if not is_noise_only(batch):
                return batch

    async def _wait(self, deadline: float | None) -> None:
        """Until something arrives (or is removed), or the deadline passes."""
        self._arrived.clear()
        if deadline is None:
            await self._arrived.wait()
            return
        arrival = spawn(self._arrived.wait(), awaited=True)
        timer = spawn(self._clock.sleep_until(deadline), awaited=True)
        try:
            await asyncio.wait({arrival, timer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            arrival.cancel()
            timer.cancel()

    def _idle(self, quiet_for: float) -> Perception:
        return Perception(kind=PerceptionKind.IDLE, surface="idle",
                          content=quiet_line(quiet_for, self._words()),
                          salience=IDLE_SALIENCE, meta={Meta.CONVERSATION_KEY: "idle", "quiet_for": quiet_for},
                          author=None, ts=self._clock.wall())

    def _bind(self) -> None:
        if self._loop is None:
            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                pass  # not on a loop yet: the first put or drain from one attaches it
