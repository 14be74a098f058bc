"""What every chat platform's dock shows alike: its state as a coloured dot and a word, and its chat lines
(ChatLine) with what a moderator removed struck through. A platform's dock adds its own kinds of line (bits,
Super Chats) by passing `special`, and its own widgets around a ChatLog."""

from __future__ import annotations

import html
from collections.abc import Callable

from app.skills.platform.chat_ring import ChatLine
from app.widgets.palette import EVENT, HER, PAID, PROBLEM, QUIET, dot_html
from app.widgets.qt import translate


def state_html(colours: dict[str, str], words: dict[str, str], state: str, detail: str) -> str:
    return dot_html(colours.get(state, QUIET), words.get(state, str(state).capitalize()), detail)


def line_html(line: ChatLine, special: Callable[[ChatLine, str, str], str | None] = lambda *_: None) -> str:
    who, text = html.escape(line.who), html.escape(line.text)
    body = special(line, who, text)
    if body is not None:
        pass
    elif line.kind in ("event", "member"):
        body = (f'<i style="color:{EVENT}"><b>{who}</b> {text}</i>' if line.kind == "member"
                else f'<i style="color:{EVENT}">{text}</i>')
    elif line.kind == "system":
        body = f'<span style="color:{QUIET}">{text}</span>'
    elif line.kind == "refused":
        body = f'<span style="color:{PROBLEM}">⚠ {text}</span>'
    elif line.kind == "her":
        body = f'<b style="color:{HER}">{who}:</b> {text}'
    elif line.kind == "paid":
        body = f'<b>{who}</b> <span style="background:{PAID}">{text}</span>'
    elif line.action:
        body = f"<i>* <b>{who}</b> {text}</i>"
    else:
        body = f"<b>{who}:</b> {text}"
    if line.removed:
        removed = html.escape(translate("platform_dock", "(removed by a moderator)"))
        body = f'<s>{body}</s> <span style="color:{PROBLEM}">{removed}</span>'
    return body

