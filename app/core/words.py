"""Marking words for the window's translation without Qt: core decisions that say something to the streamer
mark their sentences with QT_TRANSLATE_NOOP(context, text), which returns the text unchanged. Qt's lupdate finds
the calls by name (installer/i18n.py), and the window translates the text where it shows it."""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name lupdate looks for)
    return text
