"""The Skill contract (seed 004, "Skills"): a skill may do any subset of these, and the mind asks every read.

- perceive: a sensing skill hands perceptions to ctx.perceive.
- tools(): the tools it exposes now (they follow the skill's own state, assembled on every read).
- context_section(): static prompt rules (cached by providers; must only name tools it can expose).
- context_for(batch): per-batch prompt content.
- live_state(): volatile state, one or a few lines.
- relabel(batch) / after_turn(record): the batch as she reads it; what to keep once a turn is over.
- start() / stop(): own infrastructure; stop() must return promptly.
- title / description: its name and what it does, said to the streamer (Settings → Skills).
- dock / settings_page: "module:attribute" references to Qt factories, imported only by the UI.
- _tasks: the background work the skill owns (app.process.tasks.spawn(coro, held=self._tasks)), for its stop().
- change_setting(name, value): a dock's change through the one validated write path ("" or why not).

`enabled` reads the settings: the UI is the single source of truth, she can never arm a capability herself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from app.config.section import SkillSettings
from app.core.events import EventBus
from app.core.her_words import HerWords
from app.core.tools import Tool

if TYPE_CHECKING:
    from app.memory.alias_store import AliasStore
    from app.memory.model_manager import ModelManager
    from app.memory.people_store import PeopleStore
    from app.memory.person_store import PersonStore
    from app.memory.plan_store import PlanStore
    from app.process.clock import Clock
    from app.process.secrets import SecretStore
    from app.senses.netgate import NetworkGate
    from app.skills.ports import (
        Avatar,
        Chat,
        Ears,
        HerLines,
        Memories,
        Mood,
        Offences,
        People,
        Remembering,
        Senders,
        Sessions,
        SettingsPort,
        Stage,
        VoiceOutlet,
        VoiceTap,
        Window,
    )


def _nobody() -> None:
    return None


@dataclass
class SkillContext:
    """What a skill may touch: typed ports, wired in the composition root (app.skills.ports says what each
    port is). Everything is injected, so a test builds one from plain values; a port left None is a build
    without it, and the skill says so."""
    settings: Callable[[], Any]          # returns this skill's settings section
    bus: EventBus
    clock: Clock                         # the one clock: wall (time, now), monotonic and the local zone
    words: Callable[[], HerWords]        # her words in her prompts' language: what a skill writes into her briefing
    perceive: Callable[[Any], None] = lambda _p: None
    gate: NetworkGate | None = None      # every connection beyond this machine goes through it
    secrets: SecretStore | None = None   # tokens and keys: the keyring, else the encrypted store
    app_settings: SettingsPort | None = None
    stage: Stage | None = None           # the stream, as a chat platform sees it
    senders: Senders | None = None       # where her written lines go
    her_lines: HerLines | None = None    # her spoken lines as they begin and end
    people: Callable[[], People | None] = _nobody   # the People skill while it is on and has its store
    avatar: Callable[[], Avatar | None] = _nobody   # the Stage skill's body while that skill is on
    ears: Callable[[], Ears | None] = _nobody       # the Voice skill's transcriber while it runs
    voice_tap: Callable[[], VoiceTap | None] = _nobody   # a copy of her voice, the Voice skill's while it is on
    voice_outlet: VoiceOutlet | None = None   # where her voice attaches and screens what it says
    sessions: Sessions | None = None     # the stream's sessions, opened and ended
    remembering: Remembering | None = None   # an ended stream's lines become memories
    window: Window | None = None         # her context window, read back
    mood: Mood | None = None             # her stored mood
    memories: Callable[[], Memories | None] = _nobody   # her long-term memory once the embedder has loaded
    offences: Offences | None = None     # what people tried on stream, as chat triage counts it
    chat: Callable[[], Chat | None] = _nobody   # the Chat dock's conversation, for a skill that talks there
    prompt: Callable[[str], str] = lambda _name: ""   # a prompt file as the streamer keeps it, in her language
    shipped_prompt: Callable[[str], str] | None = None   # a prompt of her background work, as shipped
    background: Callable[[], Any] | None = None   # the model pool her background work runs on
    models_notice: Callable[[], str] = lambda: ""   # what the streamer should know about the models in use
    models: ModelManager | None = None
    plan_store: PlanStore | None = None
    person_store: PersonStore | None = None
    people_store: PeopleStore | None = None   # who she has seen and the cards she keeps
    alias_store: AliasStore | None = None     # the names she uses for people, and her subjective buffer


class Skill:
    key: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""              # one sentence to you, under its switch in Settings → Skills
    settings_model: ClassVar[type[SkillSettings]] = SkillSettings
    dock: ClassVar[str | None] = None            # "app.skills.x.dock:make_dock"
    settings_page: ClassVar[str | None] = None   # "app.skills.x.settings:make_page"
    dock_area: ClassVar[str] = "right"           # "bottom" for a wide dock (tabbed under the stage)

    def __init__(self, ctx: SkillContext) -> None:
        self.ctx = ctx
        self._tasks: set[asyncio.Task] = set()

    def change_setting(self, name: str, value: Any) -> str:
        """A dock changed one of this skill's settings: "" when stored, else the reason it was refused."""
        service = self.ctx.app_settings
        if service is None:
            return "There is nowhere to keep settings in this build."
        try:
            service.set(f"skills.{self.key}.{name}", value)
        except Exception as exc:
            return str(exc)
        return ""

    @property
    def settings(self) -> Any:
        return self.ctx.settings()

    @property
    def enabled(self) -> bool:
        return bool(self.settings.enabled)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def tools(self) -> list[Tool]:
        return []

    def context_section(self) -> str:
        return ""

    def context_for(self, batch: Sequence[Any]) -> str:
        return ""

    def live_state(self) -> str:
        return ""

    def relabel(self, batch: Sequence[Any]) -> list[Any]:
        """The batch as she reads it (the People skill renders authors in her own words)."""
        return list(batch)

    def after_turn(self, record: Any) -> None:
        """Called off the loop after each turn with its TurnRecord."""
        return None
