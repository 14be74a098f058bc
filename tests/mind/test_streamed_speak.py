"""Streamed speak between the loop and the outlets, with a recording voice: fragments reach the line as they
arrive (those before the call's name is known, once it is), only speak calls stream, a RESET drops the lines,
the handler claims its own line, and with no voice or muted nothing streams."""

import asyncio

from app.core.chat import Delta, DeltaKind
from app.core.events import EventBus, EventKind
from app.mind.consciousness import speak_deltas
from app.mind.outlets import Outlets


class Line:
    def __init__(self) -> None:
        self.fed, self.finished, self.aborted = [], False, False

    def feed(self, fragment):
        self.fed.append(fragment)

    def finish(self):
        self.finished = True

    def abort(self):
        self.aborted = True

    async def said(self):
        return "hel"           # as if the streamer cut her short


def voiced(muted=False):
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events, muted=lambda: muted)
    lines, whole = [], []

    def begin():
        lines.append(Line())
        return lines[-1]

    async def say(text, mood):
        whole.append(text)
        return None

    outlets.attach_voice(say, begin)
    return events, outlets, lines, whole


def args(index, text, name=None, call_id=None):
    return Delta(DeltaKind.TOOL_ARGUMENTS, text, index, call_id, name)


def test_fragments_of_speak_calls_stream_to_a_line_and_the_handler_claims_it():
    events, outlets, lines, whole = voiced()
    listen = speak_deltas(outlets)
    listen(args(0, '{"mood": '))                      # the name is not known yet: held
    listen(args(1, "", name="send_message", call_id="b"))
    listen(args(1, '{"text": "hi"}'))
    listen(args(0, '"happy", ', name="speak", call_id="a"))
    listen(args(0, '"message": "hello"}'))
    assert len(lines) == 1 and lines[0].fed == ['{"mood": ', '"happy", ', '"message": "hello"}']

    async def handler():
        with outlets.answering(0, "a"):
            return await outlets.say("hello", "happy")

    assert asyncio.run(handler()) == "hel"                                  # what she got to say
    assert lines[0].finished and not lines[0].aborted and whole == []      # not synthesised a second time
    assert [(e.text, e.data) for e in events.recent([EventKind.SPEECH])] == [
        ("hel", {"mood": "happy", "spoken": True, "spoken_line": 1})]


def test_a_reset_drops_every_line_begun_and_a_handler_without_a_line_says_it_whole():
    _events, outlets, lines, whole = voiced()
    listen = speak_deltas(outlets)
    listen(args(0, '{"message": "first', name="speak", call_id="x"))
    listen(Delta(DeltaKind.RESET, "model one failed mid-answer"))
    assert lines[0].aborted

    async def handler():
        with outlets.answering(0, "y"):
            return await outlets.say("second", "calm")

    assert asyncio.run(handler()) == "second" and whole == ["second"]      # None from the voice: all of it


def test_muted_or_without_a_voice_nothing_streams_and_the_line_is_published_whole():
    events, outlets, lines, whole = voiced(muted=True)
    speak_deltas(outlets)(args(0, '{"message": "hi"}', name="speak"))
    assert lines == []
    assert asyncio.run(outlets.say("hi", "happy")) == "hi" and whole == []
    assert [(e.text, e.data) for e in events.recent([EventKind.SPEECH])] == [
        ("hi", {"mood": "happy", "spoken_line": 1})]
    outlets.detach_voice()
    speak_deltas(outlets)(args(0, '{"message": "hi"}', name="speak"))
    assert lines == [] and outlets.voice is None
