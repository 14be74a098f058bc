"""What a turn asks of the rest of her mind before it calls the model: the one face Consciousness briefs through.

MindService is the app's Briefing (her prompts, the skills' tools and context, her memory's load); FixedBriefing
is a plain one made of given functions, for a turn run on its own (the self-test) and for tests."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from app.core.her_words import HerWords
from app.core.perception import Perception


class Briefing(Protocol):
    def static_prompt(self) -> dict[str, str]:
        """Owner -> prompt section (the soul and the manual first): what stays the same from turn to turn."""

    def dynamic_prompt(self, batch: Sequence[Perception]) -> str:
        """The briefing below the window for this batch (mood, the skills' live state and context). Blocking:
        run on the executor."""

    def skill_tools(self) -> dict[str, list[Any]]:
        """Owner -> the tools the enabled skills offer now."""

    def relabel(self, batch: Sequence[Perception]) -> list[Perception]:
        """Each line in the words she uses for its author."""

    def words(self) -> HerWords:
        """Her words in her prompts' language: the frames' headers and nudges."""

    def warm_up(self) -> Awaitable[object]:
        """Ends once what the briefing reads has loaded (or failed to): her memory just after a start."""


async def _ready() -> None:
    return None


class FixedBriefing:
    """A Briefing of given functions; each one can be replaced on the instance."""

    def __init__(self, *, words: Callable[[], HerWords], static_prompt: Callable[[], dict[str, str]] = dict,
                 dynamic_prompt: Callable[[Sequence[Perception]], str] = lambda _batch: "",
                 skill_tools: Callable[[], dict[str, list[Any]]] = dict,
                 relabel: Callable[[Sequence[Perception]], list[Perception]] = list,
                 warm_up: Callable[[], Awaitable[object]] = _ready) -> None:
        self.static_prompt = static_prompt
        self.dynamic_prompt = dynamic_prompt
        self.skill_tools = skill_tools
        self.relabel = relabel
        self.words = words
        self.warm_up = warm_up
