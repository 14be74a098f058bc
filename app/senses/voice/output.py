"""Audio out: the AudioOutput interface, a queue that plays chunks back to back, and a fake device for tests.

Theory of operation:
1. An AudioOutput plays mono int16 PCM at its sample_rate. write() queues samples behind what is already
   queued and returns the stream position (in frames) of their first frame. Positions only grow: a caller
   knows which of its frames went out by comparing them with played().
2. The device pulls fixed-size blocks from the queue (PortAudio's callback thread on a real device, pump() or
   a pacing thread on the fake). Queued chunks play back to back, with no silence between them unless the
   queue runs dry. Silence rendered while expecting(True) says more audio is on its way is an underrun,
   counted in underrun_frames: that is a gap she did not mean.
3. set_gain() moves the gain to a new value over ramp_ms (linear, sample by sample) at render time, so ducking
   reaches audio that is already queued and never clicks.
4. clear() drops whatever is queued and not yet rendered and returns the position played up to; the next
   write starts at that position.
5. After every block the listeners get a Progress (the position played up to, the block's level in dBFS after
   the gain, the clock time, how many frames came from the queue, the block itself), on the render thread: the
   Mouth follows progress with it, the self-hearing guard reads it as the reference of what she is saying, and
   the echo canceller as the signal to take out of the microphone.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

from app.senses.voice.pcm import rms_dbfs

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Progress:
    position: int        # frames played up to (the end of this block's queued audio)
    level_db: float      # the rendered block's level, after the gain
    t: float             # clock time of the render
    audio_frames: int    # frames of this block that came from the queue (the rest is silence)
    audio: np.ndarray | None = None   # the block as rendered (int16), the echo canceller's reference


Listener = Callable[[Progress], None]


@runtime_checkable
class AudioOutput(Protocol):
    sample_rate: int

    def start(self) -> None: ...
    def close(self) -> None: ...
    def write(self, pcm: np.ndarray) -> int: ...
    def played(self) -> int: ...
    def written(self) -> int: ...
    def queued(self) -> int: ...
    def clear(self) -> int: ...
    def set_gain(self, gain: float, ramp_ms: float = 20.0) -> None: ...
    def expecting(self, more: bool) -> None: ...
    def add_listener(self, listener: Listener) -> None: ...
    @property
    def underrun_frames(self) -> int: ...


class PlaybackQueue:
    """Rules 1-5, thread-safe: written on the event loop, rendered on the device's thread."""

    def __init__(self, sample_rate: int, *, clock: Callable[[], float]) -> None:
        if sample_rate <= 0:
            raise ValueError("the sample rate is positive")
        self.sample_rate = sample_rate
        self._clock = clock
        self._lock = threading.Lock()
        self._chunks: deque[np.ndarray] = deque()
        self._offset = 0          # frames of _chunks[0] already rendered
        self._queued = 0
        self._write_pos = 0
        self._play_pos = 0
        self._gain = 1.0
        self._target = 1.0
        self._step = 0.0
        self._expecting = False
        self._underrun = 0
        self._listeners: list[Listener] = []

    # -- the writer's side

    def write(self, pcm: np.ndarray) -> int:
        x = np.asarray(pcm)
        if x.dtype != np.int16 or x.ndim != 1:
            raise TypeError("an AudioOutput plays 1-D int16 samples")
        with self._lock:
            start = self._write_pos
            if x.size:
                self._chunks.append(x.copy())
                self._queued += x.size
                self._write_pos += x.size
            return start

    def played(self) -> int:
        with self._lock:
            return self._play_pos

    def written(self) -> int:
        with self._lock:
            return self._write_pos

    def queued(self) -> int:
        with self._lock:
            return self._queued

    def clear(self) -> int:
        with self._lock:
            self._chunks.clear()
            self._offset = 0
            self._queued = 0
            self._write_pos = self._play_pos
            return self._play_pos

    def set_gain(self, gain: float, ramp_ms: float = 20.0) -> None:
        if not (gain >= 0.0 and np.isfinite(gain)):
            raise ValueError("the gain is a finite number >= 0")
        with self._lock:
            self._target = float(gain)
            frames = max(1.0, ramp_ms * self.sample_rate / 1000.0)
            self._step = abs(self._target - self._gain) / frames

    @property
    def gain(self) -> float:
        with self._lock:
            return self._gain

    def expecting(self, more: bool) -> None:
        with self._lock:
            self._expecting = more

    @property
    def underrun_frames(self) -> int:
        with self._lock:
            return self._underrun

    def add_listener(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    # -- the device's side

    def render(self, frames: int) -> tuple[np.ndarray, Progress]:
        """The next `frames` samples (int16, silence where the queue is dry) and the block's Progress."""
        out = np.zeros(frames, dtype=np.int16)
        with self._lock:
            filled = 0
            while filled < frames and self._chunks:
                head = self._chunks[0]
                n = min(frames - filled, head.size - self._offset)
                out[filled:filled + n] = head[self._offset:self._offset + n]
                filled += n
                self._offset += n
                if self._offset == head.size:
                    self._chunks.popleft()
                    self._offset = 0
            self._queued -= filled
            self._play_pos += filled
            if self._expecting and filled < frames:
                self._underrun += frames - filled
            if filled:
                out[:filled] = self._apply_gain(out[:filled])
            else:
                self._gain = self._target       # nothing is sounding: no ramp to hear
            listeners = list(self._listeners)
            progress = Progress(self._play_pos, rms_dbfs(out), self._clock(), filled, out)
        for listener in listeners:
            try:
                listener(progress)
            except Exception:  # a listener must never break playback
                log.exception("an audio output listener failed")
        return out, progress

    def _apply_gain(self, block: np.ndarray) -> np.ndarray:
        if self._gain == self._target and self._gain == 1.0:
            return block
        n = block.size
        if self._gain == self._target:
            gains = np.full(n, self._gain, dtype=np.float32)
        else:
            direction = 1.0 if self._target > self._gain else -1.0
            ramp = self._gain + direction * self._step * np.arange(1, n + 1, dtype=np.float64)
            ramp = np.minimum(ramp, self._target) if direction > 0 else np.maximum(ramp, self._target)
            gains = ramp.astype(np.float32)
            self._gain = float(ramp[-1])
        scaled = np.rint(block.astype(np.float32) * gains)
        return np.clip(scaled, -32768, 32767).astype(np.int16)


class QueuedOutput:
    """An AudioOutput over a PlaybackQueue; subclasses decide who renders."""

    def __init__(self, sample_rate: int, *, clock: Callable[[], float]) -> None:
        self.sample_rate = sample_rate
        self._queue = PlaybackQueue(sample_rate, clock=clock)

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass

    def write(self, pcm: np.ndarray) -> int:
        return self._queue.write(pcm)

    def played(self) -> int:
        return self._queue.played()

    def written(self) -> int:
        return self._queue.written()

    def queued(self) -> int:
        return self._queue.queued()

    def clear(self) -> int:
        return self._queue.clear()

    def set_gain(self, gain: float, ramp_ms: float = 20.0) -> None:
        self._queue.set_gain(gain, ramp_ms)

    @property
    def gain(self) -> float:
        return self._queue.gain

    def expecting(self, more: bool) -> None:
        self._queue.expecting(more)

    def add_listener(self, listener: Listener) -> None:
        self._queue.add_listener(listener)

    @property
    def underrun_frames(self) -> int:
        return self._queue.underrun_frames


@dataclass(frozen=True)
class Rendered:
    """One block the fake device played."""

    t: float                 # clock time of the render
    position: int            # stream position of the block's first frame
    samples: np.ndarray      # int16, after the gain
    audio_frames: int        # how many came from the queue


class Pacer:
    """A thread that calls render() once every `period` seconds, as a sound card's callback would, catching up
    without a burst when it fell behind. start() and close() are safe to repeat."""

    def __init__(self, render: Callable[[], Any], period: float, name: str) -> None:
        self.render, self.period, self.name = render, period, name
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        deadline = time.perf_counter()
        while not self._stop.is_set():
            self.render()
            deadline += self.period
            delay = deadline - time.perf_counter()
            if delay > 0:
                self._stop.wait(delay)
            else:
                deadline = time.perf_counter()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None


class FakeAudioDevice(QueuedOutput):
    """An AudioOutput that records every block it plays, with its time.

    Paced by pump() (manual, deterministic: pass a fake clock) or, after start() with realtime=True, by a
    thread that renders one block every block duration / speed, as a sound card's callback would.
    """

    def __init__(self, sample_rate: int = 22050, block_frames: int = 256, *, clock: Callable[[], float],
                 realtime: bool = False, speed: float = 1.0) -> None:
        super().__init__(sample_rate, clock=clock)
        if block_frames <= 0 or speed <= 0:
            raise ValueError("block_frames and speed are positive")
        self.block_frames = block_frames
        self.realtime = realtime
        self.speed = speed
        self.blocks: list[Rendered] = []
        self._blocks_lock = threading.Lock()
        self._pacer = Pacer(self._render_block, block_frames / sample_rate / speed, "fake-audio-out")

    def pump(self, frames: int) -> list[Rendered]:
        """Render at least `frames` frames, whole blocks (manual pacing)."""
        done: list[Rendered] = []
        rendered = 0
        while rendered < frames:
            done.append(self._render_block())
            rendered += self.block_frames
        return done

    def pump_seconds(self, seconds: float) -> list[Rendered]:
        return self.pump(round(seconds * self.sample_rate))

    def _render_block(self) -> Rendered:
        before = self._queue.played()
        samples, progress = self._queue.render(self.block_frames)
        block = Rendered(progress.t, before, samples, progress.audio_frames)
        with self._blocks_lock:
            self.blocks.append(block)
        return block

    def start(self) -> None:
        if self.realtime:
            self._pacer.start()

    def close(self) -> None:
        self._pacer.close()

    # -- what the tests read

    def recorded(self) -> list[Rendered]:
        with self._blocks_lock:
            return list(self.blocks)

    def samples(self) -> np.ndarray:
        """Everything rendered, silence included, in order."""
        blocks = self.recorded()
        if not blocks:
            return np.zeros(0, dtype=np.int16)
        return np.concatenate([b.samples for b in blocks])

    def audio(self) -> np.ndarray:
        """Only the frames that came from the queue, in order (silence the device filled in left out)."""
        parts = [b.samples[:b.audio_frames] for b in self.recorded() if b.audio_frames]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int16)
