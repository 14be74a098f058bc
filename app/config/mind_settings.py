"""The Mind settings section: which models think for her, and the shape of a turn."""

from __future__ import annotations

from typing import Any

from pydantic import Field, ValidationInfo, field_validator, model_validator

from app.config.section import ADVANCED, Section
from app.core.attention import parse_window
from app.core.budget import Budget, problem
from app.core.model_spec import PROVIDERS, SERVER, ModelSpecError, Wire, parse, place_server, server_address
from app.core.prices import DEFAULT_PRICES, parse_table


class LearntServer(Section):
    """What a model's server showed about itself (app.core.model_pace): learnt, never typed."""
    prompt_speed: float = Field(0.0, ge=0, description="Prompt tokens it reads a second; 0: not measured yet.")
    context: int = Field(0, ge=0, description="Tokens it holds at once; 0: it has not said.")


class MindSettings(Section):
    models: list[str] = Field(default_factory=lambda: ["local:smollm2"], title="Her models",
                              description="The models she thinks with, tried in turn, as provider:model "
                              "(ollama:qwen2.5:7b, openai:gpt-4o-mini), or a server's address "
                              "(http://127.0.0.1:8080/v1); local:smollm2 is the tiny built-in model. Empty: she "
                              "sleeps.")
    background_models: list[str] = Field(default_factory=list, title="Models for background work",
                                         json_schema_extra=ADVANCED,
                                         description="Models for her diary, dreams and profiles, so that work "
                                         "never slows her answers. Empty: the models above.")
    base_urls: dict[str, str] = Field(default_factory=dict, title="Server addresses", json_schema_extra=ADVANCED,
                                      description="Where a provider's server is, when not at its usual address: "
                                      "provider=url, for example ollama=http://10.0.0.5:11434/v1.")
    aliases: list[str] = Field(default_factory=list, title="Other names for her",
                               description="Other names she answers to in chat (her own name is under General).")
    hot_names: list[str] = Field(default_factory=list, title="Words that catch her ear",
                                 description="Names and words that make a line more interesting to her: the "
                                 "game, a running joke.")
    quiet_hours: list[str] = Field(default_factory=list, title="Her quiet hours",
                                   description="When she does not chime in unless spoken to, as HH:MM-HH:MM in "
                                   "this computer's time (23:00-07:00 wraps midnight).")
    never_say: list[str] = Field(default_factory=list, title="Words she never says on stream",
                                 description="Words and phrases of yours that she never says out loud, in chat or "
                                 "in captions: a line holding one is not said, and the Activity dock tells you. "
                                 "Slurs and the worst of English and Italian are never said already; profanity "
                                 "is masked.")
    may_say: list[str] = Field(default_factory=list, title="Words she may say after all",
                               description="Words the on-air filter would mask that are fine on your stream (a "
                               "town, a game, your community's word).")
    context_max_tokens: int = Field(150_000, ge=150_000, le=500_000, title="Conversation she keeps (tokens)",
                                    json_schema_extra=ADVANCED,
                                    description="The most tokens her conversation window may hold (150k to "
                                    "500k); a model with a smaller context keeps it to half of that context.")
    handoff_trigger_tokens: int = Field(0, ge=0, le=500_000, title="Recap starts at (tokens)",
                                        json_schema_extra=ADVANCED,
                                        description="Where she starts writing a recap of older talk; 0: at "
                                        "four fifths of the window.")
    hot_tokens: int = Field(0, ge=0, le=500_000, title="Kept word for word (tokens)", json_schema_extra=ADVANCED,
                            description="How much recent talk a recap leaves word for word; 0: one fifth of "
                            "the window.")
    mood_half_life_minutes: int = Field(25, ge=1, le=240, title="A mood fades in (minutes)",
                                        description="How long a feeling takes to fade halfway back to calm.")
    burst_steps: int = Field(6, ge=1, le=12, title="Model calls per turn", json_schema_extra=ADVANCED,
                             description="The most model calls one turn may take (thinking, tools, answering).")
    idle_after: int = Field(240, ge=30, le=3600, title="Quiet before she notices (seconds)",
                            description="How long the stream is silent before she notices it.")
    cooldown_seconds: int = Field(20, ge=0, le=600, title="Cool-down after answering (seconds)",
                                  json_schema_extra=ADVANCED,
                                  description="After she answers, how long a newcomer's line in the same "
                                  "conversation counts for less.")
    first_token_seconds: int = Field(0, ge=0, le=1800, title="Wait for a first word (seconds)",
                                     json_schema_extra=ADVANCED,
                                     description="How long she waits for a model to begin answering before she "
                                     "gives up on it; 0: as long as the prompt takes at the speed measured for "
                                     "that model.")
    learnt: dict[str, LearntServer] = Field(default_factory=dict, title="What her servers showed",
                                            json_schema_extra=ADVANCED,
                                            description="Measured for each model as she uses it: how fast it "
                                            "reads a prompt and how many tokens it holds.")
    prices: list[str] = Field(default_factory=lambda: list(DEFAULT_PRICES), title="Prices (USD per 1M tokens)",
                              json_schema_extra=ADVANCED,
                              description="What a cloud model costs, as model=input/output (openai:gpt-4o-mini="
                              "0.15/0.60); the Turn Log shows each turn's cost. Models on this computer cost "
                              "nothing.")

    @model_validator(mode="before")
    @classmethod
    def _servers(cls, data: Any) -> Any:
        """A server's address among the models becomes provider:model with its provider=url (model_spec rule 7);
        one that cannot is left for the models' own check to refuse, so the refusal names the field."""
        if not isinstance(data, dict):
            return data
        given = data.get("base_urls")
        if given is not None and not isinstance(given, dict):
            return data      # base_urls' own check refuses it, naming the field
        urls = dict(given or {})
        out = dict(data)
        for key in ("models", "background_models"):
            entries = data.get(key)
            if not isinstance(entries, list):
                continue
            placed = []
            for text in entries:
                address = server_address(text) if isinstance(text, str) else None
                try:
                    spec, urls = place_server(address, urls) if address is not None else (text, urls)
                except ModelSpecError:
                    spec = text
                placed.append(str(spec))
            out[key] = placed
        if urls != dict(given or {}):
            out["base_urls"] = urls
        return out

    @field_validator("models", "background_models")
    @classmethod
    def _specs(cls, value: list[str]) -> list[str]:
        out = [v.strip() for v in value if v.strip()]
        for spec in out:
            address = server_address(spec)
            try:
                if address is not None:
                    place_server(address, {})       # says what is missing: the model's name
                    raise ModelSpecError(f"{address.url}: another server already uses the address of {SERVER}; "
                                         f"write provider=url under Server addresses for this one")
                parse(spec)
            except ModelSpecError as exc:
                raise ValueError(str(exc)) from None
        return out

    @field_validator("base_urls")
    @classmethod
    def _urls(cls, value: dict[str, str]) -> dict[str, str]:
        out = {}
        for provider, url in value.items():
            provider, url = provider.strip().lower(), url.strip().rstrip("/")
            if provider not in PROVIDERS or PROVIDERS[provider].wire is Wire.LOCAL:
                raise ValueError(f"no provider called {provider!r} takes a base URL")
            if not url.startswith(("http://", "https://")):
                raise ValueError(f"the base URL for {provider} must start with http:// or https://, not {url!r}")
            out[provider] = url
        return out

    @field_validator("prices")
    @classmethod
    def _prices(cls, value: list[str]) -> list[str]:
        out = [v.strip() for v in value if v.strip()]
        parse_table(out)  # its ValueError says what an entry looks like
        return out

    @field_validator("aliases", "hot_names", "never_say", "may_say")
    @classmethod
    def _words(cls, value: list[str]) -> list[str]:
        return [v.strip() for v in value if v.strip()]

    @field_validator("quiet_hours")
    @classmethod
    def _windows(cls, value: list[str]) -> list[str]:
        out = [v.strip() for v in value if v.strip()]
        for window in out:
            parse_window(window)  # its ValueError says what a window looks like
        return out

    @field_validator("hot_tokens")
    @classmethod
    def _shape(cls, hot: int, info: ValidationInfo) -> int:
        ceiling, trigger = info.data.get("context_max_tokens"), info.data.get("handoff_trigger_tokens")
        if ceiling is not None and trigger is not None and (why := problem(ceiling, trigger, hot)):
            raise ValueError(why)
        return hot

    def budget(self) -> Budget:
        return Budget(self.context_max_tokens, self.handoff_trigger_tokens, self.hot_tokens)
