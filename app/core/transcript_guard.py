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
5. Words are counted the way each script writes them: a run of letters between spaces or punctuation is one
   word, but a script written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar, Tibetan) counts each of
   its graphemes (a character with the marks that sit on it) as one, so a loop in Japanese is seen as one in
   English is, and a sentence of forty characters is not one "word".
6. The language: whisper's own detection (its probability for every language it knows, from the encoder's
   output) decides whether the utterance is heard at all, before any piece is judged. With a language set,
   the utterance is another language when that language's probability is below MIN_WANTED: whisper forced
   to write a language the speaker did not speak invents or translates ("Thank you very much." for Italian
   speech, English speech half turned into Italian). Detecting ("auto"), it is unsure when no language
   reaches MIN_DETECTED: the words written then follow a guess of the language (Italian heard as Japanese).
   With no detection (an English-only model cannot tell), rule 6 says nothing and rules 2-3 stand alone.
7. Between the two, doubt: when whisper gives the language less than SURE_LANGUAGE, the words it wrote must
   be surer than usual (every piece kept at DOUBT_LOGPROB or above), or the utterance is not heard: a
   decode forced into a language that was not spoken is a string of low-confidence guesses even when each
   passes LOW_LOGPROB.
"""

from __future__ import annotations

import unicodedata
import zlib
from collections.abc import Mapping, Sequence
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
OTHER_LANGUAGE = "another language"
UNSURE_LANGUAGE = "language unsure"
DOUBTFUL = "unsure words in a doubtful language"

# rules 6-7, chosen on the tune split of tests/bench/ears.py (its held_out split says how they do; both figures
# in docs/benchmarks.md, Ears): no line in a language not set got through there, 13 of 59 own lost
MIN_WANTED = 0.2
MIN_DETECTED = 0.5
SURE_LANGUAGE = 0.8
DOUBT_LOGPROB = -0.5

# rule 5: the scripts written without spaces between words, as Unicode blocks (first, last code point)
UNSPACED = ((0x0E00, 0x0EFF),     # Thai, Lao
            (0x0F00, 0x0FFF),     # Tibetan
            (0x1000, 0x109F),     # Myanmar
            (0x1780, 0x17FF),     # Khmer
            (0x2E80, 0x2FDF),     # CJK radicals
            (0x3040, 0x31FF),     # hiragana, katakana, bopomofo, kanbun
            (0x3400, 0x4DBF),     # CJK extension A
            (0x4E00, 0x9FFF),     # CJK unified ideographs
            (0xF900, 0xFAFF),     # CJK compatibility ideographs
            (0xFF66, 0xFF9F),     # half-width katakana
            (0x20000, 0x3FFFF))   # CJK extensions B onwards


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


def unspaced(char: str) -> bool:
    code = ord(char)
    return any(first <= code <= last for first, last in UNSPACED)


def graphemes(text: str) -> list[str]:
    """Each character with the combining marks that follow it (Thai vowels and tones, accents, dakuten)."""
    out: list[str] = []
    for char in text:
        if out and unicodedata.category(char).startswith("M"):
            out[-1] += char
        else:
            out.append(char)
    return out


def words(text: str) -> list[str]:
    """Rule 5: lower-cased words, and each grapheme of a script without spaces as a word of its own."""
    out: list[str] = []
    word = ""
    for g in graphemes(text.lower()):
        if unspaced(g[0]):
            if word:
                out.append(word)
            out.append(g)
            word = ""
        elif g[0].isalnum() or g[0] in "'_":
            word += g
        elif word:
            out.append(word)
            word = ""
    if word:
        out.append(word)
    return out


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
    """Rule 3. The word cap counts spaced words only: a grapheme of Japanese or Chinese is a syllable or a
    mora, said faster than WORDS_PER_S, so those scripts meet the character cap alone."""
    seconds = max(0.0, audio_s)
    spaced = [w for w in words(text) if not unspaced(w[0])]
    return (len(spaced) > WORDS_SLACK + WORDS_PER_S * seconds
            or len(text) > CHARS_SLACK + CHARS_PER_S * seconds)


def language_problem(probabilities: Mapping[str, float] | None, wanted: str | None) -> str | None:
    """Rule 6: why whisper's detection says this utterance is not to be heard as words, or None.
    `probabilities` maps ISO codes to whisper's probability (None: nothing detected); `wanted` is the language
    set, None when detecting."""
    if not probabilities:
        return None
    if wanted is not None:
        return OTHER_LANGUAGE if probabilities.get(wanted, 0.0) < MIN_WANTED else None
    return UNSURE_LANGUAGE if max(probabilities.values()) < MIN_DETECTED else None


def doubtful(language_p: float | None, logprob: float | None) -> bool:
    """Rule 7: the language is in doubt and the words kept are not sure enough. `language_p` is whisper's
    probability for the language written (None: not detected), `logprob` the lowest average log-probability of
    the pieces kept."""
    return (language_p is not None and logprob is not None and language_p < SURE_LANGUAGE
            and logprob < DOUBT_LOGPROB)


def detected(probabilities: Mapping[str, float] | None) -> str | None:
    """The most probable language, or None."""
    return max(probabilities, key=lambda code: probabilities[code]) if probabilities else None


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
