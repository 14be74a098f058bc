"""What the tray and the status bar say about her: live, paused, muted, privacy mode and the model she thinks with.

Theory of operation:
1. ShellState is a frozen value read from the running app; the tray and the status bar draw the same one.
2. badges() names the marks on the tray icon, at most two: "live" (a red dot, bottom right) while a stream
   session is open, and one of "paused" or "muted" (top right): paused wins, a paused mind says nothing anyway.
3. tooltip() names her and every state that is on, in a fixed order (live, paused, muted, privacy mode), then
   the model: the tray's words for what the icon shows. Privacy mode says "local network" when the streamer
   listed machines of theirs it may reach.
4. model_text() names the model she thinks with (the first of her pool), or says she has none and where to
   set one; the built-in model is called what it is, a demo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.core.words import QT_TRANSLATE_NOOP

LIVE, PAUSED, MUTED = "live", "paused", "muted"
BUILTIN = "local:smollm2"


@dataclass(frozen=True)
class ShellState:
    live: bool = False
    paused: bool = False
    muted: bool = False
    privacy: bool = False
    model: str = ""           # the first model of her pool, "" when none is set
    local_network: bool = False   # privacy mode reaches the streamer's own machines too (a list in Settings)


def badges(state: ShellState) -> tuple[str, ...]:
    """Rule 2."""
    marks = [LIVE] if state.live else []
    if state.paused:
        marks.append(PAUSED)
    elif state.muted:
        marks.append(MUTED)
    return tuple(marks)


def flags(state: ShellState) -> list[str]:
    """The states that are on, in rule 3's order, as words."""
    return [word for on, word in ((state.live, QT_TRANSLATE_NOOP("shell_state", "live")),
                                  (state.paused, QT_TRANSLATE_NOOP("shell_state", "mind paused")),
                                  (state.muted, QT_TRANSLATE_NOOP("shell_state", "voice muted")),
                                  (state.privacy, privacy_word(state))) if on]


def privacy_word(state: ShellState) -> str:
    """Rule 3's word for privacy mode: "local network" when it reaches the streamer's own machines too."""
    return (QT_TRANSLATE_NOOP("shell_state", "privacy mode (local network)") if state.local_network
            else QT_TRANSLATE_NOOP("shell_state", "privacy mode"))


def model_text(state: ShellState) -> str:
    """Rule 4."""
    if not state.model:
        return QT_TRANSLATE_NOOP("status_bar", "no model (Settings → Mind)")
    return QT_TRANSLATE_NOOP("status_bar", "the built-in demo model") if state.model == BUILTIN else state.model


def _as_is(_context: str, text: str) -> str:
    return text


def tooltip(state: ShellState, name: str, say: Callable[[str, str], str] = _as_is) -> str:
    """Rule 3. `say(context, text)` puts the words in the window's language (the window passes its translate)."""
    head = " · ".join([name, *(say("shell_state", word) for word in flags(state))])
    model = say("status_bar", model_text(state))
    return f"{head}\n" + say("shell_state", QT_TRANSLATE_NOOP("shell_state", "Model: {model}")).format(model=model)
