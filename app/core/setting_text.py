"""Settings typed on a command line: what a word means for a field, and how a value is written back out.

Theory of operation:
1. A text field (its current value is a string) takes the word as typed: `Bea`, `INFO`, `123` are all text. A
   word in JSON quotes ("a b") is unquoted, so a value with leading spaces or quotes can still be given.
2. Every other field reads the word as JSON: `4455`, `true`, `0.5`, `["ollama:x"]`, `{"ollama": "http://…"}`,
   `null`. A word that is not JSON is passed on as typed, so the settings' own validation refuses it and names
   the field (a number field given `abc` says it wants a number), rather than a parser saying something vaguer.
3. A field whose current value is None (an optional one) takes JSON when the word is JSON, else the word as
   typed.
4. Values are written out as compact JSON, one per line, so `get` prints what `set` takes.
"""

from __future__ import annotations

import json
from typing import Any


def parse_setting_text(text: str, current: Any) -> Any:
    if isinstance(current, str):
        if len(text) >= 2 and text.startswith('"') and text.endswith('"'):
            try:
                value = json.loads(text)
            except ValueError:
                return text
            return value if isinstance(value, str) else text
        return text
    try:
        return json.loads(text)
    except ValueError:
        return text


def setting_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
