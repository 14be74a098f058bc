"""The words she reads in place of a flagged chat line (app.core.chat_triage rule 6): for_her(text, verdict,
her) is the line as she may read it, never an instruction, in her words' language (the catalog's sections
"triage" and "triage.kinds"): an Italian stream briefs her in Italian, and the description of what a viewer
tried is part of that briefing. The kinds' English words (chat_triage.KIND_WORDS) stay the source; the logs and
the Activity dock's events keep English, the dock's lines are the window's translation (app.mind.chat_guard)."""

from __future__ import annotations

from dataclasses import dataclass

from app.core import chat_triage as rules
from app.core.her_words import HerWords


@dataclass(frozen=True)
class Framing:
    kinds: dict[str, str]     # what a viewer did, finishing "a viewer ..."
    encoded: str              # an encoded payload: not shown at all
    steering: str             # an attempt, with its words quoted
    spam: str                 # spam: not shown
    link: str                 # in place of a link


def framing(her: HerWords) -> Framing:
    return Framing(kinds=dict(her.section("triage.kinds")), **her.section("triage"))


def for_her(text: str, verdict: rules.Verdict, her: HerWords) -> str:
    words = framing(her)
    if verdict.steering == rules.ENCODED:
        return words.encoded.format(kind=words.kinds[rules.ENCODED])
    if verdict.steering:
        return words.steering.format(kind=words.kinds[verdict.steering], words=rules.quoted(text, words.link))
    if verdict.spam:
        return words.spam.format(kind=words.kinds[verdict.spam])
    return rules.without_links(text, words.link) if verdict.links else text
