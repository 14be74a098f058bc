"""Consolidation rules: when she dreams, how a dream is read back, and when a person is due a profile.

Theory of operation:
1. She dreams once a night at a set local hour (default 4), or when asked. The next dream is the first time
   at that hour after the last one; a night missed (the app was closed) is dreamed at the next start.
2. A dream consolidates one session from at most STREAM_LIMIT of its most recent lines; a longer session
   is an overflow, counted and logged, never silently truncated.
3. The dream comes back as tagged lines: "PERSON: ..." is something people said (source=person), "BEA: ..."
   something she said or made up (source=bea), "LORE: ..." her self-lore (source=bea, scope self-lore).
   Untagged lines, empty ones and fragments are ignored.
4. A person is profiled first after PROFILE_FIRST messages, and again only after PROFILE_AGAIN more.
5. A session is consolidated line by line, not as a whole: what was consolidated is remembered as the id of
   the last line read (a watermark), so the End stream, a quit, a long pause and the night's dream each take
   only the lines after it, and a line becomes memories exactly once however many of them come.
6. A model too small to write a dream (the built-in demo) still leaves memories: the lines people said that
   read as statements (told_facts: not a question, not a greeting or a fragment, at least MIN_TOLD_WORDS
   words) are kept verbatim, each under the name of who said it and attributed to them (source=person).
7. What the streamer said of themselves in such statements also goes on their person model (the You dock), whatever
   model dreams: under the first section whose words (_ABOUT, English and Italian) the statement uses, else
   "identity", keyed by its words, their own words as the quote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.core.recall import is_fragment

DREAM_HOUR = 4
PROFILE_FIRST = 20
PROFILE_AGAIN = 200
_TAG = re.compile(r"^\s*[-*•]?\s*(PERSON|BEA|LORE)\s*:\s*(.+?)\s*$", re.I)
MIN_TOLD_WORDS = 4   # "my cat is Pistacchio" is a fact; "ciao bea come va" is small talk either way
# a line that opens with one of these asks rather than tells (English and Italian, her prompts' languages)
_ASKS = frozenset("what who whom whose how why when where which do does did are is can could would will should "
                  "have has cosa che chi come perché perche quando dove quale quali quanto quanti quante "
                  "qual sai puoi hai sei".split())
_ABOUT = tuple((section, frozenset(words.split())) for section, words in (
    ("relationships", "wife husband girlfriend boyfriend partner friend friends mother mom mum father dad brother "
                      "sister son daughter cat dog pet moglie marito fidanzata fidanzato ragazza ragazzo amico amica "
                      "amici madre mamma padre papà fratello sorella figlio figlia gatto gatta cane"),
    ("preferences", "like likes love loves prefer favourite favorite hate piace piacciono adoro amo preferisco "
                    "preferito preferita odio"),
    ("commitments", "tomorrow will promise going must domani devo dovrò farò prometto"),
    ("routine", "every usually always morning evening night ogni sempre solitamente mattina sera notte")))
_NAMED = re.compile(r"^\s*\[([^\]]{1,60})\]\s*(.*)$", re.S)   # "[marco] text", as a sense renders a line


@dataclass(frozen=True)
class Dreamt:
    source: str   # person | bea
    scope: str    # session:<id> | self-lore
    text: str
    author: str | None = None   # whose words these are (told_facts), when one person's


def next_dream(now: datetime, hour: int = DREAM_HOUR, last: datetime | None = None) -> datetime:
    """The first dream time after the last dream (or after now, the first time). A result at or before
    `now` means a dream is overdue: the app was closed through it, so she dreams at once."""
    start = last if last is not None else now
    due = start.replace(hour=hour, minute=0, second=0, microsecond=0)
    if due <= start if last is not None else due < start:
        due += timedelta(days=1)
    return due


def read_dream(text: str, session_id: int) -> list[Dreamt]:
    out: list[Dreamt] = []
    seen: set[tuple[str, str]] = set()
    for line in text.splitlines():
        match = _TAG.match(line)
        if not match or is_fragment(match.group(2)):
            continue
        tag, said = match.group(1).upper(), match.group(2)
        item = Dreamt("person" if tag == "PERSON" else "bea",
                      "self-lore" if tag == "LORE" else f"session:{session_id}", said)
        if (item.scope, said.casefold()) not in seen:
            seen.add((item.scope, said.casefold()))
            out.append(item)
    return out


def statement(line: str) -> tuple[str, str] | None:
    """Rule 6: a heard line ("[name] words") as (name, words) when the words read as a statement, else None."""
    match = _NAMED.match(line)
    # "[Streamer, out loud] words": the name is before the mark of how it was said
    name, said = (match.group(1).split(",")[0].strip(), match.group(2).strip()) if match else ("", line.strip())
    words = re.findall(r"\w+", said.casefold())
    if len(words) < MIN_TOLD_WORDS or said.endswith("?") or words[0] in _ASKS or is_fragment(said):
        return None
    return name, said


def told_facts(heard: list[tuple[str, str | None]], session_id: int) -> list[Dreamt]:
    """Rule 6: from (line, author) pairs of what people said, the statements, kept verbatim as "name: words"."""
    out: list[Dreamt] = []
    seen: set[str] = set()
    for line, author in heard:
        found = statement(line)
        if found is None or found[1].casefold() in seen:
            continue
        name, said = found
        seen.add(said.casefold())
        out.append(Dreamt("person", f"session:{session_id}", f"{name}: {said}" if name else said, author))
    return out


def about_the_streamer(said: str) -> tuple[str, str]:
    """Rule 7: the section and key of the streamer's person model a statement of theirs goes under."""
    words = re.findall(r"\w+", said.casefold())
    section = next((name for name, table in _ABOUT if table & set(words)), "identity")
    return section, ("told: " + " ".join(words[:16]))[:120]


def profile_due(messages: int, profiled_at: int | None) -> bool:
    if profiled_at is None:
        return messages >= PROFILE_FIRST
    return messages - profiled_at >= PROFILE_AGAIN
