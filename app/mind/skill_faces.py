"""What the mind asks of the skills: small faces, wired in app/compose.py.

The mind is built whole, before the skills (they are built from its parts: her words, her outlets, her mood), so
it is handed Skills: functions that give the skills when asked, never a skill looked up by name. Every skill
answers the questions of SkillFace each turn; three make up part of her mind, each None in a build without
that skill. Each answers `enabled` from the skill's switch, so the mind asks it before every use.
- IdleLife (the Idle skill): its switch says whether IDLE frames come at all.
- Acquaintances (the People skill): who she knows (the attention gate's known-person bonus), and the hooks that
  put what the mood, the profiler and the dreamer found on people's cards.
- Streamer (the You skill): what the streamer said of themselves goes on their model when a stream is
  remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class IdleLife(Protocol):
    @property
    def enabled(self) -> bool:
        """The Idle skill is switched on."""


class Acquaintances(Protocol):
    @property
    def enabled(self) -> bool:
        """The People skill is switched on."""

    def knows(self, identity: str) -> bool:
        """Whether she has a card for them (answered from memory: the attention gate asks on the loop)."""

    def moved_her(self, identity: str) -> int | None:
        """One clear person really moved her: they are marked and their card exists now. Blocking."""

    def profiled(self, identity: str, profile: str) -> None:
        """A profile goes on their card (minted now if they have none). Blocking."""

    def dreamt_fact(self, text: str) -> bool:
        """A line of a dream that names someone with a card is a fact on it; whether it was. Blocking."""


class Streamer(Protocol):
    @property
    def enabled(self) -> bool:
        """The You skill is switched on."""

    def told(self, sentences: Sequence[str]) -> int:
        """What the streamer said of themselves goes on their model; how many entries were written. Blocking."""


class SkillFace(Protocol):
    """What the mind asks of every skill (app.skills.base.Skill) each turn."""
    key: str

    @property
    def enabled(self) -> bool:
        """The skill is switched on: the mind asks nothing else of it otherwise."""

    def context_section(self) -> str:
        """Its standing part of her briefing ("" for none)."""

    def live_state(self) -> str:
        """What it sees now, for this turn's briefing."""

    def context_for(self, batch: Sequence[Any]) -> str:
        """What it knows of this turn's lines."""

    def relabel(self, batch: list[Any]) -> list[Any]:
        """The turn's lines with its surface's labels."""

    def tools(self) -> list[Any]:
        """The tools it hands her."""

    def after_turn(self, record: Any) -> None:
        """What it does once a turn is over. Blocking."""


@dataclass(frozen=True)
class Skills:
    """The skills as the mind sees them, found each time they are asked for."""
    every: Callable[[], Sequence[SkillFace]]          # in the order they were built
    idle: Callable[[], IdleLife | None]
    people: Callable[[], Acquaintances | None]
    streamer: Callable[[], Streamer | None]
