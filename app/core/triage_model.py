"""A small learned check for attempts the rules do not name: hashed word n-grams, a logistic regression.

Theory of operation:
1. A line is folded (app.core.text_fold) and cut into \\w+ words; its features are the words, the pairs of
   neighbouring words and the five-character pieces of the words joined by single spaces (so a word's other
   forms share most of them), each hashed with CRC-32 into BUCKETS buckets (a stable hash: Python's own is salted).
2. Its score is the bias plus the weight of each bucket it holds (buckets without a weight weigh nothing); it is an
   attempt when the score reaches the threshold. The weights are a constant module (app.core.triage_weights),
   written by tests/bench/triage_model_train.py, so nothing is read at decision time. The threshold is the
   trainer's or CHAT_THRESHOLD, whichever is higher: the trainer's was chosen on IRC lines, and on real people
   chatting about their lives (the development half of the Chit-Chat Challenge conversations, tests/bench/on_air.py)
   it flagged 115 of 129,352 lines; at CHAT_THRESHOLD 37 (0.03%), a share that leaves the rules and the spam shapes
   room under 0.1%. The held-out half of those conversations is only scored.
3. Only long lines are scored (MIN_CHARS and up), and only when the rules named nothing: most chat lines are short
   and cost nothing here.
"""

from __future__ import annotations

import re
from zlib import crc32

from app.core.triage_weights import BIAS, BUCKETS, THRESHOLD, WEIGHTS

MIN_CHARS = 50
CHAT_THRESHOLD = 3.0
_WORD = re.compile(r"\w+")


def buckets(folded: str) -> set[int]:
    """The hashed features of a folded line."""
    words = _WORD.findall(folded)
    grams = words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    joined = " " + " ".join(words) + " "
    grams += ["#" + joined[i:i + 5] for i in range(len(joined) - 4)]
    return {crc32(g.encode("utf-8")) % BUCKETS for g in grams}


def score(folded: str) -> float:
    return BIAS + sum(WEIGHTS.get(b, 0.0) for b in buckets(folded))


def attempt(text: str, folded: str) -> bool:
    """Whether the model calls a long line an attempt."""
    return len(text) >= MIN_CHARS and score(folded) >= max(THRESHOLD, CHAT_THRESHOLD)
