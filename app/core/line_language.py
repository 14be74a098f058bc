"""Which language a chat line is in, by its common words: enough to tell the tiny demo model which language to
answer in, where a real model reads it for itself.

Theory of operation:
1. A line's words (lower case, apostrophes split: "what's" is "what" and "s") are looked up in a table of each
   language's commonest short words: articles, pronouns, question words, greetings. Each word found is a vote.
   They are words that say nothing of what a line is about, so the rest of a line's words are its topic
   (topic_words), which the demo uses to find the earlier line a question is about.
2. The language with the most votes wins; a tie, or no vote at all, is "" (unknown): a name, an emoji or
   "lol" say nothing, and the caller keeps the language it had.
3. Words two of the languages share in writing ("a", "i", "in", "me", "so", "come", "no", "chat") count for
   neither: they would vote for both and decide nothing, or decide wrongly. Each catalog lists its language's
   words (language.common_words) as if it were alone; the words two catalogs share are taken out here.
   Apostrophes split words, so "what's" votes with "what" and "c'è" with "è".
4. The languages are the catalogs present (app.core.her_words); another language is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from app.core.her_words import Catalogs

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def words_of(line: str) -> list[str]:
    return _WORD.findall(line.casefold())


@dataclass(frozen=True)
class CommonWords:
    """Each language's common words (rule 1), a word of two languages in neither (rule 3)."""
    tables: Mapping[str, frozenset[str]]
    every: frozenset[str]   # every language's common words, shared ones too: none is a topic word

    @classmethod
    def of(cls, catalogs: Catalogs) -> CommonWords:
        own = {code: frozenset(catalogs[code].text("language.common_words").split()) for code in catalogs.languages}
        shared = {w for code, table in own.items() for other, theirs in own.items() if other != code
                  for w in table & theirs}
        return cls({code: table - shared for code, table in own.items()}, frozenset().union(*own.values()))


def topic_words(line: str, common: CommonWords) -> set[str]:
    """The words of `line` that are no language's common word and longer than two letters."""
    return {w for w in words_of(line) if len(w) > 2 and w not in common.every}


def language_of(line: str, common: CommonWords) -> str:
    """The language of `line` (a code of a catalog), or "" when its words do not decide it (rule 2)."""
    found = words_of(line)
    votes = {code: sum(w in table for w in found) for code, table in common.tables.items()}
    best = max(votes.values(), default=0)
    winners = [code for code, n in votes.items() if n == best]
    return winners[0] if best > 0 and len(winners) == 1 else ""
