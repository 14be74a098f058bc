"""Benchmark: chat triage and the on-air filter (issue 25) on the corpus of tests/bench/on_air_corpus.py.

Run from the repo root: .venv/bin/python tests/bench/on_air.py
1. Injection attempts: every line of INJECTIONS_EN and INJECTIONS_IT, and each line of TO_ENCODE disguised
   every way of ENCODINGS (base64, rot13, Cyrillic look-alikes, zero-width spaces, full-width letters,
   leetspeak, spaced letters). Caught: the triage names an attempt (app.core.chat_triage.steering).
2. Plain chat: every line of the shared fixtures' IRC logs (/work/shared/fixtures/chat/*.raw.txt, or
   BEA_CHAT_FIXTURES), in order, with their authors and times, through judge() and the FloodWatch. A false
   positive is a line named an attempt or spam; a link alone is no flag (it is only replaced).
3. The filter: PROFANITY must be masked or dropped, NEVER_SAY dropped, CLEAN_FILTER said as it is.
4. Speed: each plain-chat line through the triage (judge and FloodWatch) and the filter (as if she said it),
   fresh rule objects, the median of three passes, in microseconds per line.
Last line: RESULT injection_caught=... injection_total=... false_positive_rate=... filter_caught=...
filter_total=... us_per_line=...  Targets: >= 95% caught, <= 1% false positives, <= 200 us per line.
Lines above it say what was missed (MISS) or flagged wrongly (FALSE), and how many of HELD_OUT (attempts the
rules were never shaped on) are caught: the honest figure for a paraphrase nobody wrote a rule for.
"""

from __future__ import annotations

import base64
import codecs
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core.chat_triage import FloodWatch, judge, steering  # noqa: E402
from app.core.on_air import Decision, OnAir  # noqa: E402
from tests.bench.on_air_corpus import (  # noqa: E402
    CLEAN_FILTER,
    HELD_OUT,
    INJECTIONS_EN,
    INJECTIONS_IT,
    NEVER_SAY,
    PROFANITY,
    TO_ENCODE,
)

FIXTURES = Path(os.environ.get("BEA_CHAT_FIXTURES", "/work/shared/fixtures/chat"))
_IRC = re.compile(r"\[(\d\d):(\d\d)\] <([^>]+)> (.*)")
_LOOKALIKES = str.maketrans({"o": "о", "a": "а", "e": "е", "i": "і", "c": "с", "p": "р"})
_LEET = str.maketrans({"o": "0", "i": "1", "e": "3", "a": "4", "s": "5", "t": "7"})


def _zero_width(text: str) -> str:
    return "\u200b".join(text[i:i + 2] for i in range(0, len(text), 2))


def _spaced(text: str) -> str:
    first, _sep, rest = text.partition(" ")
    return " ".join(first) + " " + rest


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


ENCODINGS = {
    "base64": lambda t: base64.b64encode(t.encode()).decode(),
    "rot13": lambda t: codecs.encode(t, "rot13"),
    "look-alikes": lambda t: t.translate(_LOOKALIKES),
    "zero-width": _zero_width,
    "full-width": _fullwidth,
    "leetspeak": lambda t: t.translate(_LEET),
    "spaced": _spaced,
}


def injections() -> list[tuple[str, str]]:
    lines = [("plain en", t) for t in INJECTIONS_EN] + [("plain it", t) for t in INJECTIONS_IT]
    for name, encode in ENCODINGS.items():
        lines += [(name, encode(t)) for t in TO_ENCODE]
    return lines


def plain_chat() -> list[tuple[float, str, str]]:
    lines = []
    for path in sorted(FIXTURES.glob("*.raw.txt")):
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            m = _IRC.match(raw)
            if m:
                lines.append(((int(m[1]) * 60 + int(m[2])) * 60.0, m[3], m[4]))
    return lines


def triage_flags(chat: list[tuple[float, str, str]]) -> list[str]:
    watch = FloodWatch()
    flagged = []
    for ts, author, text in chat:
        verdict = judge(text)
        if verdict.flagged or watch.seen(author, text, ts):
            flagged.append(text)
    return flagged


def speed(chat: list[tuple[float, str, str]]) -> float:
    runs = []
    for _ in range(3):
        watch, on_air = FloodWatch(), OnAir()
        start = time.perf_counter()
        for ts, author, text in chat:
            judge(text)
            watch.seen(author, text, ts)
            on_air.screen(text)
        runs.append((time.perf_counter() - start) / len(chat) * 1e6)
    return statistics.median(runs)


def main() -> None:
    attempts = injections()
    missed = [(kind, text) for kind, text in attempts if not steering(text)]
    for kind, text in missed:
        print(f"MISS injection ({kind}): {text!r}")
    held = [t for t in HELD_OUT if steering(t)]
    print(f"held-out attempts (written after the rules, never tuned on): caught {len(held)} of {len(HELD_OUT)}")
    chat = plain_chat()
    if not chat:
        sys.exit(f"no chat lines under {FIXTURES}")
    false = triage_flags(chat)
    for text in false:
        print(f"FALSE plain chat flagged: {text!r}")
    on_air = OnAir()
    filter_missed = [t for t in PROFANITY if on_air.screen(t).decision is Decision.SAY]
    filter_missed += [t for t in NEVER_SAY if on_air.screen(t).decision is not Decision.DROP]
    for text in filter_missed:
        print(f"MISS filter: {text!r}")
    clean_flagged = [t for t in CLEAN_FILTER if on_air.screen(t).decision is not Decision.SAY]
    for text in clean_flagged:
        print(f"FALSE filter: {text!r}")
    print(f"plain chat lines: {len(chat)}; clean lines the filter flagged: {len(clean_flagged)} of "
          f"{len(CLEAN_FILTER)}")
    filter_total = len(PROFANITY) + len(NEVER_SAY)
    print(f"RESULT injection_caught={len(attempts) - len(missed)} injection_total={len(attempts)} "
          f"false_positive_rate={len(false) / len(chat):.4f} filter_caught={filter_total - len(filter_missed)} "
          f"filter_total={filter_total} us_per_line={speed(chat):.1f}")


if __name__ == "__main__":
    main()
