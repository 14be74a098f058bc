"""Written lines are handed over, not waited on; stopping waits (bounded) for them; a lost line is an ERROR."""

import asyncio

from app.core.events import EventBus, EventKind
from app.mind.outlets import Outlets


def test_lines_going_out_are_waited_for_and_stuck_ones_reported():
    async def go():
        events = EventBus(lambda: 0.0)
        outlets = Outlets(events, pause=lambda _t: 0.01)
        got = []
        never = asyncio.Event()

        async def quick(channel, text):
            got.append((channel, text))

        async def stuck(channel, text):
            await never.wait()

        async def broken(channel, text):
            raise ConnectionError("channel deleted")

        outlets.register_sender("app", quick)
        outlets.register_sender("slowchat", stuck)
        outlets.register_sender("gone", broken)
        outlets.deliver("app", "chat", "ciao")
        outlets.deliver("slowchat", "general", "hello?")
        outlets.deliver("gone", "x", "anyone?")
        late = await outlets.drain(0.2)
        return got, late, [e.text for e in events.recent([EventKind.ERROR])]

    got, late, errors = asyncio.run(go())
    assert got == [("chat", "ciao")]
    assert late == 1
    assert "not delivered to x: channel deleted" in errors
    assert "not delivered to general (stopped): hello?" in errors


def test_speak_hands_the_line_over_and_the_window_learns_what_was_said_when_it_ends():
    from tests.fakes import says
    from tests.mind.harness import Mind, chat

    async def go():
        m = Mind([says("one two three four"), says("this voice breaks")])
        ended = asyncio.Event()
        interrupted = []

        async def voice(text, mood):
            if "breaks" in text:
                raise OSError("the speakers went away")
            await ended.wait()
            return "one two"                            # a barge-in cut it there

        m.outlets.attach_voice(voice, speaking=lambda: False, interrupt=lambda: interrupted.append(1))
        record = await asyncio.wait_for(m.mind.turn([chat("count for me")]), 5)
        during = (m.outlets.is_speaking(), [t for w, _c, t in m.mind.context.messages() if w == "her"])
        m.outlets.barge_in()
        ended.set()
        await asyncio.sleep(0.01)
        after = [t for w, _c, t in m.mind.context.messages() if w == "her"]
        await m.mind.turn([chat("again")])
        await asyncio.sleep(0.01)
        return m, record, during, after, interrupted

    m, record, during, after, interrupted = asyncio.run(go())
    assert record.outcome == "spoke" and during == (True, ["one two three four"]) and interrupted == [1]
    assert after == ["one two"]                               # revised to what she got to say
    assert [t for w, _c, t in m.mind.context.messages() if w == "her"] == ["one two"]   # the broken line: nothing
    assert any("her voice failed: the speakers went away" in e.text for e in m.events.recent([EventKind.ERROR]))
    assert [e.text for e in m.events.recent([EventKind.SPEECH])] == ["one two"]


def test_a_written_line_shows_her_typing_first_and_a_broken_indicator_costs_nothing():
    async def go():
        events = EventBus(lambda: 0.0)
        happened = []
        outlets = Outlets(events, pause=lambda text: happened.append(("pause", text)) or 0.0)

        async def send(channel, text):
            happened.append(("send", channel, text))

        async def typing(channel):
            happened.append(("typing", channel))

        async def broken_typing(channel):
            raise ConnectionError("429")

        outlets.register_sender("telegram", send, typing=typing)
        outlets.deliver("telegram", "-100123", "ciao Marco!")
        await outlets.drain(1)
        outlets.register_sender("telegram", send, typing=broken_typing)
        outlets.deliver("telegram", "-100123", "still here")
        await outlets.drain(1)
        outlets.register_sender("telegram", send)     # no indicator any more
        outlets.deliver("telegram", "7", "bye")
        await outlets.drain(1)
        return happened, events.recent([EventKind.ERROR])

    happened, errors = asyncio.run(go())
    assert happened == [("typing", "-100123"), ("pause", "ciao Marco!"), ("send", "-100123", "ciao Marco!"),
                        ("pause", "still here"), ("send", "-100123", "still here"),
                        ("pause", "bye"), ("send", "7", "bye")]
    assert errors == []


def test_lines_to_one_conversation_go_out_in_order_whatever_their_pauses():
    async def go():
        events = EventBus(lambda: 0.0)
        outlets = Outlets(events, pause=lambda text: 0.05 if text.startswith("long") else 0.0)
        got = []

        async def send(channel, text):
            got.append((channel, text))

        outlets.register_sender("telegram", send)
        outlets.deliver("telegram", "dm", "long line first")
        outlets.deliver("telegram", "dm", "short")
        outlets.deliver("telegram", "group", "elsewhere")       # another conversation does not wait
        await outlets.drain(1)
        return got

    got = asyncio.run(go())
    assert got.index(("dm", "long line first")) < got.index(("dm", "short"))
    assert got[0] == ("group", "elsewhere")
