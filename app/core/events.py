"""The app's event bus: typed events, synchronous fan-out, and a bounded ring for late subscribers.

Theory of operation:
1. An Event is a frozen value: kind, source, text, optional data, and a timestamp from the injected clock.
2. publish() stores the event in a ring of the newest `ring_size` events, then calls every subscriber whose
   kinds include the event's kind, in subscription order.
3. A subscriber that raises never stops the fan-out: the failure is reported to `on_subscriber_error`.
4. subscribe(replay=True) first hands the subscriber the ring's matching events, oldest first, so a dock
   opened late shows what happened before it existed.
5. The bus is not thread-safe by design: the shell publishes from the loop thread only and marshals
   events from worker threads onto it.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


class EventKind(enum.StrEnum):
    PERCEPTION = "perception"
    THOUGHT = "thought"
    TOOL = "tool"
    ERROR = "error"
    SPEECH = "speech"
    TURN = "turn"
    SYSTEM = "system"
    SETTINGS = "settings"


@dataclass(frozen=True)
class Event:
    kind: EventKind
    source: str
    text: str
    ts: float
    data: dict[str, Any] = field(default_factory=dict)


Subscriber = Callable[[Event], None]


@dataclass
class _Subscription:
    fn: Subscriber
    kinds: frozenset[EventKind] | None

    def wants(self, event: Event) -> bool:
        return self.kinds is None or event.kind in self.kinds


class EventBus:
    def __init__(self, clock: Callable[[], float], ring_size: int = 500,
                 on_subscriber_error: Callable[[Event, BaseException], None] | None = None) -> None:
        self._clock = clock
        self._ring: deque[Event] = deque(maxlen=ring_size)
        self._subs: list[_Subscription] = []
        self._on_error = on_subscriber_error

    def publish(self, kind: EventKind, source: str, text: str, **data: Any) -> Event:
        event = Event(kind=kind, source=source, text=text, ts=self._clock(), data=data)
        self._ring.append(event)
        for sub in list(self._subs):
            if sub.wants(event):
                try:
                    sub.fn(event)
                except Exception as exc:  # a broken dock must not silence the others
                    if self._on_error is not None:
                        self._on_error(event, exc)
        return event

    def subscribe(self, fn: Subscriber, kinds: Iterable[EventKind] | None = None,
                  replay: bool = True) -> Callable[[], None]:
        sub = _Subscription(fn, frozenset(kinds) if kinds is not None else None)
        if replay:
            for event in list(self._ring):
                if sub.wants(event):
                    fn(event)
        self._subs.append(sub)

        def unsubscribe() -> None:
            if sub in self._subs:
                self._subs.remove(sub)
        return unsubscribe

    def recent(self, kinds: Iterable[EventKind] | None = None) -> list[Event]:
        wanted = frozenset(kinds) if kinds is not None else None
        return [e for e in self._ring if wanted is None or e.kind in wanted]
