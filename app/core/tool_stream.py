"""Streamed tool calls, accumulated from OpenAI-style deltas (or any indexed fragments) into whole ToolCalls.

Theory of operation:
1. Every fragment names its call by index; fragments with the same index belong to the same call, however
   the calls interleave. Calls come out ordered by index.
2. A fragment without an index belongs to the call with its id when it has a known one, starts a new call
   when it has a new id, and otherwise continues the call the previous fragment touched (servers that omit
   the index send one call at a time), unless it names a tool while that call already has a name: a name
   is said once per call, so it opens the next one.
3. The first non-empty id and the first non-empty name are kept; servers that repeat them on every
   fragment change nothing.
4. Argument fragments are joined as raw text in arrival order and never parsed here: a fragment may end in
   the middle of a string, a number or an escape. Arguments sent as a JSON object rather than text (some
   servers do) are serialised.
5. finish() returns the calls. A call that never got a name is a ToolStreamError; a call that never got an
   id gets "call_<index>"; a call whose arguments never arrived gets "{}".
6. add() reports what it learned as a Fragment (the call's index, id and name so far, and the new argument
   text) so a listener can follow a call while it is being written.
7. ToolStreamError (a ValueError) is the only error raised, whatever a server sends: a delta that is not an
   object, a function that is not an object, an index that is not a whole number >= 0, an id or a name that is
   not a string, arguments that are neither text nor an object.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from app.core.chat import ToolCall


class ToolStreamError(ValueError):
    """A tool-call stream that cannot be read (rule 7); str() says why."""


@dataclass(frozen=True)
class Fragment:
    index: int
    call_id: str
    name: str
    arguments: str


@dataclass
class _Partial:
    id: str = ""
    name: str = ""
    parts: list[str] = field(default_factory=list)


class ToolCallAccumulator:
    def __init__(self) -> None:
        self._calls: dict[int, _Partial] = {}
        self._last: int | None = None

    def __bool__(self) -> bool:
        return bool(self._calls)

    def add(self, index: int | None = None, call_id: str | None = None, name: str | None = None,
            arguments: str | dict[str, Any] | None = None) -> Fragment:
        """One fragment (rules 1-4, 6); ToolStreamError for a part of the wrong type (rule 7)."""
        if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
            raise ToolStreamError(f"a tool call's index must be a whole number >= 0, not {index!r:.40}")
        for what, value in (("id", call_id), ("name", name)):
            if value is not None and not isinstance(value, str):
                raise ToolStreamError(f"a tool call's {what} must be a string, not {type(value).__name__}")
        if arguments is not None and not isinstance(arguments, str | dict):
            raise ToolStreamError(f"a tool call's arguments must be text or an object, not "
                                  f"{type(arguments).__name__}")
        key = self._key(index, call_id, name)
        call = self._calls.get(key)
        if call is None:
            call = self._calls[key] = _Partial()
        self._last = key
        if call_id and not call.id:
            call.id = call_id
        if name and not call.name:
            call.name = name
        if isinstance(arguments, dict):
            arguments = json.dumps(arguments, ensure_ascii=False)
        text = arguments or ""
        if text:
            call.parts.append(text)
        return Fragment(key, call.id, call.name, text)

    def add_openai(self, delta: dict[str, Any]) -> Fragment:
        """One element of a Chat Completions chunk's choices[0].delta.tool_calls; ToolStreamError when it is
        not shaped like one (rule 7)."""
        if not isinstance(delta, dict):
            raise ToolStreamError(f"a tool call delta must be an object, not {type(delta).__name__}")
        function = delta.get("function") or {}
        if not isinstance(function, dict):
            raise ToolStreamError(f"a tool call's function must be an object, not {type(function).__name__}")
        index = delta.get("index")
        return self.add(index if isinstance(index, int) and not isinstance(index, bool) else None,
                        delta.get("id") or None, function.get("name") or None, function.get("arguments"))

    def finish(self) -> list[ToolCall]:
        """The calls, ordered by index (rule 5); ToolStreamError for one that never got a name."""
        calls: list[ToolCall] = []
        for key in sorted(self._calls):
            call = self._calls[key]
            if not call.name:
                raise ToolStreamError(f"tool call {key} ended without a function name")
            calls.append(ToolCall(call.id or f"call_{key}", call.name, "".join(call.parts) or "{}"))
        return calls

    def _key(self, index: int | None, call_id: str | None, name: str | None) -> int:
        if index is not None:
            return index
        if call_id:
            for key, call in self._calls.items():
                if call.id == call_id:
                    return key
            return self._fresh_key()
        if self._last is not None and not (name and self._calls[self._last].name):
            return self._last
        return self._fresh_key()

    def _fresh_key(self) -> int:
        # keys for index-less calls sort after every indexed one seen so far
        return max(self._calls, default=-1) + 1
