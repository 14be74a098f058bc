"""What is worth remembering, and which memories come back: the recall rules as plain functions.

Theory of operation:
1. A fragment ("ok", "lol", "ahah", an emoji or two) is not a memory; neither is a line already stored,
   word for word after normalising case and spacing, in the same scope.
2. A memory's source is "person" (what people said) or "bea" (her own words and inventions); anything else is
   an error. Plain recall returns only what people said, so her inventions never come back as facts.
3. Ranking: cosine similarity re-ranked as similarity*0.7 + recency*0.3, recency = 1/(1 + days*0.1); a
   candidate below min_similarity (0.35) never comes back, however recent.
4. Every injection is capped: at most `limit` memories and `max_chars` characters per block.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.her_words import HerWords

SOURCES = ("person", "bea")
DAY_SECONDS = 86400.0
MIN_SIMILARITY = 0.35
SIMILARITY_WEIGHT = 0.7
RECENCY_WEIGHT = 0.3
DEFAULT_LIMIT = 5
BLOCK_CHARS = 1200
_FILLER = {"ok", "okay", "k", "kk", "lol", "lmao", "ahah", "ahaha", "haha", "hahaha", "xd", "si", "sì", "no",
           "yes", "ya", "yeah", "boh", "mah", "eh", "oh", "ah", "ciao", "hi", "hey", "gg", "wp", "grazie",
           "thanks", "ty", "pog", "poggers", "kekw", "f", "+1", "?", "!", "..."}


class RecallError(ValueError):
    pass


def normalise(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", folded).strip()


def is_fragment(text: str) -> bool:
    words = re.findall(r"\w+", normalise(text))
    if not words:
        return True  # emoji, punctuation
    if all(w in _FILLER or re.fullmatch(r"(ha|ah|eh|he|lo|l)+", w) for w in words):
        return True
    return len(words) < 3 and sum(len(w) for w in words) < 8


def check_source(source: str) -> str:
    if source not in SOURCES:
        raise RecallError(f"a memory's source is 'person' or 'bea', not {source!r}")
    return source


def recency(age_days: float) -> float:
    return 1.0 / (1.0 + max(0.0, age_days) * 0.1)


@dataclass(frozen=True)
class Candidate:
    id: int
    similarity: float
    age_days: float


def rank(candidates: Iterable[Candidate], limit: int = DEFAULT_LIMIT,
         min_similarity: float = MIN_SIMILARITY) -> list[tuple[int, float]]:
    """(id, score), best first; ties broken by id so two paths over the same data agree exactly."""
    scored = [(c.id, SIMILARITY_WEIGHT * c.similarity + RECENCY_WEIGHT * recency(c.age_days))
              for c in candidates if c.similarity >= min_similarity]
    scored.sort(key=lambda s: (-round(s[1], 9), s[0]))
    return scored[:limit]


def score_ceilings(similarity_ceilings: np.ndarray, age_days: np.ndarray) -> np.ndarray:
    """The best score each memory could have, given the most it can be similar (rule 3): -inf where even that
    is below min_similarity. No memory scores above its ceiling, so a search may stop once its best `limit`
    exact scores are above every ceiling it has not looked at."""
    best = np.full(len(similarity_ceilings), -np.inf)
    can = np.flatnonzero(similarity_ceilings >= MIN_SIMILARITY)  # only these are worked out (recall's time)
    recent = 1.0 / (1.0 + np.maximum(age_days[can], 0.0) * 0.1)
    best[can] = SIMILARITY_WEIGHT * similarity_ceilings[can] + RECENCY_WEIGHT * recent
    return best


def ago(age_days: float, her: HerWords) -> str:
    """How long ago, in her words: just now, hours, yesterday, days."""
    if age_days < 1 / 24:
        return her.text("recall.just_now")
    if age_days < 1:
        return her.say("recall.hours_ago", n=int(age_days * 24))
    if age_days < 2:
        return her.text("recall.yesterday")
    return her.say("recall.days_ago", n=int(age_days))


def recall_headers(her: HerWords) -> tuple[str, str]:
    """The headers of what recall brings her: what people told her, and her own words."""
    return her.text("recall.told"), her.text("recall.own")


def block(title: str, lines: Sequence[str], max_chars: int = BLOCK_CHARS) -> str:
    kept, used = [], len(title)
    for line in lines:
        if used + len(line) + 3 > max_chars:
            break
        kept.append(f"- {line}")
        used += len(line) + 3
    return "\n".join([title, *kept]) if kept else ""
