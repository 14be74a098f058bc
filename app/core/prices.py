"""What a turn costs: a price table the streamer edits, and the rule that prices one model call.

Theory of operation:
1. A price is US dollars per million input (prompt) tokens and per million output (completion) tokens. An
   entry of the table is written "model=input/output", for example "openai:gpt-4o-mini=0.15/0.60"; a key
   is a model spec (provider:model) or a bare model name that any cloud provider's model of that name uses.
2. A model on this computer costs nothing and shows no cost: the built-in model, a provider that needs no
   key (Ollama, LM Studio, llama.cpp, vLLM), or a keyed provider whose base URL is set to a loopback address.
3. A server names the model that answered in its own words ("gpt-4o-mini-2024-07-18"); answered_by() finds
   which model of the pool that was: the spec itself, a spec with that model name, or else one whose name
   is the same once a date or version suffix (-2024-07-18, -20241022, -latest, -0125) is taken off both.
4. price_for() looks a spec up: its exact spec, then its bare model name, then the last part of a path-like
   name (openrouter:openai/gpt-4o -> gpt-4o), each also without a date or version suffix. No entry: no
   price, and the turn shows no cost rather than a made-up one.
5. A turn's cost is the sum of its calls' costs; a call whose model is unpriced adds nothing, and a turn in
   which no call was priced has no cost (None), which is not the same as a cost of 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.core.model_spec import PROVIDERS, ModelSpec, ModelSpecError, parse
from app.core.netpolicy import is_loopback_address, is_loopback_name

PER = 1_000_000
_SUFFIX = re.compile(r"-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest|preview)$")
_NUMBER = r"(\d+(?:\.\d+)?)"
_ENTRY = re.compile(rf"^(?P<key>[^=\s][^=]*?)\s*=\s*\$?{_NUMBER}\s*/\s*\$?{_NUMBER}$")


@dataclass(frozen=True)
class Price:
    input_per_m: float    # USD per million prompt tokens
    output_per_m: float   # USD per million completion tokens

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        return (prompt_tokens * self.input_per_m + completion_tokens * self.output_per_m) / PER


# list prices of a few common cloud models, USD per million tokens (input/output); the streamer edits them in
# Settings → Mind to match their bill
DEFAULT_PRICES: tuple[str, ...] = (
    "openai:gpt-4o=2.50/10.00",
    "openai:gpt-4o-mini=0.15/0.60",
    "openai:gpt-4.1=2.00/8.00",
    "openai:gpt-4.1-mini=0.40/1.60",
    "openai:gpt-4.1-nano=0.10/0.40",
    "anthropic:claude-3-5-haiku=0.80/4.00",
    "anthropic:claude-3-7-sonnet=3.00/15.00",
    "anthropic:claude-sonnet-4=3.00/15.00",
    "gemini:gemini-2.0-flash=0.10/0.40",
    "gemini:gemini-2.5-flash=0.30/2.50",
    "gemini:gemini-2.5-pro=1.25/10.00",
    "groq:llama-3.1-8b-instant=0.05/0.08",
    "groq:llama-3.3-70b-versatile=0.59/0.79",
)


def parse_entry(entry: str) -> tuple[str, Price]:
    """One "model=input/output" entry; a ValueError that says what an entry looks like."""
    match = _ENTRY.match(entry.strip())
    if match is None:
        raise ValueError(f"the price {entry.strip()!r} is not model=input/output in US dollars per million "
                         "tokens, for example openai:gpt-4o-mini=0.15/0.60")
    return match["key"].strip(), Price(float(match[2]), float(match[3]))


def parse_table(entries: Iterable[str]) -> dict[str, Price]:
    table: dict[str, Price] = {}
    for entry in entries:
        if entry.strip():
            key, price = parse_entry(entry)
            table[key] = price
    return table


def _bare(model: str) -> str:
    return _SUFFIX.sub("", model)


def is_local(spec: ModelSpec, base_urls: Mapping[str, str] | None = None) -> bool:
    if not spec.info.needs_key:
        return True
    host = urlsplit((base_urls or {}).get(spec.provider, "") or "").hostname or ""
    return bool(host) and (is_loopback_name(host) or is_loopback_address(host))


def answered_by(model: str, pool: Sequence[str]) -> ModelSpec | None:
    """Which spec of the pool a server's name for the answering model stands for (rule 3)."""
    specs = []
    for text in pool:
        try:
            specs.append(parse(text))
        except ModelSpecError:
            continue
    exact = next((s for s in specs if model in (str(s), s.model)), None)
    return exact or next((s for s in specs if _bare(model) == _bare(s.model)), None)


def price_for(spec: ModelSpec, table: Mapping[str, Price]) -> Price | None:
    names = [spec.model, spec.model.rsplit("/", 1)[-1]]
    for key in (str(spec), f"{spec.provider}:{_bare(spec.model)}", *names, *(_bare(n) for n in names)):
        if key in table:
            return table[key]
    return None


def call_cost(model: str, prompt_tokens: int, completion_tokens: int, pool: Sequence[str],
              table: Mapping[str, Price], base_urls: Mapping[str, str] | None = None) -> float | None:
    """What one call cost in USD; None when it is free (a local model) or its price is unknown."""
    spec = answered_by(model, pool)
    if spec is None or spec.provider not in PROVIDERS or is_local(spec, base_urls):
        return None
    price = price_for(spec, table)
    return None if price is None else price.cost(prompt_tokens, completion_tokens)


def add_cost(total: float | None, more: float | None) -> float | None:
    """Rule 5: unpriced calls add nothing; a turn with no priced call has no cost."""
    if more is None:
        return total
    return more if total is None else total + more


def format_usd(cost: float) -> str:
    return f"${cost:.4f}" if cost < 1 else f"${cost:.2f}"
