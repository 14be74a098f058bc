"""The Chat dock's transcript after a restart: what the streamer typed to her in the app and what she said,
read back from her context window (which is kept across restarts). Who said a line is a Phrase the dock says in
the window's language ("You", "Bea (out loud)"), or her name as it is."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.context_window import Entry, EntryKind
from app.core.perception import OWNER, OWNER_IDENTITY
from app.core.words import QT_TRANSLATE_NOOP, Phrase, phrase

APP_CHAT = "app:chat"      # the conversation of the streamer's lines typed in the Chat dock
# who said a line, as the Chat dock says it in the window's language
YOU = QT_TRANSLATE_NOOP("chat_dock", "You")
OUT_LOUD = QT_TRANSLATE_NOOP("chat_dock", "{name} (out loud)")


def you() -> Phrase:
    return phrase("chat_dock", YOU)


def out_loud(her_name: str) -> Phrase:
    return phrase("chat_dock", OUT_LOUD, name=her_name)


def past_lines(entries: Iterable[Entry], her_name: str) -> list[tuple[Phrase | str, str]]:
    """(who, text) for the Chat dock, oldest first: the streamer's lines typed in the app (their name's prefix
    taken off), every line she said out loud, and what she wrote back in the app's chat; nothing else she
    heard (other platforms' lines are in their own docks)."""
    prefix = f"[{OWNER.display_name}] "
    out: list[tuple[Phrase | str, str]] = []
    for e in entries:
        if e.kind is EntryKind.HEARD and e.conversation == APP_CHAT and e.author == OWNER_IDENTITY:
            out.append((you(), e.text.removeprefix(prefix)))
        elif e.kind is EntryKind.SPOKE and e.text:
            out.append((out_loud(her_name), e.text))
        elif e.kind is EntryKind.WROTE and e.conversation == APP_CHAT:
            out.append((her_name, e.text))
    return out
