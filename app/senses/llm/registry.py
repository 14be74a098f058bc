"""Building LLM clients and pools from model specs, configured base URLs and API keys from the secret store.

The secrets getter is injected (SecretStore.get in the app) and asked once per provider per build, under
api_key_name(provider); keys are handed to the clients and never logged. A provider that needs a key and
has none still gets a client: it refuses each call with an AuthError, so the pool falls back to another
model and the user is told what is missing. Build again when a key or a base URL changes.
The built-in model is supplied by whoever owns it, through the `local` factory. The servers' figures (`pace`: how
fast each reads a prompt, how much it holds) are shared by every client the factory builds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping

from app.core.model_spec import ModelSpec, ModelSpecError, Wire, api_key_name, base_url, parse, parse_pool
from app.senses.llm.anthropic import AnthropicClient
from app.senses.llm.base import DEFAULT_TIMEOUTS, LLMClient, Pace, Timeouts
from app.senses.llm.openai_compat import OpenAICompatClient
from app.senses.llm.pool import ModelPool
from app.senses.netgate import NetworkGate

log = logging.getLogger(__name__)

SecretGetter = Callable[[str], str | None]
LocalFactory = Callable[[ModelSpec], LLMClient]


class ClientFactory:
    def __init__(self, gate: NetworkGate, secrets: SecretGetter, *, base_urls: Mapping[str, str] | None = None,
                 timeouts: Timeouts = DEFAULT_TIMEOUTS, local: LocalFactory | None = None,
                 clock: Callable[[], float], pace: Pace | None = None) -> None:
        self._gate = gate
        self._pace = pace
        self._clock = clock   # the pools' cooldowns run on it
        self._secrets = secrets
        self._base_urls = dict(base_urls or {})
        self._timeouts = timeouts
        self._local = local
        self._keys: dict[str, str | None] = {}

    def client(self, spec: ModelSpec | str) -> LLMClient:
        spec = parse(spec) if isinstance(spec, str) else spec
        wire = spec.info.wire
        if wire is Wire.LOCAL:
            if self._local is None:
                raise ModelSpecError(f"{spec}: the built-in model is not available in this build")
            return self._local(spec)
        url = base_url(spec, self._base_urls.get(spec.provider))
        if url is None:
            raise ModelSpecError(f"{spec}: no base URL configured for {spec.info.label}")
        key = self._key(spec.provider)
        log.info("model %s at %s (%s)", spec, url, "API key set" if key else "no API key")
        if wire is Wire.ANTHROPIC:
            return AnthropicClient(spec, url, self._gate, key, timeouts=self._timeouts)
        return OpenAICompatClient(spec, url, self._gate, key, timeouts=self._timeouts, pace=self._pace)

    def pool(self, role: str, specs: Iterable[str]) -> ModelPool:
        return ModelPool(role, [self.client(s) for s in parse_pool(specs, role)], clock=self._clock)

    def _key(self, provider: str) -> str | None:
        if provider not in self._keys:
            self._keys[provider] = self._secrets(api_key_name(provider)) or None
        return self._keys[provider]


def build_pool(role: str, specs: Iterable[str], gate: NetworkGate, secrets: SecretGetter, *,
               base_urls: Mapping[str, str] | None = None, timeouts: Timeouts = DEFAULT_TIMEOUTS,
               local: LocalFactory | None = None, clock: Callable[[], float]) -> ModelPool:
    return ClientFactory(gate, secrets, base_urls=base_urls, timeouts=timeouts, local=local,
                         clock=clock).pool(role, specs)
