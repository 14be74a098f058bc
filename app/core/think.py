"""Reasoning kept apart from visible text: <think>, <thinking> and <reasoning> blocks split out of a stream.

Theory of operation:
1. Text outside a reasoning block is visible; text inside one is reasoning. The tags themselves belong to
   neither, and visible text never contains a byte of reasoning.
2. The opening tags are <think>, <thinking> and <reasoning>, in any letter case. A block ends only at the
   closing tag of its own name: "</think>" inside <reasoning> is reasoning text.
3. Chunks may cut a tag anywhere, so a trailing "<..." that could still grow into a tag the current state
   cares about is held back until the next chunk settles it (never more than the longest tag); a "<" that
   can no longer become one is ordinary text.
4. A block still open when the stream ends is reasoning: a model cut off mid-thought never leaks it.
   A held-back fragment at the end is given to the side it was on.
5. Some chat templates open the block inside the prompt, so the model's output starts with reasoning and
   shows only the closing tag. A closing tag seen before any opening tag therefore makes everything visible
   so far reasoning. The totals (visible, reasoning) are corrected; fragments already streamed cannot be,
   so a caller whose server is known to do this passes starts_inside=True and nothing leaks at all.
   Any other stray closing tag is dropped.
6. feed() returns what its chunk settled; close() returns what was held back. The totals are the same
   however the stream was cut, and (but for rule 5) equal the pieces joined.
"""

from __future__ import annotations

from dataclasses import dataclass

NAMES = ("think", "thinking", "reasoning")
_OPENING = {f"<{n}>": n for n in NAMES}
_CLOSING = {f"</{n}>": n for n in NAMES}


@dataclass(frozen=True)
class Piece:
    visible: str = ""
    reasoning: str = ""


class ThinkSplitter:
    def __init__(self, starts_inside: bool = False) -> None:
        self._inside: str | None = "think" if starts_inside else None
        self._opened_any = starts_inside
        self._held = ""
        self._visible: list[str] = []
        self._reasoning: list[str] = []

    @property
    def visible(self) -> str:
        return "".join(self._visible)

    @property
    def reasoning(self) -> str:
        return "".join(self._reasoning)

    def feed(self, chunk: str) -> Piece:
        text, self._held = self._held + chunk, ""
        visible: list[str] = []
        reasoning: list[str] = []
        pos = 0
        while True:
            lt = text.find("<", pos)
            if lt < 0:
                self._emit(text[pos:], visible, reasoning)
                break
            self._emit(text[pos:lt], visible, reasoning)
            tag, partial = self._match(text, lt)
            if partial:
                self._held = text[lt:]
                break
            if tag is None:
                self._emit("<", visible, reasoning)
                pos = lt + 1
                continue
            self._take(tag, visible, reasoning)
            pos = lt + len(tag)
        return Piece("".join(visible), "".join(reasoning))

    def close(self) -> Piece:
        held, self._held = self._held, ""
        visible: list[str] = []
        reasoning: list[str] = []
        self._emit(held, visible, reasoning)
        return Piece("".join(visible), "".join(reasoning))

    def _candidates(self) -> dict[str, str]:
        if self._inside is not None:
            return {f"</{self._inside}>": self._inside}
        return {**_OPENING, **_CLOSING}

    def _match(self, text: str, lt: int) -> tuple[str | None, bool]:
        """The tag starting at `lt`, or whether the text there is still a prefix of one."""
        head = text[lt:lt + max(map(len, self._candidates()))].lower()
        for tag in self._candidates():
            if head.startswith(tag):
                return tag, False
        partial = any(tag.startswith(head) for tag in self._candidates()) and len(text) - lt == len(head)
        return None, partial

    def _take(self, tag: str, visible: list[str], reasoning: list[str]) -> None:
        if tag in _OPENING and self._inside is None:
            self._inside = _OPENING[tag]
            self._opened_any = True
        elif self._inside is not None:
            self._inside = None
        elif not self._opened_any:
            # rule 5: the template opened the block, so what looked visible was reasoning
            self._reasoning[:0] = self._visible
            self._visible.clear()
            reasoning[:0] = visible
            visible.clear()
            self._opened_any = True

    def _emit(self, text: str, visible: list[str], reasoning: list[str]) -> None:
        if not text:
            return
        if self._inside is None:
            visible.append(text)
            self._visible.append(text)
        else:
            reasoning.append(text)
            self._reasoning.append(text)
