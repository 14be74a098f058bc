"""The mind's own tools, through which she reaches people: speak, send_message, stay_silent, say_nothing.

They share one TurnState with the loop, which is how "one answer per conversation per turn" is enforced: a
second answer to a conversation already answered in this turn is refused as an ERROR observation. speak gives
the line to her voice and does not wait for the audio (Outlets.utter). What enters her window for a spoken line
is what she actually got to say: a line cut short by a barge-in is kept as far as she got (the entry is revised
when the line ends), and a line stopped before its first word not at all. In a scoped turn (only written
conversations, seed 004) speak is refused as an ERROR that names send_message: nothing reaches her voice.
On air: a line the filter drops is refused as an ERROR (she may say it another way) and enters her
window as FILTERED, not as said; a masked line is what she said and wrote, masked (the outlets screen it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.core import frame
from app.core.affect import pick
from app.core.her_words import HerWords
from app.core.on_air import Decision
from app.core.tools import Tool
from app.mind.outlets import Outlets

FILTERED = "(filtered: this line of hers held words that never go on stream, and was not said)"
NOT_ON_AIR = ("ERROR: not {}: that line held words that never go on stream, so nobody {} it. Put it another "
              "way, or stay_silent")
MOODS = ("neutral", "happy", "excited", "sad", "angry", "tired", "curious", "playful", "calm", "surprised")


@dataclass
class TurnState:
    words: HerWords   # her words this turn (app.core.frame's: [WHERE YOU ARE] in its language)
    stage: set[str] = field(default_factory=set)       # live conversations in this turn: speak answers them
    scoped: bool = False   # all she was shown is written (app.core.steering rule 6): speak is refused
    answered: set[str] = field(default_factory=set)
    silenced: bool = False
    spoke: bool = False
    wrote: bool = False
    # what enters the sliding window, in the order it happened: ("heard", perception) | ("unread", perception: a
    # line of a burst the frame did not show) | ("spoke", text, mood)
    # or ("spoke", text, mood, future of what she got to say) | ("wrote", platform, channel, text)
    log: list[tuple] = field(default_factory=list)
    shown_follow_ups: set[str] = field(default_factory=set)


def expression_tools(state: TurnState, outlets: Outlets) -> list[Tool]:
    header = frame.words(state.words).where   # the header the frame names conversations under

    async def speak(message: str = "", mood: str = "neutral") -> str:
        text = message.strip()
        if not text:
            return "ERROR: speak needs a message: the words to say out loud"
        if state.scoped:
            return ("ERROR: nobody hears you out loud here: these are written conversations. Answer with "
                    f"send_message(platform, channel, text) as {header} shows, or stay_silent")
        mood = pick(mood or "neutral", MOODS)  # any word she names, mapped to the nearest she can show
        if outlets.on_air.screen(text).decision is Decision.DROP:
            outlets.screen(text, spoken=True)     # said to the streamer
            state.log.append(("spoke", FILTERED, mood))
            return NOT_ON_AIR.format("said", "heard")
        heard = outlets.utter(text, mood)      # the turn does not wait for the audio to end
        keys = set(state.stage) or {"stage"}
        state.spoke = True
        if not heard.done():  # her voice is saying it: the window learns what she got to say when it ends
            state.answered |= keys
            state.log.append(("spoke", text, mood, heard))
            return "said out loud"
        said = heard.result().strip()
        if not said:
            state.answered |= keys
            return "you were cut off before your first word: nobody heard it"
        state.answered |= keys
        state.log.append(("spoke", said, mood))
        return "said out loud"

    async def send_message(platform: str = "", channel: str = "", text: str = "") -> str:
        key = f"{platform}:{channel}"
        if not text.strip():
            return "ERROR: send_message needs the text to write"
        if platform not in outlets.platforms():
            where = ", ".join(outlets.platforms()) or "nowhere yet"
            return f"ERROR: there is no written platform called {platform!r}; you can write to: {where}"
        if key in state.answered:
            return f"ERROR: you already answered {key} in this turn; one answer per conversation"
        screened = outlets.on_air.screen(text.strip())
        if screened.decision is Decision.DROP:
            outlets.screen(text.strip(), where=f"{platform} {channel}")     # said to the streamer
            state.log.append(("wrote", platform, channel, FILTERED))
            return NOT_ON_AIR.format("sent", "read")
        outlets.deliver(platform, channel, text.strip())
        state.answered.add(key)
        state.wrote = True
        state.log.append(("wrote", platform, channel, screened.text))
        return f"sent to {platform} {channel}"

    async def stay_silent(reason: str = "") -> str:
        state.silenced = True
        return "you stayed silent"

    mood_schema = {"type": "string", "description": "how you say it, in a word: " + ", ".join(MOODS)}
    return [
        Tool("speak", "Say something out loud, live, to the people on stream. Your only voice: plain text you "
             "write is your inner thought and nobody hears it. Ends your turn.",
             # mood first: a model writes the keys in this order, and a mood known before the words shapes them
             {"type": "object", "properties": {"mood": mood_schema,
                                               "message": {"type": "string", "description": "the words to say"}},
              "required": ["message"]}, handler=speak, reaches=True, ends_turn=True),
        Tool("send_message", "Write a line to a written conversation (not out loud). Use the platform and "
             f"channel {header} gives for the conversation you answer.",
             {"type": "object", "properties": {"platform": {"type": "string"}, "channel": {"type": "string"},
                                               "text": {"type": "string"}},
              "required": ["platform", "channel", "text"]}, handler=send_message, reaches=True),
        Tool("stay_silent", "Choose silence on purpose: nothing here needs you. Ends your turn.",
             {"type": "object", "properties": {"reason": {"type": "string"}}}, handler=stay_silent,
             reaches=True, ends_turn=True),
        Tool("say_nothing", "The same as stay_silent. Ends your turn.",
             {"type": "object", "properties": {"reason": {"type": "string"}}}, handler=stay_silent,
             reaches=True, ends_turn=True),
    ]
