"""Did the person really say it? The quote check behind person_observe and the certainty rule, as rules.

A quote is checked against `said`: what the person wrote in the message being answered.

Normalising. Both texts are NFKC-normalised and case-folded; typographic apostrophes become plain ones;
English contractions are expanded ("don't" -> "do not", "can't" -> "can not", "I'm" -> "I am", "'s" dropped)
and Italian elisions split ("l'ufficio" -> "l ufficio"); punctuation only separates words. Each word is then:
  - a negator: not never nor neither nobody nothing none cannot, the apostrophe-less "dont", "cant",
    "isnt"..., non mai né nessuno nessuna nessun niente nulla neanche nemmeno neppure; "no" only when the next
    word is a content word ("no pets" negates, "no i live in Milan" is an interjection);
  - a stopword: a fixed English and Italian list of function words (pronouns, articles, prepositions,
    auxiliaries, conjunctions, hedges, fillers), compared with their accents, so "tè" (tea) is not "te" (you)
    while "è" and a lazily typed "e" both are;
  - otherwise a content word, reduced to a stem: accents removed, number words zero to twelve written as
    digits, then a small suffix stripper shared by both languages (repeatedly -ing -ied -ies -ed -es -s and
    the Italian -iamo -ando -endo; a final y read as i; trailing vowels; a doubled final consonant other than
    l or s halved; a trailing -ar -er -ir -at -ut -it; chi/ghi read as c/g), never below three letters. So
    "living", "lives" and "live" meet, as do "abito", "abitare" and "abitiamo", or "amiche" and "amica".
A content word is negated when a negator comes before it in its clause, plain when its clause has no negator,
and either when it comes before its clause's first negator ("coffee" in "coffee I don't like", "Oak Park" in
"I live in Oak Park not Milan"): the subject or topic of a negation is not what it denies. Clauses end at . ,
; : ! ? and newlines, at dashes and ellipses, and at the contrastive or causal conjunctions but, though,
although, however, because, whereas, while / ma, però, tuttavia, invece, perché, mentre.

A light paraphrase. A quote passes when
  1. at least two thirds of its distinct content stems occur in what was said, in any order and anywhere in
     the message (ceil(2n/3): 1 of 1, 2 of 2, 2 of 3, 3 of 4, 4 of 5, 4 of 6); and
  2. nothing in it is contradicted: whenever a clause of what was said holds at least two thirds of the
     distinct content stems of a clause of the quote, no stem they share may be negated on one side and plain
     on the other ("I like mornings" against "I don't like mornings, I like evenings" is refused; "I live in
     Turin" against "I don't live in Milan, I moved to Turin" is not: no clause there holds both its stems);
     and
  3. names and numbers are never paraphrased: every number in it (a word with a digit, like "5" or "3am", or a
     number word from zero to twelve) and every capitalised word that does not start a sentence, other than
     "I" and stopwords, must be among the stems of what was said ("I stream 5 days a week" against "I stream 3
     days a week" is refused).
A quote with no content words at all ("yes", "no", "not me") passes only when all its words occur together and
in order in what was said. A quote with no words is empty and never passes. Case, punctuation, contractions
and (outside the stopword list) accents never matter; synonyms beyond a shared stem do, which is why one word
in three may be new. The check refuses sentences nobody said, not every misquote: a single swapped common word
in a three-word quote ("my dog is called Miso" for "my cat is called Miso") passes, while a swapped name or
number does not.

The certainty rule (weigh_observation). A quote that passes is recorded as certain (confidence 1) and kept as
provenance. A quote that fails raises InventedQuote, so nothing is recorded. Without a quote, claiming
certainty (confidence 1, after the person model's normalisation: above 1 is 1) is kept as a guess at 0.6 and
the message says so; an honest confidence below 1 is kept as given (rendered as a guess below 0.7).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from app.core.person_model import DEFAULT_CONFIDENCE, GUESS_BELOW, normalise_confidence, normalise_quote

GUESS_CONFIDENCE = DEFAULT_CONFIDENCE
CERTAIN = 1.0
MIN_STEM = 3

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'"})
_CONTRACTIONS = [
    (r"\bcan't\b", "can not"), (r"\bwon't\b", "will not"), (r"\bshan't\b", "shall not"),
    (r"\bain't\b", "am not"),
    (r"n't\b", " not"), (r"'m\b", " am"), (r"'re\b", " are"), (r"'ve\b", " have"), (r"'ll\b", " will"),
    (r"'d\b", " would"), (r"'s\b", ""),
]
_NEGATORS = frozenset("""
    not never nor neither nobody nothing none cannot dont doesnt didnt isnt arent wasnt werent cant couldnt
    wouldnt shouldnt wont havent hasnt hadnt aint
    non mai né nessuno nessuna nessun niente nulla neanche nemmeno neppure
