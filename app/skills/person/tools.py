"""Her two tools over the streamer's person model (seed 002): person_model reads it in prose, person_observe
records what the streamer told her, its quote weighed against their own words in the message being answered.
Used by the You skill and by Getting to Know You (interview.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app.core import person_model as pm
from app.core.her_words import HerWords
from app.core.quote_check import QuoteError, weigh_observation
from app.core.tools import Tool

_SECTIONS = {"type": "array", "items": {"type": "string", "enum": list(pm.SECTIONS)},
             "description": "which parts to read (default: all)"}


def model_tool(handler: Any) -> Tool:
    return Tool("person_model", "Read what you know about the streamer, in prose.",
                {"type": "object", "properties": {
                    "sections": _SECTIONS,
                    "query": {"type": "string", "description": "only entries containing every one of these words"}}},
                handler=handler)


def observe_tool(handler: Any) -> Tool:
    return Tool("person_observe", "Record something the streamer told you about themselves.",
                {"type": "object", "properties": {
                    "section": {"type": "string", "enum": list(pm.SECTIONS)},
                    "key": {"type": "string", "description": "a short stable name, e.g. \"home_city\""},
                    "summary": {"type": "string", "description": "one line, in the third person"},
                    "value": {"type": ["string", "number", "boolean"],
                              "description": "optional: the plain value (a word, a number, true or false)"},
                    "quote": {"type": "string", "description": "their own words from the message you answer"},
                    "confidence": {"type": "number", "description": "0 to 1; certainty needs a quote"}},
                 "required": ["section", "key", "summary"]}, handler=handler)


class PersonTools:
    """person_model and person_observe over a store, for one agent (its id names it as a source)."""

    def __init__(self, store: Any, agent: str, clock: Callable[[], float], *,
                 words: Callable[[], HerWords]) -> None:
        self.store, self.agent, self.clock = store, agent, clock
        self.words = words   # the model is read to her in her words' language
        self.said = ""   # the owner's words in the message being answered

    def read(self, sections: Sequence[str] | str | None = None, query: str | None = None) -> str:
        try:
            return pm.render(self.store.entries(), self.clock(), sections or None, query or None,
                             her=self.words())
        except pm.PersonModelError as exc:
            return f"ERROR: {exc}"

    def observe(self, section: str = "", key: str = "", summary: str = "", value: Any = None,
                quote: str | None = None, confidence: float | None = None) -> str:
        try:
            weighed = weigh_observation(confidence, quote or None, self.said)
            entry = pm.Entry(section, key, summary, value=value, source=f"agent:{self.agent}",
                             confidence=weighed.confidence, observed_at=self.clock(), quote=weighed.quote)
            decision = self.store.write(entry)
        except (QuoteError, pm.PersonModelError) as exc:
            return f"ERROR: {exc}"
        if not decision.accepted:
            return f"NOT RECORDED: {decision.message}"
        return f"{decision.reason}. {weighed.message}"

    def tools(self) -> list[Tool]:
        return [model_tool(self.read), observe_tool(self.observe)]
