"""The Chat dock's transcript after a restart: what the streamer typed to her in the app and what she said,
read back from her context window (which is kept across restarts), in the dock's own words."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.context_window import Entry, EntryKind
from app.core.perception import OWNER, OWNER_IDENTITY
from app.core.words import QT_TRANSLATE_NOOP

APP_CHAT = "app:chat"      # the conversation of the streamer's lines typed in the Chat dock
# who said a line, in English in the skill's lines; the Chat dock says them in the window's language
YOU = QT_TRANSLATE_NOOP("chat_dock", "You")
OUT_LOUD = QT_TRANSLATE_NOOP("chat_dock", "{name} (out loud)")


def past_lines(entries: Iterable[Entry], her_name: str, you: str = YOU) -> list[tuple[str, str]]:
    """(who, text) for the Chat dock, oldest first: the streamer's lines typed in the app (their name's prefix
    taken off), every line she said out loud, and what she wrote back in the app's chat; nothing else she
    heard (other platforms' lines are in their own docks)."""
    prefix = f"[{OWNER.display_name}] "
    out: list[tuple[str, str]] = []
    for e in entries:
        if e.kind is EntryKind.HEARD and e.conversation == APP_CHAT and e.author == OWNER_IDENTITY:
            out.append((you, e.text.removeprefix(prefix)))
        elif e.kind is EntryKind.SPOKE and e.text:
            out.append((OUT_LOUD.format(name=her_name), e.text))
        elif e.kind is EntryKind.WROTE and e.conversation == APP_CHAT:
            out.append((her_name, e.text))
    return out
