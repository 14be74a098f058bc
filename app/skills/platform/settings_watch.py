"""A platform skill's ear on the app's settings while it runs: `fn(path, value)` for every change between
start() and stop() (a changed address or privacy mode starts its client again). The settings are the skill
context's when it starts; without them (a test's bare context) it listens to nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class SettingsWatch:
    def __init__(self, ctx: Any, fn: Callable[[str, object], None]) -> None:
        self._ctx, self._fn = ctx, fn
        self._off: Callable[[], None] | None = None

    def start(self) -> None:
        settings = self._ctx.app_settings
        if settings is not None and self._off is None:
            self._off = settings.on_change(self._fn)

    def stop(self) -> None:
        off, self._off = self._off, None
        if off is not None:
            off()
