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
