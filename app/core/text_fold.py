"""Text folded for matching: what a line says once its disguises are taken off.

1. fold(text): NFKC (full-width and styled letters become plain ones), format characters removed (zero-width
   spaces and joiners, soft hyphens, the byte-order mark), Cyrillic and Greek letters that look like Latin ones
   mapped to them, lower case, accents removed ("perchè" -> "perche"). Only for matching: nothing folded is
   ever shown or said.
2. hidden_marks(text): format characters sitting between two letters ("ig\u200bnore"), a way to hide a word
   from a filter.
3. mixed_script(text): a word that mixes Latin letters with Cyrillic or Greek ones ("ignоre" with a Cyrillic
   o), the homoglyph trick; a word wholly in one script (Russian, Greek) is not one.
4. unleet(text): digits and signs read as the letters they stand for (0->o, 1->i, 3->e, 4->a, 5->s, 7->t,
   @->a, $->s), for words written "1gn0re".
"""

from __future__ import annotations

import re
import unicodedata

_FORMAT = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e"
                     "\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0]")
_HIDDEN = re.compile("(?<=\\w)[\u00ad\u034f\u180e\u200b-\u200f\u2060-\u2064\ufeff]+(?=\\w)")
_LOOKALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ɡ": "g",
    "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p", "С": "c", "Т": "t",
    "У": "y", "Х": "x", "І": "i", "Ј": "j", "Ѕ": "s",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "η": "n", "ω": "w",
    "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "i", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o",
    "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x",
    # typographic quotes, as chat clients and phones put them
    "‘": "'", "’": "'", "“": '"', "”": '"',
})
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s",
                       "!": "i", "|": "l"})
_WORD = re.compile(r"\w+")


def _strip_accents(text: str) -> str:
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Rule 1."""
    if not text.isascii():
        text = _FORMAT.sub("", unicodedata.normalize("NFKC", text)).translate(_LOOKALIKE)
    return _strip_accents(text.lower())


def hidden_marks(text: str) -> bool:
    """Rule 2."""
    return not text.isascii() and _HIDDEN.search(text) is not None


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else ""


def mixed_script(text: str) -> bool:
    """Rule 3."""
    if text.isascii():
        return False
    for word in _WORD.findall(text):
        if word.isascii() or not any(c.isascii() and c.isalpha() for c in word):
            continue
        scripts = {_script(c) for c in word if c.isalpha()}
        if "LATIN" in scripts and scripts & {"CYRILLIC", "GREEK"}:
            return True
    return False


def unleet(text: str) -> str:
    """Rule 4."""
    return text.translate(_LEET)
