"""Settings typed on a command line: what a word means for a field, and how a value is written back out.

Theory of operation:
1. A text field (its current value is a string) takes the word as typed: `Bea`, `INFO`, `123` are all text. A
   word in JSON quotes ("a b") is unquoted, so a value with leading spaces or quotes can still be given.
2. Every other field reads the word as JSON: `4455`, `true`, `0.5`, `["ollama:x"]`, `{"ollama": "http://…"}`,
   `null`. A word that is not JSON, or not JSON a setting can hold (Infinity, 1e999, an integer wider than 64
   bits, nesting too deep: app.core.strict_json), is passed on as typed, so the settings' own validation refuses
   it and names the field (a number field given `abc` says it wants a number), rather than a parser saying
   something vaguer.
3. A field whose current value is None (an optional one) takes JSON when the word is JSON, else the word as
   typed.
4. Values are written out as compact JSON, one per line, so `get` prints what `set` takes.
"""

from __future__ import annotations

import json
from typing import Any

from app.core import strict_json


def parse_setting_text(text: str, current: Any) -> Any:
    if isinstance(current, str):
        if len(text) >= 2 and text.startswith('"') and text.endswith('"'):
            try:
                value = strict_json.loads(text)
            except ValueError:
                return text
            return value if isinstance(value, str) else text
        return text
    try:
        return strict_json.loads(text)
    except ValueError:   # Infinity, 1e999, nesting too deep...: the text itself, which the schema refuses
        return text


def setting_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
