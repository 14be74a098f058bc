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
6. A burst's frame shows a sample of its lines (app.core.burst) and ends with what it left out, in words.
7. Every header, nudge and word of this module's own comes from her words' catalog (app.core.her_words, section
   "frame"), passed in as `her`. Tool names, platforms, channels, "[via ...]" and what
   the senses wrote (the content, a conversation's place) are not this module's to translate.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.attention import is_for_her
from app.core.her_words import HerWords
from app.core.perception import Perception

MAX_WHO = 8


@dataclass(frozen=True)
class FrameWords:
    now: str
    steering: str
    follow_up: str
    nudge_follow_up: str
    nudge_no_tool: str
    nobody_out_loud: str
    where: str               # the [WHERE YOU ARE] header
    to_you: str              # after a line's provenance, when it was said to her
    more: str                # names() past MAX_WHO: "{shown} and {more} more"
    last: str                # names(): the word before the last name
    written: str             # written_place: {platform} {place} {who} {call}
    with_who: str            # written_place's {who}: {names}
    nudge_written: str       # {stage}
    stage: str               # nudge_written's {stage}, when the turn has a stage too


def words(her: HerWords) -> FrameWords:
    """This module's words in her language."""
    return FrameWords(**her.section("frame"))


def line(p: Perception, her: HerWords) -> str:
    mark = f" {words(her).to_you}" if is_for_her(p.reasons) else ""
    return f"- [via {p.surface}]{mark} {p.content}"


def written_conversations(batch: Sequence[Perception]) -> list[list[Perception]]:
    """The batch's written lines grouped by conversation, in the order the conversations first appear."""
    groups: dict[str, list[Perception]] = {}
    for p in batch:
        if p.written:
            groups.setdefault(p.conversation_key, []).append(p)
    return list(groups.values())


def names(who: Sequence[str], her: HerWords) -> str:
    """"Marco", "Marco and Giulia", "Marco, Giulia and Ann"; past MAX_WHO, how many more."""
    w = words(her)
    shown, more = list(who[:MAX_WHO]), len(who) - MAX_WHO
    if more > 0:
        return w.more.format(shown=", ".join(shown), more=more)
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + w.last + shown[-1]


def send_call(p: Perception) -> str:
    platform, channel = p.destination
    quoted = {k: json.dumps(v, ensure_ascii=False) for k, v in (("platform", platform), ("channel", channel))}
    return f"send_message(platform={quoted['platform']}, channel={quoted['channel']}, text=...)"


def written_place(lines: Sequence[Perception], her: HerWords) -> str:
    """Rule 2: one written conversation: platform, name, who, and the call that answers it."""
    w = words(her)
    first = lines[0]
    seen: dict[str, str] = {}
    for p in lines:
        if p.author is not None and p.who:
            seen.setdefault(p.author.identity, p.who)
    who = w.with_who.format(names=names(list(seen.values()), her)) if seen else ""
    return w.written.format(platform=first.destination[0], place=first.place, who=who, call=send_call(first))


def where_you_are(batch: Sequence[Perception], her: HerWords) -> str:
    w = words(her)
    places: list[str] = []
    for p in batch:
        if p.written:
            continue
        place = f"{p.surface} · {p.conversation_key}" if p.conversation_key != p.surface else p.surface
        if place not in places:
            places.append(place)
    head = f"{w.where} " + ("; ".join(places) if places else w.nobody_out_loud)
    return "\n".join([head, *(written_place(group, her) for group in written_conversations(batch))])


def perception_frame(batch: Sequence[Perception], her: HerWords, not_shown: Sequence[str] = ()) -> str:
    """`not_shown`: what a burst left out, in words (app.core.burst.summary), after the lines shown."""
    return "\n".join([where_you_are(batch, her), words(her).now, *(line(p, her) for p in batch), *not_shown])


def nudge_written(unanswered: Sequence[Sequence[Perception]], her: HerWords, out_loud: bool = False) -> str:
    """Rule 4: plain text answered nobody, and these written conversations are still waiting (out_loud: the
    turn has a stage too, which `speak` answers)."""
    w = words(her)
    head = w.nudge_written.format(stage=w.stage if out_loud else "")
    return "\n".join([head, *(written_place(group, her) for group in unanswered)])


def steering_frame(fresh: Sequence[Perception], follow_ups: Sequence[Perception], her: HerWords,
                   not_shown: Sequence[str] = ()) -> str:
    w = words(her)
    parts: list[str] = []
    if fresh:
        parts += [w.steering, *(line(p, her) for p in fresh)]
        parts += [written_place(group, her) for group in written_conversations(fresh)]
    if follow_ups:
        parts += [w.follow_up, *(line(p, her) for p in follow_ups)]
    return "\n".join([*parts, *not_shown])
