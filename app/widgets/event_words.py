"""An event's line, or a kept Phrase, in the window's language: the sentences its data `words` marked, translated and
filled in with its `args` (app.core.words); its own English text when it marked none or a translation does not fit
its args."""

from __future__ import annotations

from typing import Any

from app.core.events import Event, EventKind
from app.core.words import ACTIVITY, PROBLEMS, Phrase, Words, sentences
from app.widgets.qt import translate


def _translated(context: str, sentence: str) -> str:
    """The sentence in its context, else in the other one: a line that resolves a problem may reuse a sentence
    marked where it is an activity's, and the other way round."""
    text = translate(context, sentence)
    return text if text != sentence else translate(ACTIVITY if context == PROBLEMS else PROBLEMS, sentence)


def in_window(context: str, words: Words, args: dict[str, Any], fallback: str) -> str:
    if not words:
        return fallback
    try:
        return " ".join(_translated(context, s).format(**args) for s in sentences(words))
    except (KeyError, IndexError, ValueError):   # a translation naming what the args do not hold
        return fallback


def phrase_text(said: Phrase) -> str:
    """A phrase translated in its context with its values filled in (a value that is a phrase, translated too); its
    English when the translation names a value the phrase does not hold."""
    values = {name: phrase_text(value) if isinstance(value, Phrase) else value for name, value in said.args}
    try:
        return translate(said.context, said.words).format(**values) if values \
            else translate(said.context, said.words)
    except (KeyError, IndexError, ValueError):
        return said.english


def event_line(event: Event) -> str:
    """What the event says, as the window shows it."""
    context = event.data.get("words_context") or (PROBLEMS if event.kind is EventKind.ERROR or "resolved" in
                                                  event.data else ACTIVITY)
    return in_window(context, event.data.get("words") or "", dict(event.data.get("args") or {}), event.text)


def skill_line(skill: Any, line: str) -> str:
    """A skill's problem line (its English words) in the window's language, where the skill kept the line's marked
    words and args in its `problem_words` (the voice's, the stage's)."""
    said = (getattr(skill, "problem_words", None) or {}).get(line, {})
    return in_window(PROBLEMS, said.get("words", ""), said.get("args", {}), line)
