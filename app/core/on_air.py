"""The on-air filter: a decision for each line she would put on stream, spoken or written.

Theory of operation:
1. OnAir(never_say, may_say) holds the word lists (app.core.on_air_words) with the streamer's own: never_say
   words and phrases (Settings → Mind) are dropped like slurs, may_say words are never flagged. Both are folded
   (app.core.text_fold) like the line, so case, accents and look-alike letters do not matter.
2. screen(text) returns Screened(decision, text, words): SAY (the line as it is), MASK (the line with each
   profane word masked: its first letter kept, the rest "*", or BLEEP for a spoken line, which a synthesiser
   would otherwise read as "asterisk") or DROP (text "": it is not said at all). `words` are what was found,
   folded, for the streamer.
3. A word is read whole, after folding, with signs inside it taken out ("f.u.c.k"), leetspeak undone
   ("sh1t"), a star inside read as each vowel ("f*ck"), letters held long cut short ("fuuuuck"), and single
   letters spaced out joined ("f u c k"); words are cut at spaces, "_", "..." and most signs; a
   phrase matches over two to four words, with or without the spaces between them. A word is matched whole
   or, for the stems of the lists, by its start: "cocktail", "Scunthorpe" and "assassin" are no match.
4. Pure and fast: one pass over the words, set look-ups only; each word's forms and tier are remembered (up
   to CACHE words), as chat repeats its words.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from app.core.on_air_words import DROP_PHRASES, DROP_STEMS, DROP_WORDS, MASK_PHRASES, MASK_STEMS, MASK_WORDS
from app.core.text_fold import fold, unleet

BLEEP = "beep"
_CHUNK = re.compile(r"[^\s_,;:?()\[\]{}\"/]+")
_DOTS = re.compile(r"[^.]+(?:\.[^.]+)*")   # a chunk with "..." in it, cut there
_CORE = re.compile(r"[@$]?\w(?:[\w*@$!|.'’-]*\w)?")
_NOT_ALNUM = re.compile(r"[\W_]+")
_LONG = re.compile(r"(.)\1{2,}")
_DOUBLE = re.compile(r"(.)\1+")
_LEETY = frozenset("013457@$!|")
MAX_PHRASE = 4
CACHE = 20_000       # words remembered with their forms and tier (chat repeats its words)


class Decision(enum.StrEnum):
    SAY = "say"
    MASK = "mask"
    DROP = "drop"


@dataclass(frozen=True)
class Screened:
    decision: Decision
    text: str
    words: tuple[str, ...] = ()


def _keys(chunk: str) -> tuple[str, ...]:
    """The forms of one word that are looked up (rule 3)."""
    if chunk.isalpha() and chunk.isascii():   # the usual word: one form, unless letters are held long
        low = chunk.lower()
        if len(set(low)) >= len(low) - 1:
            return (low,)
    folded = fold(chunk)
    plain = _NOT_ALNUM.sub("", folded)
    keys = [plain]
    core = _CORE.search(folded)
    if core is not None and not _LEETY.isdisjoint(core.group()):
        keys.append(_NOT_ALNUM.sub("", unleet(core.group())))
    if core is not None and "*" in core.group()[1:-1]:   # "f*ck", "m0th3rf*cker": a vowel hidden by a star
        starred = unleet(core.group())
        keys += [_NOT_ALNUM.sub("", starred.replace("*", v)) for v in "aeiou"]
    for key in list(keys):
        if _LONG.search(key):
            keys += [_LONG.sub(r"\1\1", key), _DOUBLE.sub(r"\1", key)]
    return tuple(k for k in dict.fromkeys(keys) if k)


def _folded_phrases(entries: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(single words, phrases of several words), folded."""
    words, phrases = set(), set()
    for entry in entries:
        parts = [_NOT_ALNUM.sub("", fold(p)) for p in entry.split()]
        parts = [p for p in parts if p]
        if len(parts) == 1:
            words.add(parts[0])
        elif parts:
            phrases.add(" ".join(parts))
            words.add("".join(parts))
    return frozenset(words), frozenset(phrases)


