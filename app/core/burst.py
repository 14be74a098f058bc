"""A turn's share of a burst: which new lines her frame shows when more came than her model can read in time.

Theory of operation:
1. A frame has a budget in tokens for its new lines, and it follows the model she is on (frame_budget): the
   built-in model reads slowly and follows few lines at once, so it gets BUILTIN_TOKENS; a server gets
   SERVER_TOKENS, or a CONTEXT_SHARE of its context when that is smaller. A pool gets its smallest model's.
2. Lines are taken class by class, in the order of CLASSES: said to her (her name, a reply to her, a donation,
   the owner, a DM: the gate's addressed reasons), follow-ups, donors, people she knows, first-time chatters,
   then everyone else. Within a class every author's first line comes before anyone's second, then the gate's
   order (most important first, ties in arrival order).
3. A line is taken when it fits in what is left of the budget; one that does not is passed over for the next
   that does. The first line is always taken: a frame never shows nothing.
4. What is not shown is owed or summed. Owed: a line said to her (rule 2's first class); it is not lost, it goes
   back on the bus in arrival order and a following turn shows it first. Summed: everything else; it enters her
   window and the stream as heard, like every line, and the frame says how many there were, per conversation
   (summary, in her words: the catalog's section "burst").
5. Shown lines keep the gate's order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.attention import ADDRESSED, FOLLOW_UP, KNOWN_PERSON
from app.core.her_words import HerWords
from app.core.perception import Meta, Perception

# The built-in model (a 135M demo on the streamer's CPU) answers one line at a time: shown the nine lines 160
# tokens hold, it said its last answer again (asked four times over, 11.6 s); shown two or three, it answers them.
BUILTIN_TOKENS = 64
# A server model reads a screenful of chat (about 80 lines) well; a raid's hundreds would cost it minutes.
SERVER_TOKENS = 2_000
# A model with a small context keeps most of it for her prompt, her window and the answer.
CONTEXT_SHARE = 16


def frame_budget(builtin: bool, context: int | None = None) -> int:
    """Rule 1: the tokens a frame's new lines may take on one model."""
    if builtin:
        return BUILTIN_TOKENS
    return min(SERVER_TOKENS, context // CONTEXT_SHARE) if context else SERVER_TOKENS


def _said_to_her(p: Perception) -> bool:
    return bool(p.reasons) and p.reasons[0].startswith(ADDRESSED)


CLASSES: tuple[tuple[str, Callable[[Perception], bool]], ...] = (
    ("to her", _said_to_her),
    ("follow-up", lambda p: bool(p.reasons) and p.reasons[0] == FOLLOW_UP),
    ("donor", lambda p: p.flag(Meta.DONATION)),
    ("known", lambda p: KNOWN_PERSON in p.reasons),
    ("first time", lambda p: p.flag(Meta.FIRST_TIME)),
)


def class_of(p: Perception) -> int:
    """Rule 2: the index of the first class `p` is in; len(CLASSES) for everyone else."""
    return next((i for i, (_name, is_in) in enumerate(CLASSES) if is_in(p)), len(CLASSES))


@dataclass(frozen=True)
class Sample:
    shown: tuple[Perception, ...]    # in the gate's order
    owed: tuple[Perception, ...]     # said to her and not shown: back on the bus, in arrival order
    summed: tuple[Perception, ...]   # not shown, counted in the summary, heard all the same

    @property
    def whole(self) -> bool:
        return not self.owed and not self.summed


def sample(ranked: Sequence[Perception], budget: int, cost: Callable[[Perception], int]) -> Sample:
    """Rules 2-5 on a batch the gate has ranked; `cost` is a line's tokens as the frame writes it."""
    seen: dict[str, int] = {}
    keys = []
    for index, p in enumerate(ranked):
        klass = class_of(p)
        who = f"{klass}/{p.author.identity}" if p.author is not None else f"line {index}"
        nth = seen.get(who, 0)
        seen[who] = nth + 1
        keys.append((klass, nth, index))
    left = budget
    taken: set[int] = set()
    for _klass, _nth, index in sorted(keys):
        tokens = cost(ranked[index])
        if taken and tokens > left:
            continue
        taken.add(index)
        left -= tokens
    shown = tuple(p for i, p in enumerate(ranked) if i in taken)
    rest = [(i, p) for i, p in enumerate(ranked) if i not in taken]
    owed = tuple(p for _i, p in rest if _said_to_her(p))   # addressed ties keep arrival order (the gate's rule 2)
    summed = tuple(p for _i, p in rest if not _said_to_her(p))
    return Sample(shown, owed, summed)


def summary(summed: Sequence[Perception], her: HerWords) -> list[str]:
    """Rule 4: one line per conversation of what was not shown: how many lines, from how many people."""
    groups: dict[str, tuple[str, list[Perception]]] = {}
    for p in summed:
        place = p.place if p.written else p.surface   # a written conversation by its name, never its address
        groups.setdefault(p.conversation_key, (place, []))[1].append(p)
    out = []
    for place, lines in groups.values():
        people = len({p.author.identity for p in lines if p.author is not None})
        key = "burst.one" if len(lines) == 1 else "burst.from_one" if people <= 1 else "burst.many"
        out.append(her.say(key, lines=len(lines), people=people, place=place))
    return out
