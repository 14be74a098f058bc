"""Her ears and voice as pools: in the streamer's order, on to the next place when one fails, this computer last."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from app.senses.voice.speech_pool import Here, SpeechPoolError, TranscriberPool, VoicePool
from app.senses.voice.stt import Transcript
from app.senses.voice.tts import Synthesis


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Member:
    """A place her speech runs, as the pool sees it: answers, fails or hangs as told."""

    def __init__(self, name: str, *, remote: bool = True, rate: int = 22050) -> None:
        self.name, self.remote, self.rate = name, remote, rate
        self.fail: Exception | None = None
        self.hang = False
        self.asked = 0
        self.loaded = False

    async def _work(self) -> None:
        self.asked += 1
        if self.hang:
            await asyncio.sleep(3600)
        if self.fail is not None:
            raise self.fail

    async def transcribe(self, audio: np.ndarray) -> Transcript:
        await self._work()
        return Transcript(f"heard by {self.name}", "en", len(audio) / 16000, 0.01)

    async def synthesize(self, text: str, prosody: object = None) -> Synthesis:
        await self._work()
        return Synthesis(text, np.full(self.rate // 10, 1000, dtype="<i2").tobytes(), self.rate, (), 0.01)

    async def load(self) -> None:
        self.loaded = True

    def close(self) -> None:
        pass


def pools(*members: Member, rate: int = 22050):
    clock, told = Clock(), []
    hearing = TranscriberPool(members, clock=clock, on_state=lambda name, why: told.append((name, why)))
    speaking = VoicePool(members, rate, clock=clock, on_state=lambda name, why: told.append((name, why)))
    return hearing, speaking, clock, told


AUDIO = np.zeros(16000, dtype=np.float32)


def test_the_first_place_listed_answers_and_the_rest_are_not_asked():
    box, here = Member("wyoming://10.0.0.5:10300"), Member("this computer", remote=False)
    hearing, _, _, told = pools(box, here)
    heard = asyncio.run(hearing.transcribe(AUDIO))
    assert heard.text == "heard by wyoming://10.0.0.5:10300" and here.asked == 0 and told == []


def test_a_box_that_is_off_costs_one_request_then_rests_and_is_said_once_and_taken_back_once():
    box, here = Member("wyoming://10.0.0.5:10300"), Member("this computer", remote=False)
    box.fail = ConnectionRefusedError("refused")
    hearing, _, clock, told = pools(box, here)

    async def go():
        first = await hearing.transcribe(AUDIO)
        second = await hearing.transcribe(AUDIO)
        return first, second

    first, second = asyncio.run(go())
    assert first.text == second.text == "heard by this computer"
    assert box.asked == 1 and told == [("wyoming://10.0.0.5:10300", "refused")]
    clock.now += 6.0                       # its first cooldown (5 s) is over
    box.fail = None
    assert asyncio.run(hearing.transcribe(AUDIO)).text == "heard by wyoming://10.0.0.5:10300"
    assert told[-1] == ("wyoming://10.0.0.5:10300", None) and len(told) == 2


def test_a_server_that_hangs_is_left_at_its_deadline_and_this_computer_speaks(monkeypatch):
    monkeypatch.setattr("app.senses.voice.speech_pool.deadline_s", lambda role, size: 0.05)
    box, here = Member("http://10.0.0.5:8880/v1"), Member("this computer", remote=False)
    box.hang = True
    _, speaking, _, told = pools(box, here)
    said = asyncio.run(speaking.synthesize("Hey chat!"))
    assert said.text == "Hey chat!" and here.asked == 1
    assert told == [("http://10.0.0.5:8880/v1", "no answer within 0.1 s")]


def test_every_voice_comes_out_at_her_speakers_rate():
    box = Member("http://10.0.0.5:8880/v1", rate=24000)
    _, speaking, _, _ = pools(box, Member("this computer", remote=False), rate=22050)
    said = asyncio.run(speaking.synthesize("hi"))
    assert said.sample_rate == 22050 and abs(len(said.pcm) // 2 - 2205) <= 8


def test_when_every_place_fails_the_error_lists_each_and_why():
    box, here = Member("wyoming://a:1"), Member("this computer", remote=False)
    box.fail, here.fail = OSError("no route"), RuntimeError("model missing")
    hearing, _, _, _ = pools(box, here)
    with pytest.raises(SpeechPoolError) as caught:
        asyncio.run(hearing.transcribe(AUDIO))
    assert caught.value.failures == [("wyoming://a:1", "no route"), ("this computer", "model missing")]


def test_only_cooling_servers_left_the_one_due_first_is_asked():
    a, b = Member("wyoming://a:1"), Member("wyoming://b:1")
    a.fail = b.fail = OSError("down")
    hearing, _, clock, _ = pools(a, b)
    with pytest.raises(SpeechPoolError):
        asyncio.run(hearing.transcribe(AUDIO))
    a.fail = b.fail = None
    clock.now += 1.0
    assert asyncio.run(hearing.transcribe(AUDIO)).text.startswith("heard by")
    assert a.asked + b.asked == 3


def test_a_barge_in_cancels_the_request_and_the_server_is_not_blamed():
    box = Member("wyoming://a:1")
    box.hang = True
    hearing, _, _, told = pools(box, Member("this computer", remote=False))

    async def go():
        job = asyncio.ensure_future(hearing.transcribe(AUDIO))
        await asyncio.sleep(0.01)
        job.cancel()
        with pytest.raises(asyncio.CancelledError):
            await job

    asyncio.run(go())
    assert told == []


def test_warming_up_warms_the_place_that_answers_first_only():
    box, here = Member("wyoming://a:1"), Member("this computer", remote=False)
    hearing, _, _, _ = pools(box, here)
    asyncio.run(hearing.load())
    assert box.loaded and not here.loaded


def test_this_computer_as_a_member_keeps_its_model_s_own_calls():
    class Model:
        language, sample_rate, loaded = "it", 16000, True

        def close(self) -> None:
            self.closed = True

    model = Model()
    here = Here(model)
    assert (here.name, here.remote, here.language, here.sample_rate) == ("this computer", False, "it", 16000)
    here.close()
    assert model.closed
