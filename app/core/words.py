"""Marking words for the window's translation without Qt: core decisions that say something to the streamer
mark their sentences with QT_TRANSLATE_NOOP(context, text), which returns the text unchanged. Qt's lupdate finds
the calls by name (installer/i18n.py), and the window translates the text where it shows it.

An event says its line in the window's language through its data: `words` (one marked sentence, or a list of
them said one after the other) and `args` (the values of their {names}); its text stays English for the logs,
the bus and the API. An ERROR event's words, and those of an event that resolves a problem (data `resolved`), are
marked in the "problems" context, any other event's in "activity". A technical detail (an exception's or a
server's own words) goes in an arg, at the end of the sentence ("... (detail: {detail})"), so the sentence is
Bea's and only the detail is as it came."""

from __future__ import annotations

import re
from collections.abc import Sequence
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


def filled(templates: Sequence[str], text: str) -> tuple[str, dict[str, str]] | None:
    """The first template whose {names} can be filled in to give `text`, and their values; None if none can.
    For a line kept in English (a chat transcript) that the window says in its language."""
    for template in templates:
        pieces = re.split(r"\{(\w+)\}", template)     # literal, name, literal, name, ..., literal
        pattern = "".join(re.escape(p) if i % 2 == 0 else "(.+)" for i, p in enumerate(pieces))
        found = re.fullmatch(pattern, text, re.DOTALL)
        if found:
            return template, dict(zip(pieces[1::2], found.groups(), strict=True))
    return None
