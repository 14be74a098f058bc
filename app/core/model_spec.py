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
7. A server's address typed where a spec goes is an OpenAI-compatible server: "http://127.0.0.1:8080/v1",
   "localhost:1234" (http:// understood), optionally followed by a space and the model's name
   ("http://127.0.0.1:11434/v1 qwen3:8b"). An address with no path gets "/v1". server_address reads it (None
   for anything else: a spec's provider is never taken for a host). place_server turns it into the project's
   provider=url form: provider:model in the pool and provider=url among the base URLs, with the provider whose
   usual port it is (Ollama 11434, LM Studio 1234, llama.cpp 8080, vLLM 8000) when that provider's address is
   not set or is this one, else SERVER, the provider with no usual address. A server at a port taken by
   another address and SERVER taken too is refused with what to do; so is an address with no model's name.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

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
    Provider("server", Wire.OPENAI, None, False, "an OpenAI-compatible server"),
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


def model_hosts(specs: Iterable[str], base_urls: Mapping[str, str]) -> list[tuple[str, str]]:
    """(spec, host) for each model that is reached over the network, in the order given: the built-in model and
    specs that do not parse are left out (the pool says what is wrong with those)."""
    found = []
    for text in specs:
        try:
            spec = parse(text)
        except ModelSpecError:
            continue
        if spec.info.wire is Wire.LOCAL:
            continue
        url = base_url(spec, base_urls.get(spec.provider))
        host = urlsplit(url).hostname if url else None
        if host:
            found.append((str(spec), host))
    return found


def api_key_name(provider: str) -> str:
    return f"llm.{provider}.api_key"


# --- rule 7: a server's address ------------------------------------------------------------------------------

SERVER = "server"
_BARE_ADDRESS = re.compile(r"^[A-Za-z0-9.-]+:\d{1,5}(/\S*)?$")


@dataclass(frozen=True)
class ServerAddress:
    url: str                 # http(s)://host:port/path, no trailing "/"
    model: str | None        # the model's name typed after it, None when none was

    @property
    def port(self) -> int:
        parts = urlsplit(self.url)
        return parts.port or (443 if parts.scheme == "https" else 80)


def server_address(text: str) -> ServerAddress | None:
    """Rule 7: the server a typed entry names, or None when it is not an address."""
    address, _, model = (text or "").strip().partition(" ")
    if _BARE_ADDRESS.match(address) and address.split(":", 1)[0].lower() not in PROVIDERS:
        address = "http://" + address
    parts = urlsplit(address)
    try:
        port_ok = parts.port is not None or ":" not in parts.netloc.rsplit("@", 1)[-1]
    except ValueError:          # a port that is not a number, or out of range
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or not port_ok:
        return None
    url = address.rstrip("/") if parts.path.strip("/") else address.rstrip("/") + "/v1"
    return ServerAddress(url, model.strip() or None)


def place_server(address: ServerAddress, base_urls: Mapping[str, str]) -> tuple[ModelSpec, dict[str, str]]:
    """Rule 7: the spec for a server's model and the base URLs with its address among them."""
    if not address.model:
        raise ModelSpecError(f"{address.url} names no model: write its name after the address, for example "
                             f"{address.url} qwen3:8b (Apply in Settings → Mind asks the server)")
    usual = [p.name for p in PROVIDERS.values() if p.base_url is not None and p.wire is Wire.OPENAI
             and not p.needs_key and urlsplit(p.base_url).port == address.port]
    for provider in [*usual, SERVER]:
        if base_urls.get(provider, address.url).rstrip("/") == address.url:
            return ModelSpec(provider, address.model), {**base_urls, provider: address.url}
    raise ModelSpecError(f"{address.url}: another server already uses the address of {SERVER} "
                         f"({base_urls[SERVER]}); write provider=url under Server addresses for this one")
