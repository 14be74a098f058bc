"""What her model servers showed about themselves, per model: how fast each reads a prompt and how many tokens it
holds. The clients' Pace (app.senses.llm.base): they ask it for each call's first-token deadline and tell it what
each call showed; the arithmetic is app.core.model_pace's. Whoever keeps the figures (the settings, in the app)
is told through `on_learnt` when one moved enough to be written down, and hands them back at start."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from app.core import model_pace

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Figures:
    speed: float | None = None     # prompt tokens read a second
    context: int | None = None     # tokens the server holds at once


class ServerFigures:
    def __init__(self, known: Mapping[str, Figures] | None = None, *, override: Callable[[], float] = lambda: 0.0,
                 on_learnt: Callable[[str, Figures], Any] | None = None) -> None:
        self._figures: dict[str, Figures] = dict(known or {})
        self._saved: dict[str, Figures] = dict(self._figures)
        self._override = override          # the streamer's first-token deadline in seconds; 0: learnt
        self.on_learnt = on_learnt

    def of(self, model: str) -> Figures:
        return self._figures.get(model, Figures())

    def first_token(self, model: str, prompt_tokens: int) -> float:
        return model_pace.first_token_deadline(prompt_tokens, self.of(model).speed, self._override())

    def began(self, model: str, prompt_tokens: int, seconds: float, timings: Mapping[str, Any] | None) -> None:
        measure = model_pace.measured_speed(prompt_tokens, seconds, timings)
        self._speed(model, model_pace.learn(self.of(model).speed, measure))

    def timed_out(self, model: str, prompt_tokens: int, waited: float) -> None:
        speed = model_pace.after_timeout(self.of(model).speed, prompt_tokens, waited)
        log.warning("%s did not begin within %.0f s on a prompt of about %d tokens: it reads at most %.1f tokens a "
                    "second, and the next deadline follows", model, waited, prompt_tokens, speed or 0)
        self._speed(model, speed)

    def context(self, model: str, tokens: int) -> None:
        old = self.of(model)
        if old.context != tokens:
            log.warning("%s holds %d tokens at once: her window keeps to half of that", model, tokens)
            self._figures[model] = Figures(old.speed, tokens)
            self._tell(model, force=True)

    def _speed(self, model: str, speed: float | None) -> None:
        if speed is None:
            return
        self._figures[model] = Figures(speed, self.of(model).context)
        self._tell(model)

    def _tell(self, model: str, force: bool = False) -> None:
        new, saved = self._figures[model], self._saved.get(model, Figures())
        if not force and not model_pace.worth_saving(saved.speed, new.speed):
            return
        self._saved[model] = new
        if self.on_learnt is not None:
            self.on_learnt(model, new)
