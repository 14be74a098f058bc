"""A small learned check for attempts the rules do not name: hashed word n-grams, a logistic regression.

Theory of operation:
1. A line is folded (app.core.text_fold) and cut into \\w+ words; its features are the words, the pairs of
   neighbouring words and the five-character pieces of the words joined by single spaces (so a word's other
   forms share most of them), each hashed with CRC-32 into BUCKETS buckets (a stable hash: Python's own is salted).
2. Its score is the bias plus the weight of each bucket it holds (buckets without a weight weigh nothing); it is an
   attempt when the score reaches THRESHOLD. The weights and the threshold are a constant module
   (app.core.triage_weights), written by tests/bench/triage_model_train.py, so nothing is read at decision time.
   They were fitted on development data only: the public corpus's development part (the packaged S-Labs, Yanis
   Miraoui and bastioncorpus attempts among them, English and Italian) against Ubuntu IRC lines, the development
   half of the Chit-Chat Challenge conversations, the packages' benign development lines (technical, AI-safety and
   everyday questions), triage_dev's plain lines and the rules' tests' and STS sentences (the Italian plain text).
   Our own attempts are not fitted on: they name Bea and the streamer, and the model read those words as an
   attempt's. The threshold is the lowest score that, where the rules name nothing, flags at most 0.05% of
   validation IRC lines (system administration talk), 0.03% of a check part of that Chit-Chat half (with the
   rules' 0.003%, under the goal of 0.1% of plain chat), 0.5% of the benign development lines (each scored by a
   model fitted without it: questions about AI safety and prompts share an attempt's words) and no STS sentence;
   the benign lines set it.
3. Only lines of MIN_CHARS and up are scored, and only when the rules named nothing: the packaged attempts are
   short (629 of S-Labs' 958 development attempts are under 50 characters, none under 20), and shorter chat
   lines cost nothing here.
"""

from __future__ import annotations

import re
from zlib import crc32

from app.core.triage_weights import BIAS, BUCKETS, THRESHOLD, WEIGHTS

MIN_CHARS = 20
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
    """Whether the model calls a line of MIN_CHARS and up an attempt."""
    return len(text) >= MIN_CHARS and score(folded) >= THRESHOLD
