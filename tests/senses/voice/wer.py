"""A tiny word error rate: (substitutions + deletions + insertions) / reference words, after normalising."""

from __future__ import annotations

import re

_NOT_WORD = re.compile(r"[^a-z0-9' ]+")


def words(text: str) -> list[str]:
    """Lower case, punctuation and hyphens out, so "country." and "Country" are one word."""
    return _NOT_WORD.sub(" ", text.lower().replace("-", " ")).split()


def word_error_rate(reference: str, hypothesis: str) -> float:
    ref, hyp = words(reference), words(hypothesis)
    if not ref:
        return 0.0 if not hyp else 1.0
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    return previous[-1] / len(ref)
