"""The People skill: who is in front of her (seed 000) in the words she uses for them (seed 001).

Every batch (context_for, on the mind's executor): each author but the owner is tallied in one transaction
(skipped when a surface already counted the message: meta "tallied"), her alias for them learned from what she
sees (their display name) and what they say ("my name is…"), the card minted the moment the rule fires, the
dialogue written to her subjective buffer, and the cards of who is speaking injected as [WHO YOU'RE TALKING TO].
relabel() renders each chat line with her alias for its author, so no prompt ever carries an account id.
The block, the section naming it and recall_person's answers are in her prompts' language (ctx.language():
[CON CHI STAI PARLANDO] in Italian); the tools' descriptions, refusals and remember_person's answer stay English,
as every tool's do.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from pydantic import Field

from app.config.section import SkillSettings
from app.core import people as rules
from app.core import subjective_buffer as sb
from app.core.aliases import Alias, introduced_name, relabel
from app.core.her_words import HerWords
from app.core.perception import OWNER_IDENTITY, Meta, Perception
from app.core.tools import Tool
from app.memory.alias_store import BEA
from app.memory.memories import NewMemory
from app.memory.people_store import Sighting
from app.skills.base import Skill
from app.skills.registry import register

log = logging.getLogger(__name__)

PRIVATE = (Meta.DM, Meta.WHISPER, Meta.ONE_TO_ONE)   # a real 1:1 (seed 000): a private conversation with her


def section(her: HerWords) -> str:
    """The section of her system prompt in her words, naming the header who_block() writes in them."""
    return her.say("skills.people.section", people=rules.words(her).header)


class PeopleSettings(SkillSettings):
    inject_cards: bool = Field(True, title="Show her who is talking",
                               description="Before each turn, show her the cards of the people speaking.")


@register
class PeopleSkill(Skill):
    key = "people"
    title = "People"
    description = "She keeps track of who is in chat and gets to know your regulars."
    settings_model = PeopleSettings
    dock = "app.skills.people.dock:make_dock"
    dock_area = "bottom"

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.people = ctx.people_store
        self.aliases = ctx.alias_store

    @property
    def ready(self) -> bool:
        return self.people is not None and self.aliases is not None

    # ---- names ------------------------------------------------------------------------------------
    def label(self, identity: str, viewer: str = BEA) -> str:
        return self.aliases.resolve(viewer, identity)

    def card_label(self, person_id: int, identities: list[str], viewer: str = BEA) -> str:
        """A card is called by the strongest alias the viewer holds for any of its accounts."""
        held = [(a, t) for t in identities if (a := self.aliases.alias(viewer, t)) is not None]
        if not held:
            return self.aliases.resolve(viewer, identities[0]) if identities else "someone"
        best = max(held, key=lambda h: (("described", "seen", "known").index(h[0].state), h[0].updated_at))
        return best[0].text

    def card_of(self, identity: str, viewer: str = BEA) -> rules.Card | None:
        pid = self.people.person_of(identity)
        return None if pid is None else self.people.card(pid, lambda p, ids: self.card_label(p, ids, viewer))

    def find(self, name: str) -> str | None:
        """Whom she means by `name`: her own alias first, then an account with exactly that display name."""
        for target in self.aliases.targets_named(BEA, name):
            if not target.startswith(rules.PLACEHOLDER + ":") or not self.people.find_by_name(name):
                return target
        found = self.people.find_by_name(name)
        return found[0] if found else None

    # ---- the per-batch hook -----------------------------------------------------------------------
    def _authors(self, batch: Sequence[Perception]) -> list[Perception]:
        return [p for p in batch if p.author is not None and p.author.identity != OWNER_IDENTITY
                and p.author.platform != "app"]

    def context_for(self, batch: Sequence[Perception]) -> str:
        if not self.ready:
            return ""
        spoken = self._authors(batch)
        if not spoken:
            return ""
        session = self._session()
        sightings = [Sighting(p.author.identity, p.author.display_name, p.ts or self.ctx.clock.time(),
                              one_on_one=any(p.meta.get(k) for k in PRIVATE), count=not p.meta.get(Meta.TALLIED))
                     for p in spoken]
        self.people.tally(sightings, session)
        proposals: list[tuple[str, Alias]] = []
        for p in spoken:
            if p.author.display_name:
                proposals.append((p.author.identity, Alias(p.author.display_name, "seen")))
            name = introduced_name(str(p.meta.get(Meta.TEXT, "")))
            if name:
                proposals.append((p.author.identity, Alias(name, "known", "introduced")))
        self.aliases.learn_many(BEA, proposals)
        self.aliases.write_entries([
            sb.BufferEntry(BEA, p.ts or self.ctx.clock.time(), p.conversation_key,
                           sb.Intent("dialogue", p.author.identity, (BEA,), str(p.meta.get(Meta.TEXT, p.content))))
            for p in spoken])
        if not self.settings.inject_cards:
            return ""
        cards = []
        for identity in dict.fromkeys(p.author.identity for p in spoken):
            card = self.card_of(identity)
            if card is not None and card.person_id not in {c.person_id for c in cards}:
                cards.append(card)
            if len(cards) >= rules.MAX_CARDS_INJECTED:
                break
        return rules.who_block(cards, self.ctx.words())

    def _session(self) -> int | None:
        stage = self.ctx.stage
        return stage.session() if stage is not None else None

    def relabel(self, batch: Sequence[Perception]) -> list[Perception]:
        if not self.ready:
            return list(batch)
        return [relabel(p, self.label(p.author.identity)) if p in self._authors([p]) else p for p in batch]

    def after_turn(self, record: Any) -> None:
        """Her own lines go to her buffer (to whoever was in the batch); an old buffer becomes memories."""
        if not self.ready:
            return
        targets = tuple(a for a in record.authors if a != OWNER_IDENTITY)
        self.aliases.write_entries([sb.BufferEntry(BEA, self.ctx.clock.time(), conversation,
                                                   sb.Intent("dialogue", BEA, targets, text))
                                    for conversation, text in getattr(record, "said", [])])
        store = self.ctx.memories()
        if store is not None:
            self.aliases.consolidate(BEA, lambda memories: store.remember_all(
                [NewMemory(text, source, "buffer", author) for text, source, author in memories]))

    def knows(self, identity: str) -> bool:
        """Whether she has a card for them (the attention gate's known-person bonus; answered from memory)."""
        return self.ready and self.people.has_card(identity)

    def times_moved(self, identities: Sequence[str]) -> int:
        """How often any of these accounts, alone, really moved her (the mood's record; the People dock shows it)."""
        mood = self.ctx.mood
        return sum(mood.moved_by(identity) for identity in identities) if mood is not None else 0

    def offences(self, identities: Sequence[str]) -> str:
        """What these accounts tried on stream (chat triage), in a phrase; "" for nothing."""
        guard = self.ctx.offences
        if guard is None:
            return ""
        return "; ".join(w for w in (guard.words(identity) for identity in identities) if w)

    def offender(self, identity: str) -> bool:
        """A repeat offender: the People dock marks them in the roster."""
        guard = self.ctx.offences
        return guard is not None and guard.marked(identity)

    def clear_offences(self, identities: Sequence[str]) -> bool:
        """The streamer takes the repeat-offender mark off these accounts (kept in the store, so for good).
        Whether any of them had offences."""
        guard = self.ctx.offences
        return guard is not None and any([guard.clear(identity) for identity in identities])

    # ---- other sources of cards ------------------------------------------------------------------------
    def moved_her(self, identity: str) -> int | None:
        """The mood's hook: one clear person really moved her, so she marks them and the card exists now (seed
        004, Mood: through the promotion rule that already exists, marked_by_bea). The owner has no card."""
        if not self.ready or identity == OWNER_IDENTITY or identity.startswith("app:"):
            return None
        return self.people.mark(identity, True)

    def profiled(self, identity: str, profile: str) -> None:
        """The profiler's hook: a profile on their card (minted now if they have none)."""
        if not self.ready:
            return
        pid = self.people.person_of(identity) or self.people.mark_card(identity, "profiler")
        self.people.set_card(pid, profile=profile)

    def dreamt_fact(self, text: str) -> bool:
        """The dreamer's hook: a PERSON line that starts with the name of someone with a card is a fact on it."""
        if not self.ready:
            return False
        words = text.split()
        for n in (3, 2, 1):
            if len(words) <= n:
                continue
            target = self.find(" ".join(words[:n]).rstrip(":,"))
            pid = self.people.person_of(target) if target else None
            if pid is not None:
                return self.people.add_fact(pid, text, "dreamer")
        return False

    # ---- the People port (app.skills.ports.People): what the chat platforms count and store --------------
    def tally(self, batch: Sequence[Sighting], session: int | None) -> None:
        self.people.tally(batch, session)

    def roster_page(self, sort: str, limit: int) -> list[Any]:
        return self.people.roster_page(sort=sort, limit=limit)

    def donation(self, identity: str, display_name: str, delivery_id: str, amount: Decimal, currency: str,
                 message: str = "") -> int | None:
        """A donation (from the webhook): counted once per delivery, a card at once. The card's id, or None
        when this delivery was already counted."""
        pid = self.people.record_donation(identity, display_name, delivery_id, amount, currency, message)
        if display_name:
            self.aliases.learn(BEA, identity, Alias(display_name, "seen"))
        return pid

    # ---- her tools --------------------------------------------------------------------------------
    def context_section(self) -> str:
        return section(self.ctx.words()) if self.ready else ""

    def tools(self) -> list[Tool]:
        if not self.ready:
            return []
        name = {"type": "string", "description": "the name you use for them"}
        return [
            Tool("remember_person", "Remember someone who matters to you: a note about them and how you feel "
                 "about them. It always keeps.",
                 {"type": "object", "properties": {
                     "name": name,
                     "note": {"type": "string", "description": "what to remember about them, in a sentence"},
                     "attitude": {"type": "string", "description": "how you feel about them, in a few words"}},
                  "required": ["name", "note"]}, handler=self.remember_person),
            Tool("recall_person", "What you know about someone: their card, or how often you have seen them.",
                 {"type": "object", "properties": {"name": name}, "required": ["name"]},
                 handler=self.recall_person),
        ]

    def remember_person(self, name: str = "", note: str = "", attitude: str = "") -> str:
        name = " ".join(name.split())
        if not name:
            return "ERROR: remember_person needs the name you use for them"
        if not note.strip() and not attitude.strip():
            return "ERROR: remember_person needs a note (or an attitude) to remember"
        target = self.find(name) or self.people.placeholder(name)
        pid = self.people.mark(target, True, self.people.display_name(target) or name)
        if note.strip():
            self.people.add_fact(pid, note, "bea")
        if attitude.strip():
            self.people.set_card(pid, attitude=attitude)
        self.aliases.learn(BEA, target, Alias(name, "known", "remembered"))
        return f"remembered {self.label(target)}"

    def recall_person(self, name: str = "") -> str:
        name = " ".join(name.split())
        if not name:
            return "ERROR: recall_person needs a name"
        her = self.ctx.words()
        target = self.find(name)
        if target is None:
            return her.say("skills.people.unknown", name=name)
        card = self.card_of(target)
        if card is not None:
            return rules.describe_card(card, her)
        entry = self.people.entry(target)
        if entry is None:
            return her.say("skills.people.unknown", name=name)
        return rules.tally_text(self.label(target), entry, her)

    def live_state(self) -> str:
        return ""
