"""The app's few colours, by meaning: every dock and dialog says "fine", "wait", "problem" and "quiet" alike."""

from __future__ import annotations

import html

FINE = "#2e7d32"      # connected, reading, listening, done
WAITING = "#b7950b"   # connecting, retrying, not live yet
PROBLEM = "#c0392b"   # refused, failed, removed: something the streamer may have to act on
QUIET = "#7f8c8d"     # off, ended, system lines
HER = "#2471a3"       # her own lines
EVENT = "#8e44ad"     # subs, raids, members, thinking
PAID = "#fff3b0"      # the background of a paid line

PROBLEM_STYLE = f"color: {PROBLEM};"


def dot_html(colour: str, word: str, detail: str = "") -> str:
    """A coloured dot, the state in bold, and why (escaped)."""
    return (f'<span style="color:{colour}">●</span> <b>{html.escape(word)}</b>'
            + (f" — {html.escape(detail)}" if detail else ""))
