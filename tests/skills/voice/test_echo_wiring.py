"""The Voice skill takes her voice out of the microphone: what her speakers render is the canceller's reference,
and the microphone's blocks reach her ears cancelled."""

from __future__ import annotations

import asyncio
from collections import deque

import numpy as np

from app.core.events import EventBus
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from tests.skills.voice.helpers import Loopback, build_skill

LINE = ("Hey chat, welcome back to the stream. Tonight we are playing something new, and I think the boss fight "
        "is coming up soon, so get your popcorn ready. Somebody asked about my favourite food: pizza, every time.")


class Room(Loopback):
    """Speakers the microphone hears 60 ms later, as a room and a sound card's buffers make it: each block
    reaches the microphone with the clock time of its last sample heard."""

    DELAY_S = 0.06

    def __init__(self, sample_rate: int, **kw) -> None:
        super().__init__(sample_rate, echo_db=-6.0, **kw)
        self._late: deque[tuple[np.ndarray, float]] = deque()

    def _render_block(self):
        sink, self.sink = self.sink, None
        block = super()._render_block()
        self.sink = sink
        if sink is not None:
            x = self._resampler.resample(block.samples.astype(np.float32) / 32768) * self.echo
            x = x + (self.rng.standard_normal(x.size) * 0.0005).astype(np.float32)
            self._late.append((x.astype(np.float32), block.t + self.DELAY_S + x.size / 16000))
            while self._late and self._late[0][1] <= block.t + x.size / 16000:
                audio, t = self._late.popleft()
                if audio.size:
                    sink(audio, t)
        return block


def test_her_voice_played_into_a_room_is_cancelled_before_her_ears(voice, transcriber):
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)
    room = Room(voice.sample_rate, clock=SYSTEM.monotonic)
    heard = []
    skill = build_skill(events, outlets, voice, transcriber, perceive=heard.append, output=room,
                        microphone=room.connect, mode="always_on")
    levels = []
    skill.on_level(levels.append)

    async def go():
        await skill.start()
        await skill.up()
        said = await asyncio.wait_for(outlets.say(LINE, "happy"), 90)
        await asyncio.sleep(0.5)
        await skill.ears.drain()
        echo = skill.echo
        await skill.stop()
        return said, echo

    said, echo = asyncio.run(go())
    assert said == LINE and heard == []
    assert echo is not None and echo.converged, echo and echo.erle_db
    loud = [db for db in levels if db > -60]
    settled = loud[len(loud) // 2:]                 # once she has spoken a few seconds
    assert settled and np.percentile(settled, 90) < -25, settled   # her voice 20 dB and more under its echo (-6 dB)


def test_with_cancellation_off_the_microphone_is_as_it_comes(voice, transcriber):
    events = EventBus(lambda: 0.0)
    room = Room(voice.sample_rate, clock=SYSTEM.monotonic)
    skill = build_skill(events, Outlets(events), voice, transcriber, output=room, microphone=room.connect,
                        mode="always_on", echo_cancellation=False)

    async def go():
        await skill.start()
        await skill.up()
        echo = skill.echo
        await skill.stop()
        return echo

    assert asyncio.run(go()) is None


def test_the_voice_dock_says_whether_her_voice_is_taken_out_yet(bea, qtbot):
    from app.senses.voice.echo import EchoCanceller
    from app.skills.voice.dock import make_dock

    skill = bea.skills["voice"]
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    dock.show_level(-50.0)
    assert not dock.echo.isVisibleTo(dock)                 # no canceller: nothing to say
    skill.echo = EchoCanceller()
    dock.show_level(-50.0)
    assert dock.echo.isVisibleTo(dock) and "needs to speak a few seconds" in dock.echo.text()
    skill.echo.converged, skill.echo.erle_db = True, 23.6   # as a settled canceller measures itself
    dock.show_level(-50.0)
    assert dock.echo.text() == "Her voice is taken out of the microphone (24 dB)."
    skill.echo = None
