"""The system-wide key hook against a real X server (Xvfb), with keys typed by xdotool through XTEST."""

from __future__ import annotations

import asyncio
import threading

import pytest

from app.senses.voice.hotkey import GlobalKeys, HotkeyUnavailable, key_name
from tests.xserver import keys, needs_x, wait_for, xvfb


@pytest.fixture(scope="module")
def x_display():
    yield from xvfb()


@pytest.fixture
def on_x(x_display, monkeypatch):
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    return x_display


def test_without_a_display_the_hook_says_why(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    hook = GlobalKeys()
    with pytest.raises(HotkeyUnavailable, match="no X display"):
        hook.start(lambda *_: None)
    assert not hook.running
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    with pytest.raises(HotkeyUnavailable, match="Wayland does not let an app hear keys"):
        hook.start(lambda *_: None)


def test_a_display_with_no_server_behind_it_is_unavailable_too(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":4093")       # nothing listens there
    with pytest.raises(HotkeyUnavailable, match="could not"):
        GlobalKeys().start(lambda *_: None)


@needs_x
def test_keys_pressed_anywhere_on_the_desktop_are_heard_by_name(on_x):
    heard: list[tuple[str, bool]] = []
    hook = GlobalKeys()
    hook.start(lambda name, down: heard.append((name, down)))
    try:
        assert hook.running
        keys(on_x, "keydown", "F8", "keyup", "F8")
        keys(on_x, "keydown", "ctrl", "keydown", "space", "keyup", "space", "keyup", "ctrl")
        keys(on_x, "keydown", "shift", "keydown", "t", "keyup", "t", "keyup", "shift")
        wait_for(lambda: len(heard) >= 10)
        assert heard == [("f8", True), ("f8", False),
                         ("ctrl", True), ("space", True), ("space", False), ("ctrl", False),
                         ("shift", True), ("t", True), ("t", False), ("shift", False)]
    finally:
        hook.stop()
    assert not hook.running


@needs_x
def test_stopping_ends_the_hooks_thread_at_once_and_nothing_more_is_heard(on_x):
    heard: list[tuple[str, bool]] = []
    before = set(threading.enumerate())
    hook = GlobalKeys()
    hook.start(lambda name, down: heard.append((name, down)))
    started = set(threading.enumerate()) - before
    assert started, "the hook runs on a thread of its own"
    hook.stop()
    assert not any(t.is_alive() for t in started)   # stop() joined it: no waiting for one more key
    keys(on_x, "keydown", "F8", "keyup", "F8")
    assert heard == []
    hook.stop()                                     # twice is fine


@needs_x
def test_pynput_keys_get_the_names_the_setting_uses(on_x):
    GlobalKeys().stop()
    from pynput.keyboard import Key, KeyCode
    assert [key_name(k) for k in (Key.f8, Key.f13, Key.ctrl_r, Key.alt_gr, Key.cmd, Key.page_up, Key.space,
                                  Key.scroll_lock)] == ["f8", "f13", "ctrl", "alt", "super", "page_up", "space",
                                                        "scroll_lock"]
    assert key_name(KeyCode.from_char("T")) == "t" and key_name(KeyCode.from_char("5")) == "5"
    assert key_name(KeyCode.from_vk(0x1234)) is None


@needs_x
def test_under_wayland_the_hook_says_it_hears_x11_windows_only(on_x, monkeypatch):
    from app.skills.voice.talk_keys import TalkKeys
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")      # XWayland: DISPLAY and WAYLAND_DISPLAY both set
    keys = TalkKeys(lambda: None, lambda: None)
    keys.configure("F8", loop=asyncio.new_event_loop())
    try:
        assert keys.hook is not None
        assert keys.status == "Hold F8 to talk, in any app (under Wayland only keys pressed in X11 windows are heard)."
    finally:
        keys.stop()
