"""The Memory skill: the `recall` tool (what people said) and, every batch, what she remembers about it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from app.config.section import ADVANCED, SkillSettings
from app.core.her_words import HerWords
from app.core.recall import DAY_SECONDS, ago, is_fragment, recall_headers
from app.core.tools import Tool
from app.skills.base import Skill
from app.skills.ports import Memories
from app.skills.registry import register

QUERY_CHARS = 500   # of one line: a wall of text asks about its beginning
MAX_QUERIES = 8     # lines asked about per batch, the batch's first (the gate orders it, most important first)


class MemorySettings(SkillSettings):
    inject: bool = Field(True, title="Bring up memories",
                         description="Before each turn, put what she remembers about it in her briefing.")
    dream_hour: int = Field(4, ge=0, le=23, title="Hour she dreams",
                            description="The hour of the night (0-23) she dreams: she turns the stream into "
                                        "lasting memories.")
    remember_after_minutes: int = Field(20, ge=0, le=24 * 60, title="Remember after a pause of (minutes)",
                                        description="After this many minutes with no chat and no speech, she turns "
                                                    "the stream so far into lasting memories, as she does when the "
                                                    "stream ends and at night (0: only then).")
    embedder: str = Field("default", title="Meaning model", json_schema_extra=ADVANCED,
                          description="The model her memory reads meaning with: the built-in one or one "
                                      "installed in Settings → Models…. Changing it re-reads every memory in "
                                      "the background.")


def section(her: HerWords) -> str:
    """The memory section, naming the headers of the blocks recall brings her in the same language (her own words'
    header by its name, without its note: "[WHAT YOU YOURSELF SAID OR MADE UP]")."""
    told, own = recall_headers(her)
    return her.say("skills.memory.section", told=told, own=own.split(":")[0] + "]")


@register
class MemorySkill(Skill):
    key = "memory"
    title = "Memory"
    description = ("She remembers what people said, recalls it when it matters, and dreams it into "
                   "lasting memories.")
    settings_model = MemorySettings
    settings_page = "app.skills.memory.settings:make_page"

    def store(self) -> Memories | None:
        return self.ctx.memories()

    def tools(self) -> list[Tool]:
        if self.store() is None:
            return []  # the embedder is still loading: no tool she could not use
        return [Tool("recall", "Look up what people told you before about something (their words, not yours).",
                     {"type": "object", "properties": {"query": {"type": "string", "description":
                                                                  "what to remember, in a few words"}},
                      "required": ["query"]}, handler=self.recall)]

    def recall(self, query: str = "") -> str:
        """Blocking (it embeds): the loop runs sync handlers on its executor."""
        store = self.store()
        if store is None:
            return "ERROR: your memory is still waking up; try again in a moment"
        if not query.strip():
            return "ERROR: recall needs something to look for"
        found = store.recall(query, 5, "person")
        if not found:
            return "nothing comes to mind about that"
        now = self.ctx.clock.time()
        return "\n".join(f"- {m.text} ({ago((now - m.ts) / DAY_SECONDS, self.ctx.words())})" for m in found)

    def context_section(self) -> str:
        if self.store() is None:
            return ""
        return section(self.ctx.words())

    def context_for(self, batch: Sequence[Any]) -> str:
        store = self.store()
        if store is None or not self.settings.inject:
            return ""
        queries = batch_queries(batch)
        return store.recall_split(queries, self.ctx.words()) if queries else ""


def batch_queries(batch: Sequence[Any]) -> list[str]:
    """What a batch asks her memory: each line on its own (a question in a busy batch is not drowned by the lines
    around it, nor cut off behind them), in the batch's order, fragments ("lol", "gg") and repeats left out, at
    most MAX_QUERIES."""
    queries: list[str] = []
    for p in batch:
        text = getattr(p, "text", "").strip()[:QUERY_CHARS]
        if getattr(p, "kind", "") == "idle" or is_fragment(text) or text in queries:
            continue
        queries.append(text)
        if len(queries) == MAX_QUERIES:
            break
    return queries
