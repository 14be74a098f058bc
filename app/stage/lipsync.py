"""Mouth movement for the stage: audio energy to a mouth level, and a stand-in read from the words.

The voice, when it plays her audio, hands frames to level() and sends the result (StageSkill.mouth). With no
voice sending levels, text_envelope() moves her mouth from the words alone: one opening per vowel group,
shaped by that vowel (a → aa, e → ee, i/y → ih, o → oh, u → ou), with short closures between words and
longer ones at punctuation. It is a cartoon of speech, not an analysis, and never claims to be more.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence

RATE = 30.0              # mouth frames per second
SYLLABLE = 0.16          # seconds per vowel group
WORD_GAP = 0.05
PAUSE = 0.25             # at , . ! ? ; :
MAX_SECONDS = 30.0
VOWEL_VISEME = {"a": "aa", "e": "ee", "i": "ih", "y": "ih", "o": "oh", "u": "ou"}
_TOKENS = re.compile(r"[a-z]+|[,.!?;:]")
_VOWELS = re.compile(r"[aeiouy]+")

Frame = tuple[float, str]  # (level 0..1, viseme)


def level(samples: Sequence[float], floor: float = 0.01, ceiling: float = 0.25) -> float:
    """The mouth level for one audio frame (floats in -1..1): RMS energy mapped from [floor, ceiling] onto
    [0, 1] on a square-root curve, so quiet speech still opens the mouth a little."""
    if not samples:
        return 0.0
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    if rms <= floor:
        return 0.0
    return min(1.0, math.sqrt((rms - floor) / (ceiling - floor)))


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def text_envelope(text: str, rate: float = RATE) -> list[Frame]:
    """Mouth frames at `rate` per second for saying `text`, ending closed."""
    frames: list[Frame] = []

    def closed(seconds: float) -> None:
        frames.extend([(0.0, "aa")] * max(1, round(seconds * rate)))

    per = max(2, round(SYLLABLE * rate))
    for token in _TOKENS.findall(_plain(text)):
        if len(frames) >= MAX_SECONDS * rate:
            break
        if not token[0].isalpha():
            closed(PAUSE)
            continue
        for group in _VOWELS.findall(token) or ["a"]:
            viseme = VOWEL_VISEME[group[0]]
            for k in range(per):
                frames.append((round(0.15 + 0.75 * math.sin(math.pi * (k + 0.5) / per), 3), viseme))
        closed(WORD_GAP)
    if frames and frames[-1][0] != 0.0:
        closed(WORD_GAP)
    return frames[: int(MAX_SECONDS * rate)]


def duration(text: str, rate: float = RATE) -> float:
    return len(text_envelope(text, rate)) / rate
