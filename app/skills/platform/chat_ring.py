"""The last lines of a platform's chat, as its dock shows them: numbered, with a revision that moves on any
change (a line added, a line a moderator removed), and the recent lines findable by their message id."""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from app.core.words import Phrase

LINES = 500          # lines a dock can show
RECENT_IDS = 2000    # message ids remembered to find the line a moderator removes
DROPPED = "dropped"  # a line of hers a platform's limits kept from going out in time (its phrase says why)


@dataclass
class ChatLine:
    seq: int
    ts: float
    who: str
    text: str
    kind: str                   # chat | event | paid | member | her | system | refused | dropped
    identity: str | None = None
    msg_id: str | None = None
    bits: int = 0
    channel: str = ""
    removed: bool = False
    action: bool = False        # a /me line
    phrase: Phrase | None = None  # the line in marked words the dock translates (a platform's state); None: text


class ChatRing:
    def __init__(self, size: int = LINES) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=size)
        self.seq = 0
        self.revision = 0
        self._recent: OrderedDict[str, ChatLine] = OrderedDict()

    def __iter__(self) -> Iterator[ChatLine]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def add(self, ts: float, who: str, text: str, kind: str, identity: str | None = None,
            msg_id: str | None = None, bits: int = 0, channel: str = "", action: bool = False,
            phrase: Phrase | None = None) -> ChatLine:
        self.seq += 1
        line = ChatLine(self.seq, ts, who, text, kind, identity, msg_id, bits, channel, action=action, phrase=phrase)
        self.lines.append(line)
        self.revision += 1
        if msg_id:
            self._recent[msg_id] = line
            if len(self._recent) > RECENT_IDS:
                self._recent.popitem(last=False)
        return line

    def find(self, msg_id: str) -> ChatLine | None:
        return self._recent.get(msg_id)

    def strike(self, match: Callable[[ChatLine], bool]) -> list[ChatLine]:
        """Mark the matching lines removed by a moderator; returns them (the revision moves when any did)."""
        struck = [line for line in self.lines if not line.removed and match(line)]
        for line in struck:
            line.removed = True
        if struck:
            self.revision += 1
        return struck

    def touch(self) -> None:
        self.revision += 1