""".split())
_SOMETIMES_NEGATOR = "no"
_CLAUSE_WORDS = frozenset("""
    but though although however because whereas while ma però pero tuttavia invece perché perche mentre
""".split())
_CLAUSE_MARK = re.compile(r"[.,;:!?\n\u2014\u2013\u2026]")
_TOKEN = re.compile(r"[^\W_]+|[.,;:!?\n\u2014\u2013\u2026]")
_STOPWORDS = frozenset("""
    i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs
    this that these those a an the am is are was were be been being have has had do does did will would shall
    should can could might must of in on at to for from by with about as into onto over under up down out off
    than then there here during around just really very too also quite pretty so such some any all much many
    more most lot lots and or but if because though although however while whereas when where what which who
    whom how why one yes yeah yep yup ok okay oh well um uh hmm lol ah eh actually honestly basically
    literally probably maybe perhaps usually kinda sorta gonna wanna im ive id get got
    io mi mio mia miei mie noi ci nostro nostra nostri nostre tu te ti tuo tua tuoi tue voi vi vostro vostra
    lui lei gli le lo la li loro suo sua suoi sue si sì se il un uno una di da con su per tra fra del dello
    della dei degli delle al allo alla ai agli alle dal dallo dalla dai dagli dalle nel nello nella nei negli
    nelle sul sullo sulla sui sugli sulle col che chi cui e è ed o od ma però pero anche pure come dove quando
    quanto quale quali questo questa questi queste quello quella quelli quelle sono sei siamo siete ero era
    eravamo erano essere stato stata stati ho hai ha abbiamo avete hanno avevo aveva avere c ce ne l d po poi
    già gia ancora molto tanto tanta troppo più piu meno ok boh beh cioè cioe tipo allora quindi davvero
    proprio solo sto sta stai stiamo stanno faccio fa durante
