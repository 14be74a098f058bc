"""What to do with one editable prompt file (the soul, the operating manual) when the app starts.

Theory of operation:
1. Three texts describe one prompt file: the one shipped in resources/ now, the pristine copy (what shipped
   when the app last wrote the user file; None if there is none) and the user's file (None if absent).
2. Texts are compared after normalising line endings (CRLF, CR -> LF) and dropping whitespace at the end of
   the file: an editor that saves CRLF or adds a final newline has not edited anything.
3. No user file: INSTALL. The shipped text becomes the user file and the pristine copy. A user file that
   was deleted comes back this way.
4. The user file equals the shipped text: UNCHANGED. Only the pristine copy is refreshed, when it is
   missing or stale, so an upgrade interrupted between its two writes heals on the next start.
5. The user file equals the pristine copy and the shipped text changed: UPGRADE. Nobody edited it, so the new
   shipped text is written to both.
6. Otherwise the user edited it: KEEP_EDITED. The user file is never touched. The pristine copy becomes the
   shipped text, so the difference shown is against what ships now, and `shipped_changed` says whether the
   shipped text moved under the edit. With no pristine copy at all the file is treated as edited: the app
   cannot prove otherwise, and overwriting someone's work is the one mistake it must not make.
7. The decision names the writes (user file first, then pristine); the shell performs them.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    INSTALL = "install"
    UPGRADE = "upgrade"
    KEEP_EDITED = "keep_edited"
    UNCHANGED = "unchanged"


@dataclass(frozen=True)
class Decision:
    action: Action
    write_user: str | None       # text for the user file, or None to leave it alone
    write_pristine: str | None   # text for the pristine copy, or None to leave it alone
    shipped_changed: bool        # the shipped text moved away from the pristine copy (rules 5 and 6)


def unify_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def normalise(text: str) -> str:
    return unify_newlines(text).rstrip()


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and normalise(a) == normalise(b)


def is_edited(shipped: str, pristine: str | None, user: str | None) -> bool:
    """True when the user's file differs from what the app last wrote (or, lacking a record, from the shipped
    text). A missing user file is not an edit: it is reinstalled."""
    if user is None:
        return False
    return not same(user, pristine if pristine is not None else shipped)


def decide(shipped: str, pristine: str | None, user: str | None) -> Decision:
    if user is None:                                                   # rule 3
        return Decision(Action.INSTALL, shipped, shipped, shipped_changed=False)
    if same(user, shipped):                                            # rule 4
        refresh = None if same(pristine, shipped) else shipped
        return Decision(Action.UNCHANGED, None, refresh, shipped_changed=False)
    if same(user, pristine):                                           # rule 5
        return Decision(Action.UPGRADE, shipped, shipped, shipped_changed=True)
    moved = pristine is not None and not same(pristine, shipped)       # rule 6
    refresh = None if same(pristine, shipped) else shipped
    return Decision(Action.KEEP_EDITED, None, refresh, shipped_changed=moved)


def difference(pristine: str, user: str, name: str) -> str:
    """A unified diff from the shipped text to the user's, or "" when they are the same under rule 2."""
    file_name = name if name.endswith(".md") else f"{name}.md"
    lines = difflib.unified_diff(normalise(pristine).split("\n"), normalise(user).split("\n"),
                                 fromfile=f"shipped {file_name}", tofile=f"your {file_name}", lineterm="")
    return "\n".join(lines)
