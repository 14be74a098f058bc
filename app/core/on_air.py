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
   phrase matches over two to four words, with or without the spaces between them. A word is matched whole,
   in the inflections its list gives it, or, for the few stems and infixes, by its start or anywhere in it
   ("niggerish", "clusterfuck"): "cocktail", "Scunthorpe", "Cazzago", "puttanesca" and "assassin" are no match.
4. A word with an ordinary sense too (app.core.on_air_words.SENSES: a bird, a dish, a place, a breed, Latin)
   is said when one of its cues is within CUE_WINDOW words ("blue tits", "summa cum laude", "Maine Coon"); one
   that is also a name is said when written as one: capitalised in a line that uses case, and either next to
   another capitalised word ("Dick Van Dyke", "Ada Negri") or not at the start of a sentence ("la guerra di
   Troia"), unless the word before it makes it an insult ("you Coon", "sporco Negro").
5. Pure and fast: one pass over the words, set look-ups only; each word's forms and tier are remembered (up
   to CACHE words), as chat repeats its words; context is read only around a word that was found.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from app.core.on_air_words import (
    CUE_WINDOW,
    DROP_INFIXES,
    DROP_PHRASES,
    DROP_STEMS,
    DROP_WORDS,
    INSULT_CUES,
    MASK_INFIXES,
    MASK_PHRASES,
    MASK_STEMS,
    MASK_WORDS,
    SENSES,
)
from app.core.text_fold import fold, unleet

BLEEP = "beep"
_CHUNK = re.compile(r"[^\s_,;:?()\[\]{}\"/]+")
_DOTS = re.compile(r"[^.]+(?:\.[^.]+)*")   # a chunk with "..." in it, cut there
_CORE = re.compile(r"[@$]?\w(?:[\w*@$!|.'’-]*\w)?")
_NOT_ALNUM = re.compile(r"[\W_]+")
_LONG = re.compile(r"(.)\1{2,}")
_LEETY = frozenset("013457@$!|")
_LETTERS = re.compile(r"[^\W\d_]+")
_SENTENCE_END = frozenset(".!?")
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
        held = [m.span() for m in _LONG.finditer(key)][:3]
        if held:   # each letter held long read once or twice: "niggaaaa", "shittyyyy", "fuuuuck"
            keys += ["".join(pieces) for pieces in product(*_held_forms(key, held))]
    return tuple(k for k in dict.fromkeys(keys) if k)


