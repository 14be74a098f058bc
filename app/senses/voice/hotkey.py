"""A system-wide key hook (pynput): every key down and up on the desktop, named as app.core.talk_key names
them, handed to a callback on pynput's own thread. X11 (through the RECORD extension) and Windows; not
Wayland, which gives no app the keys of other windows, nor macOS, where pynput's listener is known to crash
beside Qt (talk_key.global_support says where).

The hook only listens: keys still reach whatever window has focus.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from app.core.talk_key import canonical, global_support

log = logging.getLogger(__name__)

KeySink = Callable[[str, bool], None]   # (name, down)

# pynput's Key members -> our names (the left/right variants fold into one modifier)
SPECIAL = {"ctrl_l": "ctrl", "ctrl_r": "ctrl", "alt_l": "alt", "alt_r": "alt", "alt_gr": "alt",
           "shift_l": "shift", "shift_r": "shift", "cmd": "super", "cmd_l": "super", "cmd_r": "super",
           "print_screen": "print_screen"}


READY_TIMEOUT_S = 5.0


class HotkeyUnavailable(RuntimeError):
    """No system-wide hook here; the message says why."""


def probe_x_server(display: str) -> None:
    """Connect to the X server once, so a DISPLAY with nothing behind it is a clear reason, not a dead thread."""
    try:
        from Xlib import display as xdisplay
    except Exception as exc:
        raise HotkeyUnavailable(f"the key hook could not load: {exc}") from exc
    try:
        xdisplay.Display(display).close()
    except Exception as exc:  # Xlib's DisplayError, or the socket's own
        raise HotkeyUnavailable(f"the key hook could not reach the X server: {exc}") from exc


def key_name(key: Any) -> str | None:
    """A pynput Key or KeyCode as a talk-key name, or None for a key that has none."""
    name = getattr(key, "name", None)           # a Key member: Key.f8, Key.ctrl_l, ...
    if name:
        return SPECIAL.get(name, canonical(name))
    char = getattr(key, "char", None)           # a KeyCode: the character it types
    if char and len(char) == 1 and char.isprintable():
        return char.lower()
    return None


def preload() -> None:
    """Import pynput ahead (about 0.1 s), off the loop, where a hook can work; a failure waits for start()."""
    if not global_support(sys.platform, os.environ).available:
        return
    if sys.platform.startswith(("linux", "freebsd", "openbsd")):
        os.environ.setdefault("PYNPUT_BACKEND", "xorg")
    with contextlib.suppress(Exception):
        import pynput.keyboard  # noqa: F401


class GlobalKeys:
    """start(sink) begins listening, stop() ends it; both are cheap and safe to repeat."""

    def __init__(self) -> None:
        self._listener: Any = None
        self._sink: KeySink | None = None
        self.note = ""   # what to know about where it hears keys (under Wayland: X11 windows only)

    @property
    def running(self) -> bool:
        return self._listener is not None

    def start(self, sink: KeySink) -> None:
        if self._listener is not None:
            return
        support = global_support(sys.platform, os.environ)
        if not support.available:
            raise HotkeyUnavailable(support.note)
        self.note = support.note
        if sys.platform.startswith(("linux", "freebsd", "openbsd")):
            os.environ.setdefault("PYNPUT_BACKEND", "xorg")  # never the uinput backend, which reads raw devices
            probe_x_server(os.environ["DISPLAY"])
        try:
            from pynput import keyboard
        except Exception as exc:  # no pynput, or it found no X server behind DISPLAY
            raise HotkeyUnavailable(f"the key hook could not load: {exc}") from exc
        self._sink = sink
        try:
            self._listener = self._listen(keyboard)
        except HotkeyUnavailable:
            self._sink = None
            raise

    def _listen(self, keyboard: Any) -> Any:
        listener = keyboard.Listener(on_press=lambda k: self._deliver(k, True),
                                     on_release=lambda k: self._deliver(k, False))
        listener.daemon = True
        try:
            listener.start()
            ready = threading.Thread(target=listener.wait, name="talk-key-ready", daemon=True)
            ready.start()
            ready.join(READY_TIMEOUT_S)   # pynput waits for ever if its thread dies before it is ready
        except Exception as exc:
            raise HotkeyUnavailable(f"the key hook could not start: {exc}") from exc
        if ready.is_alive() or not listener.is_alive():
            with contextlib.suppress(Exception):
                listener.stop()
            raise HotkeyUnavailable("the key hook could not start listening (an X server without RECORD?)")
        return listener

    def _deliver(self, key: Any, down: bool) -> None:
        sink, name = self._sink, key_name(key)
        if sink is None or name is None:
            return
        try:
            sink(name, down)
        except Exception:
            log.exception("the talk key's sink failed")

    def stop(self) -> None:
        listener, self._listener, self._sink = self._listener, None, None
        if listener is None:
            return
        listener.stop()
        # pynput's X11 backend queues the "disable" on the connection its thread is blocked reading, so the
        # thread would linger until the next key; sending it on the control connection ends it now
        context, control = getattr(listener, "_context", None), getattr(listener, "_display_stop", None)
        if context is not None and control is not None:
            with contextlib.suppress(Exception):
                control.record_disable_context(context)
                control.flush()
        listener.join(2.0)
