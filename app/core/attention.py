"""Attention as pure rules: is a perception for her, and if it is not, how much does it concern her.

Theory of operation:
1. Two questions, kept apart. "Is this for me?" (is_addressed) is deterministic and names its reason.
   "Does this concern me?" (score) is a heuristic in [0, 1]. Nothing here drops anything: the gate turns the
   answers into a priority and the model decides what deserves an answer.
2. A perception is addressed to her, first rule of ADDRESS_RULES that matches, when it comes from the owner,
   carries a donation, is a DM, a whisper or a 1:1 voice call, replies to one of her own message ids, says
   one of her names as a whole word, or its surface flagged it as addressed.
3. Her names match as whole words, ignoring case and accents, with punctuation around them allowed: "Bea!",
   "@bea", "ciao bea," and "BÉA" name her; "beautiful", "bear" and "bea_fan" do not.
4. Addressed and follow-up perceptions get priority 1.0: they bypass cooldown and quiet hours. A follow-up is
   a line, in the same conversation and within FOLLOW_UP_SECONDS of her answer, from someone who was in the
   exchange she answered.
5. Otherwise HARD_ZEROS come first: in cooldown for that conversation, or in quiet hours, the score is 0.
6. Else the score is salience plus every bonus in BONUSES (activity that saturates, hot names, a known
   person, a question, her long silence), times NOISE_DAMPING for texture, clamped to [0, 1].
7. A quiet-hours window is half-open [start, end), wraps midnight when start > end, and is never quiet when
   start == end.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import time

# A busy room matters, but a flood must not outrank a question from a regular: the bonus approaches the cap
# and reaches half of it at ACTIVITY_HALF lines.
ACTIVITY_CAP = 0.25
ACTIVITY_HALF = 5
# A name or topic the owner marked hot is what the stream is about right now.
HOT_BONUS = 0.2
# Someone she knows is a relationship to keep up; a stranger is not worth less, just less of a thread.
KNOWN_BONUS = 0.1
# A question invites an answer more than a remark does.
QUESTION_BONUS = 0.1
# After three minutes of her own silence a live co-host should want to say something.
LONG_SILENCE_SECONDS = 180.0
LONG_SILENCE_BONUS = 0.15
# Texture (heartbeats, ambient game ticks) stays visible in the frame but near the bottom.
NOISE_DAMPING = 0.2
# How long after her answer a reply from the people in that exchange is still "answering her".
FOLLOW_UP_SECONDS = 90.0

QuietWindow = tuple[time, time]


@dataclass(frozen=True)
class Cues:
    """The facts is_addressed reads, as primitives the gate takes from a perception and its own state."""
    text: str = ""
    names: Sequence[str] = ()
    author: str | None = None              # identity, platform:native_id
    owner: str | None = None               # the owner's identity
    reply_to: str | None = None
    own_message_ids: Collection[str] = field(default_factory=frozenset)
    donation: bool = False
    dm: bool = False
    whisper: bool = False
    one_to_one: bool = False
    flagged: bool = False


@dataclass(frozen=True)
class Signals:
    """The primitives score reads."""
    salience: float = 0.5
    in_cooldown: bool = False
    quiet_hours: bool = False
    recent_lines: int = 0                  # lines in this conversation lately, this one included
    hot: bool = False
    known: bool = False
    question: bool = False
    silent_for: float = 0.0                # seconds since she last said anything anywhere
    noise: bool = False


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@functools.lru_cache(maxsize=64)
def _name_patterns(names: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    patterns = []
    for name in names:
        words = _fold(name).split()
        if words:
            body = r"\s+".join(re.escape(w) for w in words)
            patterns.append((name, re.compile(rf"(?<!\w){body}(?!\w)")))
    return tuple(patterns)


def first_mention(text: str, names: Iterable[str]) -> str | None:
    """The first of `names` that `text` says as a whole word (case and accents aside), or None."""
    folded = _fold(text)
    for name, pattern in _name_patterns(tuple(names)):
        if pattern.search(folded):
            return name
    return None


ADDRESS_RULES: tuple[tuple[str, Callable[[Cues], bool]], ...] = (
    ("owner", lambda c: c.owner is not None and c.author == c.owner),
    ("donation", lambda c: c.donation),
    ("dm", lambda c: c.dm),
    ("whisper", lambda c: c.whisper),
    ("voice 1:1", lambda c: c.one_to_one),
    ("reply to her", lambda c: c.reply_to is not None and c.reply_to in c.own_message_ids),
    ("her name", lambda c: first_mention(c.text, c.names) is not None),
    ("flagged by its surface", lambda c: c.flagged),
)


def is_addressed(cues: Cues) -> tuple[bool, str]:
    for reason, applies in ADDRESS_RULES:
        if applies(cues):
            return True, reason
    return False, "not addressed"


KNOWN_PERSON = "known person"   # the bonus a line from someone she has a card for gets (BONUSES)
ADDRESSED = "addressed: "    # the gate's reason for an addressed perception, followed by is_addressed's reason
FOLLOW_UP = "follow-up"


def is_for_her(reasons: Sequence[str]) -> bool:
    """Whether the gate's reasons say the perception is certainly for her (a score can also reach 1.0)."""
    return bool(reasons) and (reasons[0].startswith(ADDRESSED) or reasons[0] == FOLLOW_UP)


