"""The Idle skill: her life between conversations (seed 004: IdleSurface, the monologue prompt).

While this skill is on (its switch is the only one: off, the loop waits for real input and no IDLE frame comes), the bus
synthesises an IDLE perception after `mind.idle_after` seconds in which nothing happened, a sentence in her prompts'
language. With the built-in demo model it stays off the air (app.core.quiet rule 3): the settings page and the Activity
dock say why. On such a batch this skill adds the monologue prompt (resources/prompts/monologue.md, the streamer's own
copy in the data folder) and the verdict of spontaneous initiative (app.core.initiative: a pure function of the silence,
a chance and a minimum gap, the roll injected): either she may speak up unprompted now, or she keeps her thoughts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import Field

from app.config.section import SkillSettings
from app.core.events import EventKind
from app.core.initiative import DEFAULT_CHANCE, DEFAULT_MIN_GAP_S, decide_initiative, is_activity
from app.core.perception import Perception, PerceptionKind
from app.core.quiet import idle_fits, words
from app.core.words import QT_TRANSLATE_NOOP, said
from app.skills.base import Skill
from app.skills.registry import register

# the settings page and the Activity dock say why idle life is silent although switched on
OFF_AIR = QT_TRANSLATE_NOOP("idle", "Idle life stays off the air with the built-in demo model: that model would say "
                                    "out loud whatever she thinks to herself. Give her a real mind (Get started, "
                                    "or Settings → Mind) and she will think to herself when the stream goes quiet.")


class IdleSettings(SkillSettings):
    initiative_chance: float = Field(DEFAULT_CHANCE, ge=0.0, le=1.0, title="Chance she speaks up",
                                     description="When it is quiet, the chance (0 to 1) she speaks up on her own.")
    initiative_min_gap_minutes: int = Field(int(DEFAULT_MIN_GAP_S // 60), ge=0, le=24 * 60,
                                            title="Least gap between (minutes)",
                                            description="The least time between two times she speaks up "
                                                        "unprompted.")


@register
class IdleSkill(Skill):
    key = "idle"
    title = "Idle life"
    description = "When the stream goes quiet, she thinks to herself and may speak up on her own."
    settings_model = IdleSettings
    settings_page = "app.skills.idle.settings:make_page"

    def __init__(self, ctx: Any, clock: Callable[[], float] | None = None,
                 roll: Callable[[], float] | None = None) -> None:
        super().__init__(ctx)
        self.clock = clock or ctx.clock.monotonic   # a test may move its own
        self.roll = roll or random.Random().random
        self.last_activity = self.clock()
        self.last_initiative: float | None = None
        self.last_verdict = ""

    def off_air(self) -> str:
        """Why idle life is silent although switched on (English; the window translates it), or "" when it is not:
        her mind is the built-in demo model (app.core.quiet rule 3)."""
        settings = self.ctx.app_settings
        return "" if settings is None or idle_fits(settings.current.mind.models) else OFF_AIR

    async def start(self) -> None:
        if why := self.off_air():
            text, data = said(why)
            self.ctx.bus.publish(EventKind.SYSTEM, self.key, text, words_context="idle", **data)

    def context_for(self, batch: Sequence[Perception]) -> str:
        now = self.clock()
        if any(is_activity(p) for p in batch):
            self.last_activity = now
            return ""
        if not any(p.kind is PerceptionKind.IDLE for p in batch):
            return ""
        settings = self.ctx.app_settings
        quiet = max(0.0, now - self.last_activity)
        verdict = decide_initiative(
            quiet, None if self.last_initiative is None else now - self.last_initiative, self.roll,
            chance=self.settings.initiative_chance, min_gap_s=self.settings.initiative_min_gap_minutes * 60.0,
            min_silence_s=float(settings.current.mind.idle_after) if settings is not None else 240.0)
        self.last_verdict = verdict.reason
        if verdict:
            self.last_initiative = now
        monologue = self.ctx.prompt("monologue")
        told = words(self.ctx.words())
        line = told.may_speak.format(minutes=int(quiet // 60)) if verdict else told.keep
        return "\n".join(part for part in (monologue, line) if part)
