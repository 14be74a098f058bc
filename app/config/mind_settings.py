"""The Mind settings section: which models think for her, and the shape of a turn."""

from __future__ import annotations

from pydantic import Field, ValidationInfo, field_validator

from app.config.schema import Section
from app.core.attention import parse_window
from app.core.budget import Budget, problem
from app.core.model_spec import PROVIDERS, ModelSpecError, parse
from app.core.prices import DEFAULT_PRICES, parse_table


class MindSettings(Section):
    models: list[str] = Field(default_factory=lambda: ["local:smollm2"], title="Mind models", description="Model specs for her mind, "
                              "tried in turn, as provider:model (ollama:qwen2.5:7b, openai:gpt-4o-mini). "
                              "local:smollm2 is the tiny built-in demo model. Empty: she sleeps.")
    background_models: list[str] = Field(default_factory=list, description="Models for background work "
                                         "(diary, dreams, profiles), so it never competes with her voice. "
                                         "Empty: the mind's models.")
    base_urls: dict[str, str] = Field(default_factory=dict, title="Base URLs", description="Where a provider's server is, when "
                                      "not at its usual address: provider=url, for example ollama=http://10.0.0.5:11434/v1.")
    aliases: list[str] = Field(default_factory=list, description="Other names she answers to in chat "
                               "(her own name is in General).")
    hot_names: list[str] = Field(default_factory=list, description="Names and words that make a line more "
                                 "interesting to her (the game, a running joke).")
    quiet_hours: list[str] = Field(default_factory=list, description="When she does not chime in unless spoken "
                                   "to, as HH:MM-HH:MM in this computer's time (23:00-07:00 wraps midnight).")
    context_max_tokens: int = Field(150_000, ge=150_000, le=500_000, title="Context ceiling",
                                    description="The most tokens her window may hold (150k to 500k). The "
                                    "recap starts at four fifths; the present she keeps is one fifth.")
    handoff_trigger_tokens: int = Field(0, ge=0, le=500_000, title="Handoff trigger (advanced)",
                                        description="Pin where the recap starts; 0 follows the ceiling.")
    hot_tokens: int = Field(0, ge=0, le=500_000, title="Hot present (advanced)",
                            description="Pin how much recent talk stays word for word; 0 follows the ceiling.")
    mood_half_life_minutes: int = Field(25, ge=1, le=240, title="Mood half-life",
                                        description="How fast a feeling fades back to calm, in minutes.")
    burst_steps: int = Field(6, ge=1, le=12, description="Model calls one turn may take at most.")
    idle_after: int = Field(240, ge=30, le=3600, description="Seconds of silence before she notices it.")
    cooldown_seconds: int = Field(20, ge=0, le=600, description="After answering, how long a stranger's line "
                                                               "in the same conversation counts for less.")
    prices: list[str] = Field(default_factory=lambda: list(DEFAULT_PRICES), title="Prices (USD per 1M tokens)",
                              description="What a cloud model costs, as model=input/output in US dollars per "
                              "million tokens (openai:gpt-4o-mini=0.15/0.60); the Turn Log shows each turn's "
                              "cost from it. Models on this computer cost nothing. Edit to match your bill.")

    @field_validator("models", "background_models")
    @classmethod
    def _specs(cls, value: list[str]) -> list[str]:
        out = [v.strip() for v in value if v.strip()]
        for spec in out:
            try:
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
            if provider not in PROVIDERS or PROVIDERS[provider].base_url is None:
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

    @field_validator("aliases", "hot_names")
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
