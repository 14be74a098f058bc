"""The dreamer turns a session into memories with a (scripted) background model: people's facts as person,
her own words as bea, self-lore apart; an overlong session is an overflow, counted."""

import asyncio

from app.core.chat import AssistantMessage
from app.memory.memories import MemoryStore
from app.memory.stream import STREAM_LIMIT, Line, Stream
from app.mind.dreamer import Dreamer
from tests.fakes import FakeLLMClient, HashingEmbedder

DREAM = """PERSON: marco has a cat called pixel
BEA: Bea claimed she once visited the moon base
LORE: Bea gets nervous before boss fights
PERSON: ok"""


def make(bea, reply=DREAM):
    stream = Stream(bea.db)
    store = MemoryStore(bea.db, HashingEmbedder())
    model = FakeLLMClient([AssistantMessage(text=reply)])
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus)
    return stream, store, model, dreamer


def test_a_dream_keeps_people_facts_her_words_and_self_lore_apart(bea):
    stream, store, model, dreamer = make(bea)
    stream.append_sync([Line("heard", "[marco] il mio gatto si chiama pixel", 1.0, "twitch:1"),
                        Line("spoke", "io sono stata sulla luna!", 2.0)])
    sid = stream.session_id
    assert dreamer.undreamt_session() == sid
    kept = asyncio.run(dreamer.dream())
    assert kept == 3
    assert "[marco] il mio gatto si chiama pixel" in model.user_texts(0)
    assert "Bea: io sono stata sulla luna!" in model.user_texts(0)
    assert [m.text for m in store.recall("cat pixel")] == ["marco has a cat called pixel"]
    moon = store.recall("Bea claimed she once visited the moon base", 1, "bea")[0]
    lore = store.recall("Bea gets nervous before boss fights", 1, "bea")[0]
    assert (moon.scope, lore.scope) == (f"session:{sid}", "self-lore")
    assert store.recall("Bea claimed she once visited the moon base", 5, "person") == []  # never a fact
    assert dreamer.undreamt_session() is None and dreamer.last_dream() is not None
    assert asyncio.run(dreamer.dream()) == 0  # nothing left to dream


def test_a_session_longer_than_the_limit_is_counted_as_an_overflow(bea):
    stream, store, model, dreamer = make(bea, reply="PERSON: the chat was very busy tonight")
    stream.append_sync([Line("heard", f"[u] line {i}", float(i)) for i in range(STREAM_LIMIT + 10)])
    asyncio.run(dreamer.dream())
    assert dreamer.overflows() == 1
    assert "line 9\n" not in model.user_texts(0) + "\n" and f"line {STREAM_LIMIT + 9}" in model.user_texts(0)
