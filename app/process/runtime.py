"""Switches the streamer flips during a stream (pause the mind, mute her voice), heard by whoever cares."""

from __future__ import annotations

from collections.abc import Callable

from app.core.events import EventBus, EventKind
from app.core.words import QT_TRANSLATE_NOOP


class RuntimeSwitches:
    def __init__(self, bus: EventBus) -> None:
        self._bus = bus
        self.paused = False
        self.muted = False
        self._listeners: list[Callable[[str, bool], None]] = []

    def on_change(self, fn: Callable[[str, bool], None]) -> None:
        self._listeners.append(fn)

    def _flip(self, name: str, value: bool, said: str) -> None:
        if getattr(self, name) == value:
            return
        setattr(self, name, value)
        self._bus.publish(EventKind.SYSTEM, "runtime", said, switch=name, value=value, words=said)
        for fn in list(self._listeners):
            fn(name, value)

    def set_paused(self, value: bool) -> None:
        self._flip("paused", value, QT_TRANSLATE_NOOP("activity", "mind paused") if value
                   else QT_TRANSLATE_NOOP("activity", "mind resumed"))

    def set_muted(self, value: bool) -> None:
        self._flip("muted", value, QT_TRANSLATE_NOOP("activity", "voice muted") if value
                   else QT_TRANSLATE_NOOP("activity", "voice unmuted"))
