"""Her voice in a Discord voice call: what she says, as she says it, played into the call by discord.py.

Theory of operation:
1. CallVoice is the sink the Discord skill attaches to the Voice skill's tap (app.skills.ports.VoiceSink) while
   she is in a call. Each part of her line arrives as it is queued on her speakers (mono int16 at her voice's
   rate): it is resampled to 48 kHz with the project's resampler (app.senses.voice.pcm), copied to both
   channels and appended to the CallAudio being played, so the call hears the start of a line while the rest
   is still being made.
2. CallAudio is a discord.AudioSource of 16-bit 48 kHz stereo PCM (is_opus False: discord.py encodes Opus and,
   in a call with DAVE, encrypts it end to end). read(), on discord.py's player thread every 20 ms, returns
   exactly one frame of 3,840 bytes: a part-filled last frame is padded with silence. When nothing is waiting
   it plays LINGER frames of silence (a short gap between parts of a line is not the end), then ends (b""),
   so her speaking indicator in the call follows her voice. What arrives after its end goes to a new source.
3. One source plays at a time: a new one starts when the previous player has called back (after=), never
   while discord.py still holds the last one. A stop (barge-in, the stop button) drops what is waiting.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import numpy as np
from discord import AudioSource

from app.senses.voice.pcm import resample, to_int16

log = logging.getLogger(__name__)

RATE = 48000
CHANNELS = 2
FRAME_MS = 20
FRAME_BYTES = RATE * FRAME_MS // 1000 * CHANNELS * 2     # 3,840
LINGER = 10                                              # frames of silence before a source ends (200 ms)


def call_pcm(pcm: np.ndarray, sample_rate: int) -> bytes:
    """Mono int16 at any rate to 48 kHz stereo 16-bit little-endian PCM (rule 1)."""
    mono = to_int16(resample(np.asarray(pcm), sample_rate, RATE))
    return np.repeat(mono, CHANNELS).astype("<i2").tobytes()


class CallAudio(AudioSource):
    """Rule 2; fed on the event loop, read on discord.py's player thread."""

    def __init__(self, linger: int = LINGER) -> None:
        self._lock = threading.Lock()
        self._buffer = bytearray()
        self._idle = 0
        self._linger = linger
        self.ended = False

    def feed(self, data: bytes) -> bool:
        """Appends to what it plays; False once it has ended (the caller starts a new source)."""
        with self._lock:
            if self.ended:
                return False
            self._buffer += data
            return True

    def pending(self) -> bool:
        with self._lock:
            return not self.ended and bool(self._buffer)

    def clear(self) -> None:
        with self._lock:
            self._buffer.clear()

    def read(self) -> bytes:
        with self._lock:
            if self.ended:
                return b""
            if self._buffer:
                self._idle = 0
                frame = bytes(self._buffer[:FRAME_BYTES])
                del self._buffer[:FRAME_BYTES]
                return frame.ljust(FRAME_BYTES, b"\0")
            self._idle += 1
            if self._idle > self._linger:
                self.ended = True
                return b""
            return bytes(FRAME_BYTES)

    def is_opus(self) -> bool:
        return False


class CallVoice:
    """Rules 1 and 3: the sink for one call. `voice` is the discord.VoiceClient (its play and is_connected)."""

    def __init__(self, voice: Any, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.voice = voice
        self._loop = loop or asyncio.get_running_loop()
        self.source: CallAudio | None = None
        self._playing = False
        self.frames_sent = 0          # 20 ms frames of her voice handed to the call (for the dock)

    def write(self, pcm: Any, sample_rate: int) -> None:
        if not self.voice.is_connected():
            return
        data = call_pcm(pcm, sample_rate)
        self.frames_sent += -(-len(data) // FRAME_BYTES)
        if self.source is None or not self.source.feed(data):
            self.source = CallAudio()
            self.source.feed(data)
        if not self._playing:
            self._play()

    def clear(self) -> None:
        if self.source is not None:
            self.source.clear()

    def _play(self) -> None:
        source = self.source
        if source is None:
            return
        self._playing = True

        def after(error: Exception | None) -> None:     # on discord.py's player thread
            self._loop.call_soon_threadsafe(self._ended, error)

        try:
            self.voice.play(source, after=after)
        except Exception as exc:
            self._playing = False
            log.warning("Discord: her voice could not be played into the call (%s)", type(exc).__name__)

    def _ended(self, error: Exception | None) -> None:
        self._playing = False
        if error is not None:            # what was waiting is dropped: no retrying a failing player
            log.warning("Discord: playing into the call failed (%s)", type(error).__name__)
            self.source = None
        if self.source is not None and self.source.pending():
            self._play()
