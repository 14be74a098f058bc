"""The push-to-talk key's rules: the setting, one press and one release per hold, and where a global key works."""

import pytest

from app.core.talk_key import (
    GlobalSupport,
    HoldTracker,
    TalkKey,
    TalkKeyError,
    global_support,
    parse_talk_key,
)


@pytest.mark.parametrize(("text", "key", "mods", "label"), [
    ("F8", "f8", set(), "F8"),
    ("f24", "f24", set(), "F24"),
    ("Ctrl+Space", "space", {"ctrl"}, "Ctrl+Space"),
    ("control + alt + t", "t", {"ctrl", "alt"}, "Ctrl+Alt+T"),
    ("cmd+PgUp", "page_up", {"super"}, "Super+PageUp"),
    ("Scroll Lock", "scroll_lock", set(), "ScrollLock"),
    ("shift+5", "5", {"shift"}, "Shift+5"),
])
def test_settings_that_name_a_key(text, key, mods, label):
    parsed = parse_talk_key(text)
    assert parsed == TalkKey(key, frozenset(mods))
    assert parsed.label == label


def test_an_empty_setting_is_no_talk_key():
    assert parse_talk_key("") is None
    assert parse_talk_key("   ") is None


@pytest.mark.parametrize(("text", "why"), [
    ("F99", "no key called 'f99'"),
    ("Ctrl+", "not a key"),
    ("Ctrl", "ends with a modifier"),
    ("Banana+F8", "'banana' is not a modifier"),
    ("Ctrl+Control+F8", "modifier twice"),
    ("F8+F9", "'f8' is not a modifier"),
])
def test_settings_that_do_not_name_a_key_say_why(text, why):
    with pytest.raises(TalkKeyError, match=why):
        parse_talk_key(text)


def test_one_hold_is_one_press_and_one_release_whatever_repeats():
    t = HoldTracker(TalkKey("f8"))
    assert t.down("F8") == "press"
    assert [t.down("f8") for _ in range(5)] == [None] * 5   # auto-repeat, or the window's copy of the hook's key
    assert t.up("f8") == "release"
    assert t.up("f8") is None                                # the second source's release
    assert t.down("f8") == "press"                           # the next hold


def test_other_keys_do_nothing():
    t = HoldTracker(TalkKey("f8"))
    assert t.down("f9") is None and t.up("f9") is None and not t.holding
    assert t.up("f8") is None                                 # a release with no press (held before Bea started)


def test_modifiers_must_be_held_when_the_key_goes_down():
    t = HoldTracker(TalkKey("space", frozenset({"ctrl"})))
    assert t.down("space") is None
    assert t.up("space") is None
    assert t.down("ctrl") is None
    assert t.down("space") == "press"
    assert t.up("ctrl") is None                               # letting go of Ctrl first still ends with the key
    assert t.up("space") == "release"


def test_a_source_that_knows_the_modifiers_says_so():
    t = HoldTracker(TalkKey("t", frozenset({"ctrl", "alt"})))
    assert t.down("t", modifiers={"ctrl"}) is None
    assert t.down("t", modifiers={"ctrl", "alt", "shift"}) == "press"   # extra modifiers are fine
    assert t.up("t") == "release"


def test_losing_the_key_ends_a_hold_once():
    t = HoldTracker(TalkKey("f8"))
    assert t.let_go() is None
    t.down("ctrl")
    t.down("f8")
    assert t.let_go() == "release"
    assert t.let_go() is None and t.mods_down == set()


def test_no_talk_key_never_presses():
    t = HoldTracker(None)
    assert t.down("f8") is None and t.up("f8") is None


@pytest.mark.parametrize(("platform", "env", "available", "note"), [
    ("win32", {}, True, ""),
    ("darwin", {"DISPLAY": ":0"}, False, "on macOS Bea has no safe system-wide key hook yet"),
    ("linux", {"DISPLAY": ":0"}, True, ""),
    ("linux", {"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, True, "X11 windows"),
    ("linux", {"DISPLAY": ":1", "XDG_SESSION_TYPE": "wayland"}, True, "X11 windows"),
    ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, False, "Wayland does not let"),
    ("linux", {}, False, "no X display"),
    ("freebsd14", {"DISPLAY": ":0"}, True, ""),
])
def test_where_a_global_key_can_work(platform, env, available, note):
    support = global_support(platform, env)
    assert isinstance(support, GlobalSupport)
    assert support.available is available
    assert note in support.note
    assert bool(support.note) == bool(note)
