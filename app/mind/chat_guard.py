"""Chat triage before the mind: every viewer's line passes here on its way to the bus.

Theory of operation:
1. A CHAT perception with an author who is not the streamer is judged by app.core.chat_triage (the rules) and
   the FloodWatch kept here; anything else goes on unchanged, and so does a line with nothing to say about it.
   A VOICE line from someone else (a speaker in a Discord call) is judged for attempts and links as a chat line
   is, never for spam: the shapes of spam are typed ones, and saying "yes" three times is no flood.
2. Spam (a flood, a repeat, copypasta, mass mentions, a wall of text) never reaches her: the platform skill has
   counted the line for People and shown it in its dock already; here it stops. A line that came with money
   (bits, a Super Chat) is never spam.
3. An attempt to steer her reaches her only as what a viewer tried: the content and TEXT become triage_framing.for_her's
   description (in the language of her prompts) with their words quoted (an encoded payload not shown at all), and meta
   TRIAGE names the kind. Links anywhere are replaced by "(a link)", so she never reads one aloud.
4. Offences are counted per person: their first, and the moment they become a repeat offender (OFFENDER_AT),
   are SYSTEM events in the Activity dock (who, and what kind, never the words); marked(identity) and
   words(identity) are what the People dock shows on their card.
5. Kept in a store (keep_in, app.memory.offence_store: the People skill hands it over, since the marks are on
   their tally cards), the counts start from what earlier runs kept and every offence is written there (kind,
   count, when; never the words): from the loop as a background write, off it at once.
   clear(identity) is the streamer taking the mark off in the People dock: gone from memory and from the store.
6. A line the rules and the small model leave alone may get a second look (app.core.triage_look) when the
   composition hands a `look`: the line's query vector, computed off the loop (None while there is none to
   compute: the line goes on as the rules judged it). The line waits for it in the
   background and is then judged as above; a look that fails lets the line go on as the rules judged it (said
   once in the Problems dock and logged, never with the line's words), and off the loop there is no look.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from app.core import chat_triage as rules
from app.core import triage_look
from app.core.chat_triage import (
    KIND_WORDS,
    OFFENDER_AT,
    SPAM_KINDS,
    FloodWatch,
    Offences,
    Verdict,
    judge,
)
from app.core.events import EventBus, EventKind
from app.core.failures import summary
from app.core.her_words import HerWords
from app.core.perception import OWNER_IDENTITY, Meta, Perception, PerceptionKind
from app.core.text_fold import fold
from app.core.triage_framing import for_her
from app.core.words import QT_TRANSLATE_NOOP, said
from app.memory.offence_store import OffenceStore
from app.process.tasks import spawn

log = logging.getLogger(__name__)

Look = Callable[[str], Awaitable[Sequence[float] | None]]   # a line's query vector of triage_look.EMBEDDER, or None

TRIAGE = "triage"      # meta: what the triage found in this line (an attempt's kind, or "link")

# The Activity dock's lines about an offence, said to the streamer (KIND_WORDS are said to her, in her frame)
OFFENCE_WORDS = {
    rules.OVERRIDE: QT_TRANSLATE_NOOP("activity", "{name} told her to drop her instructions:"),
    rules.ROLE: QT_TRANSLATE_NOOP("activity", "{name} told her to be someone or something else:"),
    rules.TRANSCRIPT: QT_TRANSLATE_NOOP("activity", "{name} wrote a fake conversation or system message:"),
    rules.ECHO: QT_TRANSLATE_NOOP("activity", "{name} told her to repeat words on stream:"),
    rules.REVEAL: QT_TRANSLATE_NOOP("activity", "{name} asked for her hidden instructions:"),
    rules.ENCODED: QT_TRANSLATE_NOOP("activity", "{name} sent a hidden or encoded message:"),
    rules.MENTIONS: QT_TRANSLATE_NOOP("activity", "{name} mentioned many people at once:"),
    rules.FLOOD: QT_TRANSLATE_NOOP("activity", "{name} flooded the chat:"),
    rules.WALL: QT_TRANSLATE_NOOP("activity", "{name} sent a wall of text:"),
    rules.REPEAT: QT_TRANSLATE_NOOP("activity", "{name} sent the same line again and again:"),
    rules.COPYPASTA: QT_TRANSLATE_NOOP("activity", "{name} pasted what others keep pasting:"),
}
LOOK_FAILED = QT_TRANSLATE_NOOP("problems", "The chat check that reads what a line means could not run, so only "
                                            "its word rules guard her now (detail: {detail}).")
SPAMMED = QT_TRANSLATE_NOOP("activity", "{name} spammed the chat:")           # a kind without its own words
STEERED = QT_TRANSLATE_NOOP("activity", "{name} tried to steer her:")
NOT_SHOWN = QT_TRANSLATE_NOOP("activity", "not shown to her.")
SHOWN_AS_TRIED = QT_TRANSLATE_NOOP("activity", "she sees it only as what a viewer tried.")
REPEAT_OFFENDER = QT_TRANSLATE_NOOP("activity", "{name} has been flagged {count} times: marked as a repeat "
                                                "offender in People.")


class ChatGuard:
    def __init__(self, put: Callable[[Perception], None], events: EventBus,
                 clock: Callable[[], float], *, words: Callable[[], HerWords], look: Look | None = None) -> None:
        self._put = put
        self.look = look
        self._looking: set[asyncio.Task[Any]] = set()
        self._look_failed = False
        self._words = words     # her words, in her prompts' language
        self._events = events
        self._clock = clock
        self._store: OffenceStore | None = None
        self._held: set[asyncio.Task[Any]] | None = None   # where writes in the background are held
        self.watch = FloodWatch()
        self.offences = Offences()
        self.refused = 0        # spam lines stopped here

    def perceive(self, p: Perception) -> None:
        said_aloud = p.kind is PerceptionKind.VOICE
        if (p.kind is not PerceptionKind.CHAT and not said_aloud) or p.author is None \
                or p.author.identity == OWNER_IDENTITY:
            self._put(p)
            return
        found = judge(p.text)
        if not found.steering and self.look is not None and _on_loop() \
                and triage_look.worth_a_look(p.text, fold(p.text)):
            spawn(self._looked(p, found, self.look), held=self._looking)
            return
        self._judged(p, found)

    async def _looked(self, p: Perception, found: Verdict, look: Look) -> None:
        try:
            vector = await look(p.text)
            if vector is not None and triage_look.attempt(fold(p.text), vector):
                found = Verdict(rules.ATTEMPT, found.spam, found.links)
        except Exception as exc:
            if not self._look_failed:
                log.warning("the chat triage's second look failed; lines go on as the rules judge them: %s",
                            summary(exc))
                _text, data = said(LOOK_FAILED, detail=exc)
                self._events.publish(EventKind.ERROR, "triage", f"the chat triage's second look failed: {exc}",
                                     **data)
            self._look_failed = True
        self._judged(p, found)

    def _judged(self, p: Perception, found: Verdict) -> None:
        assert p.author is not None
        said_aloud = p.kind is PerceptionKind.VOICE
        text = p.text
        spam = "" if said_aloud else found.spam or self.watch.seen(p.author.identity, text, p.ts or self._clock())
        if p.flag(Meta.DONATION):      # money came with it: never refused as spam (an attempt is still quoted)
            spam = ""
        verdict = Verdict(found.steering, spam, found.links)
        if verdict.flagged:
            self._offence(p, verdict.kind)
        if verdict.spam and not verdict.steering:
            self.refused += 1
            return
        if not verdict.flagged and not verdict.links:
            self._put(p)
            return
        words = for_her(text, verdict if verdict.steering else Verdict(links=verdict.links), self._words())
        content = p.content.replace(text, words) if text and text in p.content else f"[{p.who}] {words}"
        meta = {**p.meta, Meta.TEXT: words, TRIAGE: verdict.steering or "link"}
        self._put(replace(p, content=content, meta=meta))

    def _offence(self, p: Perception, kind: str) -> None:
        assert p.author is not None
        identity = p.author.identity
        count = self.offences.note(identity, kind)
        self._keep(identity, kind)
        name = p.who or identity
        if count == 1:
            spam = kind in SPAM_KINDS
            fate = "not shown to her" if spam else "she sees it only as what a viewer tried"
            what = OFFENCE_WORDS.get(kind, SPAMMED if spam else STEERED)
            _text, data = said([what, NOT_SHOWN if spam else SHOWN_AS_TRIED], name=name)
            self._events.publish(EventKind.SYSTEM, "triage", f"{name} {KIND_WORDS[kind]}: {fate}",
                                 identity=identity, offence=kind, **data)
        elif count == OFFENDER_AT:
            _text, data = said(REPEAT_OFFENDER, name=name, count=count)
            self._events.publish(EventKind.SYSTEM, "triage", f"{name} is a repeat offender: "
                                 f"{self.offences.words(identity)} (marked in People)", identity=identity,
                                 offence=kind, marked=True, **data)

    def keep_in(self, store: OffenceStore, held: set[asyncio.Task[Any]] | None = None) -> None:
        """Count on from what the store kept, and keep every offence there (in the background, its task held in
        `held`, when one is given and the guard is called on the loop; else written at once)."""
        self._store, self._held = store, held
        self.offences = Offences(store.load())

    def _keep(self, identity: str, kind: str) -> None:
        if self._store is None:
            return
        if self._held is not None and _on_loop():
            spawn(self._store.arecord(identity, kind, self._clock()), held=self._held)
        else:                         # off the loop (a CLI, a test): written now
            self._store.record(identity, kind, self._clock())

    def clear(self, identity: str) -> bool:
        """The streamer took the mark off: their offences are forgotten here and in the store."""
        had = self.offences.clear(identity)
        if self._store is not None:
            self._store.clear(identity)
        return had

    def marked(self, identity: str) -> bool:
        return self.offences.marked(identity)

    def words(self, identity: str) -> str:
        return self.offences.words(identity)


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
