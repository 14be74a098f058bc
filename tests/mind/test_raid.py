"""A raid through the loop: her frame holds a sample within the model's budget and says how many lines it left out;
the lines that named her and did not fit come back, in order, in the turns that follow, until each was shown in a
turn she answered; every line of the raid is kept once: the ones she read in her window, the rest in the stream."""

import asyncio

from app.core import burst
from tests.fakes import says
from tests.mind.harness import Mind, chat

RAIDERS = 300
NAMED = [f"Bea, question number {i}?" for i in range(8)]


def raid() -> list:
    lines = [chat("welcome in, raid hype!", who=f"raider{i}") for i in range(RAIDERS)]
    for i, text in enumerate(NAMED):   # spread through the raid, as they came
        lines.insert(20 + i * 35, chat(text, who=f"asker{i}"))
    return lines


def test_a_raid_is_read_as_a_sample_and_every_line_that_named_her_is_answered_in_order() -> None:
    async def go():
        m = Mind([says(f"answer {i}") for i in range(10)], frame_tokens=60)
        m.unread = []

        async def unread(lines) -> None:
            m.unread += [p.content for p in lines]
        m.mind.unread = unread
        task = asyncio.ensure_future(m.mind.run())
        for p in raid():
            m.bus.put(p)
        await m.clock.advance(0.01)
        await m.clock.advance(1.2)
        for _ in range(10):
            await m.quiet()
            await m.clock.advance(1.5)
        task.cancel()
        return m

    m = run(go())
    frames = [[msg.content for msg in messages if msg.role == "user"][-1] for messages, *_ in m.llm.calls]
    first = frames[0]
    assert first.count("[via twitch]") < 10                           # a sample, not 308 lines
    assert f"{RAIDERS} more lines from {RAIDERS} people" in first     # the rest, counted in her words
    shown = [text for f in frames for text in NAMED if text in f]
    assert shown == NAMED                                             # each once, in the order they came
    assert all(r.outcome == "spoke" for r in m.records)
    assert len(m.records) >= 2                                        # one turn could not show them all
    read = [text for who, _where, text in m.mind.context.messages() if who == "them"]
    assert sorted(read) == sorted(f"[asker{i}] {t}" for i, t in enumerate(NAMED))   # her window: what she read
    assert sorted(m.unread) == sorted(p.content for p in raid() if "question" not in p.content)   # the stream


def test_a_batch_within_the_budget_is_framed_as_before() -> None:
    async def go():
        m = Mind([says("hi!")], frame_tokens=burst.SERVER_TOKENS)
        task = asyncio.ensure_future(m.mind.run())
        for who in ("ann", "bob", "cy"):
            m.bus.put(chat("hello Bea", who=who))
        await m.clock.advance(1.3)
        await m.until(lambda: m.records)
        await m.quiet()
        task.cancel()
        return m

    m = run(go())
    assert "more lines" not in m.llm.user_texts(0) and len(m.records[0].perceptions) == 3


def run(coro):
    return asyncio.run(coro)
