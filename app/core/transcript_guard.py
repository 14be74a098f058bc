"""Hallucination guards: what whisper wrote that was never said is not heard.

Theory of operation:
1. A Piece is one decoded segment as plain data: its text, whisper's no-speech probability, its average token
   log-probability, its gzip compression ratio, and where it ends in the audio (None when decoded without
   timestamps). judge() takes the pieces of one utterance and the utterance's length in seconds and returns
   the text that may reach her and the reasons anything was left out (reason names only, never the words).
2. A piece is dropped when whisper itself says it is noise: no-speech probability above NO_SPEECH and average
   log-probability below LOW_LOGPROB (whisper's own pair of thresholds); when its average log-probability is
   below LOW_LOGPROB even after the temperature fallback (a guess); when its compression ratio is above
   MAX_COMPRESSION (text that gzip shrinks that well repeats itself: "T. T. T. ..."); or when it ends more
   than LATE_S after the audio does.
3. The utterance as a whole is rejected (nothing heard) when what is left holds a loop: the same run of 1 to
   MAX_LOOP_WORDS words said again and again, back to back (LOOP_REPEATS times for one word, fewer for longer
   runs), or when it has far more words or characters than anyone says in that time (WORDS_PER_S and
   CHARS_PER_S, plus a little slack for a short utterance). A loop is never trimmed to "one copy": the rest
   of a looping decode is not trustworthy either.
4. Compression ratio is gzip's, as whisper computes it: len(utf-8 bytes) / len(zlib-compressed bytes).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

NO_SPEECH = 0.6
LOW_LOGPROB = -1.0
MAX_COMPRESSION = 2.4
LATE_S = 1.0
MAX_LOOP_WORDS = 16
LOOP_REPEATS = {1: 6, 2: 4}       # runs of 3 or more words loop from DEFAULT_REPEATS on
DEFAULT_REPEATS = 3
WORDS_PER_S, WORDS_SLACK = 5.0, 6
CHARS_PER_S, CHARS_SLACK = 28.0, 40

NOISE = "no speech"
GUESS = "low confidence"
REPETITIVE = "compression ratio"
LATE = "longer than the audio"
LOOP = "repetition loop"
TOO_MUCH = "too much text for the audio"

_WORD = re.compile(r"[\w']+", re.UNICODE)


@dataclass(frozen=True)
class Piece:
    text: str
    no_speech_prob: float = 0.0
    avg_logprob: float = 0.0
    compression_ratio: float = 1.0
    end_s: float | None = None


@dataclass(frozen=True)
class Judgement:
    text: str
    dropped: tuple[str, ...]       # one reason per piece or utterance left out

    @property
    def clean(self) -> bool:
        return not self.dropped


def compression_ratio(text: str) -> float:
    """Rule 4."""
    data = text.encode("utf-8")
    return len(data) / len(zlib.compress(data)) if data else 0.0


def piece_problem(piece: Piece, audio_s: float) -> str | None:
    """Rule 2: why one piece is not speech, or None."""
    if piece.no_speech_prob > NO_SPEECH and piece.avg_logprob < LOW_LOGPROB:
        return NOISE
    if piece.avg_logprob < LOW_LOGPROB:
        return GUESS
    if piece.compression_ratio > MAX_COMPRESSION:
        return REPETITIVE
    if piece.end_s is not None and piece.end_s > audio_s + LATE_S:
        return LATE
    return None


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def is_loop(tokens: Sequence[str]) -> bool:
    """Rule 3: some run of words repeats back to back at least as often as its length allows."""
    for size in range(1, min(MAX_LOOP_WORDS, len(tokens) // 2) + 1):
        need = LOOP_REPEATS.get(size, DEFAULT_REPEATS)
        for start in range(0, len(tokens) - need * size + 1):
            unit = tokens[start:start + size]
            if all(tokens[start + k * size:start + (k + 1) * size] == unit for k in range(1, need)):
                return True
    return False


def too_much(text: str, audio_s: float) -> bool:
    seconds = max(0.0, audio_s)
    return (len(words(text)) > WORDS_SLACK + WORDS_PER_S * seconds
            or len(text) > CHARS_SLACK + CHARS_PER_S * seconds)


def judge(pieces: Sequence[Piece], audio_s: float) -> Judgement:
    """Rules 1-3."""
    kept: list[str] = []
    dropped: list[str] = []
    for piece in pieces:
        text = piece.text.strip()
        if not text:
            continue
        problem = piece_problem(piece, audio_s)
        if problem is None:
            kept.append(text)
        else:
            dropped.append(problem)
    text = " ".join(kept)
    if text and is_loop(words(text)):
        return Judgement("", (*dropped, LOOP))
    if text and too_much(text, audio_s):
        return Judgement("", (*dropped, TOO_MUCH))
    return Judgement(text, tuple(dropped))
