"""Callbacks a skill tells of a change (its dock, its settings page): add() returns the remover, and one
callback failing is logged without stopping the others or the skill."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class Listeners:
    def __init__(self, owner: str) -> None:
        self.owner = owner
        self._fns: list[Callable[..., None]] = []

    def add(self, fn: Callable[..., None]) -> Callable[[], None]:
        self._fns.append(fn)
        return lambda: self._fns.remove(fn) if fn in self._fns else None

    def notify(self, *args: Any) -> None:
        for fn in list(self._fns):
            try:
                fn(*args)
            except Exception:
                log.exception("a %s listener failed", self.owner)

    def __len__(self) -> int:
        return len(self._fns)
