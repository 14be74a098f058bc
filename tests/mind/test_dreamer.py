"""The dreamer turns a session into memories with a (scripted) background model: people's facts as person,
her own words as bea, self-lore apart; an overlong session is an overflow, counted."""

import asyncio
import time

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
    stream = Stream(bea.db, clock=bea.clock.time)
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    model = FakeLLMClient([AssistantMessage(text=reply)])
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus, time.time)
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


def test_a_line_is_consolidated_once_across_an_end_of_stream_and_the_night(bea):
    """End stream remembers the session; the night's dream that follows reads only what came after it."""
    stream, store, model, dreamer = make(bea)
    model.script = [AssistantMessage(text="PERSON: marco has a cat called pixel"),
                    AssistantMessage(text="PERSON: zoe lives in Bologna")]
    stream.append_sync([Line("heard", "[marco] il mio gatto si chiama pixel", 1.0, "twitch:1")])
    first = stream.session_id
    assert asyncio.run(dreamer.dream(night=False)) == 1
    assert dreamer.last_dream() is None                     # the end of a stream does not move the night on
    stream.end()
    stream.append_sync([Line("heard", "[zoe] abito a Bologna da un anno", 2.0, "twitch:2")])
    assert dreamer.waiting() == {stream.session_id: 1}       # the ended stream waits no more
    assert asyncio.run(dreamer.dream()) == 1
    assert len(model.calls) == 2
    assert "pixel" not in model.user_texts(1) and "Bologna" in model.user_texts(1)
    assert asyncio.run(dreamer.dream()) == 0 and len(model.calls) == 2   # nothing left: no call at all
    assert (dreamer.remembered(first), dreamer.remembered(stream.session_id)) == (1, 1)
    assert [m.text for m in store.search_text("", None, 10)].count("marco has a cat called pixel") == 1


def test_lines_after_a_consolidation_in_the_same_session_wait_for_the_next(bea):
    stream, store, model, dreamer = make(bea)
    model.script = [AssistantMessage(text="PERSON: marco has a cat called pixel"),
                    AssistantMessage(text="PERSON: marco's cat is ten years old")]
    stream.append_sync([Line("heard", "[marco] il mio gatto si chiama pixel", 1.0, "twitch:1")])
    asyncio.run(dreamer.dream(night=False))
    stream.append_sync([Line("heard", "[marco] pixel ha dieci anni", 2.0, "twitch:1")])
    assert dreamer.waiting() == {stream.session_id: 1}
    assert asyncio.run(dreamer.dream(night=False)) == 1
    assert "il mio gatto" not in model.user_texts(1) and "dieci anni" in model.user_texts(1)


def test_a_deadline_leaves_what_the_model_did_not_write_for_the_next_chance(bea):
    stream, store, model, dreamer = make(bea)

    async def slow(_messages, _tools):
        await asyncio.sleep(5)
        return AssistantMessage(text="PERSON: never written")
    model.script = [slow, AssistantMessage(text="PERSON: marco has a cat called pixel")]
    stream.append_sync([Line("heard", "[marco] il mio gatto si chiama pixel", 1.0, "twitch:1")])
    assert asyncio.run(dreamer.dream(deadline=0.2, night=False)) == 0
    assert dreamer.waiting() == {stream.session_id: 1} and store.search_text("", None, 10) == []
    assert asyncio.run(dreamer.dream()) == 1                # the next chance reads the same line
    assert [m.text for m in store.search_text("", None, 10)] == ["marco has a cat called pixel"]


def test_a_model_too_small_to_dream_keeps_what_people_said_verbatim(bea):
    stream = Stream(bea.db, clock=bea.clock.time)
    store = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    model = FakeLLMClient([AssistantMessage(text="PERSON: never asked")])
    dreamer = Dreamer(bea.db, stream, lambda: store, lambda: model, bea.bus, time.time, verbatim=lambda: True)
    told = []
    dreamer.owner_told = told.extend
    stream.append_sync([Line("heard", "[Streamer] my cat is called Pistacchio", 1.0, "app:owner"),
                        Line("heard", "[marco] ciao bea", 2.0, "twitch:1"),
                        Line("spoke", "che bel nome, Pistacchio!", 3.0),
                        Line("heard", "[marco] I have two dogs at home", 4.0, "twitch:1")])
    assert asyncio.run(dreamer.dream(night=False)) == 2
    assert model.calls == []                                  # no model was asked
    kept = {m.text: m for m in store.search_text("", None, 10)}
    assert set(kept) == {"Streamer: my cat is called Pistacchio", "marco: I have two dogs at home"}
    assert (kept["marco: I have two dogs at home"].author, kept["marco: I have two dogs at home"].source) == \
        ("twitch:1", "person")
    assert told == ["my cat is called Pistacchio"]           # the streamer's own words, for the You dock
