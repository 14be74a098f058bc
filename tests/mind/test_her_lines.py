"""Her spoken lines as the window follows them (Outlets rule 7): told the moment the speak call is written,
and again when her voice has ended them, said or cut; with no voice, said at once."""

import asyncio

from app.core.events import EventBus, EventKind
from app.core.her_lines import LineState, SpokenLine
from app.mind.outlets import Outlets


def told(outlets: Outlets) -> list[SpokenLine]:
    lines: list[SpokenLine] = []
    outlets.on_spoken(lines.append)
    return lines


def test_a_line_is_shown_when_written_and_marked_said_when_her_voice_is_done():
    async def go():
        events = EventBus(lambda: 0.0)
        outlets = Outlets(events)
        lines = told(outlets)
        done = asyncio.Event()

        async def voice(text, mood):
            await done.wait()
            return text

        outlets.attach_voice(voice)
        heard = outlets.utter("Hello there, friend!", "happy")
        await asyncio.sleep(0.01)
        during = list(lines)
        done.set()
        said = await heard
        return lines, during, said, events.recent([EventKind.SPEECH])

    lines, during, said, speech = asyncio.run(go())
    assert during == [SpokenLine(1, "Hello there, friend!", LineState.SPEAKING)]   # before her voice ended it
    assert lines[1:] == [SpokenLine(1, "Hello there, friend!", LineState.SAID, "Hello there, friend!")]
    assert said == "Hello there, friend!" and [e.data["spoken_line"] for e in speech] == [1]


def test_a_barge_in_marks_the_line_cut_with_what_she_got_to_say_and_a_broken_voice_cuts_it_whole():
    async def go():
        events = EventBus(lambda: 0.0)
        outlets = Outlets(events)
        lines = told(outlets)

        async def voice(text, mood):
            if "breaks" in text:
                raise OSError("the speakers went away")
            return "one two"

        outlets.attach_voice(voice)
        await outlets.utter("one two three four", "calm")
        await outlets.utter("this voice breaks", "calm")
        return lines

    lines = asyncio.run(go())
    assert [(x.number, x.state, x.said) for x in lines] == [
        (1, LineState.SPEAKING, ""), (1, LineState.CUT, "one two"),
        (2, LineState.SPEAKING, ""), (2, LineState.CUT, "")]


def test_with_no_voice_or_muted_the_line_is_said_at_once_and_a_listener_that_fails_costs_nothing():
    async def go():
        muted = [False]
        outlets = Outlets(EventBus(lambda: 0.0), muted=lambda: muted[0])
        outlets.on_spoken(lambda _line: 1 / 0)
        lines = told(outlets)
        first = await outlets.utter("nobody hears me", "calm")

        async def voice(text, mood):
            return text
        outlets.attach_voice(voice)
        muted[0] = True
        second = await outlets.utter("muted now", "calm")
        return lines, first, second

    lines, first, second = asyncio.run(go())
    assert (first, second) == ("nobody hears me", "muted now")
    assert lines == [SpokenLine(1, "nobody hears me", LineState.SAID, "nobody hears me"),
                     SpokenLine(2, "muted now", LineState.SAID, "muted now")]


def test_a_voice_nobody_hears_shows_its_line_as_said_at_once():
    async def go():
        outlets = Outlets(EventBus(lambda: 0.0))
        lines = told(outlets)
        done = asyncio.Event()

        async def into_silence(text, mood):   # no audio device: captions and timing, nobody hears it
            await done.wait()
            return text

        outlets.attach_voice(into_silence, audible=lambda: False)
        heard = outlets.utter("Nobody hears this", "calm")
        during = list(lines)
        done.set()
        return during, await heard, lines

    during, said, lines = asyncio.run(go())
    assert during == lines == [SpokenLine(1, "Nobody hears this", LineState.SAID, "Nobody hears this")]
    assert said == "Nobody hears this"


def test_a_streamed_line_is_shown_as_it_is_written_one_line_and_ends_with_what_the_voice_said():
    class Streamed:
        def __init__(self) -> None:
            self.fed: list[str] = []
            self.done = asyncio.Event()

        def feed(self, fragment: str) -> None:
            self.fed.append(fragment)

        def finish(self) -> None:
            pass

        def abort(self) -> None:
            pass

        async def said(self) -> str:
            await self.done.wait()
            return "Streamed words"

    async def go():
        outlets = Outlets(EventBus(lambda: 0.0))
        lines = told(outlets)
        made: list[Streamed] = []

        async def voice(text, mood):
            raise AssertionError("a streamed line is not synthesised again")
        outlets.attach_voice(voice, begin=lambda: made.append(Streamed()) or made[-1])
        outlets.stream_feed(0, '{"mood": "calm", ', "call_1")
        outlets.stream_feed(0, '"message": "Streamed', "call_1")
        outlets.stream_feed(0, ' wor', "call_1")
        outlets.stream_feed(0, 'ds, and more"}', "call_1")
        written = list(lines)
        with outlets.answering(0, "call_1"):
            heard = outlets.utter("Streamed words, and more", "calm")
        made[0].done.set()
        await heard
        outlets.stream_feed(1, '{"message": "Never cla', "call_2")   # the model failed mid-answer
        outlets.stream_abort()
        return written, made[0].fed, lines

    written, fed, lines = asyncio.run(go())
    assert "".join(fed) == '{"mood": "calm", "message": "Streamed words, and more"}'   # the voice had it all
    assert [(x.number, x.text, x.state) for x in written] == [      # the window, word by word, one line
        (1, "Streamed", LineState.SPEAKING), (1, "Streamed wor", LineState.SPEAKING),
        (1, "Streamed words, and more", LineState.SPEAKING)]
    assert lines[len(written):] == [
        SpokenLine(1, "Streamed words, and more", LineState.SPEAKING),            # the call, written whole
        SpokenLine(1, "Streamed words, and more", LineState.CUT, "Streamed words"),
        SpokenLine(2, "Never cla", LineState.SPEAKING),
        SpokenLine(2, "Never cla", LineState.CUT, "")]                      # nobody claimed it: not said
