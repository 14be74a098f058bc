"""What her mind tells the streamer in the Activity dock, as sentences marked for the window's translation
(app.core.words): a turn's summary, a failed turn or briefing, her voice failing on a line, her written lines
delivered or not, a line the on-air filter changed, someone who moved her mood. The events' texts stay English
for the logs, the bus and the API; what people and she said, and an exception's words, are the values."""

from __future__ import annotations

from app.core.words import QT_TRANSLATE_NOOP, Words

# a turn's summary, by its outcome (app.core.turn_record), then what it cost
OUTCOMES = {
    "spoke": QT_TRANSLATE_NOOP("activity", "turn: spoke,"),
    "wrote": QT_TRANSLATE_NOOP("activity", "turn: wrote,"),
    "silent": QT_TRANSLATE_NOOP("activity", "turn: silent,"),
    "mute": QT_TRANSLATE_NOOP("activity", "turn: mute,"),
    "acted": QT_TRANSLATE_NOOP("activity", "turn: acted,"),
    "failed": QT_TRANSLATE_NOOP("activity", "turn: failed,"),
}
A_TURN = QT_TRANSLATE_NOOP("activity", "turn: {outcome},")     # an outcome the window has no words for
COST = QT_TRANSLATE_NOOP("activity", "{calls} call(s), {prompt}+{completion} tokens, {ms} ms")
COST_ESTIMATED = QT_TRANSLATE_NOOP("activity", "{calls} call(s), ~{prompt}+{completion} tokens (estimated), "
                                               "{ms} ms")

TURN_FAILED = QT_TRANSLATE_NOOP("problems", "Her turn failed (detail: {detail}).")
BROKE_OFF = QT_TRANSLATE_NOOP("problems", "Her turn broke off after she had answered (detail: {detail}).")
BRIEFING_SLOW = QT_TRANSLATE_NOOP("problems", "The briefing took too long; this turn goes without it.")
BRIEFING_FAILED = QT_TRANSLATE_NOOP("problems", "The briefing failed; this turn goes without it (detail: "
                                                "{detail}).")
PROMISES = QT_TRANSLATE_NOOP("problems", "The {owner} prompt names tools she was not given: {tools}.")
PLAIN_TEXT = QT_TRANSLATE_NOOP("problems", "The model {model} answered in plain text instead of calling her tools, so "
                                           "nobody heard her: its server may drop the tools it is sent (Test "
                                           "connection in Settings → Mind tells).")

VOICE_FAILED = QT_TRANSLATE_NOOP("problems", "Her voice failed on a line (detail: {detail}).")
NOT_DELIVERED = QT_TRANSLATE_NOOP("problems", "Not delivered to {channel} (detail: {detail}).")
NOT_DELIVERED_STOPPED = QT_TRANSLATE_NOOP("problems", "Not delivered to {channel}: she stopped first. The line: "
                                                      "{line}")
DELIVERED = QT_TRANSLATE_NOOP("activity", "delivered to {channel}: {line}")

# the on-air filter changed a line (app.core.on_air): out loud, or written somewhere
SPOKEN_DROPPED = QT_TRANSLATE_NOOP("activity", "A line she was about to say aloud was not said: it held words "
                                               "that never go on air ({found}).")
SPOKEN_MASKED = QT_TRANSLATE_NOOP("activity", "A line she said aloud had words masked ({found}).")
WRITTEN_DROPPED = QT_TRANSLATE_NOOP("activity", "A line to {where} was not said: it held words that never go "
                                                "on air ({found}).")
WRITTEN_MASKED = QT_TRANSLATE_NOOP("activity", "A line to {where} was said with words masked ({found}).")

