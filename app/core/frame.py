"""Rendering what she perceives into the text frames the model reads.

Theory of operation:
1. One frame per batch, lines ordered by priority (the gate already sorted them), each with its provenance
   ([via surface]) so she always knows where a line came from and where an answer must go.
2. A [WHERE YOU ARE] block names every conversation in the frame, from code, so she never concludes she is
   not somewhere she is being spoken to. Its first line names the stage (where she is live and answers out
   loud), or says that nobody hears her out loud in this turn when the batch holds only written conversations.
   Then one line per written conversation (seed 004), in the order they first appear: its platform, its name
   in words, who is in it in this batch (in her words, the People skill's relabel; at most MAX_WHO names, then
   how many more), and the exact send_message arguments that answer it. Same batch, same text.
3. Steering frames say plainly that they arrived while she was thinking; follow-ups from a conversation she
   already answered have their own header: the next thing they said, to answer once. Fresh written lines in a
   steering frame come with their conversation's [WHERE YOU ARE] line.
4. A turn that answered a written conversation with plain text alone gets one nudge naming the conversations
   nobody has answered and the send_message that reaches each (nudge_written).
5. Nothing here prints a system id: who someone is comes in the content, already rendered by the sense. The
   channel in a send_message line is the platform's address of the conversation, which she must pass back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from app.core.attention import is_for_her
from app.core.perception import Perception

HEADER_NOW = "[WHAT JUST HAPPENED] most important first"
HEADER_STEERING = "[WHILE YOU WERE THINKING] this arrived just now"
HEADER_FOLLOW_UP = ("[THE NEXT THING THEY SAID] in a conversation you already answered this turn: answer it "
                    "once, or choose silence")
NUDGE_FOLLOW_UP = ("[STILL WAITING] you were shown the next thing someone said in a conversation you had "
                   "answered, and you have not answered it: answer it once, or choose `stay_silent`.")
MAX_WHO = 8
NOBODY_OUT_LOUD = "only written conversations: nobody hears you out loud in this turn"
NUDGE_NO_TOOL = ("[NOBODY HEARD YOU] plain text is your inner voice: nobody hears or reads it. To answer, call "
                 "`speak` (out loud) or `send_message` (written), or `stay_silent` if silence is right.")


def line(p: Perception) -> str:
    mark = " (to you)" if is_for_her(p.reasons) else ""
    return f"- [via {p.surface}]{mark} {p.content}"


def written_conversations(batch: Sequence[Perception]) -> list[list[Perception]]:
    """The batch's written lines grouped by conversation, in the order the conversations first appear."""
    groups: dict[str, list[Perception]] = {}
    for p in batch:
        if p.written:
            groups.setdefault(p.conversation_key, []).append(p)
    return list(groups.values())


def names(words: Sequence[str]) -> str:
    """"Marco", "Marco and Giulia", "Marco, Giulia and Ann"; past MAX_WHO, how many more."""
    shown, more = list(words[:MAX_WHO]), len(words) - MAX_WHO
    if more > 0:
        return ", ".join(shown) + f" and {more} more"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def send_call(p: Perception) -> str:
    platform, channel = p.destination
    quoted = {k: json.dumps(v, ensure_ascii=False) for k, v in (("platform", platform), ("channel", channel))}
    return f"send_message(platform={quoted['platform']}, channel={quoted['channel']}, text=...)"


def written_place(lines: Sequence[Perception]) -> str:
    """Rule 2: one written conversation: platform, name, who, and the call that answers it."""
    first = lines[0]
    seen: dict[str, str] = {}
    for p in lines:
        if p.author is not None and p.who:
            seen.setdefault(p.author.identity, p.who)
    who = f", with {names(list(seen.values()))}" if seen else ""
    return (f"- written, on {first.destination[0]}: {first.place}{who}. Answer there with {send_call(first)}; "
            "never out loud")


def where_you_are(batch: Sequence[Perception]) -> str:
    places: list[str] = []
    for p in batch:
        if p.written:
            continue
        place = f"{p.surface} · {p.conversation_key}" if p.conversation_key != p.surface else p.surface
        if place not in places:
            places.append(place)
    head = "[WHERE YOU ARE] " + ("; ".join(places) if places else NOBODY_OUT_LOUD)
    return "\n".join([head, *(written_place(group) for group in written_conversations(batch))])


def perception_frame(batch: Sequence[Perception]) -> str:
    return "\n".join([where_you_are(batch), HEADER_NOW, *(line(p) for p in batch)])


def nudge_written(unanswered: Sequence[Sequence[Perception]], out_loud: bool = False) -> str:
    """Rule 4: plain text answered nobody, and these written conversations are still waiting (out_loud: the
    turn has a stage too, which `speak` answers)."""
    stage = ", the stage out loud with `speak`" if out_loud else ""
    return "\n".join([f"[NOBODY READ THAT] plain text is your inner voice: nobody hears or reads it. These written "
                      f"conversations have no answer from you yet: answer each with `send_message`{stage}, or "
                      "choose `stay_silent` if silence is right.", *(written_place(group) for group in unanswered)])


def steering_frame(fresh: Sequence[Perception], follow_ups: Sequence[Perception]) -> str:
    parts: list[str] = []
    if fresh:
        parts += [HEADER_STEERING, *(line(p) for p in fresh)]
        parts += [written_place(group) for group in written_conversations(fresh)]
    if follow_ups:
        parts += [HEADER_FOLLOW_UP, *(line(p) for p in follow_ups)]
    return "\n".join(parts)
