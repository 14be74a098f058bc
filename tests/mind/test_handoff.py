"""The handoff runs beside the turns: the recap is written by a (scripted) background model while she keeps
talking, fails safely and retries, and is dropped when the window was cleared meanwhile."""

import asyncio
import time

from app.core.budget import Budget
from app.core.chat import AssistantMessage
from app.core.context_window import EntryKind, SingleContext
from app.core.events import EventBus, EventKind
from app.mind.handoff import RETRY_AFTER, HandoffWorker
from tests.fakes import says
from tests.her_words import EN, IT, english
from tests.mind.harness import Mind, chat


def words(text):
    return len(text.split())


class SlowRecap:
    """A background model whose recap arrives only when the test says so."""

    def __init__(self, text="They talked about pasta and the boss fight.", fail=None):
        self.text, self.fail = text, fail
        self.release = asyncio.Event()
        self.calls = []

    async def complete(self, messages, tools=(), *, on_delta=None, options=None):
        self.calls.append(messages)
        await self.release.wait()
        if self.fail:
            raise self.fail
        return AssistantMessage(text=self.text)


def big_context():
    ctx = SingleContext(Budget(150_000, hot_pin=20_000), words)
    for i in range(130):
        ctx.heard(f"[u{i}] " + "parola " * 1000)
    return ctx


def make_worker(ctx, model, clock=None):
    events = EventBus(lambda: 0.0)
    slid = []

    async def on_slid():
        slid.append(ctx.used())

    t = clock or [0.0]
    worker = HandoffWorker(ctx, lambda: model, events, on_slid, clock=lambda: t[0], wall=time.time, words=english)
    return worker, events, slid, t


def test_turns_go_on_while_the_recap_is_written_and_the_slide_keeps_them():
    async def go():
        ctx = big_context()
        model = SlowRecap()
        worker, events, slid, _ = make_worker(ctx, model)
        assert ctx.due()
        task = worker.maybe_start()
        await asyncio.sleep(0)
        assert worker.maybe_start() is None  # one at a time
        ctx.heard("[late] spoken while the recap was being written")
        ctx.spoke("and she answered", "happy")
        model.release.set()
        await task
        return ctx, model, events, slid, worker

    ctx, model, events, slid, worker = asyncio.run(go())
    assert ctx.entries[0].kind is EntryKind.RECAP and ctx.recap().startswith("They talked about pasta")
    assert [e.text for e in ctx.entries[-2:]] == ["[late] spoken while the recap was being written",
                                                 "and she answered"]
    assert 20_000 <= ctx.hot_size() <= 20_000 + 5_000 + 20
    assert not ctx.due() and slid == [ctx.used()]
    assert "[u0]" in model.calls[0][1].content  # the cold part went to the recap writer
    assert worker.status.last_recap and any("handoff" in e.text for e in events.recent([EventKind.SYSTEM]))


def test_a_failed_recap_keeps_the_window_and_retries_after_five_minutes():
    async def go():
        ctx = big_context()
        before = [e.seq for e in ctx.entries]
        model = SlowRecap(fail=RuntimeError("background model down"))
        worker, events, slid, t = make_worker(ctx, model)
        model.release.set()
        await worker.maybe_start()
        unchanged = [e.seq for e in ctx.entries] == before
        assert worker.maybe_start() is None  # too soon
        t[0] += RETRY_AFTER
        model.fail = None
        await worker.maybe_start()
        return ctx, events, unchanged, worker

    ctx, events, unchanged, worker = asyncio.run(go())
    assert unchanged and worker.status.failures == 1
    assert any("retries in 5 minutes" in e.text for e in events.recent([EventKind.ERROR]))
    assert ctx.recap()


def test_a_recap_that_lands_after_the_window_was_cleared_is_dropped():
    async def go():
        ctx = big_context()
        model = SlowRecap()
        worker, events, slid, _ = make_worker(ctx, model)
        task = worker.maybe_start()
        await asyncio.sleep(0)
        ctx.clear()
        ctx.heard("[new] a fresh start")
        model.release.set()
        await task
        return ctx, worker, slid

    ctx, worker, slid = asyncio.run(go())
    assert ctx.recap() == "" and [e.text for e in ctx.entries] == ["[new] a fresh start"]
    assert worker.status.dropped == 1 and slid == []


def test_the_loop_replays_the_window_with_her_lines_as_the_calls_they_were():
    async def go():
        m = Mind([says("wow, cats!"), says("yes, the page was about cats")])
        await m.mind.turn([chat("look at this page about cats")])
        await m.mind.turn([chat("what was that page?")])
        return m

    m = asyncio.run(go())
    second = m.llm.calls[1][0]
    assert any(msg.content == "[marco] look at this page about cats" for msg in second)
    speak = [msg for msg in second if msg.tool_calls][0].tool_calls[0]
    assert speak.name == "speak" and "wow, cats!" in speak.arguments and speak.id.startswith("w")
    assert [k for k, _w, _t in m.mind.context.messages()] == ["them", "her", "them", "her"]




def test_the_recap_writer_reads_her_lines_marked_in_her_prompts_language():
    async def go(her):
        ctx = SingleContext(Budget(150_000, hot_pin=20_000), words)
        ctx.spoke("ciao a tutti", "happy")
        ctx.wrote("telegram", "-100", "eccomi")
        for i in range(130):
            ctx.heard(f"[v{i}] " + "parola " * 1000)
        model = SlowRecap()
        events = EventBus(lambda: 0.0)

        async def on_slid():
            pass
        worker = HandoffWorker(ctx, lambda: model, events, on_slid, time.monotonic, time.time, words=lambda: her)
        task = worker.maybe_start()
        model.release.set()
        await task
        return model.calls[0][1].content

    italian, english = asyncio.run(go(IT)), asyncio.run(go(EN))
    assert "[lei ha detto ad alta voce] ciao a tutti" in italian
    assert "[lei ha scritto su telegram -100] eccomi" in italian
    assert "[she said out loud] ciao a tutti" in english and "[she wrote to telegram -100] eccomi" in english
