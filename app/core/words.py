"""Marking words for the window's translation without Qt: core decisions that say something to the streamer
mark their sentences with QT_TRANSLATE_NOOP(context, text), which returns the text unchanged. Qt's lupdate finds
the calls by name (installer/i18n.py), and the window translates the text where it shows it.

An event says its line in the window's language through its data: `words` (one marked sentence, or a list of
them said one after the other) and `args` (the values of their {names}); its text stays English for the logs,
the bus and the API. An ERROR event's words, and those of an event that resolves a problem (data `resolved`), are
marked in the "problems" context, any other event's in "activity". A technical detail (an exception's or a
server's own words) goes in an arg, at the end of the sentence ("... (detail: {detail})"), so the sentence is
Bea's and only the detail is as it came.

A line kept to be shown later (a chat line an agent said) is a Phrase: the marked sentence, its context and the
values of its {names}, kept apart until the window translates the sentence and fills them in. The window never
reads a value back out of an English line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

PROBLEMS = "problems"   # the context of an ERROR event's words (the Chat dock's problem lines) and a resolution's
ACTIVITY = "activity"   # the context of any other event's words (the Activity dock's lines)

Words = str | Sequence[str]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    return text


def sentences(words: Words) -> tuple[str, ...]:
    """The sentences of an event's words, one or several."""
    return (words,) if isinstance(words, str) else tuple(str(w) for w in words)


def english(words: Words, args: dict[str, Any]) -> str:
    """The words in English, their {names} filled in: an event's text."""
    return " ".join(s.format(**args) for s in sentences(words))


def said(words: Words, **args: Any) -> tuple[str, dict[str, Any]]:
    """An event's English text and the data that lets the window say it in its language:
    `text, data = said(WORDS, where=...)`, then `bus.publish(kind, source, text, **data)`."""
    values = {k: str(v) for k, v in args.items()}
    return english(words, values), {"words": words if isinstance(words, str) else list(words), "args": values}


@dataclass(frozen=True)
class Phrase:
    """A sentence marked in `context` (QT_TRANSLATE_NOOP) and the values of its {names}: text as it came, or a
    Phrase of their own (a skill's title, a state's word) that the window translates too."""
    context: str
    words: str
    args: tuple[tuple[str, str | Phrase], ...] = ()

    @property
    def english(self) -> str:
        """The sentence in English with its values: for the logs, the tests and whoever reads no window."""
        return self.words.format(**{name: str(value) for name, value in self.args}) if self.args else self.words

    def __str__(self) -> str:
        return self.english


def phrase(context: str, words: str, **args: Any) -> Phrase:
    """`words` (marked in `context`) with the values of their {names}: phrase("interview", NOT_KEPT, detail=...)."""
    return Phrase(context, words, tuple((name, value if isinstance(value, Phrase) else str(value))
                                        for name, value in args.items()))
