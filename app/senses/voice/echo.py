"""Her own voice taken out of the microphone: acoustic echo cancellation with what her speakers play as the reference.

Theory of operation:
1. WebRTC's audio processing (AEC3 echo cancellation, its noise suppression and a high-pass filter) through
   pywebrtc-audio, a maintained binding (Apache-2.0, wheels for Windows, macOS and Linux, numpy its only
   dependency, no model to download). It works on 10 ms frames of 16 kHz mono: each microphone frame is handed
   over with the frame of her voice that played at the same moment.
2. The reference: every block her speakers render (the output's listener, on the render thread) is brought to
   16 kHz and laid on a timeline by the clock time it was rendered. A microphone frame captured at time t is paired
   with the reference rendered during the same 10 ms, so the echo always comes after its reference (a speaker
   plays a block after rendering it, a microphone hands a block over after hearing it) by a delay that stays put,
   which AEC3's own delay estimator finds. Where no reference covers a frame (she is silent and the speakers are
   not rendering, or there are none) the frame is paired with silence. A render clock that drifts from the
   capture clock by more than RESYNC_S re-anchors the timeline.
3. clean(samples, t) runs on the microphone's thread, before the audio reaches the event loop: the samples
   (float32, 16 kHz, t the clock time of the last one) come back cancelled, same length; a partial frame is kept
   for the next block, so the output lags the input by less than 10 ms.
4. Convergence: over the last CONVERGENCE_S of frames where her reference is sounding, the echo return loss
   enhancement (the energy taken out, in dB); once it reaches CONVERGED_DB, `converged` is true (the Voice dock
   says so), until she has been silent for FORGET_S (a changed room or volume is measured afresh). The
   self-hearing guard keeps judging whether the streamer talks over her, now on the cleaned microphone: her voice
   is 20 to 40 dB quieter there once converged, so the streamer's stands out and barges in, and what they said
   over her becomes their turn when she stops.
5. A canceller that cannot be built (the package missing) raises EchoUnavailable at construction; the Voice skill
   says so once and hears as before (the guard alone).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

from app.senses.voice.pcm import Resampler, to_float32, to_int16

RATE = 16000
FRAME = 160                 # 10 ms: WebRTC's frame
RESYNC_S = 0.05             # a render clock this far from where its blocks should lie is re-anchored
KEEP_S = 2.0                # reference kept behind the newest microphone frame
CONVERGENCE_S = 1.0         # the window over which the enhancement is measured
CONVERGED_DB = 15.0         # AEC3 in a simulated room: 15-25 dB once settled, a few seconds into her speech
SOUNDING = 1e-6             # mean square of a reference frame she is heard in (-60 dBFS)
FORGET_S = 30.0             # silence after which convergence is measured afresh


class EchoUnavailable(RuntimeError):
    pass


def _processor() -> Any:
    try:
        from pywebrtc_audio import AudioProcessor
    except ImportError as exc:
        raise EchoUnavailable(f"echo cancellation needs pywebrtc-audio ({exc})") from exc
    return AudioProcessor(sample_rate=RATE, num_channels=1, echo_cancellation=True, noise_suppression=True,
                          high_pass_filter=True)


class EchoCanceller:
    """Rules 1-4."""

    def __init__(self, make: Callable[[], Any] = _processor) -> None:
        self._ap = make()
        self._lock = threading.Lock()
        self._ref = np.zeros(0, dtype=np.int16)   # the reference timeline at 16 kHz
        self._ref_t0: float | None = None          # clock time of self._ref[0]
        self._rest = np.zeros(0, dtype=np.float32)
        self._resampler: Resampler | None = None    # one stream: a block resampled alone clicks at its edges
        self._energy: deque[tuple[float, float, float]] = deque()   # (t, mic energy, cleaned energy) while sounding
        self._last_sounding = float("-inf")
        self.converged = False
        self.erle_db = 0.0

    # -- her side: the render thread (rule 2)

    def played(self, pcm: np.ndarray | None, rate: int, t: float) -> None:
        """A block her speakers rendered at clock time t (int16 at `rate`)."""
        if pcm is None or pcm.size == 0:
            return
        if rate != RATE:
            if self._resampler is None or self._resampler.from_rate != rate:
                self._resampler = Resampler(rate, RATE)
            block = to_int16(self._resampler.resample(pcm))
        else:
            block = pcm.astype(np.int16, copy=False)
        with self._lock:
            if self._ref_t0 is None or abs(self._ref_t0 + self._ref.size / RATE - t) > RESYNC_S:
                self._ref, self._ref_t0 = block.copy(), t
            else:
                self._ref = np.concatenate([self._ref, block])

    def _reference(self, start: float) -> np.ndarray:
        """The FRAME samples rendered from clock time `start`, silence where none were (under the lock)."""
        out = np.zeros(FRAME, dtype=np.int16)
        if self._ref_t0 is None:
            return out
        first = round((start - self._ref_t0) * RATE)
        lo, hi = max(0, first), min(self._ref.size, first + FRAME)
        if hi > lo:
            out[lo - first:hi - first] = self._ref[lo:hi]
        drop = first - round(KEEP_S * RATE)
        if drop > 0:
            self._ref = self._ref[drop:]
            self._ref_t0 += drop / RATE
        return out

    # -- the microphone's thread (rule 3)

    def clean(self, samples: np.ndarray, t: float) -> np.ndarray:
        x = to_float32(samples)
        buf = np.concatenate([self._rest, x]) if self._rest.size else x
        n = buf.size // FRAME
        first_start = t - buf.size / RATE     # the clock time the first buffered sample was heard
        out = np.empty(n * FRAME, dtype=np.float32)
        for i in range(n):
            start = first_start + i * FRAME / RATE
            near = to_int16(buf[i * FRAME:(i + 1) * FRAME])
            with self._lock:
                far = self._reference(start)
            cleaned = np.asarray(self._ap.process(near, far), dtype=np.int16)
            out[i * FRAME:(i + 1) * FRAME] = cleaned.astype(np.float32) / 32768.0
            self._measure(near, far, cleaned, start)
        self._rest = buf[n * FRAME:].copy()
        # the same length as given: the output lags by the partial frame kept (rule 3)
        if out.size >= x.size:
            return out[out.size - x.size:]
        return np.concatenate([np.zeros(x.size - out.size, dtype=np.float32), out])

    def _measure(self, near: np.ndarray, far: np.ndarray, cleaned: np.ndarray, t: float) -> None:
        """Rule 4."""
        if float(np.mean((far.astype(np.float32) / 32768.0) ** 2)) < SOUNDING:
            if t - self._last_sounding > FORGET_S and self.converged:
                self.converged = False
                self._energy.clear()
            return
        self._last_sounding = t
        e_in = float(np.sum(near.astype(np.float64) ** 2))
        e_out = float(np.sum(cleaned.astype(np.float64) ** 2))
        self._energy.append((t, e_in, e_out))
        while self._energy and self._energy[0][0] < t - CONVERGENCE_S:
            self._energy.popleft()
        if len(self._energy) * FRAME / RATE < CONVERGENCE_S / 2:
            return
        total_in = sum(e for _t, e, _o in self._energy)
        total_out = sum(o for _t, _e, o in self._energy)
        if total_in <= 0:
            return
        self.erle_db = 10.0 * float(np.log10(total_in / max(total_out, 1e-9)))
        if self.erle_db >= CONVERGED_DB:
            self.converged = True
