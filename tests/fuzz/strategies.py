"""What the parser fuzz tests feed: random text and bytes, and cheap mutations of real inputs.

The settings profile "bea-fuzz" runs BEA_FUZZ_EXAMPLES examples per test (2,000 by default, the test command's
floor; tests/bench/fuzz.py raises it), with no deadline (a busy machine is not a bug) and no example database
(nothing is written into the checkout). It is applied per test, never loaded globally, so the schemathesis
tests keep their own settings.

Seeds come from /work/shared/fixtures where a fixture holds real inputs (Twitch IRC lines, the obs-websocket
document's JSON examples, the VRM samples); the rest are the messages each protocol document shows. A mutated
seed is the seed with a few edits: characters inserted, deleted or replaced (from a pool weighted towards what
parsers trip on: delimiters, digits of other scripts such as "²", surrogates, NUL, CR/LF), a slice duplicated,
or the text cut short. JSON seeds are also mutated as values: a random node replaced by any JSON value.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

FIXTURES = Path(os.environ.get("BEA_FIXTURES", "/work/shared/fixtures"))
EXAMPLES = int(os.environ.get("BEA_FUZZ_EXAMPLES", "2000"))

settings.register_profile("bea-fuzz", max_examples=EXAMPLES, deadline=None, database=None, print_blob=True,
                          suppress_health_check=list(HealthCheck))
FUZZ = settings.get_profile("bea-fuzz")

# examples run per parser (the benchmark reports their sum)
RUNS: Counter[str] = Counter()


def count(parser: str) -> None:
    RUNS[parser] += 1


# ---- characters parsers trip on ---------------------------------------------------------------------------

TRICKY = ["\0", "\r", "\n", "\r\n", " ", "  ", ":", ";", "=", "@", "!", "#", ",", "/", "\\", "\\s", "-", ".",
          '"', "'", "{", "}", "[", "]", "0", "9", "²", "٣", "໕", "Ⅻ", "½", "¹", "\ud800", "\udfff", "\ufeff",
          "\x01", "\x7f", "é", "🎉", "e", "E", "+", "NaN", "Infinity", "-1", "1e999", "9" * 30, "null", "true",
          "\\u0000", "\\ud83d", "%", "&", "?", "\t", "\u2028"]

tricky_text = st.lists(st.sampled_from(TRICKY) | st.text(max_size=4), max_size=6).map("".join)

# Mutations are made by a random.Random seeded from one drawn integer: one draw per example instead of dozens,
# which keeps 2,000 examples per parser cheap. A failure still reproduces (Hypothesis prints the seed).
seeds_of_chance = st.integers(0, 2 ** 64 - 1)


def _tricky(rng: random.Random) -> str:
    return "".join(rng.choice(TRICKY) if rng.random() < 0.7 else chr(rng.randrange(0x110000))
                   for _ in range(rng.randrange(1, 4)))


def mutate(text: str, rng: random.Random) -> str:
    """`text` with 0 to 4 edits: an insertion, a deletion, a replacement, a repeated slice, a cut."""
    for _ in range(rng.randrange(5)):
        at = rng.randrange(len(text) + 1)
        op = rng.randrange(5)
        if op == 0:
            text = text[:at] + _tricky(rng) + text[at:]
        elif op == 1:
            text = text[:at] + text[at + rng.randrange(1, 9):]
        elif op == 2:
            text = text[:at] + _tricky(rng) + text[at + 1:]
        elif op == 3:
            end = min(len(text), at + rng.randrange(1, 41))
            text = text[:end] + text[at:end] + text[end:]
        else:
            text = text[:at]
    return text


def mutated(seeds: list[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda seed, n: mutate(seed, random.Random(n)), st.sampled_from(seeds), seeds_of_chance)


def text_inputs(seeds: list[str]) -> st.SearchStrategy[str]:
    """Mostly mutated seeds, some random text."""
    return st.one_of(mutated(seeds), mutated(seeds), mutated(seeds), st.text(max_size=40), tricky_text)


SCALARS = [None, True, False, 0, 1, -1, 2 ** 64, 10 ** 400, -(10 ** 400), 0.5, -0.0, 1e308, 5e-324, float("inf"),
           float("-inf"), float("nan"), "", "²",
           "5.00", "1e999", "EUR", "١٢٣", "00", "-5", "x" * 300, "\ud800", "\u0000", "[]", "{}"]


def random_json(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, small: a scalar from SCALARS or a random one, or a list or object of up to 3 of them."""
    roll = rng.random()
    if depth < 3 and roll < 0.15:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 3 and roll < 0.3:
        return {_tricky(rng) if rng.random() < 0.5 else rng.choice(["type", "id", "message", "items", "d", "op"]):
                random_json(rng, depth + 1) for _ in range(rng.randrange(4))}
    if roll < 0.7:
        return rng.choice(SCALARS)
    return rng.choice([rng.randrange(-(2 ** 70), 2 ** 70), rng.uniform(-1e6, 1e6), _tricky(rng)])


def _nodes(value: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _nodes(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _nodes(item, (*here, i))
    return out


def _replace(value: Any, path: tuple, new: Any, delete: bool) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if delete and not rest:
        del copy[head]
        return copy
    copy[head] = _replace(copy[head], rest, new, delete)
    return copy


def mutate_json(value: Any, rng: random.Random) -> Any:
    """`value` with 1 to 3 nodes replaced by random JSON, or deleted."""
    for _ in range(rng.randrange(1, 4)):
        path = rng.choice(_nodes(value))
        delete = bool(path) and rng.random() < 0.4
        value = _replace(value, path, None if delete else random_json(rng), delete)
    return value


def mutated_json(seeds: list[Any]) -> st.SearchStrategy[Any]:
    return st.builds(lambda seed, n: mutate_json(seed, random.Random(n)), st.sampled_from(seeds), seeds_of_chance)


def json_inputs(seeds: list[Any]) -> st.SearchStrategy[Any]:
    """Mostly mutated seeds, some random JSON."""
    return st.one_of(mutated_json(seeds), mutated_json(seeds), mutated_json(seeds),
                     seeds_of_chance.map(lambda n: random_json(random.Random(n))))


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def json_texts(seeds: list[Any]) -> st.SearchStrategy[str]:
    """JSON text: mutated as values, as text, or random."""
    texts = [_dumps(s) for s in seeds]
    return st.one_of(mutated_json(seeds).map(_dumps), mutated(texts), text_inputs(texts),
                     st.sampled_from(["[" * 5000, '{"a":' * 3000, "1" * 5000, "-" + "9" * 4400]))


# ---- seeds ------------------------------------------------------------------------------------------------

def twitch_lines() -> list[str]:
    lines = (FIXTURES / "twitch_irc" / "twitch_irc_lines.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line]


def obs_messages() -> list[Any]:
    text = (FIXTURES / "obs_websocket" / "protocol.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            value = json.loads(block)
        except ValueError:
            continue
        if isinstance(value, dict) and "op" in value:
            out.append(value)
    return out


def vrm_files() -> list[Path]:
    return sorted((FIXTURES / "vrm").glob("*.vrm"))
