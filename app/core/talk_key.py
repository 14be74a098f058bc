"""The push-to-talk key, as pure rules: what the setting may name, when holding it is holding the button, and
whether this platform lets an app hear a key pressed while another app has focus.

Names are lower case: f1..f24, a..z, 0..9, and the named keys below; modifiers are ctrl, alt, shift and super
(Windows key / Command). A setting is one key with optional modifiers joined by "+": "F8", "Ctrl+Space".

The tracker is fed key downs and ups from every source at once (a system-wide hook and Bea's own window both
see a key pressed while her window has focus): one physical hold is one press and one release, auto-repeat
and the second source's copy are ignored, and a release arrives even if the modifiers were let go first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

MODIFIERS = ("ctrl", "alt", "shift", "super")
NAMED = ("space", "pause", "scroll_lock", "insert", "home", "end", "page_up", "page_down", "menu", "caps_lock",
         "num_lock", "print_screen")
FUNCTION = tuple(f"f{n}" for n in range(1, 25))
LETTERS = tuple("abcdefghijklmnopqrstuvwxyz")
DIGITS = tuple("0123456789")
KEYS = frozenset(FUNCTION + LETTERS + DIGITS + NAMED)

# other spellings people type (and Qt's names)
ALIASES = {
    "control": "ctrl", "ctl": "ctrl", "option": "alt", "opt": "alt", "altgr": "alt", "alt_gr": "alt",
    "win": "super", "windows": "super", "cmd": "super", "command": "super", "meta": "super", "logo": "super",
    "pageup": "page_up", "pgup": "page_up", "pagedown": "page_down", "pgdown": "page_down", "pgdn": "page_down",
    "scrolllock": "scroll_lock", "scroll": "scroll_lock", "ins": "insert", "capslock": "caps_lock",
    "numlock": "num_lock", "print": "print_screen", "printscreen": "print_screen", "prtsc": "print_screen",
    "spacebar": "space", "break": "pause",
}

LABELS = {"page_up": "PageUp", "page_down": "PageDown", "scroll_lock": "ScrollLock", "caps_lock": "CapsLock",
          "num_lock": "NumLock", "print_screen": "PrintScreen", "super": "Super",
          "ctrl": "Ctrl", "alt": "Alt", "shift": "Shift", "space": "Space", "pause": "Pause", "insert": "Insert",
          "home": "Home", "end": "End", "menu": "Menu"}

Action = Literal["press", "release"]


class TalkKeyError(ValueError):
    """A talk key setting that names no key Bea knows."""


def canonical(name: str) -> str:
    """One spelling of a key or modifier name ('PgUp' -> 'page_up'); unknown names come back lower-cased."""
    word = name.strip().lower().replace(" ", "_").replace("-", "_")
    return ALIASES.get(word, ALIASES.get(word.replace("_", ""), word))


def label(name: str) -> str:
    return LABELS.get(name, name.upper())


@dataclass(frozen=True)
class TalkKey:
    key: str
    modifiers: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return "+".join([label(m) for m in MODIFIERS if m in self.modifiers] + [label(self.key)])


def parse_talk_key(text: str) -> TalkKey | None:
    """The setting as a TalkKey; "" (or only spaces) means no talk key. Raises TalkKeyError with the reason."""
    if not text.strip():
        return None
    parts = [canonical(p) for p in text.split("+")]
    if any(not p for p in parts):
        raise TalkKeyError(f"{text!r} is not a key: write one key, with modifiers joined by '+' (Ctrl+F8)")
    *mods, key = parts
    if key in MODIFIERS:
        raise TalkKeyError(f"{text!r} ends with a modifier: name the key to hold (F8, Ctrl+Space)")
    if key not in KEYS:
        raise TalkKeyError(f"{text!r}: Bea knows no key called {key!r} (F1-F24, A-Z, 0-9, Space, Pause, "
                           "ScrollLock, Insert, Home, End, PageUp, PageDown, Menu)")
    for mod in mods:
        if mod not in MODIFIERS:
            raise TalkKeyError(f"{text!r}: {mod!r} is not a modifier (Ctrl, Alt, Shift, Super)")
    if len(set(mods)) != len(mods):
        raise TalkKeyError(f"{text!r} names a modifier twice")
    return TalkKey(key, frozenset(mods))


class HoldTracker:
    """Key downs and ups from any number of sources -> one press and one release per hold of the talk key."""

    def __init__(self, key: TalkKey | None) -> None:
        self.key = key
        self.mods_down: set[str] = set()
        self.holding = False

    def down(self, name: str, modifiers: Iterable[str] | None = None) -> Action | None:
        """A key went down. modifiers: those held, when the source knows them; else the ones seen going down."""
        name = canonical(name)
        if name in MODIFIERS:
            self.mods_down.add(name)
            return None
        if self.key is None or name != self.key.key or self.holding:
            return None
        held = set(modifiers) if modifiers is not None else self.mods_down
        if not self.key.modifiers <= held:
            return None
        self.holding = True
        return "press"

    def up(self, name: str) -> Action | None:
        name = canonical(name)
        if name in MODIFIERS:
            self.mods_down.discard(name)
            return None
        if self.key is None or name != self.key.key or not self.holding:
            return None
        self.holding = False
        return "release"

    def let_go(self) -> Action | None:
        """The key's sources went away (focus lost, hook stopped): a hold in progress ends."""
        self.mods_down.clear()
        if self.holding:
            self.holding = False
            return "release"
        return None


@dataclass(frozen=True)
class GlobalSupport:
    available: bool
    note: str  # why not, or what to know when it is


def global_support(platform: str, env: Mapping[str, str]) -> GlobalSupport:
    """Whether a system-wide key hook can work here (sys.platform and the environment)."""
    if platform == "win32":
        return GlobalSupport(True, "")
    if platform == "darwin":  # pynput's listener translates keys off the main thread, which recent macOS
        # versions (and Qt 6 beside it) answer with a crash: no hook there until Bea has a native one
        return GlobalSupport(False, "on macOS Bea has no safe system-wide key hook yet")
    if not env.get("DISPLAY"):
        if env.get("WAYLAND_DISPLAY"):
            return GlobalSupport(False, "Wayland does not let an app hear keys pressed in other windows")
        return GlobalSupport(False, "there is no X display to listen to")
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE", "").lower() == "wayland":
        return GlobalSupport(True, "under Wayland only keys pressed in X11 windows are heard")
    return GlobalSupport(True, "")
