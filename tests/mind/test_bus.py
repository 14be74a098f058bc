"""The PerceptionBus on a manual clock: when batches close, what idles, what is swallowed, what is removed."""

import asyncio

import pytest

from app.core.perception import Author, Perception, PerceptionKind
from app.mind.bus import LoopClock, PerceptionBus
from app.process.clock import SYSTEM
from tests.her_words import english
from tests.mind.manual_clock import ManualClock

MARCO = Author("twitch", "4711", "marco")
GIULIA = Author("twitch", "4712", "giulia")


def chat(text, author=MARCO):
    return Perception(PerceptionKind.CHAT, "twitch:chat", f"[{author.display_name}] {text}",
                      meta={"conversation_key": "twitch:#bea"}, author=author)


def voice(text):
    return Perception(PerceptionKind.VOICE, "mic", f"[owner] {text}", author=Author("local", "owner", "Owner"))


def heartbeat():
    return Perception(PerceptionKind.GAME, "minecraft", "[game] tick", salience=0.1, meta={"noise": True})


def run(scenario):
    return asyncio.run(scenario())


class Taking:
    """A drain in flight, and the moment on the clock at which it returned."""

    def __init__(self, clock, awaitable):
        self.task = asyncio.ensure_future(awaitable)
        self.closed_at = None
        self.task.add_done_callback(lambda _t: setattr(self, "closed_at", clock.now()))

    @property
    def done(self):
        return self.task.done()

    def result(self):
        return self.task.result()


def test_three_typed_lines_are_one_batch_closed_after_the_quiet_gap():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        for text in ["hey", "come stai", "tutto bene?"]:
            bus.put(chat(text))
            await clock.advance(0.06)
        await clock.advance(1.0)
        assert not taking.done                             # 1.12 s after the last line: still open
        await clock.advance(0.5)
        assert [p.content for p in taking.result()] == ["[marco] hey", "[marco] come stai",
                                                       "[marco] tutto bene?"]
        assert taking.closed_at == pytest.approx(0.12 + 1.2)
        assert bus.pending() == []
    run(scenario)


def test_a_voice_line_closes_after_the_short_window():
    async def scenario():
        clock = ManualClock(start=50.0)
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        bus.put(voice("Bea, che ore sono?"))
        await clock.advance(0.29)
        assert not taking.done
        await clock.advance(0.02)
        assert len(taking.result()) == 1
        assert taking.closed_at == pytest.approx(50.3)
    run(scenario)


def test_voice_during_typing_makes_the_batch_impatient():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        bus.put(chat("guarda qua"))
        await clock.advance(0.5)
        bus.put(voice("wow"))
        await clock.advance(0.4)
        assert [p.kind for p in taking.result()] == [PerceptionKind.CHAT, PerceptionKind.VOICE]
        assert taking.closed_at == pytest.approx(0.8)
    run(scenario)


def test_a_chat_that_never_stops_is_cut_at_max_window():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        sent = 0
        while not taking.done:
            bus.put(chat(f"spam {sent}", GIULIA))
            sent += 1
            await clock.advance(0.5)
        assert taking.closed_at == pytest.approx(8.0)
        assert len(taking.result()) == sent == 16         # 0.0, 0.5, ... 7.5
        following = Taking(clock, bus.drain())
        bus.put(chat("ancora spam", GIULIA))               # the chat goes on: the next batch starts here
        await clock.advance(1.2)
        assert [p.content for p in following.result()] == ["[giulia] ancora spam"]
    run(scenario)


def test_what_queued_during_a_turn_closes_at_once():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        bus.put(chat("ciao"))
        bus.put(chat("ci sei?"))
        await clock.advance(30.0)                          # she was busy answering someone else
        taking = Taking(clock, bus.drain())
        await clock.settle()
        assert len(taking.result()) == 2
        assert taking.closed_at == 30.0
    run(scenario)


def test_silence_gives_idle_after_idle_after():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.wait_or_idle(idle_after=240))
        await clock.advance(239.9)
        assert not taking.done
        await clock.advance(0.1)
        [idle] = taking.result()
        assert (idle.kind, idle.surface, idle.author) == (PerceptionKind.IDLE, "idle", None)
        assert taking.closed_at == pytest.approx(240.0)
        assert idle.ts == clock.wall()
    run(scenario)


