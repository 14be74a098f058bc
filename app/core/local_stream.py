"""The built-in model's call as it is written: her message to her voice before the call is finished.

Theory of operation:
1. The grammar makes every answer one JSON object written in one order: {"tool": <name>, "arguments": {...}}.
   CallPieces takes the text as the model writes it. Once the tool's name and the opening of its arguments are
   written, each later piece of the arguments can be handed on; the object's own closing brace is held back,
   as it is not part of the arguments. close() hands on what is left of the arguments.
2. Nothing is handed on until release(message so far) says yes: the caller's judgement of whether the message
   can be said before it is finished (for the demo model: long enough to judge, and no fault its beginning
   already shows). Until then the pieces are held; from then on everything is handed on as it comes.
   `released` tells whether anything was: an answer already on its way to her voice is kept as it ends.
3. abandon(message so far), when given, is asked before release: once it says yes nothing is ever handed on and
   `abandoned` is set, so the caller can stop the generation (an answer whose beginning already shows a fault
   is asked again whatever its end: writing the end is time lost).
4. message_so_far() reads the "message" argument from unfinished arguments text: the characters written so far,
   escapes decoded, a half-written escape left out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

_HEAD = re.compile(r'\A\s*\{\s*"tool"\s*:\s*"((?:[^"\\]|\\.)*)"\s*,\s*"arguments"\s*:\s*')
_MESSAGE = re.compile(r'"message"\s*:\s*"((?:[^"\\]|\\.)*)')


def message_so_far(arguments: str) -> str:
    """Rule 4."""
    found = _MESSAGE.search(arguments)
    if found is None:
        return ""
    raw = found.group(1)
    for cut in range(len(raw), max(-1, len(raw) - 6), -1):   # an escape is at most 6 characters (\\uXXXX)
        try:
            return json.loads(f'"{raw[:cut]}"')
        except json.JSONDecodeError:
            continue
    return ""


class CallPieces:
    """Rules 1-3 for one answer."""

    def __init__(self, release: Callable[[str], bool], abandon: Callable[[str], bool] | None = None) -> None:
        self._release = release
        self._abandon = abandon
        self.abandoned = False
        self._text = ""
        self._start: int | None = None   # where the arguments begin in the text
        self._sent = 0                   # how much of the arguments was handed on
        self.name: str | None = None
        self.released = False

    def feed(self, piece: str) -> str:
        """The arguments text to hand on now ("" while held)."""
        self._text += piece
        if self._start is None:
            head = _HEAD.match(self._text)
            if head is None:
                return ""
            self.name = json.loads(f'"{head.group(1)}"')
            self._start = head.end()
        arguments = self._text[self._start:]
        if self.abandoned:
            return ""
        if not self.released:
            message = message_so_far(arguments)
            if self._abandon is not None and self._abandon(message):
                self.abandoned = True
                return ""
            if not self._release(message):
                return ""
            self.released = True
        kept = arguments.rstrip()
        safe = len(kept) - kept.endswith("}")    # a closing brace may be the object's own: it waits for close()
        out, self._sent = arguments[self._sent:safe], max(self._sent, safe)
        return out

    def close(self) -> str:
        """What is left of the arguments once the answer is complete ("" if nothing was ever released)."""
        if self._start is None or not self.released:
            return ""
        arguments = self._text[self._start:].rstrip()
        if arguments.endswith("}"):
            arguments = arguments[:-1].rstrip()   # the object's own closing brace
        out, self._sent = arguments[self._sent:], len(arguments)
        return out
