"""PCM helpers: sample formats, levels for a meter, and resampling.

Theory of operation:
1. Audio inside the voice package is mono. to_float32() takes int16 (scaled by 1/32768) or float samples, and
   a 2-D block (frames x channels) is averaged down to one channel; to_int16() scales by 32767, rounds and
   clips.
2. rms_dbfs() is the RMS level in dB relative to full scale (a full-scale square wave is 0 dBFS, a full-scale
   sine about -3); silence and anything quieter than FLOOR_DB read FLOOR_DB, so a meter never sees -inf.
3. Resampler converts a stream between rates with libswresample (PyAV, which faster-whisper already needs):
   it keeps its filter state between blocks, so a stream cut into blocks anywhere resamples like one whole
   block; flush() returns the samples it still holds. resample() does a whole buffer at once.
"""

from __future__ import annotations

import math

import numpy as np

FLOOR_DB = -120.0


def to_float32(samples: np.ndarray | bytes) -> np.ndarray:
    """Mono float32 in [-1, 1] from int16 or float samples (rule 1); bytes are int16 little-endian."""
    if isinstance(samples, bytes | bytearray | memoryview):
        samples = np.frombuffer(samples, dtype="<i2")
    x = np.asarray(samples)
    if x.ndim == 2:
        x = x.mean(axis=1) if x.dtype.kind == "f" else x.astype(np.float32).mean(axis=1).astype(x.dtype)
    elif x.ndim != 1:
        raise ValueError(f"audio is 1-D (mono) or 2-D (frames x channels), not {x.ndim}-D")
    if x.dtype == np.int16:
        return x.astype(np.float32) / 32768.0
    if x.dtype.kind == "f":
        return x.astype(np.float32, copy=False)
    raise TypeError(f"audio samples are int16 or float, not {x.dtype}")


def to_int16(samples: np.ndarray) -> np.ndarray:
    """int16 from float samples in [-1, 1], clipped (rule 1)."""
    x = np.asarray(samples, dtype=np.float32)
    return np.clip(np.rint(x * 32767.0), -32768, 32767).astype(np.int16)


def rms_dbfs(samples: np.ndarray) -> float:
    """The RMS level in dBFS, FLOOR_DB for silence (rule 2)."""
    x = to_float32(samples)
    if x.size == 0:
        return FLOOR_DB
    power = float(np.mean(np.square(x, dtype=np.float64)))
    if power <= 0.0:
        return FLOOR_DB
    return max(FLOOR_DB, 10.0 * math.log10(power))


class Resampler:
    """A streaming mono float32 resampler (rule 3)."""

    def __init__(self, from_rate: int, to_rate: int) -> None:
        if from_rate <= 0 or to_rate <= 0:
            raise ValueError("sample rates are positive")
        self.from_rate, self.to_rate = from_rate, to_rate
        self._av = None
        if from_rate != to_rate:
            import av  # PyAV: installed with faster-whisper
            self._av = av
            self._resampler = av.AudioResampler(format="flt", layout="mono", rate=to_rate)

    def resample(self, samples: np.ndarray) -> np.ndarray:
        x = to_float32(samples)
        if self._av is None or x.size == 0:
            return x.copy()
        frame = self._av.AudioFrame.from_ndarray(np.ascontiguousarray(x).reshape(1, -1), format="flt",
                                                 layout="mono")
        frame.sample_rate = self.from_rate
        return self._collect(self._resampler.resample(frame))

    def flush(self) -> np.ndarray:
        if self._av is None:
            return np.zeros(0, dtype=np.float32)
        return self._collect(self._resampler.resample(None))

    @staticmethod
    def _collect(frames: list) -> np.ndarray:
        if not frames:
            return np.zeros(0, dtype=np.float32)
        return np.concatenate([f.to_ndarray().reshape(-1) for f in frames]).astype(np.float32, copy=False)


def resample(samples: np.ndarray, from_rate: int, to_rate: int) -> np.ndarray:
    """A whole buffer from one rate to another (rule 3)."""
    r = Resampler(from_rate, to_rate)
    head = r.resample(samples)
    return np.concatenate([head, r.flush()])
