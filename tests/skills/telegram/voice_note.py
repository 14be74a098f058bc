"""A real voice note for the tests: the shared speech clip (or another) encoded the way Telegram's apps send one
(Ogg Opus, 48 kHz mono), with PyAV."""

from __future__ import annotations

import functools
import io
from pathlib import Path

import numpy as np

SPEECH = Path(__file__).resolve().parents[4] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"


@functools.cache
def speech_ogg() -> tuple[bytes, int]:
    """The clip as Ogg Opus bytes, and its whole seconds (a voice note's duration)."""
    return voice_note_of(SPEECH)


@functools.cache
def voice_note_of(path: Path) -> tuple[bytes, int]:
    """Any audio file as Telegram's apps send a voice note, and its whole seconds."""
    import av
    from faster_whisper import decode_audio

    clip = decode_audio(str(path), sampling_rate=48000).astype(np.float32)
    out = io.BytesIO()
    with av.open(out, "w", format="ogg") as container:
        stream = container.add_stream("libopus", rate=48000, layout="mono")
        stream.bit_rate = 32000
        resampler = av.AudioResampler(format="s16", layout="mono", rate=48000)
        frame = av.AudioFrame.from_ndarray(clip.reshape(1, -1), format="flt", layout="mono")
        frame.sample_rate = 48000
        for piece in resampler.resample(frame):
            for packet in stream.encode(piece):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return out.getvalue(), round(clip.size / 48000)
