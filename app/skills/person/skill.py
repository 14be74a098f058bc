"""The You skill: what Bea knows about the streamer who owns her (seed 002), who may write it, and consent.

Her two tools read and write the model through PersonStore: person_model answers in prose; person_observe
records what the streamer told her, its quote checked against what they actually said in the message being
answered (the owner's words in the current batch): a real or lightly paraphrased quote is recorded as certain,
an invented one is refused, certainty without a quote is kept as a guess. Getting to Know You
(app/skills/person/interview.py) is started from the You dock and talks with the streamer in the Chat dock.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from app.core import person_model as pm
from app.core.dreaming import about_the_streamer
from app.core.failures import summary
from app.core.perception import OWNER_IDENTITY, Meta, Perception
from app.core.tools import Tool
from app.skills.base import Skill
from app.skills.person.tools import PersonTools
from app.skills.registry import register

log = logging.getLogger(__name__)
TOLD = 0.9   # their own words, kept verbatim: certain, below what they set by hand


@register
class PersonSkill(Skill):
    key = "person"
    title = "You"
    description = ("She learns about you, from what you tell her and what your devices share; "
                   "correct it in the You dock.")
    dock = "app.skills.person.dock:make_dock"
    dock_area = "bottom"

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.store = ctx.person_store
        self.person = (PersonTools(self.store, "bea", ctx.clock.time, words=ctx.words)
                       if self.store is not None else None)
        self.interview: Any = None

    def context_for(self, batch: Sequence[Perception]) -> str:
        if self.person is not None:
            said = [str(p.meta.get(Meta.TEXT, p.content)) for p in batch
                    if p.author is not None and p.author.identity == OWNER_IDENTITY]
            self.person.said = "\n".join(said)  # what the streamer said in the message she is answering
        return ""

    def context_section(self) -> str:
        return self.ctx.words().text("skills.person.section") if self.person is not None else ""

    def tools(self) -> list[Tool]:
        return self.person.tools() if self.person is not None else []

    def told(self, sentences: Sequence[str]) -> int:
        """The dreamer's hook (blocking): what the streamer said of themselves in a stream goes on their model when
        the stream is remembered, their own words as the quote. How many entries were written."""
        if self.store is None:
            return 0
        written = 0
        for said in sentences:
            section, key = about_the_streamer(said)
            try:
                decision = self.store.write(pm.Entry(section, key, said, source="agent:memory", confidence=TOLD,
                                                     observed_at=self.ctx.clock.time(), quote=said))
            except pm.PersonModelError as exc:
                log.warning("a statement of the streamer's was not kept on their model: %s", summary(exc))
                continue
            written += decision.accepted
        return written

    # ---- Getting to Know You -----------------------------------------------------------------------
    def start_interview(self) -> str:
        """Start Getting to Know You in the Chat dock; what the dock should say about it."""
        from app.skills.person.interview import Interview
        chat, pool = self.ctx.chat(), self.ctx.background
        if self.store is None or chat is None or pool is None:
            return "Getting to Know You needs the Chat dock and the person model."
        if self.interview is not None and self.interview.active:
            return "Getting to Know You is already talking with you in the Chat dock."
        shipped = self.ctx.shipped_prompt
        self.interview = Interview(self.store, pool, chat, events=self.ctx.bus, words=self.ctx.words,
                                   clock=self.ctx.clock.time,
                                   scripted=_demo_model(self.ctx.app_settings),
                                   **({"prompt": lambda: shipped("interview")} if shipped is not None else {}))
        self.interview.start()
        return "Getting to Know You is asking you its first question in the Chat dock."

    def stop_interview(self) -> None:
        if self.interview is not None:
            self.interview.stop("stopped from the You dock")

    async def stop(self) -> None:
        self.stop_interview()


def _demo_model(settings: Any) -> bool:
    """The background pool starts with the built-in demo model, too small to run an interview."""
    from app.senses.llm.local_llama import BUILTIN
    if settings is None:
        return False
    models = settings.current.mind.background_models or settings.current.mind.models
    return bool(models) and models[0] == f"local:{BUILTIN}"
