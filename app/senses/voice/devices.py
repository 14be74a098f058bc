"""The sound card, through sounddevice (PortAudio): device lists, a speaker output and a microphone input.

Theory of operation:
1. sounddevice is imported only when a device is asked for. Where it cannot load (PortAudio is missing, as on
   a Linux machine without libportaudio2), backend() says why in words a streamer can act on, list_devices()
   is empty, and opening a device raises AudioUnavailable with that message: the app keeps running, mute and
   deaf.
2. SpeakerOutput is an AudioOutput (output.py) whose blocks are rendered by PortAudio's callback thread. It
   opens the device at the voice's rate and, where the device refuses that rate, at the device's own (the
   Mouth resamples to whatever sample_rate the output reports after start()).
3. Microphone captures mono float32 blocks at 16 kHz (or the device's rate, resampled to 16 kHz) and hands
   each block with its capture time to a sink. The sink is called on PortAudio's thread; to_loop() wraps a
   sink so it runs on the asyncio loop instead (Ears.feed is not thread-safe).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP
from app.senses.voice.output import QueuedOutput
from app.senses.voice.pcm import Resampler, to_float32

log = logging.getLogger(__name__)

PORTAUDIO_HINT = ("PortAudio is not installed, so Bea can neither hear nor speak aloud: install it "
                  "(Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf install portaudio) and restart")


# why, as the window says it (app.core.words): PortAudio's and a device's own words are the detail
NO_PORTAUDIO = QT_TRANSLATE_NOOP("problems", "PortAudio is not installed, so Bea can neither hear nor speak aloud: "
                                             "install it (Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf "
                                             "install portaudio) and restart (detail: {detail}).")
NO_SOUNDDEVICE = QT_TRANSLATE_NOOP("problems", "The sounddevice package is not installed (detail: {detail}).")
NO_SPEAKERS = QT_TRANSLATE_NOOP("problems", "The speakers could not be opened (detail: {detail}).")
NO_MICROPHONE = QT_TRANSLATE_NOOP("problems", "The microphone could not be opened (detail: {detail}).")


class AudioUnavailable(RuntimeError):
    """No sound device can be used; the message says why, and `words` with their `values` say it for the
    window."""

    def __init__(self, message: str, words: str = "", **values: str) -> None:
        super().__init__(message)
        self.words, self.values = words, values


@dataclass(frozen=True)
class Backend:
    available: bool
    reason: str = ""
    version: str = ""
    words: str = ""                          # the reason as the window says it (app.core.words), and its values
    args: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class AudioDevice:
    index: int
    name: str
    host_api: str
    inputs: int
    outputs: int
    default_rate: float
    is_default_input: bool = False
    is_default_output: bool = False


_sd: Any = None
_sd_error: AudioUnavailable | None = None


def _sounddevice() -> Any:
    global _sd, _sd_error
    if _sd is None and _sd_error is None:
        try:
            import sounddevice
        except OSError as e:  # sounddevice raises OSError when libportaudio cannot be loaded
            _sd_error = AudioUnavailable(f"{PORTAUDIO_HINT} ({e})", NO_PORTAUDIO, detail=str(e))
        except ImportError as e:
            _sd_error = AudioUnavailable(f"the sounddevice package is not installed ({e})", NO_SOUNDDEVICE,
                                         detail=str(e))
        else:
            _sd = sounddevice
    if _sd is None:
        assert _sd_error is not None
        raise AudioUnavailable(str(_sd_error), _sd_error.words, **_sd_error.values)
    return _sd


def backend() -> Backend:
    """Rule 1."""
    try:
        sd = _sounddevice()
    except AudioUnavailable as e:
        return Backend(False, str(e), words=e.words, args=tuple(e.values.items()))
    return Backend(True, version=str(sd.get_portaudio_version()[1]))


_listed: list[AudioDevice] | None = None
_listing = threading.Lock()


def list_devices() -> list[AudioDevice]:
    """Every device PortAudio knows (empty where it is unavailable), for a device picker. PortAudio fixes its
    list when it starts (sounddevice starts it on import), so the list is read once per process and kept; that
    first read loads PortAudio, which probes the sound system (a few tenths of a second): the Voice
    dock has it done off the window's thread."""
    global _listed
    with _listing:
        if _listed is None:
            _listed = _query_devices()
        return list(_listed)


