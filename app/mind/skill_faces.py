"""What the mind asks of the skills that make up part of her mind: small faces, wired in app/compose.py.

The mind never looks a skill up by name: the composition root hands it these once the skills are built, and
each is None in a build without that skill. Each answers `enabled` from the skill's switch, so the mind asks
it before every use, as it asks every skill.
- IdleLife (the Idle skill): its switch says whether IDLE frames come at all.
- Acquaintances (the People skill): who she knows (the attention gate's known-person bonus), and the hooks that
  put what the mood, the profiler and the dreamer found on people's cards.
- Streamer (the You skill): what the streamer said of themselves goes on their model when a stream is
  remembered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


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
