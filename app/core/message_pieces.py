"""A written line cut to what a platform accepts in one message (Discord 2000 characters, Telegram 4096...):
each piece at most `limit` characters, cut at a newline or a space when one is in the second half, never
inside a word otherwise."""

from __future__ import annotations


def pieces(text: str, limit: int) -> list[str]:
    text = text.strip()
    out: list[str] = []
    while len(text) > limit:
        cut = max(text.rfind("\n", 0, limit), text.rfind(" ", 0, limit))
        cut = cut if cut > limit // 2 else limit
        out.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return [*out, text] if text else out
