"""The bus keeps the closing moment as perceptions arrive: the same moment closes_at gives over the whole pending
list, after any mix of puts, removes and push_backs, and a put no longer costs a rescan of what is pending."""

import asyncio
import random
import time

import pytest

from app.core.batching import arrival_of, closes_at
from app.core.perception import Author, Perception, PerceptionKind
from app.mind.bus import PerceptionBus
from tests.her_words import english
from tests.mind.manual_clock import ManualClock

MARCO = Author("twitch", "4711", "marco")


def perception(kind: str, n: int) -> Perception:
    if kind == "chat":
        return Perception(PerceptionKind.CHAT, "twitch", f"[marco] line {n}", meta={"conversation_key": "c"},
                          author=MARCO)
    if kind == "noise":
        return Perception(PerceptionKind.GAME, "game", f"[game] tick {n}", salience=0.1, meta={"noise": True})
    return Perception(PerceptionKind.VOICE, "mic", f"[owner] said {n}")


def whole_list_deadline(bus: PerceptionBus, clock_of) -> float:
    return closes_at([arrival_of(p, at) for at, p in clock_of(bus)], text_window=1.2, window=0.3, max_window=8.0)


@pytest.mark.parametrize("seed", range(20))
def test_the_kept_deadline_is_the_one_the_whole_list_gives(seed):
    rng = random.Random(seed)

    async def scenario():
        clock = ManualClock(start=10.0)
        bus = PerceptionBus(clock, words=english)
        for n in range(200):
            roll = rng.random()
            if roll < 0.75:
                bus.put(perception(rng.choice(["chat", "chat", "noise", "voice"]), n))
            elif roll < 0.85 and bus.pending():
                victim = rng.choice(bus.pending())
                bus.remove(lambda p, v=victim: p is v)
            elif roll < 0.9:
                bus.push_back([perception("chat", n)])
            elif roll < 0.93:
                bus.take_all()
            await clock.advance(rng.choice([0.0, 0.01, 0.2, 0.7]))
            if bus.pending():
                expected = whole_list_deadline(bus, lambda b: b._pending)
                assert bus._span.closes_at() == expected
            else:
                with pytest.raises(ValueError):
                    bus._span.closes_at()
    asyncio.run(scenario())


def test_a_fast_chat_closes_one_batch_at_max_window_holding_every_line_in_order():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = asyncio.ensure_future(bus.drain())
        for n in range(900):                       # 100 lines a second, never a quiet gap
            bus.put(perception("chat", n))
            await clock.advance(0.01)
        return taking.result(), bus.pending()
    batch, left = asyncio.run(scenario())
    assert len(batch) in (800, 801)                       # 8 s of it (the clock's sums are floats)
    assert [p.content for p in batch + left] == [f"[marco] line {n}" for n in range(900)]


def test_a_put_does_not_grow_with_what_is_pending():
    """10x the pending lines must not cost ~10x per put (it did: each wake rescanned the whole list)."""
    def per_put(n: int) -> float:
        async def scenario():
            bus = PerceptionBus(ManualClock(), max_window=1e9, words=english)
            for i in range(n):
                bus.put(perception("chat", i))
            lines = [perception("chat", i) for i in range(2000)]
            start = time.perf_counter()
            for p in lines:
                bus.put(p)
                bus._span.closes_at()        # what the waiting drain computes on every wake
            return (time.perf_counter() - start) / len(lines)
        return asyncio.run(scenario())
    small, large = min(per_put(1000) for _ in range(3)), min(per_put(10_000) for _ in range(3))
    assert large < small * 4