""".split())
_NUMBERS = {
    "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "due": "2", "tre": "3", "quattro": "4",
    "cinque": "5", "sette": "7", "otto": "8", "nove": "9", "dieci": "10", "undici": "11", "dodici": "12",
}
_SUFFIXES = ("iamo", "ando", "endo", "ing", "ied", "ies", "ed", "es", "s")
_ENDINGS = ("ar", "er", "ir", "at", "ut", "it")


class QuoteError(ValueError):
    """A quote that cannot be recorded; the message says why in words an agent can pass on."""


class InventedQuote(QuoteError):
    def __init__(self, message: str, verdict: QuoteVerdict) -> None:
        super().__init__(message)
        self.verdict = verdict


@dataclass(frozen=True)
class QuoteVerdict:
    passed: bool
    kind: str                       # verbatim | paraphrase | invented | contradicted | empty
    reason: str
    found: tuple[str, ...] = ()     # the quote's content words that occur in what was said
    missing: tuple[str, ...] = ()   # ... that do not
    contradicted: tuple[str, ...] = ()  # ... that a clause covering theirs negates the other way


@dataclass(frozen=True)
class Word:
    surface: str   # as written, case-folded
    stem: str      # "" for negators and stopwords
    negated: bool | None  # a negator precedes it in its clause; None: one follows it, so either reading
    clause: int    # which clause of the text it belongs to, counting from 0


def fold_accents(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _strip_suffixes(word: str) -> str:
    changed = True
    while changed:
        changed = False
        for suffix in _SUFFIXES:
            rest = word[: -len(suffix)]
            if word.endswith(suffix) and len(rest) >= MIN_STEM and not (suffix == "s" and rest.endswith("s")):
                word = rest + ("i" if suffix in ("ied", "ies") else "")
                changed = True
                break
    return word


def _halve_double(word: str) -> str:
    if len(word) > MIN_STEM and word[-1] == word[-2] and word[-1] not in "aeiouls":
        return word[:-1]
    return word


def stem(word: str) -> str:
    """The shared English/Italian stem of one folded content word (see the module docstring)."""
    word = fold_accents(word)
    word = _NUMBERS.get(word, word)
    if word.isdigit():
        return word
    word = _strip_suffixes(word)
    if word.endswith("y"):
        word = word[:-1] + "i"
    while len(word) > MIN_STEM and word[-1] in "aeiou":
        word = word[:-1]
    word = _halve_double(word)
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            word = _halve_double(word[: -len(ending)])
            break
    if len(word) > MIN_STEM and word[-2:] in ("ch", "gh"):
        word = word[:-1]
    return word


def normalise(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_APOSTROPHES)
    folded = re.sub(r"(?<=\d)[:.,](?=\d)", "", folded)  # 8:10, 8.10 and 6,5 are one number each
    for pattern, replacement in _CONTRACTIONS:
        folded = re.sub(pattern, replacement, folded)
    return folded.replace("'", " ")


def _is_stopword(token: str) -> bool:
    return token in _STOPWORDS


def _is_negator(tokens: list[str], i: int) -> bool:
    token = tokens[i]
    if token in _NEGATORS:
        return True
    if token != _SOMETIMES_NEGATOR or i + 1 >= len(tokens):
        return False
    following = tokens[i + 1]
    return not (_CLAUSE_MARK.fullmatch(following) or following in _CLAUSE_WORDS or following in _NEGATORS
                or _is_stopword(following))


def words(text: str) -> list[Word]:
    """Every word of `text` in order, with its stem (content words only), negation and clause."""
    tokens = _TOKEN.findall(normalise(text or ""))
    found, negated, clause = [], False, 0
    for i, token in enumerate(tokens):
        if _CLAUSE_MARK.fullmatch(token) or token in _CLAUSE_WORDS:
            negated, clause = False, clause + 1
            if _CLAUSE_MARK.fullmatch(token):
                continue
        if _is_negator(tokens, i):
            found = _before_a_negation(found, clause)
            found.append(Word(token, "", negated, clause))
            negated = True
        elif token in _CLAUSE_WORDS or _is_stopword(token):
            found.append(Word(token, "", negated, clause))
        else:
            found.append(Word(token, stem(token), negated, clause))
    return found


def _before_a_negation(found: list[Word], clause: int) -> list[Word]:
    """Plain words already seen in this clause now precede a negator: either reading holds for them."""
    return [Word(w.surface, w.stem, None, w.clause) if w.clause == clause and w.negated is False else w
            for w in found]


def _contiguous(needle: list[str], haystack: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def _enough(found: int, total: int) -> bool:
    """At least two thirds."""
    return 3 * found >= 2 * total


def _clauses(ws: list[Word]) -> list[dict[str, set[bool | None]]]:
    """Per clause that has content words: stem -> the negations it appears with there."""
    groups: dict[int, dict[str, set[bool | None]]] = {}
    for w in ws:
        if w.stem:
            groups.setdefault(w.clause, {}).setdefault(w.stem, set()).add(w.negated)
    return list(groups.values())


def _agrees(negated: bool | None, said: set[bool | None]) -> bool:
    return negated is None or None in said or negated in said


def _contradicted(quoted: list[Word], said: list[Word]) -> set[str]:
    """Stems that a said clause covering a quote clause (two thirds of its stems) negates the other way."""
    found: set[str] = set()
    for q in _clauses(quoted):
        for s in _clauses(said):
            shared = q.keys() & s.keys()
            if _enough(len(shared), len(q)):
                found |= {st for st in shared if not all(_agrees(a, s[st]) for a in q[st])}
    return found


def _names_and_numbers(quote: str, quoted: list[Word]) -> dict[str, str]:
    """stem -> word for the quote's numbers and its capitalised words that do not start a sentence."""
    found = {w.stem: w.surface for w in quoted if any(c.isdigit() for c in w.stem)}
    text = unicodedata.normalize("NFKC", quote).translate(_APOSTROPHES)
    for match in re.finditer(r"[^\W\d_]+", text):
        token = match.group()
        before = text[: match.start()].rstrip(" \t\"'\u201c\u201d\u00ab\u00bb(")
        starts_sentence = not before or before[-1] in ".!?:\n"
        folded = token.casefold()
        if (token[0].isupper() and not starts_sentence and token != "I" and not _is_stopword(folded)
                and folded not in _NEGATORS):
            found.setdefault(stem(folded), folded)
    return found


