"""Model specs ("provider:model") and the providers Bea knows, with the wire each speaks and its default URL.

Theory of operation:
1. A spec is "provider:model", split on the first colon only, so a model name keeps its own colons:
   "ollama:llama3.1:8b" is provider "ollama", model "llama3.1:8b".
2. Surrounding whitespace is ignored; the provider is case-insensitive, the model keeps its case.
3. Both halves must be non-empty and the provider must be one in PROVIDERS; every refusal is a
   ModelSpecError that quotes the spec and says what a good one looks like.
4. A provider is plain data: the wire it speaks (OpenAI Chat Completions, Anthropic Messages, or the
   built-in model), its default base URL, and whether it needs an API key. A configured base URL replaces
   the default; "local" is the built-in model and has no URL at all.
5. A pool is a non-empty list of distinct specs; parse_pool reports every bad entry at once.
6. The API key of a provider lives under one secret name, api_key_name(provider), for the settings page
   that stores it and the registry that reads it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

EXAMPLE = "ollama:llama3.1:8b"


class ModelSpecError(ValueError):
    pass


class Wire(enum.StrEnum):
    OPENAI = "openai"
    ANTHROPIC = "anthropic"
    LOCAL = "local"


@dataclass(frozen=True)
class Provider:
    name: str
    wire: Wire
    base_url: str | None
    needs_key: bool
    label: str


PROVIDERS: dict[str, Provider] = {p.name: p for p in [
    Provider("openai", Wire.OPENAI, "https://api.openai.com/v1", True, "OpenAI"),
    Provider("openrouter", Wire.OPENAI, "https://openrouter.ai/api/v1", True, "OpenRouter"),
    Provider("groq", Wire.OPENAI, "https://api.groq.com/openai/v1", True, "Groq"),
    Provider("gemini", Wire.OPENAI, "https://generativelanguage.googleapis.com/v1beta/openai", True,
             "Google Gemini (OpenAI-compatible endpoint)"),
    Provider("ollama", Wire.OPENAI, "http://127.0.0.1:11434/v1", False, "Ollama"),
    Provider("lmstudio", Wire.OPENAI, "http://127.0.0.1:1234/v1", False, "LM Studio"),
    Provider("llamacpp", Wire.OPENAI, "http://127.0.0.1:8080/v1", False, "llama.cpp server"),
    Provider("vllm", Wire.OPENAI, "http://127.0.0.1:8000/v1", False, "vLLM"),
    Provider("anthropic", Wire.ANTHROPIC, "https://api.anthropic.com/v1", True, "Anthropic"),
    Provider("local", Wire.LOCAL, None, False, "the built-in model"),
]}


@dataclass(frozen=True)
class ModelSpec:
    provider: str
    model: str

    def __str__(self) -> str:
        return f"{self.provider}:{self.model}"

    @property
    def info(self) -> Provider:
        return PROVIDERS[self.provider]


def parse(spec: str) -> ModelSpec:
    text = spec.strip() if isinstance(spec, str) else ""
    if not text:
        raise ModelSpecError(f"empty model spec: write provider:model, for example {EXAMPLE}")
    provider, colon, model = text.partition(":")
    provider, model = provider.strip().lower(), model.strip()
    if not colon:
        raise ModelSpecError(f"model spec {spec!r} has no provider: write provider:model, for example "
                             f"{EXAMPLE}")
    if not provider:
        raise ModelSpecError(f"model spec {spec!r} has no provider before the colon: write provider:model, "
                             f"for example {EXAMPLE}")
    if provider not in PROVIDERS:
        raise ModelSpecError(f"model spec {spec!r} names an unknown provider {provider!r}: use one of "
                             f"{', '.join(PROVIDERS)}")
    if not model:
        raise ModelSpecError(f"model spec {spec!r} has no model after the colon: write provider:model, for "
                             f"example {EXAMPLE}")
    return ModelSpec(provider, model)


def parse_pool(specs: Iterable[str], role: str = "pool") -> list[ModelSpec]:
    parsed: list[ModelSpec] = []
    problems: list[str] = []
    for spec in specs:
        try:
            one = parse(spec)
        except ModelSpecError as e:
            problems.append(str(e))
            continue
        if one in parsed:
            problems.append(f"{one} is listed twice")
        else:
            parsed.append(one)
    if problems:
        raise ModelSpecError(f"the {role} models are misconfigured: " + "; ".join(problems))
    if not parsed:
        raise ModelSpecError(f"the {role} has no models: add at least one provider:model, for example {EXAMPLE}")
    return parsed


def base_url(spec: ModelSpec, configured: str | None = None) -> str | None:
    url = (configured or "").strip() or spec.info.base_url
    return url.rstrip("/") if url else None


def api_key_name(provider: str) -> str:
    return f"llm.{provider}.api_key"
