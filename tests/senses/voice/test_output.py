"""The playback queue and the fake device: back to back, ducking ramps, clear, underruns, progress."""

from __future__ import annotations

import time

import numpy as np
import pytest

from app.process.clock import SYSTEM
from app.senses.voice import (
    FakeAudioDevice,
    PlaybackQueue,
    Progress,
    resample,
    rms_dbfs,
    to_float32,
    to_int16,
)


def tone(n: int, value: int = 1000) -> np.ndarray:
    return np.full(n, value, dtype=np.int16)


def test_chunks_play_back_to_back_with_no_silence_between() -> None:
    out = FakeAudioDevice(sample_rate=1000, block_frames=64, clock=SYSTEM.monotonic)
    assert out.write(tone(100, 1)) == 0
    assert out.write(tone(50, 2)) == 100
    out.expecting(True)
    out.pump(150)
    audio = out.samples()[:150]
    assert audio.tolist() == [1] * 100 + [2] * 50
    assert out.played() == 150 and out.queued() == 0
    assert out.underrun_frames == 192 - 150          # the rest of the last block was silence while expecting


def test_underruns_are_counted_only_while_more_is_expected() -> None:
    out = FakeAudioDevice(sample_rate=1000, block_frames=10, clock=SYSTEM.monotonic)
    out.pump(30)
    assert out.underrun_frames == 0
    out.expecting(True)
    out.pump(20)
    assert out.underrun_frames == 20


def test_gain_ramps_down_and_back_without_a_jump() -> None:
    out = FakeAudioDevice(sample_rate=1000, block_frames=100, clock=SYSTEM.monotonic)
    out.write(tone(1000, 10000))
    out.pump(100)
    out.set_gain(0.1, ramp_ms=50)                      # 50 frames of ramp
    block = out.pump(100)[0].samples
    assert block[0] < 10000 and abs(int(block[49]) - 1000) <= 1 and (block[50:] == 1000).all()
    steps = np.diff(block[:50].astype(int))
    assert (steps < 0).all() and steps.min() > -300    # a ramp, not a step
    out.set_gain(1.0, ramp_ms=0)
    assert (out.pump(100)[0].samples == 10000).all()


def test_clear_drops_the_queue_and_the_next_write_starts_where_playback_is() -> None:
    out = FakeAudioDevice(sample_rate=1000, block_frames=10, clock=SYSTEM.monotonic)
    out.write(tone(100))
    out.pump(30)
    assert out.clear() == 30
    assert out.queued() == 0
    assert out.write(tone(5)) == 30
    out.pump(10)
    assert out.played() == 35


def test_listeners_get_progress_with_the_rendered_level() -> None:
    out = FakeAudioDevice(sample_rate=1000, block_frames=10, clock=lambda: 7.0)
    seen: list[Progress] = []
    out.add_listener(seen.append)
    out.add_listener(lambda p: 1 / 0)                # a failing listener does not stop playback
    out.write(tone(15, 16384))
    out.pump(20)
    assert [(p.position, p.audio_frames, p.t) for p in seen] == [(10, 10, 7.0), (15, 5, 7.0)]
    assert seen[0].level_db == pytest.approx(-6.02, abs=0.05)


def test_realtime_fake_device_plays_at_its_pace() -> None:
    out = FakeAudioDevice(sample_rate=8000, block_frames=80, realtime=True, speed=2.0, clock=SYSTEM.monotonic)
    out.write(tone(8000))
    out.start()
    time.sleep(0.25)
    out.close()
    played = out.played()
    assert 2000 <= played <= 6000                    # about 0.25 s x 2 x 8000, with slack for a busy machine
    blocks = out.recorded()
    assert all(b.t >= a.t for a, b in zip(blocks, blocks[1:], strict=False))


def test_writes_must_be_int16_mono() -> None:
    out = FakeAudioDevice(clock=SYSTEM.monotonic)
    with pytest.raises(TypeError):
        out.write(np.zeros(10, dtype=np.float32))
    with pytest.raises(ValueError):
        PlaybackQueue(0, clock=SYSTEM.monotonic)


def test_pcm_helpers() -> None:
    assert to_float32(np.array([-32768, 16384], dtype=np.int16)).tolist() == [-1.0, 0.5]
    assert to_float32(np.array([[0.5, 0.25], [1.0, 0.0]], dtype=np.float32)).tolist() == [0.375, 0.5]
    assert to_int16(np.array([2.0, -2.0, 0.5])).tolist() == [32767, -32768, 16384]
    assert rms_dbfs(np.zeros(100, dtype=np.float32)) == -120.0
    assert rms_dbfs(np.ones(100, dtype=np.float32)) == pytest.approx(0.0)
    sine = np.sin(np.arange(22050) * 2 * np.pi * 440 / 22050).astype(np.float32)
    down = resample(sine, 22050, 16000)
    assert abs(down.size - 16000) <= 32
    assert rms_dbfs(down[200:-200]) == pytest.approx(rms_dbfs(sine), abs=0.2)