def _held_forms(key: str, held: list[tuple[int, int]]) -> list[tuple[str, ...]]:
    """The key in pieces: the text between held letters, and each held letter once or twice."""
    pieces, last = [], 0
    for start, end in held:
        pieces += [(key[last:start],), (key[start], key[start] * 2)]
        last = end
    return [*pieces, (key[last:],)]


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
        every = self._drop_phrases | self._mask_phrases
        self._starts = frozenset(p.split(" ", 1)[0] for p in every)
        self._phrase_words = frozenset(w for p in every for w in p.split())
        self._prefixes = frozenset(" ".join(p.split()[:n]) for p in every for n in range(2, MAX_PHRASE + 1))
        self._senses = {form: (frozenset(cues.split()), named)
                        for forms, cues, named in SENSES for form in forms.split()}

    def _word(self, chunk: str) -> tuple[tuple[str, ...], Decision, str]:
        known = self._cache.get(chunk)
        if known is None:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            keys = _keys(chunk)
            known = self._cache[chunk] = (keys, *self._tier(keys))
        return known

    def _tier(self, keys: tuple[str, ...]) -> tuple[Decision, str]:
        """The word's tier and the form of it that was found."""
        for k in keys:
            if k in self._allowed:
                return Decision.SAY, ""
        for k in keys:
            if k in self._drop_words or k.startswith(DROP_STEMS) or any(w in k for w in DROP_INFIXES):
                return Decision.DROP, k
        for k in keys:
            if k in self._mask_words or k.startswith(MASK_STEMS) or any(w in k for w in MASK_INFIXES):
                return Decision.MASK, k
        return Decision.SAY, ""

    def screen(self, text: str, spoken: bool = False) -> Screened:
        """Rule 2."""
        chunks = []
        flagged: dict[int, Decision] = {}
        hits: dict[int, str] = {}
        phrase = single = 0
        word = self._word
        starts = self._starts
        for m in _CHUNK.finditer(text):
            chunk = m.group()
            if ".." in chunk:
                parts = [(m.start() + d.start(), m.start() + d.end(), d.group()) for d in _DOTS.finditer(chunk)]
            else:
                parts = [(m.start(), m.end(), chunk)]
            for start, end, piece in parts:
                keys, tier, hit = word(piece)
                i = len(chunks)
                chunks.append((start, end, keys))
                if tier is not Decision.SAY:
                    flagged[i] = tier
                    hits[i] = hit
                if keys:
                    phrase += not starts.isdisjoint(keys)
                    single += len(keys[0]) == 1
        if hits and not self._senses.keys().isdisjoint(hits.values()):
            self._read_senses(text, chunks, flagged, hits)
        units = [((i,), c[2]) for i, c in enumerate(chunks)]
        if single >= 3:
            units = self._spaced(chunks, flagged, hits)
            phrase += any(not starts.isdisjoint(keys) for _i, keys in units)
        found = [hits[i] for i in sorted(hits)]
        if phrase:
            self._phrases(units, flagged, found)
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

    def _read_senses(self, text: str, chunks: list, flagged: dict[int, Decision], hits: dict[int, str]) -> None:
        """Rule 4."""
        cased = None   # whether the line's case says anything, read once and only for a name
        for i in [i for i, hit in hits.items() if hit in self._senses]:
            cues, named = self._senses[hits[i]]
            near = chunks[max(0, i - CUE_WINDOW):i] + chunks[i + 1:i + 1 + CUE_WINDOW]
            if any(c[2] and c[2][0] in cues for c in near):
                del flagged[i], hits[i]
            elif named:
                if cased is None:
                    pieces = (text[c[0]:c[1]] for c in chunks)
                    cased = not all(_capitalised(r) or not _LETTERS.search(r) for r in pieces)
                if cased and _written_as_name(text, chunks, i):
                    del flagged[i], hits[i]

    def _phrases(self, units: list, flagged: dict[int, Decision], found: list[str]) -> None:
        """Phrases over the words' forms; a word of the streamer's may-say list breaks one."""
        for u, (_first, keys) in enumerate(units):
            partial = {k for k in keys if k in self._starts}
            for n in range(1, MAX_PHRASE):
                if not partial or u + n >= len(units):
                    break
                nxt = units[u + n][1]
                if not self._allowed.isdisjoint(nxt):
                    break
                partial = {f"{p} {k}" for p in partial for k in nxt if f"{p} {k}" in self._prefixes}
                for p in partial:
                    tier = (Decision.DROP if p in self._drop_phrases
                            else Decision.MASK if p in self._mask_phrases else None)
                    if tier is None:
                        continue
                    for unit in units[u:u + n + 1]:
                        for j in unit[0]:
                            if flagged.get(j) is not Decision.DROP:
                                flagged[j] = tier
                    found.append(p)

    def _spaced(self, chunks: list, flagged: dict[int, Decision], hits: dict[int, str]) -> list:
        """Single letters spaced out ("f u c k") read as one word; the words of the line with those joined."""
        units: list = []
        run: list[int] = []
        for i, chunk in enumerate([*chunks, (0, 0, ("",) * 2)]):
            key = chunk[2][0] if chunk[2] else ""
            if i < len(chunks) and (len(key) == 1 or run and not key):   # a lone sign inside: "h a l f - b r e e d"
                run.append(i)
                continue
            letters = [chunks[j][2][0] for j in run if chunks[j][2]]
            if len(letters) >= 3:
                run = [j for j in run if chunks[j][2]]
                # a one-letter word before the spelt one: "what a f a g", "vai a i m p i c c a r t i"
                tries = [(run, letters)] + ([(run[1:], letters[1:])] if letters[0] in "aeiou" else [])
                for part, spelt in tries:
                    keys = _keys("".join(spelt))
                    tier, hit = self._tier(keys)
                    if tier is not Decision.SAY or part is not run and not self._phrase_words.isdisjoint(keys):
                        break
                else:
                    part, keys, tier = run, _keys("".join(letters)), Decision.SAY
                if part is not run:
                    units.append(((run[0],), chunks[run[0]][2]))
                units.append((tuple(part), keys))
                if tier is not Decision.SAY:
                    for j in part:
                        flagged[j] = tier
                    hits[part[0]] = hit
            else:
                units += [((j,), chunks[j][2]) for j in run if chunks[j][2]]
            run = []
            if i < len(chunks):
                units.append(((i,), chunk[2]))
        return units


def _capitalised(piece: str) -> bool:
    letters = _LETTERS.search(piece)
    return letters is not None and letters.group()[0].isupper() and not letters.group().isupper()


def _written_as_name(text: str, chunks: list, i: int) -> bool:
    """Rule 4: capitalised as a name, in a line whose case says something (the caller knows that)."""
    def capitalised(j: int) -> bool:
        return 0 <= j < len(chunks) and _capitalised(text[chunks[j][0]:chunks[j][1]])

    if not capitalised(i):
        return False
    if capitalised(i + 1):
        return True
    if i and chunks[i - 1][2] and chunks[i - 1][2][0] in INSULT_CUES:
        return False
    if capitalised(i - 1):
        return True
    before = text[chunks[i - 1][0]:chunks[i][0]].rstrip() if i else ""
    return bool(before) and before[-1] not in _SENTENCE_END


def _masked(chunk: str, spoken: bool) -> str:
    m = _CORE.search(chunk)
    if m is None:
        return chunk
    word = m.group()
    hidden = BLEEP if spoken else "*" if len(word) == 1 else word[0] + "*" * (len(word) - 1)
    return chunk[:m.start()] + hidden + chunk[m.end():]
