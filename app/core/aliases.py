"""Subjective aliases (seed 001): every character that thinks keeps private words for everyone it met.

States of an alias, weakest first:
- described: a label from what the viewer can see when there is no name (a voice in the room: "a deep voice").
- seen: the display name the viewer saw next to their words (a chat nickname, which she can read).
- known: a name the viewer learned. Sources, weakest first: `remembered` (she chose it with remember_person),
  `introduced` (the person said their name: "I'm Marco", "mi chiamo Marco"), `streamer` (the owner told her,
  in the People dock).

When an alias is learned and when it may change:
1. Nothing known: resolve_alias gives "an unfamiliar figure"; the viewer's own id gives "you".
2. An unknown alias follows what is visible: a described label gives way to a seen name, and a seen name
   follows the latest display name (a nickname change shows), but a description never replaces a seen name.
3. The upgrade: the first known name replaces any unknown label at once.
4. A known name changes only by a source at least as strong as the one that set it, with a different name: the
   person may correct their own introduction, she may not overwrite what they said about themselves, and the
   streamer overrides everything. Nothing visible (rules 2) ever replaces a known name.
5. Names are stored as given (trimmed, inner spaces collapsed); empty names are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from app.core.perception import Meta, Perception

UNFAMILIAR = "an unfamiliar figure"
SELF = "you"
STATES = ("described", "seen", "known")
KNOWN_SOURCES = ("remembered", "introduced", "streamer")   # weakest first


@dataclass(frozen=True)
class Alias:
    text: str
    state: str            # described | seen | known
    source: str = ""      # for known names: remembered | introduced | streamer
    updated_at: float = 0.0


def clean(name: str) -> str:
    return " ".join(name.split())


def _strength(a: Alias) -> tuple[int, int]:
    rank = KNOWN_SOURCES.index(a.source) + 1 if a.state == "known" and a.source in KNOWN_SOURCES else 0
    return STATES.index(a.state), rank


def learn(current: Alias | None, proposed: Alias) -> Alias | None:
    """The alias to store, or None when `current` stands (rules 2-4)."""
    text = clean(proposed.text)
    if not text:
        raise ValueError("an alias needs a name or a label")
    if proposed.state not in STATES or (proposed.state == "known" and proposed.source not in KNOWN_SOURCES):
        raise ValueError(f"unknown alias state {proposed.state!r} / source {proposed.source!r}")
    proposed = replace(proposed, text=text)
    if current is None:
        return proposed
    if current.text == text and _strength(current) >= _strength(proposed):
        return None
    if proposed.state == "known":
        return proposed if current.state != "known" or _strength(proposed) >= _strength(current) else None
    if current.state == "known":
        return None
    if proposed.state == "described" and current.state == "seen":
        return None
    return proposed


def resolve_alias(viewer: str, target: str, aliases: dict[str, Alias]) -> str:
    if target == viewer:
        return SELF
    found = aliases.get(target)
    return found.text if found is not None else UNFAMILIAR


_NAME = r"([^\W\d_][\w'’-]{0,30}(?: [^\W\d_][\w'’-]{0,30})?)"
_INTRO = re.compile(
    r"(?:^|[\s,.!?;:])(?:my name is|my name's|i'm called|i am called|you can call me|call me|"
    r"mi chiamo|il mio nome è|il mio nome e'|chiamami|puoi chiamarmi)\s+" + _NAME, re.IGNORECASE)
_NOT_NAMES = {"a", "an", "the", "not", "just", "un", "una", "il", "lo", "la", "non", "solo", "maybe", "forse",
              "back", "later", "tomorrow", "domani", "dopo", "when", "quando", "if", "se", "please", "pls"}


def introduced_name(text: str) -> str | None:
    """The name someone gives for themselves in a chat line, or None. Only explicit phrasings count ("my name
    is", "call me", "mi chiamo", "chiamami"...): "I'm tired" or "sono stanco" never name anyone."""
    m = _INTRO.search(text)
    if m is None:
        return None
    words = m.group(1).split()
    if words[0].casefold() in _NOT_NAMES:
        return None
    if len(words) == 2 and words[1].casefold() in _NOT_NAMES | {"and", "e", "but", "ma"}:
        words = words[:1]
    return clean(" ".join(words)).strip("'’-")


def relabel(p: Perception, label: str) -> Perception:
    """A chat perception rendered "[display name] text" by its surface, rendered with the viewer's label; the
    label is kept as meta WHO too, for [WHERE YOU ARE] to name who is in a conversation in the same words."""
    text = p.meta.get(Meta.TEXT)
    if p.author is None or not isinstance(text, str):
        return p
    shown = f"[{p.author.display_name}] {text}"
    if p.content != shown or label == p.author.display_name:
        return p
    return replace(p, content=f"[{label}] {text}", meta={**p.meta, Meta.WHO: label})