def test_drain_never_idles():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        await clock.advance(10_000)
        assert not taking.done
        taking.task.cancel()
    run(scenario)


def test_real_activity_comes_back_before_idle():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.wait_or_idle(idle_after=240))
        await clock.advance(100)
        bus.put(chat("qualcuno?"))
        await clock.advance(2)
        assert [p.kind for p in taking.result()] == [PerceptionKind.CHAT]
    run(scenario)


def test_noise_only_batches_are_swallowed_and_do_not_reset_idle():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.wait_or_idle(idle_after=240))
        for _ in range(23):                                 # a heartbeat every ten seconds
            await clock.advance(10)
            bus.put(heartbeat())
        await clock.advance(9.0)
        assert not taking.done                             # 239 s: heartbeats were not news
        await clock.advance(1.0)
        assert [p.kind for p in taking.result()] == [PerceptionKind.IDLE]
        assert taking.closed_at == pytest.approx(240.0)
    run(scenario)


def test_noise_rides_along_with_a_real_batch():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        bus.put(chat("gg"))
        await clock.advance(0.1)
        bus.put(heartbeat())
        await clock.advance(1.2)
        assert [p.noise for p in taking.result()] == [False, True]
        assert taking.closed_at == pytest.approx(1.2)     # the tick neither held it open nor hurried it
    run(scenario)


def test_remove_drops_a_users_pending_lines():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        bus.put(chat("ciao a tutti", GIULIA))
        bus.put(chat("link spam", MARCO))
        bus.put(chat("compra follower", MARCO))
        await clock.advance(0.5)
        removed = bus.remove(lambda p: p.author == MARCO)
        assert [p.content for p in removed] == ["[marco] link spam", "[marco] compra follower"]
        assert [p.author for p in bus.pending()] == [GIULIA]
        await clock.advance(1.0)
        assert [p.content for p in taking.result()] == ["[giulia] ciao a tutti"]
    run(scenario)


def test_removing_everything_pending_leaves_drain_waiting():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        bus.put(chat("spam"))
        await clock.advance(0.2)
        assert len(bus.remove(lambda p: True)) == 1
        await clock.advance(30)
        assert not taking.done
        bus.put(chat("ciao", GIULIA))
        await clock.advance(1.2)
        assert [p.author for p in taking.result()] == [GIULIA]
    run(scenario)


def test_pushed_back_lines_come_first_and_wait_a_gap_from_now():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        bus.put(chat("and another thing", GIULIA))
        await clock.advance(5.0)
        bus.push_back([chat("first"), chat("second")])
        taking = Taking(clock, bus.drain())
        await clock.advance(1.1)
        assert not taking.done
        await clock.advance(0.2)
        assert [p.content for p in taking.result()] == ["[marco] first", "[marco] second",
                                                       "[giulia] and another thing"]
        assert taking.closed_at == pytest.approx(6.2)
    run(scenario)


def test_put_threadsafe_from_a_sense_thread():
    async def scenario():
        clock = ManualClock()
        bus = PerceptionBus(clock, words=english)
        taking = Taking(clock, bus.drain())
        await asyncio.to_thread(bus.put_threadsafe, voice("mi senti?"))
        await clock.advance(0.3)
        assert [p.content for p in taking.result()] == ["[owner] mi senti?"]
    run(scenario)


def test_put_threadsafe_before_any_loop_says_so():
    bus = PerceptionBus(ManualClock(), words=english)
    with pytest.raises(RuntimeError, match="not attached"):
        bus.put_threadsafe(chat("troppo presto"))


def test_the_real_clock_settles_a_voice_line():
    async def scenario():
        clock = LoopClock(SYSTEM)
        bus = PerceptionBus(clock, window=0.05, words=english)
        bus.put(voice("ciao"))
        started = clock.now()
        batch = await asyncio.wait_for(bus.drain(), timeout=5)
        assert len(batch) == 1 and clock.now() - started >= 0.04
    run(scenario)
