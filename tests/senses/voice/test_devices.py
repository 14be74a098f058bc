"""The sound-card layer: a clear message without PortAudio, and the callbacks PortAudio would call."""

from __future__ import annotations

import asyncio
import ctypes.util

import numpy as np
import pytest

from app.process.clock import SYSTEM
from app.senses.voice import AudioUnavailable, Microphone, SpeakerOutput, backend, list_devices, to_loop

PORTAUDIO = ctypes.util.find_library("portaudio")


@pytest.mark.skipif(PORTAUDIO is not None, reason=f"PortAudio is installed here ({PORTAUDIO})")
def test_without_portaudio_the_app_is_told_why_and_keeps_going() -> None:
    status = backend()
    assert not status.available and "libportaudio2" in status.reason
    assert list_devices() == []
    out = SpeakerOutput(22050, clock=SYSTEM.monotonic)
    with pytest.raises(AudioUnavailable, match="PortAudio is not installed"):
        out.start()
    mic = Microphone(lambda x, t: None, clock=SYSTEM.monotonic)
    with pytest.raises(AudioUnavailable, match="PortAudio is not installed"):
        mic.start()
    out.close()
    mic.close()


@pytest.mark.skipif(PORTAUDIO is None, reason="libportaudio is not installed on this machine")
def test_with_portaudio_the_backend_reports_its_version() -> None:
    status = backend()
    assert status.available and status.version
    assert all(d.inputs or d.outputs for d in list_devices())


def test_the_speaker_callback_renders_the_queue() -> None:
    out = SpeakerOutput(22050, clock=lambda: 1.0)
    out.write(np.arange(1, 101, dtype=np.int16))
    buf = np.zeros((64, 1), dtype=np.int16)
    out._callback(buf, 64, None, None)
    assert buf[:, 0].tolist() == list(range(1, 65))
    out._callback(buf, 64, None, "output underflow")
    assert buf[:36, 0].tolist() == list(range(65, 101)) and not buf[36:].any()
    assert out.played() == 100 and out.status_flags == 1


def test_the_microphone_callback_hands_mono_float_blocks_to_the_loop() -> None:
    got: list[tuple[np.ndarray, float]] = []

    async def go():
        loop = asyncio.get_running_loop()
        mic = Microphone(to_loop(loop, lambda x, t: got.append((x, t))), clock=lambda: 3.0)
        stereo = np.array([[0.5, 0.25], [1.0, 0.0]], dtype=np.float32)
        await loop.run_in_executor(None, mic._callback, stereo, 2, None, None)   # PortAudio's own thread
        await asyncio.sleep(0.01)

    asyncio.run(go())
    assert len(got) == 1 and got[0][0].tolist() == [0.375, 0.5] and got[0][1] == 3.0
