"""Her voice in a Discord call: the AudioSource discord.py reads (20 ms frames of 48 kHz stereo PCM), her real
Piper voice resampled into it, and a line she speaks reaching the call part by part, in order, whole.

FakeVoiceClient stands in for discord.VoiceClient only as the receiver of the frames; the voice gateway and its
UDP on loopback, with discord.py's real connection, are test_voice_loopback.py's."""

from __future__ import annotations

import asyncio

import numpy as np

from app.core.events import EventBus, EventKind
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, resample, to_float32
from app.skills.base import SkillContext
from app.skills.discord.call import FRAME_BYTES, LINGER, RATE, CallAudio, CallVoice, call_pcm
from app.skills.discord.skill import DiscordSettings, DiscordSkill
from tests.her_words import english
from tests.senses.voice.conftest import needs_tts
from tests.skills.voice.helpers import build_skill

LINE = ("Hey chat, welcome back! Tonight we finish the castle walls, then we go looking for the cave "
        "behind the waterfall.")


class FakeVoiceClient:
    """discord.VoiceClient as the call's sink sees it: connected, and play(source, after) keeps the source;
    the test reads its frames as discord.py's player thread would."""

    def __init__(self) -> None:
        self.sources: list[CallAudio] = []
        self.after = None

    def is_connected(self) -> bool:
        return True

    def play(self, source: CallAudio, *, after=None) -> None:
        self.sources.append(source)
        self.after = after


def frames(source: CallAudio, limit: int = 100_000) -> list[bytes]:
    out = []
    for _ in range(limit):
        frame = source.read()
        if not frame:
            return out
        out.append(frame)
    raise AssertionError("the source never ended")


def test_the_source_gives_whole_20_ms_frames_of_48k_stereo_then_silence_then_its_end():
    source = CallAudio()
    assert source.is_opus() is False and FRAME_BYTES == 3840 == RATE // 50 * 2 * 2
    audio = bytes(range(1, 256)) * 60                      # 15,300 bytes: 3 frames and a part
    assert source.feed(audio)
    got = frames(source)
    assert all(len(f) == FRAME_BYTES for f in got)
    assert len(got) == 4 + LINGER                          # 4 frames of audio (the last padded), then silence
    assert b"".join(got[:4])[:len(audio)] == audio and got[3][len(audio) - 3 * FRAME_BYTES:] == bytes(
        4 * FRAME_BYTES - len(audio))
    assert all(f == bytes(FRAME_BYTES) for f in got[4:])
    assert source.read() == b""
    assert not source.feed(b"\1" * 10) and not source.pending()   # ended: the next part goes to a new source


def test_a_short_gap_between_parts_is_silence_not_the_end():
    source = CallAudio()
    source.feed(b"\1" * FRAME_BYTES)
    assert source.read() == b"\1" * FRAME_BYTES
    gap = [source.read() for _ in range(LINGER)]
    assert gap == [bytes(FRAME_BYTES)] * LINGER
    assert source.feed(b"\2" * FRAME_BYTES) and source.read() == b"\2" * FRAME_BYTES


@needs_tts
def test_her_real_voice_becomes_48k_stereo_of_the_same_length_and_sound(voice):
    synthesis = voice.synthesize_sync("Hello chat, welcome to the stream!")
    pcm = np.frombuffer(synthesis.pcm, dtype="<i2")
    data = np.frombuffer(call_pcm(pcm, voice.sample_rate), dtype="<i2").reshape(-1, 2)
    print(f"\n{pcm.size} samples at {voice.sample_rate} Hz -> {data.shape[0]} stereo frames at 48 kHz")
    assert voice.sample_rate != RATE
    assert abs(data.shape[0] / RATE - pcm.size / voice.sample_rate) < 0.002
    assert np.array_equal(data[:, 0], data[:, 1])          # the same voice on both channels
    back = resample(to_float32(data[:, 0]), RATE, voice.sample_rate)
    n = min(back.size, pcm.size)
    corr = np.corrcoef(back[:n], to_float32(pcm)[:n])[0, 1]
    assert corr > 0.98, corr


@needs_tts
def test_a_line_she_speaks_in_a_call_reaches_it_part_by_part_in_order_and_whole(voice):
    events = EventBus(lambda: 0.0)
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    skill = build_skill(events, Outlets(events), voice, output=out, mode="off")
    call = FakeVoiceClient()
    sent_at_captions: list[int] = []

    async def go():
        await skill.start()
        await skill.up()
        sink = CallVoice(call)
        untap = skill.tap.attach(sink)
        events.subscribe(lambda e: sent_at_captions.append(sink.frames_sent), kinds=[EventKind.SPEECH],
                         replay=False)
        said = await asyncio.wait_for(skill.mouth.say(LINE, "happy"), 60)
        line_frames = out.written()                        # her line, at her voice's rate, in the room
        untap()
        await asyncio.wait_for(skill.mouth.say("Not in the call.", "happy"), 60)
        total = sink.frames_sent
        await skill.stop()
        return said, line_frames, total

    said, line_frames, total = asyncio.run(go())
    assert said.said == LINE
    assert len(call.sources) == 1                          # nobody read it yet: one source holds the line
    got = frames(call.sources[0])
    assert all(len(f) == FRAME_BYTES for f in got)
    audio = b"".join(got[:-LINGER])
    call_s, line_s = len(audio) / (RATE * 4), line_frames / voice.sample_rate
    print(f"\nthe room heard the line in {line_s:.3f} s, the call got {call_s:.3f} s in {len(got) - LINGER} "
          f"frames; 20 ms frames handed to the call at each caption: {sent_at_captions}")
    # part by part: the call had only the first part of the line when her first words were heard in the room
    assert 0 < sent_at_captions[0] < total
    # whole: the same duration (the last frame padded to 20 ms), and nothing after the call was left
    assert 0 <= call_s - line_s < 0.021 + 0.001 * len(sent_at_captions), (call_s, line_s)
    # in order: the call, back at her voice's rate, is what the room played of that line
    room = to_float32(out.audio()[:line_frames])
    mono = resample(to_float32(np.frombuffer(audio, dtype="<i2").reshape(-1, 2)[:, 0]), RATE, voice.sample_rate)
    n = min(mono.size, room.size)
    corr = np.corrcoef(mono[:n], room[:n])[0, 1]
    assert corr > 0.98, corr


def test_her_call_tools_follow_the_call_and_the_settings():
    values = DiscordSettings(voice_channel="123456789012345678")
    skill = DiscordSkill(SkillContext(words=english, settings=lambda: values, bus=EventBus(lambda: 0.0),
                                      clock=SYSTEM))
    names = lambda: [t.name for t in skill._voice_tools()]  # noqa: E731
    assert names() == []                                   # default: only the streamer joins her
    values.she_joins_voice = True
    assert names() == ["discord_join_voice"]
    skill.call = FakeVoiceClient()
    assert names() == ["discord_leave_voice"]