class OnAir:
    def __init__(self, never_say: Iterable[str] = (), may_say: Iterable[str] = ()) -> None:
        never_words, never_phrases = _folded_phrases(never_say)
        self._drop_words = DROP_WORDS | never_words | {p.replace(" ", "") for p in DROP_PHRASES}
        self._drop_phrases = DROP_PHRASES | never_phrases
        self._mask_words = MASK_WORDS | {p.replace(" ", "") for p in MASK_PHRASES}
        self._mask_phrases = MASK_PHRASES
        self._allowed = _folded_phrases(may_say)[0]
        self._cache: dict[str, tuple[tuple[str, ...], Decision]] = {}
        self._starts = frozenset(p.split(" ", 1)[0] for p in self._drop_phrases | self._mask_phrases)

    def _word(self, chunk: str) -> tuple[tuple[str, ...], Decision]:
        known = self._cache.get(chunk)
        if known is None:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            keys = _keys(chunk)
            known = self._cache[chunk] = (keys, self._tier(keys))
        return known

    def _tier(self, keys: tuple[str, ...]) -> Decision:
        for k in keys:
            if k in self._allowed:
                return Decision.SAY
        for k in keys:
            if k in self._drop_words or k.startswith(DROP_STEMS):
                return Decision.DROP
        for k in keys:
            if k in self._mask_words or k.startswith(MASK_STEMS):
                return Decision.MASK
        return Decision.SAY

    def screen(self, text: str, spoken: bool = False) -> Screened:
        """Rule 2."""
        chunks = []
        flagged: dict[int, Decision] = {}
        found: list[str] = []
        phrase = single = 0
        word = self._word
        for m in _CHUNK.finditer(text):
            chunk = m.group()
            if ".." in chunk:
                parts = [(m.start() + d.start(), m.start() + d.end(), d.group()) for d in _DOTS.finditer(chunk)]
            else:
                parts = [(m.start(), m.end(), chunk)]
            for start, end, piece in parts:
                keys, tier = word(piece)
                i = len(chunks)
                chunks.append((start, end, keys))
                if tier is not Decision.SAY:
                    flagged[i] = tier
                    found.append(keys[0])
                if keys:
                    phrase += keys[0] in self._starts or keys[-1] in self._starts
                    single += len(keys[0]) == 1
        if phrase:
            self._phrases(chunks, flagged, found)
        if single >= 3:
            self._spaced(chunks, flagged, found)
        if not flagged:
            return Screened(Decision.SAY, text)
        if Decision.DROP in flagged.values():
            return Screened(Decision.DROP, "", tuple(found))
        out, last = [], 0
        for i in sorted(flagged):
            start, end, _keys_ = chunks[i]
            out.append(text[last:start])
            out.append(_masked(text[start:end], spoken))
            last = end
        out.append(text[last:])
        return Screened(Decision.MASK, "".join(out), tuple(found))

    def _phrases(self, chunks: list, flagged: dict[int, Decision], found: list[str]) -> None:
        plain = [c[2][0] if c[2] else "" for c in chunks]
        unleeted = [c[2][1] if len(c[2]) > 1 else c[2][0] if c[2] else "" for c in chunks]
        for first in (plain, unleeted) if unleeted != plain else (plain,):
            for i, word in enumerate(first):
                if word not in self._starts:
                    continue
                for n in range(2, min(MAX_PHRASE, len(first) - i) + 1):
                    phrase = " ".join(first[i:i + n])
                    tier = (Decision.DROP if phrase in self._drop_phrases
                            else Decision.MASK if phrase in self._mask_phrases else None)
                    if tier is None or any(k in self._allowed for k in first[i:i + n]):
                        continue
                    for j in range(i, i + n):
                        if flagged.get(j) is not Decision.DROP:
                            flagged[j] = tier
                    found.append(phrase)

    def _spaced(self, chunks: list, flagged: dict[int, Decision], found: list[str]) -> None:
        """Single letters spaced out: "f u c k"."""
        run: list[int] = []
        for i, chunk in enumerate([*chunks, (0, 0, ("",) * 2)]):
            key = chunk[2][0] if chunk[2] else ""
            if len(key) == 1 and i < len(chunks):
                run.append(i)
                continue
            if len(run) >= 3:
                joined = "".join(chunks[j][2][0] for j in run)
                tier = self._tier(_keys(joined))
                if tier is not Decision.SAY:
                    for j in run:
                        flagged[j] = tier
                    found.append(joined)
            run = []


def _masked(chunk: str, spoken: bool) -> str:
    m = _CORE.search(chunk)
    if m is None:
        return chunk
    word = m.group()
    hidden = BLEEP if spoken else "*" if len(word) == 1 else word[0] + "*" * (len(word) - 1)
    return chunk[:m.start()] + hidden + chunk[m.end():]
