"""Her ears: turns and transcripts, push-to-talk, the meter, and never hearing herself (barge-in heard)."""

from __future__ import annotations

import asyncio
import json
import time

import numpy as np
import pytest

from app.process.clock import SYSTEM
from app.senses.voice import (
    Ears,
    FakeAudioDevice,
    Heard,
    Mode,
    Mouth,
    OwnerVoice,
    Resampler,
    SelfHearingGuard,
    rms_dbfs,
)
from tests.senses.voice.conftest import JFK, needs_tts
from tests.senses.voice.wer import word_error_rate

SR = 16000
HER_LINE = "Welcome back everyone, tonight we are finishing the castle and then we will explore the big cave."


def blocks(audio: np.ndarray, size: int = 320):
    for i in range(0, audio.size, size):
        yield audio[i:i + size]


def pad(audio: np.ndarray, before: float = 1.0, after: float = 1.5) -> np.ndarray:
    silence = np.zeros(int(before * SR), np.float32), np.zeros(int(after * SR), np.float32)
    return np.concatenate([silence[0], audio, silence[1]])


def feed_all(ears: Ears, audio: np.ndarray, clock: list[float], size: int = 320) -> None:
    for block in blocks(audio, size):
        clock[0] += block.size / SR
        ears.feed(block, clock[0])


