"""SingleContext: the one sliding window, a token-budgeted append-only log of who said what, where.

Theory of operation:
1. Entries are plain facts: HEARD (a perception, as it arrived), SPOKE
   (a line she said out loud, with its mood), WROTE (a line she wrote to a conversation), and RECAP (the
   [EARLIER] block that opens a window after a handoff). Each has a seq that only rises.
2. replay() hands her own lines back as the calls they were: a spoken line is a speak call with its mood, a
   written one a send_message call to its conversation, each followed by the tool's answer; call ids come
   from seq, so the same window replays byte-identically and a provider's prefix cache holds.
   messages() is the log as written, for whatever reads the window instead of answering from it.
3. Every entry costs what its replayed form costs on the wire (the injected counter, plus a per-message
   overhead); used() is their sum.
4. cut(hot) takes the newest entries worth `hot` tokens, plus up to the budget's margin of older ones so an
   exchange is not cut in half; everything before is cold and goes to the recap writer.
5. slide(recap, cut_seq, version) opens the next window: the recap as [EARLIER], then every entry from the cut
   on as the window is at that moment. A slide for an older version (the window was cleared meanwhile) is
   dropped. Only the ceiling evicts lines, oldest first, counted in evicted_tokens.
6. version moves only on a slide or a clear; snapshots carry it, and the write sequence the shell attaches.
7. revise(seq, text) rewrites one entry in place (a spoken line cut short becomes what she actually got to say)
   and an empty text removes it; the seq stays, so the replay changes only from that entry on.
8. changes() says what a store must write since the previous call: the entries written or revised since, the
   seqs gone (the valve, a revision to nothing), and the header (version, next_seq, evicted_tokens). The whole
   window instead (full) on the first call, after a slide or a clear (version moved), or when asked to.
"""

from __future__ import annotations

import enum
import json
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from app.core.budget import Budget
from app.core.chat import Message, ToolCall
from app.core.her_words import HerWords

MESSAGE_OVERHEAD = 4  # role and framing tokens every chat message costs, whatever the tokenizer
SAID = "said out loud"
RECAP_HEADER_TOKENS = 12   # a recap's header, in any language of her words: about ten tokens

Counter = Callable[[str], int]


class EntryKind(enum.StrEnum):
    HEARD = "heard"
    SPOKE = "spoke"
    WROTE = "wrote"
    RECAP = "recap"


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: EntryKind
    text: str
    conversation: str = ""
    mood: str = ""
    platform: str = ""
    channel: str = ""
    ts: float = 0.0
    author: str = ""     # identity, for the stream and the people stack; never rendered into a prompt
    cost: int = 0
    message_id: str = ""  # the platform's id of a heard line, for the stream (moderation); never rendered