def is_follow_up(now: float, she_spoke_at: float | None, was_in_exchange: bool) -> bool:
    if not was_in_exchange or she_spoke_at is None:
        return False
    return 0.0 <= now - she_spoke_at <= FOLLOW_UP_SECONDS


def activity_bonus(recent_lines: int) -> float:
    n = max(0, recent_lines)
    return ACTIVITY_CAP * n / (n + ACTIVITY_HALF)


HARD_ZEROS: tuple[tuple[str, Callable[[Signals], bool]], ...] = (
    ("cooldown", lambda s: s.in_cooldown),
    ("quiet hours", lambda s: s.quiet_hours),
)

BONUSES: tuple[tuple[str, Callable[[Signals], float]], ...] = (
    ("activity", lambda s: activity_bonus(s.recent_lines)),
    ("hot", lambda s: HOT_BONUS if s.hot else 0.0),
    (KNOWN_PERSON, lambda s: KNOWN_BONUS if s.known else 0.0),
    ("question", lambda s: QUESTION_BONUS if s.question else 0.0),
    ("long silence", lambda s: LONG_SILENCE_BONUS if s.silent_for >= LONG_SILENCE_SECONDS else 0.0),
)


def explain(signals: Signals) -> tuple[float, tuple[str, ...]]:
    """The score and the names of what made it: the hard zero that applied, or the bonuses that counted."""
    for reason, applies in HARD_ZEROS:
        if applies(signals):
            return 0.0, (reason,)
    reasons = [f"salience {signals.salience:.2f}"]
    total = signals.salience
    for reason, bonus in BONUSES:
        value = bonus(signals)
        if value > 0.0:
            total += value
            reasons.append(reason)
    if signals.noise:
        total *= NOISE_DAMPING
        reasons.append("noise")
    return min(1.0, max(0.0, total)), tuple(reasons)


def score(signals: Signals) -> float:
    return explain(signals)[0]


def is_quiet(at: time, windows: Iterable[QuietWindow]) -> bool:
    for start, end in windows:
        if start < end and start <= at < end:
            return True
        if start > end and (at >= start or at < end):
            return True
    return False


_WINDOW = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


def parse_window(text: str) -> QuietWindow:
    """"23:00-07:00" -> (23:00, 07:00); a ValueError that says what a window looks like for anything else."""
    match = _WINDOW.match(text)
    if match is not None:
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        if max(h1, h2) < 24 and max(m1, m2) < 60:
            return time(h1, m1), time(h2, m2)
    raise ValueError(f"a quiet-hours window looks like 23:00-07:00, not {text!r}")