def test_always_on_hears_a_turn_and_reports_the_owner_voice(transcriber, jfk) -> None:
    clock = [100.0]
    voices: list[OwnerVoice] = []
    levels: list[float] = []

    async def go():
        ears = Ears(transcriber, on_owner_voice=voices.append, on_level=levels.append, clock=lambda: clock[0])
        feed_all(ears, pad(jfk), clock)
        await ears.drain()
        return ears

    ears = asyncio.run(go())
    text = " ".join(h.text for h in ears.heard)
    wer = word_error_rate(JFK, text)
    print(f"\nheard {len(ears.heard)} turn(s): {text!r} WER={wer:.3f}")
    assert wer < 0.35
    assert voices[0] == OwnerVoice(True, 0.0) and voices[1].speaking and voices[1].seconds > 0.16
    assert voices[-1].speaking is False
    ends = [v for v in voices if not v.speaking]
    assert len(ends) == len(ears.heard)
    assert len(levels) == -(-pad(jfk).size // 320) and min(levels) == -120.0 and max(levels) > -30
    first = ears.heard[0]
    assert first.heard_at >= first.ended_at and first.ended_at > 101.0
    assert ears.early_used == len(ears.heard)            # every turn ended in silence: transcribed early


def test_push_to_talk_hears_only_while_pressed(transcriber, jfk) -> None:
    clock = [0.0]
    voices: list[OwnerVoice] = []
    other = jfk[: 3 * SR]                          # speech before the press is not heard

    async def go():
        ears = Ears(transcriber, mode="push_to_talk", on_owner_voice=voices.append, clock=lambda: clock[0])
        feed_all(ears, pad(other, 0.2, 1.0), clock)
        await ears.drain()
        assert ears.heard == []
        ears.press()
        feed_all(ears, pad(jfk, 0.1, 0.3), clock)
        ears.release()
        await ears.drain()
        ears.mode = Mode.OFF
        feed_all(ears, jfk, clock)
        await ears.drain()
        return ears

    ears = asyncio.run(go())
    assert len(ears.heard) == 1
    assert word_error_rate(JFK, ears.heard[0].text) < 0.35
    assert voices[0] == OwnerVoice(True, 0.0, explicit=True) and voices[-1].speaking is False


def test_press_without_speech_hears_nothing(transcriber) -> None:
    async def go():
        ears = Ears(transcriber, mode=Mode.PUSH_TO_TALK, clock=SYSTEM.monotonic)
        ears.press()
        ears.feed(np.zeros(SR, np.float32))
        ears.release()
        await ears.drain()
        return ears

    assert asyncio.run(go()).heard == []


class Room:
    """Her speaker and the owner's microphone in one room, on one fake clock.

    Every step plays 512 frames of her output (22.05 kHz); the microphone gets them back resampled to 16 kHz,
    `echo_db` quieter and `delay_s` later, plus the owner's voice (when given) and a little noise.
    """

    def __init__(self, voice, transcriber, echo_db: float, guard: bool = True,
                 owner: np.ndarray | None = None, owner_at_s: float = 0.0, barge_in: bool = True) -> None:
        self.barge_in = barge_in
        self.now = [50.0]
        clock = lambda: self.now[0]  # noqa: E731
        self.out = FakeAudioDevice(block_frames=256, clock=clock)
        self.guard = SelfHearingGuard(clock=clock) if guard else None
        self.voices: list[OwnerVoice] = []
        self.decisions: list[str] = []
        self.mouth = Mouth(voice, self.out, guard=self.guard, clock=clock)
        self.ears = Ears(transcriber, guard=self.guard, on_owner_voice=self._owner, clock=clock)
        self.echo = 10 ** (echo_db / 20)
        self.resampler = Resampler(22050, SR)
        self.delay = np.zeros(int(0.05 * SR), np.float32)
        self.owner = owner
        self.owner_at = owner_at_s
        self.mic_t = 0.0
        self.rng = np.random.default_rng(7)

    def _owner(self, event: OwnerVoice) -> None:
        self.voices.append(event)
        if self.barge_in:
            self.decisions.append(self.mouth.owner_voice(event).value)

    async def step(self) -> None:
        self.now[0] += 512 / 22050
        rendered = np.concatenate([b.samples for b in self.out.pump(512)]).astype(np.float32) / 32768
        her = np.concatenate([self.delay, self.resampler.resample(rendered) * self.echo])
        mic, self.delay = her[:-self.delay.size], her[-self.delay.size:]
        if self.owner is not None:
            start = int((self.mic_t - self.owner_at) * SR)
            if start + mic.size > 0 and start < self.owner.size:
                lo = max(0, start)
                part = self.owner[lo:start + mic.size]
                mic[lo - start:lo - start + part.size] += part
        mic = mic + (self.rng.standard_normal(mic.size) * 0.0005).astype(np.float32)
        self.mic_t += mic.size / SR
        self.ears.feed(mic, self.now[0])
        await asyncio.sleep(0)

    async def talk(self, text: str, after_s: float = 1.5):
        line = self.mouth.begin()
        line.feed(json.dumps({"message": text}))
        line.finish()
        deadline = time.monotonic() + 60
        while not line.done.done():
            while self.out.queued() < 512 and not line.synth_done.done():   # keep real synthesis ahead of the
                await asyncio.sleep(0.002)                                   # fake clock: no false underruns
                assert time.monotonic() < deadline
            await self.step()
        for _ in range(int(after_s * 22050 / 512)):
            await self.step()
        await self.ears.drain()
        return await line.spoken()


@needs_tts
@pytest.mark.parametrize("echo_db", [-6.0, -20.0, -45.0], ids=["loud-speakers", "speakers", "headphones"])
def test_her_own_voice_never_comes_back_as_input(voice, transcriber, echo_db: float) -> None:
    async def go():
        room = Room(voice, transcriber, echo_db)
        spoken = await room.talk(HER_LINE)
        return room, spoken

    room, spoken = asyncio.run(go())
    assert spoken.complete                             # nothing interrupted her
    assert room.ears.heard == [] and room.voices == []
    assert room.ears.gated_windows > 100
    print(f"\necho {echo_db} dB: {room.ears.gated_windows} windows gated")


@needs_tts
def test_without_the_guard_she_would_hear_herself(voice, transcriber) -> None:
    """The control for the test above: the same room with no guard hears her line as the owner's, and with
    barge-in wired she even interrupts herself."""
    async def go():
        deaf = Room(voice, transcriber, -6.0, guard=False, barge_in=False)
        await deaf.talk(HER_LINE)
        rude = Room(voice, transcriber, -6.0, guard=False)
        spoken = await rude.talk(HER_LINE)
        return deaf, rude, spoken

    deaf, rude, spoken = asyncio.run(go())
    text = " ".join(h.text for h in deaf.ears.heard)
    assert word_error_rate(HER_LINE, text) < 0.35
    assert rude.decisions[0] == "duck" and "stop" in rude.decisions and spoken.interrupted


@needs_tts
def test_the_owner_talking_over_her_ducks_then_stops_her_and_is_heard(voice, transcriber, jfk) -> None:
    owner = jfk * (10 ** (6 / 20))                     # the owner close to the mic: louder than her echo

    async def go():
        room = Room(voice, transcriber, -20.0, owner=owner, owner_at_s=1.0)
        spoken = await room.talk(HER_LINE + " " + HER_LINE, after_s=12.0)
        return room, spoken

    room, spoken = asyncio.run(go())
    assert room.decisions[0] == "duck" and "stop" in room.decisions
    assert room.decisions.index("stop") > 1            # ducked first, stopped after they kept going
    assert spoken.interrupted and len(spoken.said) < len(HER_LINE)
    text = " ".join(h.text for h in room.ears.heard)
    wer = word_error_rate(JFK, text)
    print(f"\nshe said {spoken.said!r}; the owner was heard as {text!r} (WER {wer:.3f})")
    assert wer < 0.35
    assert "castle" not in text.lower() and "cave" not in text.lower()


def test_levels_for_a_meter() -> None:
    levels: list[float] = []
    ears = Ears(transcriber=None, vad=lambda w: 0.0, mode=Mode.OFF,  # type: ignore[arg-type]
                on_level=levels.append, clock=SYSTEM.monotonic)
    ears.feed(np.full(160, 0.5, np.float32))
    ears.feed(np.zeros(160, np.int16))
    assert levels == [pytest.approx(rms_dbfs(np.full(160, 0.5))), -120.0]
    assert ears.level_db == -120.0


def test_heard_is_a_plain_record() -> None:
    assert {"text", "transcript", "audio_s", "ended_at", "heard_at"} <= set(Heard.__dataclass_fields__)


class CountingTranscriber:
    """A stand-in transcriber: names the audio it got by its length in windows."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    async def transcribe(self, audio: np.ndarray):
        from app.senses.voice import Transcript

        self.calls.append(audio.size // 512)
        await asyncio.sleep(0.01)
        return Transcript(f"{audio.size // 512} windows", "en", audio.size / SR, 0.01)


def test_early_transcription_is_used_when_the_turn_ends_and_dropped_when_it_goes_on() -> None:
    def windows(value: float, n: int) -> np.ndarray:
        return np.full(512 * n, value, np.float32)

    # 10 windows of speech, an 8-window pause (256 ms: past early_ms, short of the end), 10 more, then quiet
    audio = np.concatenate([windows(0, 10), windows(1, 10), windows(0, 8), windows(1, 10), windows(0, 40)])

    async def go():
        t = CountingTranscriber()
        ears = Ears(t, vad=lambda w: float(w[0] > 0.5), clock=SYSTEM.monotonic)   # type: ignore[arg-type]
        for block in blocks(audio, 512):
            ears.feed(block, 0.0)
        await ears.drain()
        return t, ears

    t, ears = asyncio.run(go())
    # pre-roll 8 + 10 + 8 + 10 + post-roll 4 = 40 windows; the early try at the pause (8 + 10 + 4 = 22 windows)
    # was cancelled when the speech went on, before it had begun: it never ran
    assert t.calls == [40]
    assert [h.text for h in ears.heard] == ["40 windows"]
    assert ears.early_wasted == 1 and ears.early_used == 1


def test_early_transcription_can_be_turned_off() -> None:
    audio = np.concatenate([np.zeros(512 * 10, np.float32), np.ones(512 * 10, np.float32),
                            np.zeros(512 * 40, np.float32)])

    async def go():
        t = CountingTranscriber()
        ears = Ears(t, vad=lambda w: float(w[0] > 0.5), early_ms=None, clock=SYSTEM.monotonic)   # type: ignore[arg-type]
        ears.feed(audio, 0.0)
        await ears.drain()
        return t, ears

    t, ears = asyncio.run(go())
    assert t.calls == [22] and ears.early_used == 0
    with pytest.raises(ValueError):
        Ears(t, vad=lambda w: 0.0, early_ms=700, clock=SYSTEM.monotonic)   # type: ignore[arg-type]
