"""How long a model server may take to begin an answer, and how much it can read: learnt from what it does.

Theory of operation:
1. A server reads the whole prompt before it writes its first token, so the time to the first token grows with
   the prompt's tokens over the server's prompt speed (tokens read per second).
2. The speed is learnt per model from each call: the server's own timings when it sends them (llama.cpp's
   prompt_n over prompt_ms), else the prompt's tokens over the seconds to the first content. A prompt under
   MIN_LEARN tokens teaches nothing (the fixed costs of a call outweigh the reading).
3. A slower measure moves the figure half way down at once, a faster one only a quarter of the way up: a
   deadline cut short fails a turn, one left long costs nothing but a late error.
4. A call whose first-token deadline passed teaches too: the server reads slower than the prompt's tokens
   over the seconds it was given, so the figure drops below that and the next deadline is longer.
5. The first-token deadline: the streamer's setting when there is one; otherwise SLACK times the reading
   time at the known speed (ASSUMED_SPEED when none is known yet, a loaded two-core computer's) plus
   OVERHEAD, never under FLOOR nor over CEILING.
6. The whole call keeps the answer's own room after the first token: the configured total, or the deadline
   plus what the configured total leaves after the configured first-token deadline, whichever is later.
7. A server's context (the tokens it holds at once) is said in a refused request (llama.cpp, llama-cpp-python,
   OpenAI, vLLM and LM Studio each in their own sentence), in llama.cpp's /props, or in a model list entry
   (OpenRouter's context_length, vLLM's max_model_len, LM Studio's loaded_context_length); the training
   context of a model file is not the server's and is never taken for it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from app.core.numbers import finite

FLOOR = 60.0            # seconds: no first-token deadline is shorter (a cloud model's queue, a cold start)
CEILING = 1800.0        # seconds: no server is waited on longer than this for its first token
SLACK = 2.0             # the reading time is doubled: a loaded computer, a prompt larger than estimated
OVERHEAD = 5.0          # seconds: connecting, loading, the first token itself
ASSUMED_SPEED = 15.0    # tokens a second: 2,576 tokens took 159-189 s on a loaded two-core computer
MIN_LEARN = 256         # tokens: smaller prompts teach nothing
DOWN, UP = 0.5, 0.25    # how far one measure moves the learnt speed (rule 3)
BELOW_TIMEOUT = 0.8     # rule 4: after a timeout the speed is at most this share of tokens / seconds waited


def first_token_deadline(prompt_tokens: int, speed: float | None, override: float = 0.0) -> float:
    """Rule 5: seconds from the request to the first real content."""
    if override > 0:
        return float(override)
    rate = speed if speed and speed > 0 else ASSUMED_SPEED
    return min(CEILING, max(FLOOR, SLACK * max(prompt_tokens, 0) / rate + OVERHEAD))


def total_deadline(first_token: float, configured_first: float, configured_total: float) -> float:
    """Rule 6: seconds for the whole call."""
    return max(configured_total, first_token + max(configured_total - configured_first, 0.0))


def measured_speed(prompt_tokens: int, seconds: float, timings: Mapping[str, Any] | None = None) -> float | None:
    """Rule 2: the prompt speed one call shows, or None when it shows nothing worth learning."""
    if timings:
        n, ms = finite(timings.get("prompt_n")), finite(timings.get("prompt_ms"))
        if n is not None and ms is not None and n >= MIN_LEARN and ms > 0:
            speed = n * 1000.0 / ms
            return speed if math.isfinite(speed) else None
    if prompt_tokens < MIN_LEARN or seconds <= 0:
        return None
    return prompt_tokens / seconds


def learn(old: float | None, measure: float | None) -> float | None:
    """Rule 3: the figure after one more measure."""
    if measure is None or measure <= 0:
        return old
    if old is None or old <= 0:
        return measure
    return old + (measure - old) * (DOWN if measure < old else UP)


def after_timeout(old: float | None, prompt_tokens: int, waited: float) -> float | None:
    """Rule 4: the figure after a first-token deadline of `waited` seconds passed on `prompt_tokens`."""
    if prompt_tokens < MIN_LEARN or waited <= 0:
        return old
    bound = BELOW_TIMEOUT * prompt_tokens / waited
    return bound if old is None or old > bound else old


def worth_saving(old: float | None, new: float | None) -> bool:
    """Whether a learnt figure moved enough (a tenth) to be written down again."""
    if new is None:
        return False
    return old is None or old <= 0 or abs(new - old) / old >= 0.1


# rule 7: the sentences that say a context's size, each with its number in the first group
_CONTEXT_SENTENCES = (
    re.compile(r"(?i)exceed(?:s)? context window of (\d+)"),                     # llama-cpp-python
    re.compile(r"(?i)\bn_ctx\b\D{0,12}(\d+)"),                                    # llama.cpp ("n_ctx": 1024)
    re.compile(r"(?i)maximum context length is (\d+)"),                           # OpenAI, vLLM
    re.compile(r"(?i)context length of only (\d+)"),                              # LM Studio
    re.compile(r"(?i)(?:context size|context window|context length)\D{0,20}?\(?(\d{3,})\s*tokens?"),
)


def context_from_error(text: str) -> int | None:
    """Rule 7: the context a refusal names, or None when it names none."""
    for sentence in _CONTEXT_SENTENCES:
        found = sentence.search(text)
        if found and int(found.group(1)) > 0:
            return int(found.group(1))
    return None


def context_from_props(doc: Any) -> int | None:
    """Rule 7: llama.cpp's /props (n_ctx in default_generation_settings, or at its top in older builds)."""
    if not isinstance(doc, dict):
        return None
    settings = doc.get("default_generation_settings")
    for place in (settings if isinstance(settings, dict) else {}, doc):
        value = place.get("n_ctx")
        if isinstance(value, int) and value > 0:
            return value
    return None


_LIST_FIELDS = ("loaded_context_length", "max_model_len", "context_length")


def context_from_models(doc: Any, model: str) -> int | None:
    """Rule 7: the context the model list says for `model` (its id), or None when it does not say."""
    items = doc.get("data") if isinstance(doc, dict) else doc
    for item in items if isinstance(items, list) else ():
        if isinstance(item, dict) and item.get("id") == model:
            for key in _LIST_FIELDS:
                value = item.get(key)
                if isinstance(value, int) and value > 0:
                    return value
    return None