MOVED = QT_TRANSLATE_NOOP("activity", "someone really moved her: she feels")
# the mood words (app.core.affect.MOODS, each one here: tests/core/test_mind_words.py), as the window says
# them of her
MOOD_NAMES = {
    "neutral": QT_TRANSLATE_NOOP("activity", "neutral"), "happy": QT_TRANSLATE_NOOP("activity", "happy"),
    "excited": QT_TRANSLATE_NOOP("activity", "excited"), "playful": QT_TRANSLATE_NOOP("activity", "playful"),
    "amused": QT_TRANSLATE_NOOP("activity", "amused"), "proud": QT_TRANSLATE_NOOP("activity", "proud"),
    "loving": QT_TRANSLATE_NOOP("activity", "loving"), "grateful": QT_TRANSLATE_NOOP("activity", "grateful"),
    "content": QT_TRANSLATE_NOOP("activity", "content"), "hopeful": QT_TRANSLATE_NOOP("activity", "hopeful"),
    "smug": QT_TRANSLATE_NOOP("activity", "smug"), "relaxed": QT_TRANSLATE_NOOP("activity", "relaxed"),
    "calm": QT_TRANSLATE_NOOP("activity", "calm"), "curious": QT_TRANSLATE_NOOP("activity", "curious"),
    "determined": QT_TRANSLATE_NOOP("activity", "determined"),
    "surprised": QT_TRANSLATE_NOOP("activity", "surprised"),
    "thoughtful": QT_TRANSLATE_NOOP("activity", "thoughtful"),
    "confused": QT_TRANSLATE_NOOP("activity", "confused"), "shy": QT_TRANSLATE_NOOP("activity", "shy"),
    "embarrassed": QT_TRANSLATE_NOOP("activity", "embarrassed"),
    "nervous": QT_TRANSLATE_NOOP("activity", "nervous"), "scared": QT_TRANSLATE_NOOP("activity", "scared"),
    "angry": QT_TRANSLATE_NOOP("activity", "angry"), "annoyed": QT_TRANSLATE_NOOP("activity", "annoyed"),
    "disgusted": QT_TRANSLATE_NOOP("activity", "disgusted"), "sad": QT_TRANSLATE_NOOP("activity", "sad"),
    "lonely": QT_TRANSLATE_NOOP("activity", "lonely"), "bored": QT_TRANSLATE_NOOP("activity", "bored"),
    "tired": QT_TRANSLATE_NOOP("activity", "tired"),
}


def turn_words(outcome: str, calls: int, prompt: int, completion: int, estimated: bool,
               ms: float) -> tuple[Words, dict[str, object]]:
    """A turn's summary line: its outcome, then its model calls, tokens and time."""
    return ([OUTCOMES.get(outcome, A_TURN), COST_ESTIMATED if estimated else COST],
            {"outcome": outcome, "calls": calls, "prompt": prompt, "completion": completion, "ms": f"{ms:.0f}"})


def screened_words(dropped: bool, where: str, found: str) -> tuple[str, dict[str, object]]:
    """A line the on-air filter dropped or masked: out loud (`where` "voice") or written to `where`."""
    if where == "voice":
        return (SPOKEN_DROPPED if dropped else SPOKEN_MASKED), {"found": found}
    return (WRITTEN_DROPPED if dropped else WRITTEN_MASKED), {"where": where, "found": found}


def moved_words(mood: str) -> tuple[Words, dict[str, object]]:
    """Someone really moved her: how she feels now, a mood word the window says in its language."""
    return [MOVED, MOOD_NAMES.get(mood, mood)], {"mood": mood}

# a tool she called, in the Activity dock: the call as it was, then what came of it; the observations a tool
# always gives in the same words are said in the window's language, any other as it came
CALLED = QT_TRANSLATE_NOOP("activity", "{call} ->")
CALLED_RESULT = QT_TRANSLATE_NOOP("activity", "{call} -> {result}")
OBSERVATIONS = frozenset((   # the tools' own words (app.mind.expression, the Memory skill), marked here
    QT_TRANSLATE_NOOP("activity", "said out loud"),
    QT_TRANSLATE_NOOP("activity", "you stayed silent"),
    QT_TRANSLATE_NOOP("activity", "you were cut off before your first word: nobody heard it"),
    QT_TRANSLATE_NOOP("activity", "nothing comes to mind about that"),
))


def tool_words(name: str, arguments: str, observation: str) -> tuple[Words, str]:
    """The words of a tool line, `name(arguments) -> observation`, and the call as their value."""
    call = f"{name}({arguments})"
    if observation in OBSERVATIONS:
        return [CALLED, observation], call
    return CALLED_RESULT, call
