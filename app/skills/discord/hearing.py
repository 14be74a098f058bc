"""Her ears in a Discord call: each speaker's datagrams to words of theirs, through the same VAD and end of turn
as her microphone, and their voice over hers as the microphone's barge-in.

Theory of operation:
1. CallEars runs on discord.py's own voice connection: its socket reader thread hands every datagram to
   datagram_threadsafe(), which moves it to the event loop; everything else happens on the loop, in arrival
   order (a packet costs well under a millisecond: transport decryption, DAVE, Opus, resampling).
2. Per datagram (rtp.py): not RTP audio is skipped; the transport encryption is opened with the session's
   secret key for its negotiated mode, the RTP header extension cut. The SSRC says who speaks: Discord tells
   it in SPEAKING (op 5, user_id and ssrc) on the voice websocket, which voice_event() reads from
   discord.py's hook; CLIENTS_CONNECT (op 11) lists who is in the call; CLIENT_DISCONNECT (op 13) drops that
   person's state. A packet of an SSRC nobody has named yet is counted (unknown) and kept, its last second,
   until SPEAKING names it: the voice websocket and the UDP socket race, and a speaker's first packets may
   come first; never named, it is dropped (no author for the words, no DAVE key for the frames). Her own user
   id is never heard (Discord does not send her SSRC back; it is ignored anyway).
3. DAVE: while the connection's DAVE session is ready, every frame goes through dave.decrypt(user id), which
   also lets a plain frame through while that speaker's decryptor is in passthrough (a transition). With no
   ready session a plain frame is heard as it is, a DAVE frame (its trailer ends in the magic 0xFAFA) counts
   as undecryptable.
4. The Opus frame is decoded by libopus (discord.opus.Decoder, one per speaker: Opus keeps state between
   frames) to 48 kHz stereo, averaged to mono and resampled to 16 kHz by the project's streaming Resampler
   (one per speaker), and fed to that speaker's own Ears (their own VAD state and end of turn), made by
   `make_ears` (None while she has no ears: the packet is counted unheard). A finished utterance reaches
   `on_heard(user id, Heard)`. warm_up() loads libopus and PyAV beforehand, off the loop (half a second the
   first time); a new speaker then costs the loop their own VAD's ONNX session (about 16 ms).
5. Discord sends nothing while someone is silent (five silence frames, 100 ms, end a burst). The VAD must
   hear the silence to end a turn, so a ticker feeds a speaker's ears digital silence for the time no packet
   came (at most SILENCE_S after their last packet).
6. Each speaker's ears report their voice (OwnerVoice events); talking_over() folds the speakers into one
   voice (someone talking, for as long as the longest of them) handed to `talk_over`: the Voice skill's
   two-stage barge-in, exactly as her microphone's (duck at the first word, stop once they kept going).
7. Failures are counted, never raised: undecryptable packets, frames libopus refused, unknown SSRCs. FAILING
   packets in a row that fail to open or decode are a problem, its detail handed to `on_problem`; the next
   packet heard clears it (on_problem(None)).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from app.process.tasks import spawn
from app.senses.voice.bargein import OwnerVoice
from app.senses.voice.pcm import Resampler, to_float32
from app.senses.voice.vad import SAMPLE_RATE
from app.skills.discord.rtp import Audio, Undecryptable, open_datagram

log = logging.getLogger(__name__)

CALL_RATE = 48000
SPEAKING, CLIENTS_CONNECT, CLIENT_DISCONNECT = 5, 11, 13       # voice websocket ops (Discord's documentation)
DAVE_MAGIC = b"\xfa\xfa"
TICK_S = 0.04
QUIET_S = 0.06         # no packet this long: the speaker is silent (rule 5)
SILENCE_S = 1.5        # silence fed after a speaker's last packet, past any end of turn
WAIT, WAIT_SSRCS = 50, 8  # an unnamed SSRC's last packets kept (1 s), for so many SSRCs (rule 2)
FAILING = 250          # packets in a row that fail (5 s of one speaker): a problem (rule 7)


def warm_up() -> None:
    """Loads what the first packet would otherwise load on the loop (libopus, PyAV's resampler); blocking."""
    from discord.opus import Decoder

    Decoder()
    Resampler(CALL_RATE, SAMPLE_RATE)


def talking_over(voices: Mapping[int, OwnerVoice]) -> OwnerVoice:
    """Rule 6: several speakers as one voice over hers."""
    speaking = [v.seconds for v in voices.values() if v.speaking]
    if speaking:
        return OwnerVoice(True, max(speaking))
    return OwnerVoice(False, max((v.seconds for v in voices.values()), default=0.0))


@dataclass
class Speaker:
    user_id: int
    ears: Any
    decoder: Any
    resampler: Resampler = field(default_factory=lambda: Resampler(CALL_RATE, SAMPLE_RATE))
    last: float = 0.0          # clock time the audio fed so far reaches
    heard_until: float = 0.0   # clock time of their last packet


class CallEars:
    """Rules 1-7. `keys()` gives (secret key, mode) of the session; `dave()` its DAVE session or None."""

    def __init__(self, keys: Callable[[], tuple[bytes, str]], dave: Callable[[], Any], me: int,
                 make_ears: Callable[[int, Callable[[Any], Any], Callable[[OwnerVoice], None]], Any], *,
                 on_heard: Callable[[int, Any], Any], talk_over: Callable[[OwnerVoice], None] = lambda _v: None,
                 on_problem: Callable[[str | None], None] = lambda _w: None,
                 loop: asyncio.AbstractEventLoop | None = None, clock: Callable[[], float]) -> None:
        self.keys, self.dave, self.me = keys, dave, me
        self.make_ears, self.on_heard, self.talk_over, self.on_problem = make_ears, on_heard, talk_over, on_problem
        self.loop = loop or asyncio.get_running_loop()
        self.clock = clock
        self.users: dict[int, int] = {}          # SSRC -> user id
        self.present: set[int] = set()           # user ids in the call (not her)
        self.speakers: dict[int, Speaker] = {}   # by user id
        self._voices: dict[int, OwnerVoice] = {}
        self._waiting: dict[int, list[Audio]] = {}   # SSRC nobody has named yet -> its last packets
        self.packets = self.heard_packets = self.undecryptable = self.decode_errors = self.unknown = self.unheard = 0
        self.failing = 0
        self.problem = ""                        # why the audio keeps failing, while it does
        self.latency: list[float] = []           # seconds from a datagram on the loop to its audio in the ears
        self._ticker: asyncio.Task[None] | None = None
        self._closed = False

    # ---- the socket reader thread (rule 1) -----------------------------------------------------------
    def datagram_threadsafe(self, data: bytes) -> None:
        if not self._closed:
            self.loop.call_soon_threadsafe(self.datagram, data)

    # ---- the voice websocket (rule 2) ----------------------------------------------------------------
    async def voice_event(self, _ws: Any, msg: dict[str, Any]) -> None:
        """discord.py's voice websocket hook: every text frame after discord.py has read it."""
        op, data = msg.get("op"), msg.get("d")
        if not isinstance(data, dict):
            return
        if op == SPEAKING and data.get("user_id") is not None and data.get("ssrc") is not None:
            user, ssrc = int(data["user_id"]), int(data["ssrc"])
            self.users[ssrc] = user
            if user != self.me:
                self.present.add(user)
            for audio in self._waiting.pop(ssrc, ()):
                self._heard(user, audio, time.perf_counter())
        elif op == CLIENTS_CONNECT:
            self.present.update(int(u) for u in data.get("user_ids", ()) if int(u) != self.me)
        elif op == CLIENT_DISCONNECT and data.get("user_id") is not None:
            await self.forget(int(data["user_id"]))

    async def forget(self, user: int) -> None:
        """Rule 2: a speaker left; what they were saying is finished as it stands."""
        self.present.discard(user)
        for ssrc in [s for s, u in self.users.items() if u == user]:
            del self.users[ssrc]
        speaker = self.speakers.pop(user, None)
        if self._voices.pop(user, None) is not None:
            self.talk_over(talking_over(self._voices))
        if speaker is not None:
            await speaker.ears.close()

    # ---- a datagram, on the loop (rules 2-4, 7) --------------------------------------------------------
    def datagram(self, data: bytes) -> None:
        if self._closed:
            return
        start = time.perf_counter()
        key, mode = self.keys()
        try:
            audio = open_datagram(data, key, mode)
        except Undecryptable as exc:
            self.undecryptable += 1
            self._failed(str(exc))
            return
        if audio is None:
            return
        self.packets += 1
        user = self.users.get(audio.ssrc)
        if user is None:
            self.unknown += 1
            waiting = self._waiting.setdefault(audio.ssrc, [])
            waiting.append(audio)
            del waiting[:-WAIT]
            while len(self._waiting) > WAIT_SSRCS:
                self._waiting.pop(next(iter(self._waiting)))
            return
        self._heard(user, audio, start)

    def _heard(self, user: int, audio: Audio, start: float) -> None:
        if user == self.me:
            return
        frame = self._dave(user, audio.opus)
        if frame is None:
            return
        speaker = self.speakers.get(user) or self._speaker(user)
        if speaker is None:
            self.unheard += 1
            return
        try:
            pcm = speaker.decoder.decode(frame, fec=False)
        except Exception as exc:
            self.decode_errors += 1
            self._failed(f"Opus: {type(exc).__name__}")
            return
        now = self.clock()
        self._feed(speaker, np.frombuffer(pcm, dtype="<i2").reshape(-1, 2), now)
        speaker.heard_until = now
        self.heard_packets += 1
        self.latency.append(time.perf_counter() - start)
        del self.latency[:-1000]
        self.failing = 0
        if self.problem:
            self.problem = ""
            self.on_problem(None)

    def _dave(self, user: int, frame: bytes) -> bytes | None:
        """Rule 3."""
        session = self.dave()
        if session is not None and session.ready:
            import davey
            try:
                return bytes(session.decrypt(user, davey.MediaType.audio, frame))
            except Exception as exc:
                self.undecryptable += 1
                self._failed(f"DAVE: {exc or type(exc).__name__}")
                return None
        if frame.endswith(DAVE_MAGIC):
            self.undecryptable += 1
            self._failed("DAVE: the call's end-to-end encryption is not ready")
            return None
        return frame

    def _speaker(self, user: int) -> Speaker | None:
        from discord.opus import Decoder

        ears = self.make_ears(user, lambda heard: self.on_heard(user, heard), lambda voice: self._voice(user, voice))
        if ears is None:                 # her ears are off (the Voice skill stopped): nothing is heard
            return None
        speaker = Speaker(user, ears, Decoder())
        self.speakers[user] = speaker
        self._tick()
        return speaker

    def _feed(self, speaker: Speaker, samples: np.ndarray, now: float) -> None:
        speaker.ears.feed(speaker.resampler.resample(to_float32(samples)), now)
        speaker.last = now

    def _failed(self, why: str) -> None:
        self.failing += 1
        if self.failing >= FAILING and not self.problem:
            self.problem = why
            log.warning("Discord: the call's audio does not open or decode (%s)", why)
            self.on_problem(why)

    # ---- barge-in (rule 6) ---------------------------------------------------------------------------
    def _voice(self, user: int, voice: OwnerVoice) -> None:
        self._voices[user] = voice
        self.talk_over(talking_over(self._voices))

    # ---- silence between bursts (rule 5) ----------------------------------------------------------------
    def _tick(self) -> None:
        if self._ticker is None or self._ticker.done():
            self._ticker = spawn(self._silences())

    async def _silences(self) -> None:
        while not self._closed and self.speakers:
            now = self.clock()
            for speaker in list(self.speakers.values()):
                if now - speaker.last >= QUIET_S and now - speaker.heard_until <= SILENCE_S:
                    gap = int((now - speaker.last) * CALL_RATE)
                    self._feed(speaker, np.zeros((gap, 2), dtype=np.float32), now)
            await asyncio.sleep(TICK_S)

    async def close(self) -> None:
        self._closed = True
        if self._ticker is not None:
            self._ticker.cancel()
        for user in list(self.speakers):
            await self.forget(user)