def check_quote(quote: str, said: str) -> QuoteVerdict:
    """Whether `quote` is what the person said, or a light paraphrase of it (see the module docstring)."""
    q_words, s_words = words(quote), words(said)
    if not q_words:
        return QuoteVerdict(False, "empty", "the quote is empty")
    verbatim = _contiguous([fold_accents(w.surface) for w in q_words],
                           [fold_accents(w.surface) for w in s_words])
    said_stems = {w.stem for w in s_words if w.stem}
    surface: dict[str, str] = {}
    for w in q_words:
        if w.stem:
            surface.setdefault(w.stem, w.surface)
    found = tuple(word for st, word in surface.items() if st in said_stems)
    missing = tuple(word for st, word in surface.items() if st not in said_stems)
    against = _contradicted(q_words, s_words)
    contradicted = tuple(word for st, word in surface.items() if st in against)
    if contradicted:
        return QuoteVerdict(False, "contradicted", f"they said the opposite about {_listing(contradicted)}",
                            found, missing, contradicted)
    unsaid = tuple(word for st, word in _names_and_numbers(quote, q_words).items() if st not in said_stems)
    if unsaid:
        return QuoteVerdict(False, "invented", f"they never said {_listing(unsaid)}", found, missing)
    if not surface:
        if verbatim:
            return QuoteVerdict(True, "verbatim", "they said exactly this")
        return QuoteVerdict(False, "invented", "they did not say these words")
    if not _enough(len(found), len(surface)):
        return QuoteVerdict(False, "invented", f"they never said {_listing(missing)}", found, missing)
    if verbatim:
        return QuoteVerdict(True, "verbatim", "they said exactly this", found, missing)
    return QuoteVerdict(True, "paraphrase", "a light paraphrase of their words", found, missing)


def _listing(items: tuple[str, ...]) -> str:
    quoted = [f'"{item}"' for item in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@dataclass(frozen=True)
class Weighing:
    confidence: float     # what to store
    quote: str | None     # the words kept as provenance, when they passed
    certain: bool         # recorded as something they told us
    message: str          # what to tell the agent


def weigh_observation(confidence: float | None, quote: str | None, said: str | None) -> Weighing:
    """The confidence to store for an agent's observation, and what to tell it; InventedQuote refuses."""
    quote = normalise_quote(quote)
    claimed = normalise_confidence(confidence)
    if quote is not None:
        verdict = check_quote(quote, said or "")
        if not verdict.passed:
            raise InventedQuote(
                f'They did not say that: "{quote}" is not in their message ({verdict.reason}). Nothing was '
                "recorded: quote their own words, or leave the quote out to record it as a guess.", verdict)
        return Weighing(CERTAIN, quote, True, f'Recorded as certain, in their words: "{quote}".')
    if claimed >= CERTAIN:
        return Weighing(GUESS_CONFIDENCE, None, False,
                        f"Kept as a guess (confidence {GUESS_CONFIDENCE:g}), not as fact: certainty needs "
                        "their own words as a quote, and none was given.")
    kind = "a guess" if claimed < GUESS_BELOW else "an inference"
    return Weighing(claimed, None, False, f"Recorded as {kind} (confidence {claimed:g}).")
