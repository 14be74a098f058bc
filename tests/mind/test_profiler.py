"""The profiler writes a profile after twenty lines from a person, then rarely; it hands it to the hook."""

import asyncio
import time

from app.core.chat import AssistantMessage
from app.memory.stream import Line, Stream
from app.mind.profiler import Profiler
from tests.fakes import FakeLLMClient


def test_a_profile_after_twenty_lines_and_not_again_soon(bea):
    stream = Stream(bea.db, clock=bea.clock.time)
    model = FakeLLMClient([AssistantMessage(text="Marco loves cats and cooks pasta.")] * 3)
    got = []

    async def hook(identity, text):
        got.append((identity, text))

    profiler = Profiler(bea.db, lambda: model, hook, clock=time.time)

    async def go():
        stream.append_sync([Line("heard", f"[marco] line {i} about my cat", float(i), "twitch:7") for i in range(19)])
        first = await profiler.maybe_profile("twitch:7")
        stream.append_sync([Line("heard", "[marco] and I cook pasta", 20.0, "twitch:7")])
        second = await profiler.maybe_profile("twitch:7")
        stream.append_sync([Line("heard", f"[marco] more {i}", 30.0 + i, "twitch:7") for i in range(10)])
        third = await profiler.maybe_profile("twitch:7")
        return first, second, third

    assert asyncio.run(go()) == (False, True, False)
    assert got == [("twitch:7", "Marco loves cats and cooks pasta.")]
    assert "[marco] and I cook pasta" in model.user_texts(0)
