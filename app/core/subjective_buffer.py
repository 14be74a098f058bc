"""The subjective buffer (seed 001, sections 2-3): what a character lived through, told from its own side.

Rules:
1. An entry belongs to one owner (the character whose memory it is) and records the time and the place
   (conversation) at write time, an intent (dialogue or action, by an actor, towards targets) and, for actions,
   an optional outcome.
2. An entry is serialised for a viewer: the actor and every target through the viewer's aliases ("you" for
   the viewer, "an unfamiliar figure" for anyone unknown), so no id ever reaches a prompt:
   "[12:03:00 PM] the hooded figure opened the wooden chest (Outcome: Succeeded)",
   "[12:04:10 PM] you spoke to an unfamiliar figure: "hello"".
3. Consolidation: beyond KEEP_VERBATIM entries, the oldest are turned into memories (in the owner's words at
   consolidation time) and leave the buffer; the newest stay verbatim.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

KEEP_VERBATIM = 50
CONSOLIDATE_AT = 200   # the buffer consolidates once it holds this many entries
KINDS = ("dialogue", "action")


@dataclass(frozen=True)
class Intent:
    kind: str                 # dialogue | action
    actor: str
    targets: tuple[str, ...]
    description: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"an intent is a dialogue or an action, not {self.kind!r}")
        if not self.actor:
            raise ValueError("an intent needs an actor")


@dataclass(frozen=True)
class Outcome:
    succeeded: bool
    reason: str = ""


@dataclass(frozen=True)
class BufferEntry:
    owner: str
    ts: float
    location: str | None
    intent: Intent
    outcome: Outcome | None = None


def intent_json(intent: Intent) -> str:
    return json.dumps({"kind": intent.kind, "actor": intent.actor, "targets": list(intent.targets),
                       "description": intent.description}, ensure_ascii=False)


def intent_from_json(text: str) -> Intent:
    d = json.loads(text)
    return Intent(d["kind"], d["actor"], tuple(d.get("targets", ())), d.get("description", ""))


def outcome_json(outcome: Outcome | None) -> str | None:
    return None if outcome is None else json.dumps({"succeeded": outcome.succeeded, "reason": outcome.reason})


def outcome_from_json(text: str | None) -> Outcome | None:
    if not text:
        return None
    d = json.loads(text)
    return Outcome(bool(d["succeeded"]), d.get("reason", ""))


def clock_time(ts: float, tz: tzinfo = UTC) -> str:
    return datetime.fromtimestamp(ts, tz).strftime("%I:%M:%S %p").lstrip("0")


def serialise(entry: BufferEntry, resolve: Callable[[str], str], tz: tzinfo = UTC) -> str:
    """Rule 2; `resolve(target)` is the viewer's alias lookup (resolve_alias bound to a viewer)."""
    actor = resolve(entry.intent.actor)
    if entry.intent.kind == "dialogue":
        to = ", ".join(resolve(t) for t in entry.intent.targets) or "someone"
        details = f'spoke to {to}: "{entry.intent.description}"'
    else:
        details = entry.intent.description
        if entry.outcome is not None:
            details += (" (Outcome: Succeeded)" if entry.outcome.succeeded
                        else f" (Outcome: Failed - {entry.outcome.reason})")
    return f"[{clock_time(entry.ts, tz)}] {actor} {details}"


def to_consolidate(count: int, keep: int = KEEP_VERBATIM, at: int = CONSOLIDATE_AT) -> int:
    """How many of the oldest entries to consolidate now (0 until the buffer reaches `at`)."""
    return count - keep if count >= at else 0


def consolidated_source(entries: Sequence[BufferEntry], owner: str) -> list[str]:
    """For each entry, whose words it is: "bea"-style source for the owner's own acts, "person" otherwise."""
    return ["bea" if e.intent.actor == owner else "person" for e in entries]
