"""Rendering what she perceives into the text frames the model reads.

Theory of operation:
1. One frame per batch, lines ordered by priority (the gate already sorted them), each with its provenance
   ([via surface]) so she always knows where a line came from and where an answer must go.
2. A [WHERE YOU ARE] block names every conversation in the frame, from code, so she never concludes she is
   not somewhere she is being spoken to.
3. Steering frames say plainly that they arrived while she was thinking; follow-ups from a conversation she
   already answered have their own header: the next thing they said, to answer once.
4. Nothing here prints a system id: who someone is comes in the content, already rendered by the sense.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.core.attention import is_for_her
from app.core.perception import Perception

HEADER_NOW = "[WHAT JUST HAPPENED] most important first"
HEADER_STEERING = "[WHILE YOU WERE THINKING] this arrived just now"
HEADER_FOLLOW_UP = ("[THE NEXT THING THEY SAID] in a conversation you already answered this turn: answer it "
                    "once, or choose silence")
NUDGE_FOLLOW_UP = ("[STILL WAITING] you were shown the next thing someone said in a conversation you had "
                   "answered, and you have not answered it: answer it once, or choose `stay_silent`.")
NUDGE_NO_TOOL = ("[NOBODY HEARD YOU] plain text is your inner voice: nobody hears or reads it. To answer, call "
                 "`speak` (out loud) or `send_message` (written), or `stay_silent` if silence is right.")


def line(p: Perception) -> str:
    mark = " (to you)" if is_for_her(p.reasons) else ""
    return f"- [via {p.surface}]{mark} {p.content}"


def where_you_are(batch: Sequence[Perception]) -> str:
    places: list[str] = []
    for p in batch:
        place = f"{p.surface} · {p.conversation_key}" if p.conversation_key != p.surface else p.surface
        if place not in places:
            places.append(place)
    return "[WHERE YOU ARE] " + "; ".join(places)


def perception_frame(batch: Sequence[Perception]) -> str:
    return "\n".join([where_you_are(batch), HEADER_NOW, *(line(p) for p in batch)])


def steering_frame(fresh: Sequence[Perception], follow_ups: Sequence[Perception]) -> str:
    parts: list[str] = []
    if fresh:
        parts += [HEADER_STEERING, *(line(p) for p in fresh)]
    if follow_ups:
        parts += [HEADER_FOLLOW_UP, *(line(p) for p in follow_ups)]
    return "\n".join(parts)
