"""What the mind does with perceptions that arrive while she is still reasoning (seed 004, the burst).

Theory of operation:
1. At every step boundary, what arrived since the turn began is sorted into three piles.
2. A turn carrying voice keeps the strict rule: a perception from a conversation she already answered in this
   turn goes back on the bus and becomes the next batch; nothing waits.
3. Otherwise a written line (CHAT) from an answered conversation is a follow-up: "the next thing they said",
   shown once under its own header so she answers it once. Somebody may still be typing, so the loop first
   waits for the quiet gap that closes a batch; anything live among the arrivals ends that wait at once.
4. Everything else is fresh: shown now in a steering frame, highest priority first.
5. A follow-up she was shown but neither answered nor chose silence for earns the turn its one rescue step.
6. Written conversations (seed 004) are answered with send_message, never out loud. A turn is scoped when all
   it has shown her is written: then nothing reaches her voice, and her mood is read but never written (it
   forms on stage). A batch that mixes the stage and written conversations is one turn: speak answers the
   stage, send_message each written conversation, and only the stage's people can be said to have moved her.
7. A plain-text answer that reached nobody is nudged once; the nudge names the written conversations still
   waiting for her (waiting_written), so one retry can answer them with send_message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from app.core.perception import Perception, PerceptionKind


@dataclass(frozen=True)
class SteeringPlan:
    fresh: tuple[Perception, ...] = ()
    follow_ups: tuple[Perception, ...] = ()
    back_to_bus: tuple[Perception, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.fresh or self.follow_ups)


def carries_voice(batch: Iterable[Perception]) -> bool:
    return any(p.kind is PerceptionKind.VOICE for p in batch)


def is_live(p: Perception) -> bool:
    return p.kind is not PerceptionKind.CHAT and not p.noise


def should_wait(arrivals: Sequence[Perception], answered: set[str], turn_has_voice: bool) -> bool:
    """Wait for the quiet gap before showing anything: a follow-up may still be being typed."""
    if turn_has_voice or any(is_live(p) for p in arrivals):
        return False
    return any(p.kind is PerceptionKind.CHAT and p.conversation_key in answered for p in arrivals)


def plan_steering(arrivals: Sequence[Perception], answered: set[str], turn_has_voice: bool) -> SteeringPlan:
    fresh: list[Perception] = []
    follow: list[Perception] = []
    back: list[Perception] = []
    for p in arrivals:
        if p.conversation_key in answered:
            if turn_has_voice:
                back.append(p)
            elif p.kind is PerceptionKind.CHAT:
                follow.append(p)
            else:
                back.append(p)  # a live line from an answered conversation: its own turn, never a second answer
        else:
            fresh.append(p)
    return SteeringPlan(tuple(fresh), tuple(follow), tuple(back))


def owes_rescue(shown_follow_ups: Iterable[str], answered_after: set[str], silenced: bool) -> bool:
    """She was shown a follow-up in these conversations and ended the turn without answering or silence."""
    return not silenced and any(key not in answered_after for key in shown_follow_ups)


def scoped(shown: Iterable[Perception]) -> bool:
    """Rule 6: everything shown in the turn is a written conversation (an empty turn is not)."""
    lines = list(shown)
    return bool(lines) and all(p.written for p in lines)


def stage_authors(shown: Iterable[Perception]) -> list[str]:
    """Rule 6: the identities a mood may be attributed to: the people on stage, never a written conversation."""
    return sorted({p.author.identity for p in shown if p.author is not None and not p.written})


def waiting_written(groups: Sequence[Sequence[Perception]], answered: set[str]) -> list[Sequence[Perception]]:
    """Rule 7: the written conversations (grouped lines) nobody answered in this turn."""
    return [lines for lines in groups if lines and lines[0].conversation_key not in answered]