def _query_devices() -> list[AudioDevice]:
    try:
        sd = _sounddevice()
        devices = sd.query_devices()
        apis = sd.query_hostapis()
        default_in, default_out = sd.default.device
    except (AudioUnavailable, Exception) as e:  # PortAudio errors are plain Exceptions
        log.info("no audio devices: %s", summary(e))
        return []
    return [AudioDevice(i, d["name"], apis[d["hostapi"]]["name"], d["max_input_channels"],
                        d["max_output_channels"], float(d["default_samplerate"]),
                        i == default_in, i == default_out)
            for i, d in enumerate(devices)]


class SpeakerOutput(QueuedOutput):
    """Rule 2. `device` is an index or a name (None: the system default)."""

    def __init__(self, sample_rate: int, device: int | str | None = None, block_frames: int = 0,
                 latency: str | float = "low", *, clock: Callable[[], float]) -> None:
        super().__init__(sample_rate, clock=clock)
        self.device = device
        self.block_frames = block_frames
        self.latency = latency
        self._stream: Any = None
        self.status_flags = 0

    def start(self) -> None:
        if self._stream is not None:
            return
        sd = _sounddevice()
        try:
            self._stream = self._open(sd, self.sample_rate)
        except Exception as first:
            info = sd.query_devices(self.device, "output")
            rate = int(info["default_samplerate"])
            if rate == self.sample_rate:
                raise AudioUnavailable(f"cannot open the speakers: {first}", NO_SPEAKERS, detail=str(first)) \
                    from first
            log.info("the output device refuses %d Hz (%s); opening it at %d Hz",
                     self.sample_rate, summary(first), rate)
            self.sample_rate = rate
            self._queue.sample_rate = rate
            try:
                self._stream = self._open(sd, rate)
            except Exception as e:
                raise AudioUnavailable(f"cannot open the speakers: {e}", NO_SPEAKERS, detail=str(e)) from e
        self._stream.start()

    def _open(self, sd: Any, rate: int) -> Any:
        return sd.OutputStream(samplerate=rate, channels=1, dtype="int16", device=self.device,
                               blocksize=self.block_frames, latency=self.latency, callback=self._callback)

    def _callback(self, outdata: np.ndarray, frames: int, _time_info: Any, status: Any) -> None:
        if status:
            self.status_flags += 1
        samples, _ = self._queue.render(frames)
        outdata[:, 0] = samples

    def close(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.stop()
            stream.close()


class Microphone:
    """Rule 3: sink(samples: float32 mono at 16 kHz, t: clock time of the block's last sample)."""

    RATE = 16000

    def __init__(self, sink: Callable[[np.ndarray, float], None], device: int | str | None = None,
                 block_frames: int = 512, *, clock: Callable[[], float]) -> None:
        self.sink = sink
        self.device = device
        self.block_frames = block_frames
        self._clock = clock
        self._stream: Any = None
        self._resampler: Resampler | None = None
        self.status_flags = 0

    def start(self) -> None:
        if self._stream is not None:
            return
        sd = _sounddevice()
        try:
            self._stream = self._open(sd, self.RATE, self.block_frames)
        except Exception as first:
            info = sd.query_devices(self.device, "input")
            rate = int(info["default_samplerate"])
            if rate == self.RATE:
                raise AudioUnavailable(f"cannot open the microphone: {first}", NO_MICROPHONE,
                                       detail=str(first)) from first
            self._resampler = Resampler(rate, self.RATE)
            try:
                self._stream = self._open(sd, rate, round(self.block_frames * rate / self.RATE))
            except Exception as e:
                raise AudioUnavailable(f"cannot open the microphone: {e}", NO_MICROPHONE, detail=str(e)) from e
        self._stream.start()

    def _open(self, sd: Any, rate: int, block: int) -> Any:
        return sd.InputStream(samplerate=rate, channels=1, dtype="float32", device=self.device,
                              blocksize=block, callback=self._callback)

    def _callback(self, indata: np.ndarray, frames: int, _time_info: Any, status: Any) -> None:
        if status:
            self.status_flags += 1
        x = to_float32(indata).copy()
        if self._resampler is not None:
            x = self._resampler.resample(x)
        if x.size:
            self.sink(x, self._clock())

    def close(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.stop()
            stream.close()


def to_loop(loop: asyncio.AbstractEventLoop,
            sink: Callable[[np.ndarray, float], None]) -> Callable[[np.ndarray, float], None]:
    """A sink that may be called from any thread and runs `sink` on `loop` (rule 3)."""
    def threadsafe(samples: np.ndarray, t: float) -> None:
        if not loop.is_closed():
            loop.call_soon_threadsafe(sink, samples, t)
    return threadsafe
