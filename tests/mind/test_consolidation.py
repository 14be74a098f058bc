"""The triggers around the dreamer: a failing model is said once as an ERROR and leaves the lines waiting, and a
long pause does not ask a failing model again until something new was said; a quit with nothing waiting asks
nothing and says nothing."""

import asyncio
import time

from app.core.chat import AssistantMessage
from app.core.events import EventKind
from app.memory.memories import MemoryStore
from app.memory.stream import Line, Stream
from app.mind.consolidation import Consolidation
from app.mind.dreamer import Dreamer
from tests.fakes import FakeLLMClient, HashingEmbedder


def broken(_messages, _tools):
    raise RuntimeError("the model server is down")


def make(bea, script):
    stream = Stream(bea.db, clock=bea.clock.time)
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    model = FakeLLMClient(list(script))
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus, time.time)
    return stream, store, model, Consolidation(dreamer, stream, bea.bus, lambda: 20, time.time)


def memory_errors(bea) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == "memory"]


def test_a_failing_model_leaves_the_lines_and_a_pause_waits_for_a_new_line(bea):
    stream, store, model, consolidation = make(bea, [broken, broken, AssistantMessage(text="PERSON: marco has a cat")])
    hour_ago = time.time() - 3600
    stream.append_sync([Line("heard", "[marco] il mio gatto si chiama pixel", hour_ago, "twitch:1")])
    assert asyncio.run(consolidation.after_pause()) == 0
    assert len(memory_errors(bea)) == 1 and consolidation.news().waiting == 1
    assert asyncio.run(consolidation.after_pause()) == 0 and len(model.calls) == 1   # not asked again
    stream.append_sync([Line("heard", "[marco] ha dieci anni", hour_ago + 1, "twitch:1")])
    assert asyncio.run(consolidation.after_pause()) == 0 and len(model.calls) == 2   # a new line: tried again
    assert asyncio.run(consolidation.end_stream()) == 1                               # the model is back
    assert consolidation.news().waiting == 0 and store.search_text("", None, 5)[0].text == "marco has a cat"


def test_a_quit_with_nothing_waiting_asks_nothing(bea):
    stream, store, model, consolidation = make(bea, [])
    assert asyncio.run(consolidation.at_quit()) == 0
    assert model.calls == [] and not [e for e in bea.bus.recent() if e.data.get("remembering")]