def estimate_tokens(text: str) -> int:
    """The declared fallback when no tokenizer is known: about 3.5 characters a token, rounded up."""
    return -(-len(text) * 2 // 7) if text else 0


def _call(e: Entry) -> ToolCall:
    if e.kind is EntryKind.SPOKE:
        return ToolCall(f"w{e.seq}", "speak", json.dumps({"message": e.text, "mood": e.mood or "neutral"},
                                                        ensure_ascii=False))
    return ToolCall(f"w{e.seq}", "send_message", json.dumps(
        {"platform": e.platform, "channel": e.channel, "text": e.text}, ensure_ascii=False))


def _answer(e: Entry) -> str:
    return SAID if e.kind is EntryKind.SPOKE else f"sent to {e.platform} {e.channel}"


def wire_cost(e: Entry, count: Counter) -> int:
    if e.kind is EntryKind.HEARD:
        return count(e.text) + MESSAGE_OVERHEAD
    if e.kind is EntryKind.RECAP:   # its header is in her words, whose language the window does not know
        return count(e.text) + RECAP_HEADER_TOKENS + MESSAGE_OVERHEAD
    call = _call(e)
    return count(call.name) + count(call.arguments) + count(_answer(e)) + 2 * MESSAGE_OVERHEAD


def recap_block(recap: str, her: HerWords) -> str:
    """The recap of what slid out of her window, as she reads it, under its header in her words."""
    return f"{her.text('recap.header')}\n{recap}"


ROW = ("seq", "kind", "text", "conversation", "mood", "platform", "channel", "ts", "author")


def row(e: Entry) -> tuple:
    """An entry as the plain row a store keeps (the fields of ROW, in order)."""
    return (e.seq, e.kind.value, e.text, e.conversation, e.mood, e.platform, e.channel, e.ts, e.author)


@dataclass(frozen=True)
class Changes:
    """What changed since the previous changes() (rule 8)."""
    full: bool                       # rows are the whole window: everything else a store holds is gone
    header: dict[str, int]           # version, next_seq, evicted_tokens
    rows: list[tuple] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Cut:
    seq: int            # the first entry that stays verbatim
    version: int
    cold: tuple[Entry, ...]


class SingleContext:
    def __init__(self, budget: Budget | None = None, count: Counter = estimate_tokens) -> None:
        self.budget = budget or Budget()
        self._count = count
        self.entries: list[Entry] = []
        self.version = 0
        self.next_seq = 1
        self.evicted_tokens = 0
        self._used = 0
        # (version, first seq) -> entries consumed, messages built, the trailing run of heard lines
        self._replayed: tuple[tuple[int, int], int, list[Message], list[str]] | None = None
        # what changes() has handed out (rule 8): the version and the newest seq it covered, and since then
        self._kept: tuple[int, int] | None = None
        self._revised: set[int] = set()
        self._gone: list[int] = []

    # ---- writing -------------------------------------------------------------------------------------
    def _add(self, kind: EntryKind, text: str, **fields: Any) -> Entry:
        entry = Entry(self.next_seq, kind, text, **fields)
        entry = replace(entry, cost=wire_cost(entry, self._count))
        self.next_seq += 1
        self.entries.append(entry)
        self._used += entry.cost
        self._valve()
        return entry

    def heard(self, text: str, conversation: str = "", ts: float = 0.0, author: str = "",
              message_id: str = "") -> Entry:
        return self._add(EntryKind.HEARD, text, conversation=conversation, ts=ts, author=author,
                         message_id=message_id)

    def spoke(self, text: str, mood: str = "neutral", conversation: str = "", ts: float = 0.0) -> Entry:
        return self._add(EntryKind.SPOKE, text, mood=mood, conversation=conversation, ts=ts)

    def wrote(self, platform: str, channel: str, text: str, ts: float = 0.0) -> Entry:
        return self._add(EntryKind.WROTE, text, platform=platform, channel=channel,
                         conversation=f"{platform}:{channel}", ts=ts)

    def set_counter(self, count: Counter) -> None:
        """A new model family counts differently: every cost is recounted."""
        self._count = count
        self._set_entries([replace(e, cost=wire_cost(e, count)) for e in self.entries])
        self._valve()

    def set_budget(self, budget: Budget) -> None:
        self.budget = budget
        self._valve()

    def _valve(self) -> None:
        """Only the ceiling evicts: the oldest line after the recap goes first."""
        while self.used() > self.budget.ceiling:
            first = 1 if self.entries and self.entries[0].kind is EntryKind.RECAP else 0
            if first >= len(self.entries) - 1:
                break  # the newest line always stays
            gone = self.entries.pop(first)
            self._used -= gone.cost
            self.evicted_tokens += gone.cost
            self._gone.append(gone.seq)

    def _index(self, seq: int) -> int | None:
        """Where the entry `seq` is: a recap opens the window, the rest rise by seq."""
        first = 1 if self.entries and self.entries[0].kind is EntryKind.RECAP else 0
        if first and self.entries[0].seq == seq:
            return 0
        i = bisect_left(self.entries, seq, first, len(self.entries), key=lambda e: e.seq)
        return i if i < len(self.entries) and self.entries[i].seq == seq else None

    def revise(self, seq: int, text: str) -> bool:
        """Rule 7. False when the entry is no longer in the window (slid into a recap, evicted, cleared)."""
        i = self._index(seq)
        if i is None:
            return False
        old = self.entries[i]
        if text.strip() == old.text:
            return True
        if text.strip():
            new = replace(old, text=text.strip())
            new = replace(new, cost=wire_cost(new, self._count))
            self.entries[i] = new
            self._used += new.cost - old.cost
            self._revised.add(seq)
        else:
            del self.entries[i]
            self._used -= old.cost
            self._gone.append(seq)
        self._replayed = None  # rebuilt from the start on the next replay
        return True

    def clear(self) -> None:
        """Forget the window (and its recap)."""
        self._set_entries([])
        self.version += 1

    def _set_entries(self, entries: list[Entry]) -> None:
        self.entries = entries
        self._used = sum(e.cost for e in entries)

    # ---- reading -------------------------------------------------------------------------------------
    def used(self) -> int:
        return self._used

    def due(self) -> bool:
        return self.used() >= self.budget.trigger

    def recap(self) -> str:
        return self.entries[0].text if self.entries and self.entries[0].kind is EntryKind.RECAP else ""

    def hot_size(self) -> int:
        return sum(e.cost for e in self.entries if e.kind is not EntryKind.RECAP)

    def replay(self, her: HerWords) -> list[Message]:
        """Built incrementally: entries only append between slides, so each turn converts just its new
        lines; a slide, a clear, an eviction at the front or another language of her words rebuilds from the
        start."""
        first = self.entries[0].seq if self.entries else 0
        key = (self.version, first, her.language)
        if self._replayed is None or self._replayed[0] != key or self._replayed[1] > len(self.entries):
            self._replayed = (key, 0, [], [])
        _key, upto, built, heard = self._replayed
        for e in self.entries[upto:]:
            if e.kind is EntryKind.HEARD:
                heard.append(e.text)
                continue
            if heard:
                built.append(Message.user("\n".join(heard)))
                heard.clear()
            if e.kind is EntryKind.RECAP:
                built.append(Message.system(recap_block(e.text, her)))
            else:
                call = _call(e)
                built += [Message.assistant("", [call]), Message.tool_result(call, _answer(e))]
        self._replayed = (key, len(self.entries), built, heard)
        return built + ([Message.user("\n".join(heard))] if heard else [])

    def since(self, seq: int) -> list[Entry]:
        """Entries newer than `seq` (what a turn added), oldest first."""
        return [e for e in self.entries if e.seq > seq and e.kind is not EntryKind.RECAP]

    def messages(self) -> list[tuple[str, str, str]]:
        """(who, where, what) as written: "them" for what she heard, "her" for what she said."""
        who = {EntryKind.HEARD: "them", EntryKind.SPOKE: "her", EntryKind.WROTE: "her", EntryKind.RECAP: "recap"}
        return [(who[e.kind], e.conversation, e.text) for e in self.entries]

    # ---- the handoff ---------------------------------------------------------------------------------
    def cut(self, hot: int | None = None, margin: int | None = None) -> Cut:
        hot = self.budget.hot if hot is None else hot
        margin = self.budget.margin if margin is None else margin
        body = [e for e in self.entries if e.kind is not EntryKind.RECAP]
        kept = 0
        start = len(body)
        while start > 0 and kept < hot:
            start -= 1
            kept += body[start].cost
        while start > 0 and kept + body[start - 1].cost <= hot + margin:
            start -= 1
            kept += body[start].cost
        old_recap = [e for e in self.entries if e.kind is EntryKind.RECAP]
        cold = tuple(old_recap + body[:start])
        seq = body[start].seq if start < len(body) else self.next_seq
        return Cut(seq, self.version, cold)

    def slide(self, recap: str, cut: Cut) -> bool:
        """Open the next window with the recap. False (and nothing changes) for a stale cut."""
        if cut.version != self.version:
            return False
        rest = [e for e in self.entries if e.kind is not EntryKind.RECAP and e.seq >= cut.seq]
        head = Entry(self.next_seq, EntryKind.RECAP, recap.strip())
        self.next_seq += 1
        self._set_entries([replace(head, cost=wire_cost(head, self._count)), *rest])
        self.version += 1
        self._valve()
        return True

    # ---- persistence ---------------------------------------------------------------------------------
    def changes(self, full: bool = False) -> Changes:
        """Rule 8: cheap on the loop, whatever the size of the window (it touches only what changed)."""
        header = {"version": self.version, "next_seq": self.next_seq, "evicted_tokens": self.evicted_tokens}
        kept = self._kept
        if full or kept is None or kept[0] != self.version:
            out = Changes(True, header, [row(e) for e in self.entries])
        else:
            fresh: list[Entry] = []
            for e in reversed(self.entries):
                if e.seq <= kept[1]:
                    break
                fresh.append(e)
            fresh.reverse()
            seen = {e.seq for e in fresh}
            revised = [self.entries[i] for seq in sorted(self._revised - seen)
                       if (i := self._index(seq)) is not None]
            out = Changes(False, header, [row(e) for e in (*revised, *fresh)], list(self._gone))
        self._kept = (self.version, self.next_seq - 1)
        self._revised.clear()
        self._gone.clear()
        return out

    def snapshot(self) -> dict[str, Any]:
        """Plain rows (costs are recounted on restore, with whatever tokenizer is in use then). Cheap enough
        to take on the loop after every turn; encoding it is the store's job, off the loop."""
        return {"version": self.version, "next_seq": self.next_seq, "evicted_tokens": self.evicted_tokens,
                "fields": list(ROW), "entries": [row(e) for e in self.entries]}

    @classmethod
    def restore(cls, data: dict[str, Any], budget: Budget | None = None,
                count: Counter = estimate_tokens) -> SingleContext:
        ctx = cls(budget, count)
        ctx.version = int(data.get("version", 0))
        ctx.next_seq = int(data.get("next_seq", 1))
        ctx.evicted_tokens = int(data.get("evicted_tokens", 0))
        fields = data.get("fields", ROW)
        rows = [dict(zip(fields, row, strict=True)) for row in data.get("entries", [])]
        entries = [Entry(**{**r, "kind": EntryKind(r["kind"])}) for r in rows]
        ctx._set_entries([replace(e, cost=wire_cost(e, count)) for e in entries])
        return ctx


def transcript(entries: Sequence[Entry], her: HerWords) -> str:
    """The cold part as the recap writer reads it, its marks (an earlier recap, her spoken line, her written
    one) in her words' language."""
    earlier, spoke, wrote = (her.text(f"transcript.{k}") for k in ("earlier", "spoke", "wrote"))
    lines = []
    for e in entries:
        if e.kind is EntryKind.RECAP:
            lines.append(f"{earlier} {e.text}")
        elif e.kind is EntryKind.HEARD:
            lines.append(e.text)
        elif e.kind is EntryKind.SPOKE:
            lines.append(f"{spoke} {e.text}")
        else:
            lines.append(f"{wrote.format(platform=e.platform, channel=e.channel)} {e.text}")
    return "\n".join(lines)
