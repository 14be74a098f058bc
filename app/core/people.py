"""Who people are (seed 000): tallies for everyone, cards for the people who made themselves matter.

Rules:
1. A tally counts, and generates nothing: messages, donations, whether there was a real 1:1, whether she marked
   them, first and last seen, and the number of distinct sessions (a COUNT over a join table upstream, so one
   session never counts twice).
2. promotion_reason: any donation, her own mark, a real 1:1, or at least REGULAR_SESSION_THRESHOLD distinct
   sessions. A card is minted the moment the rule fires and never twice; the reason kept is the strongest that
   holds, in the order donation > marked_by_bea > one_on_one > regular.
3. The per-batch injection names at most MAX_CARDS_INJECTED people, each card with at most MAX_FACTS_SHOWN facts,
   the newest; a card stores at most MAX_FACTS_STORED (the oldest go first).
4. Names: a `named:<name>` placeholder (she remembered someone the platform gave no id for) links to the first
   real account whose display name is exactly that name, compared after trimming and case folding only. A near
   match ("marco_" for "marco") never links, and two people are never merged by a similar name.
5. Nothing here prints an identity: cards are rendered with the label the viewer uses for them.
6. One person across platforms: only the streamer links two accounts, by naming the other one
   exactly ("Anna", or "Anna on Twitch" when the name is on more than one platform); link_choice picks it or
   says why not, and link_card says which card both end on: the other's, else this one's, else a new one
   (LINKED is its reason). Nothing links on its own.
7. What she reads (the [WHO YOU'RE TALKING TO] block, recall_person's card and tally) is in the language of her
   prompts (app.core.prompt_language), passed in as `language` ("en" by default; a language with no words here
   reads English). Names, attitudes, profiles and facts are shown as they were written. link_choice's sentences
   are the streamer's (the People dock), in English as the dock's source text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from app.core.her_words import HerWords

REGULAR_SESSION_THRESHOLD = 3
MAX_CARDS_INJECTED = 5
MAX_FACTS_STORED = 20
MAX_FACTS_SHOWN = 5
PLACEHOLDER = "named"          # the platform of an identity made from a name alone
HEADER = "[WHO YOU'RE TALKING TO]"
REASONS = ("donation", "marked_by_bea", "one_on_one", "regular")   # strongest first


@dataclass(frozen=True)
class RosterEntry:
    identity: str
    messages: int = 0
    donation_total: Decimal = Decimal(0)
    had_1on1: bool = False
    marked_by_bea: bool = False
    session_count: int = 0
    first_seen: float = 0.0
    last_seen: float = 0.0


@dataclass(frozen=True)
class Card:
    person_id: int
    label: str                        # how the viewer calls them
    names: tuple[str, ...] = ()       # every display name of every joined account
    attitude: str = ""
    profile: str = ""
    facts: tuple[str, ...] = ()       # newest first
    reason: str = ""
    platforms: tuple[str, ...] = ()


def promotion_reason(entry: RosterEntry) -> str | None:
    """The strongest reason the entry earns a card, or None."""
    holds = {"donation": entry.donation_total > 0, "marked_by_bea": entry.marked_by_bea,
             "one_on_one": entry.had_1on1, "regular": entry.session_count >= REGULAR_SESSION_THRESHOLD}
    return next((r for r in REASONS if holds[r]), None)


def stronger(reason: str, than: str) -> bool:
    """Whether `reason` outranks `than` (rule 2); reasons of other sources (the profiler's) rank below all."""
    rank = {r: i for i, r in enumerate(REASONS)}
    return rank.get(reason, len(REASONS)) < rank.get(than, len(REASONS))


def same_name(a: str, b: str) -> bool:
    """Exactly the same name (rule 4): trimmed, Unicode-normalised and case-folded, nothing looser."""
    return name_key(a) == name_key(b) and bool(name_key(a))


def name_key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip().casefold()


def placeholder_identity(name: str) -> str:
    return f"{PLACEHOLDER}:{name_key(name)}"


def is_placeholder(identity: str) -> bool:
    return identity.startswith(PLACEHOLDER + ":")


LINKED = "linked"             # a card made when the streamer linked two accounts that had none


def link_request(typed: str) -> tuple[str, str]:
    """"Anna on Telegram" -> ("Anna", "Telegram"); "Anna" -> ("Anna", "")."""
    text = " ".join(typed.split())
    name, _on, platform = text.rpartition(" on ")
    return (name, platform) if name and platform else (text, "")


def link_choice(name: str, platform: str, found: list[str], mine: list[str],
                platform_name: dict[str, str]) -> tuple[str | None, str]:
    """The account the streamer named to join this person's card (rule 6), or None and why not in words.
    `found`: the accounts whose display name is exactly `name`, most recently seen first; `mine`: the accounts
    already on this person; `platform`: the platform the streamer added, if any."""
    if not name:
        return None, "Type the name of their other account first."

    def where(identity: str) -> str:
        code = identity.partition(":")[0]
        return platform_name.get(code, code.capitalize())

    others = [a for a in found if a not in mine and not is_placeholder(a)]
    if platform:
        others = [a for a in others if name_key(where(a)) == name_key(platform)]
    if not others:
        return None, (f"No other account called “{name}”" + (f" on {platform}" if platform else "")
                      + " is in the roster: they have to write somewhere first.")
    places = list(dict.fromkeys(where(a) for a in others))
    if len(places) > 1:
        return None, f"“{name}” is on {', '.join(places)}: say which, like “{name} on {places[0]}”."
    return others[0], ""


def link_card(mine: int | None, theirs: int | None) -> str:
    """Which card two linked accounts end on (rule 6): "theirs", "mine", or "new" when neither has one."""
    if theirs is not None:
        return "theirs"
    return "mine" if mine is not None else "new"


def facts_to_drop(count: int) -> int:
    """How many of the oldest facts go after adding one to a card holding `count`."""
    return max(0, count + 1 - MAX_FACTS_STORED)


@dataclass(frozen=True)
class PeopleWords:
    header: str                     # the per-batch block's header, the marker the People skill's section names
    attitude: str                   # render_card, after the name: {attitude}
    also: str                       # render_card: the card's other names follow
    because: str                    # describe_card: {reason}
    reasons: Mapping[str, str]      # a card's reason, in words for her; a reason missing here is shown as kept
    no_card: str                    # tally_text: {label} {times} {sessions}
    once: str
    times: str                      # {n}
    one_session: str
    sessions: str                   # {n}


def words(her: HerWords) -> PeopleWords:
    """What she reads of people, in her language."""
    return PeopleWords(**her.section("people"), reasons=her.section("people.reasons"))


def render_card(card: Card, her: HerWords) -> str:
    w = words(her)
    head = f"- **{card.label}**"
    if card.attitude:
        head += w.attitude.format(attitude=card.attitude)
    others = [n for n in card.names if not same_name(n, card.label)]
    parts = []
    if others:
        parts.append(w.also + ", ".join(others))
    if card.profile:
        parts.append(card.profile)
    facts = card.facts[:MAX_FACTS_SHOWN]
    if facts:
        parts.append("; ".join(facts))
    return head + (": " + " · ".join(parts) if parts else "")


def who_block(cards: list[Card], her: HerWords) -> str:
    """The per-batch injection: at most MAX_CARDS_INJECTED cards, in the order given (who spoke first)."""
    if not cards:
        return ""
    return "\n".join([words(her).header, *(render_card(c, her) for c in cards[:MAX_CARDS_INJECTED])])


def tally_text(label: str, entry: RosterEntry, her: HerWords) -> str:
    """recall_person's fallback when there is no card: the raw tally, in words."""
    w = words(her)
    times = w.once if entry.messages == 1 else w.times.format(n=entry.messages)
    sessions = w.one_session if entry.session_count == 1 else w.sessions.format(n=entry.session_count)
    return w.no_card.format(label=label, times=times, sessions=sessions)


def describe_card(card: Card, her: HerWords) -> str:
    """recall_person's answer when there is a card: everything on it, facts capped."""
    w = words(her)
    lines = [render_card(card, her).removeprefix("- ")]
    if card.reason:
        lines.append(w.because.format(reason=w.reasons.get(card.reason, card.reason)))
    return "\n".join(lines)
