"""Masking secrets out of text before it reaches a log or the screen.

Theory of operation:
1. Every value registered as a secret (four characters or more) is replaced by "***" wherever it appears.
2. Shapes that are secrets whatever their value are masked too: SQLCipher raw keys (x'<hex>'), Twitch
   oauth tokens, bearer tokens, OpenAI-style keys, and key=value (or JSON "key": "value") pairs whose key names a
   secret, and the user part of a URL (scheme://user:password@host: a base URL can carry its credentials).
3. Masking is idempotent: masked text masks to itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MASK = "***"
MIN_SECRET_LEN = 4

_SHAPES = [
    (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@]+@"), r"\1" + MASK + "@"),
    (re.compile(r"x'[0-9A-Fa-f]{32,}'"), MASK),
    (re.compile(r"\boauth:[A-Za-z0-9]+"), "oauth:" + MASK),
    (re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}"), "Bearer " + MASK),
    (re.compile(r"\bsk-[A-Za-z0-9_-]{10,}"), MASK),
    (re.compile(r"(?i)\b(password|passphrase|passwd|token|secret|api_key|apikey)(\s*=\s*)(?!\*\*\*)[^\s,;&]+"),
     r"\1\2" + MASK),
    (re.compile(r'(?i)"(password|passphrase|passwd|token|secret|api_key|apikey)"(\s*:\s*)"(?!\*\*\*)[^"]*"'),
     r'"\1"\2"' + MASK + '"'),
]


def mask(text: str, secrets: Iterable[str] = ()) -> str:
    for value in sorted({s for s in secrets if s and len(s) >= MIN_SECRET_LEN}, key=len, reverse=True):
        text = text.replace(value, MASK)
    for pattern, repl in _SHAPES:
        text = pattern.sub(repl, text)
    return text
