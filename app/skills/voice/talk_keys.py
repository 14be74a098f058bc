"""The push-to-talk key for the Voice skill: a system-wide hook where the platform allows, and Bea's own window
always (the dock passes on the keys the window gets), both feeding one HoldTracker so a hold is one press.

Theory of operation:
1. configure(setting) parses the key (the settings schema already refused a bad one) and, when there is one,
   starts the hook. The hook's keys arrive on its own thread and are handed to the loop.
2. Keys from the window arrive on the loop; window() says whether a key was the talk key, so the window can
   keep it from the focused widget.
3. Focus leaving Bea's window ends a hold only when there is no hook, since the hook still hears the release.
4. status says in words where the key works now, for the dock and the settings page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import Any

from app.core.talk_key import HoldTracker, TalkKey, parse_talk_key
from app.senses.voice.hotkey import GlobalKeys, HotkeyUnavailable

log = logging.getLogger(__name__)


class TalkKeys:
    def __init__(self, press: Callable[[], None], release: Callable[[], None],
                 open_hook: Callable[[], Any] = GlobalKeys) -> None:
        self._press, self._release = press, release
        self._open_hook = open_hook
        self.hook: Any = None
        self.key: TalkKey | None = None
        self.tracker = HoldTracker(None)
        self.why_not_global = ""
        self._loop: asyncio.AbstractEventLoop | None = None

    # ---- life cycle -------------------------------------------------------------------------------------
    def configure(self, setting: str, loop: asyncio.AbstractEventLoop | None = None) -> None:
        """Use this key (rule 1); "" turns the key off. Safe to call again with a new setting."""
        self.stop()
        self.key = parse_talk_key(setting)
        self.tracker = HoldTracker(self.key)
        self.why_not_global = ""
        if self.key is None:
            return
        if loop is not None:
            self._loop = loop
        elif self._loop is None:
            self._loop = asyncio.get_running_loop()
        hook = self._open_hook()
        try:
            hook.start(self._from_hook)
        except HotkeyUnavailable as exc:
            self.why_not_global = str(exc)
            log.info("the talk key works in Bea's window only: %s", self.why_not_global)
            return
        self.hook = hook
        log.info("the talk key %s is heard in any app", self.key.label)

    def stop(self) -> None:
        hook, self.hook = self.hook, None
        if hook is not None:
            with contextlib.suppress(Exception):
                hook.stop()
        self._act(self.tracker.let_go())
        self.key = None
        self.tracker = HoldTracker(None)

    # ---- keys -------------------------------------------------------------------------------------------
    def _from_hook(self, name: str, down: bool) -> None:
        """On the hook's thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed between the check and the call
            loop.call_soon_threadsafe(self._key, name, down, None)

    def _key(self, name: str, down: bool, modifiers: Iterable[str] | None) -> None:
        self._act(self.tracker.down(name, modifiers) if down else self.tracker.up(name))

    def window(self, name: str, down: bool, modifiers: Iterable[str] | None = None) -> bool:
        """A key Bea's window got (rule 2); True when it is the talk key (keep it from the focused widget)."""
        if self.key is None or name != self.key.key:
            self._key(name, down, modifiers)  # modifiers going down and up
            return False
        self._key(name, down, modifiers)
        return True

    def focus_lost(self) -> None:
        """Bea's window lost focus (rule 3)."""
        if self.hook is None:
            self._act(self.tracker.let_go())

    def _act(self, action: str | None) -> None:
        if action == "press":
            self._press()
        elif action == "release":
            self._release()

    # ---- words (rule 4) ---------------------------------------------------------------------------------
    @property
    def status(self) -> str:
        if self.key is None:
            return "No talk key: hold the button to talk."
        if self.hook is not None:
            note = getattr(self.hook, "note", "")
            return f"Hold {self.key.label} to talk, in any app" + (f" ({note})." if note else ".")
        return f"Hold {self.key.label} to talk while Bea's window has focus ({self.why_not_global})."
