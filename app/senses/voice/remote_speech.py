"""Her ears and her voice on another machine: Wyoming and OpenAI-compatible speech servers, as the pool's members.

Theory of operation:
1. Each client is what the pool (speech_pool.py) asks of a member: a transcriber (transcribe(audio) ->
   Transcript, 16 kHz mono audio that is already one utterance: the voice activity detection and the end of
   the turn stay on this machine, so no audio leaves it until an utterance ends) or a voice (synthesize(text,
   prosody) -> Synthesis, one chunk of her line at a time, as the Mouth asks). describe() says what the server
   offers, for "Test connection".
2. Wyoming speaks through the `wyoming` package's events (Transcribe, AudioStart/Chunk/Stop, Transcript;
   Synthesize, AudioStart/Chunk/Stop; Describe, Info) over a connection the network gate opened: the gate
   decides the address (privacy mode), the package the protocol. One connection per request, as Wyoming's own
   clients do.
3. The OpenAI-compatible servers are asked over HTTP through the gate's aiohttp session, one per server kept
   for as long as the pool (its connections kept alive, so an https server's handshake is not paid per chunk):
   POST {url}/audio/transcriptions (a WAV file, the model, verbose_json so the guard gets whisper's own
   figures where the server gives them) and POST {url}/audio/speech (the model, the voice, WAV back);
   GET {url}/models for describe(). A key, when the server needs one, is read from the secrets at each
   request (so a key set in Settings takes effect at once) and sent as a bearer token; it is never logged.
4. What a server wrote is judged by the transcript guard as a local transcript is (app.core.transcript_guard):
   the pieces whisper's figures make (verbose_json), or the text alone (Wyoming, a plain json answer) for
   loops and more text than the audio could hold. The language: a transcript the server says is in another
   language than the one set is not heard. A remote server gives no probability for each language, so the
   local guard's finer rules (a doubtful language, unsure words) apply only on this computer.
5. Every failure is a SpeechServerFailure naming the server and what went wrong in a few words (never the
   words spoken, never the key); the pool decides what to do with it.
6. Her voice's prosody: the rate and volume a server cannot take are applied here where they can be (volume on
   the PCM) and listed as unapplied otherwise, as with Piper on this machine.
"""

from __future__ import annotations

import asyncio
import io
import socket
import time
import wave
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np

from app.core.prosody import Prosody, apply_gain_pcm16, for_piper
from app.core.speech_servers import SpeechServer, language_code, openai_offer, pieces, wyoming_offer
from app.core.transcript_guard import OTHER_LANGUAGE, judge
from app.senses.voice.pcm import resample, to_float32, to_int16
from app.senses.voice.stt import SAMPLE_RATE, Transcript
from app.senses.voice.tts import Synthesis

PURPOSE_EARS = "Her ears"
PURPOSE_VOICE = "Her voice"
NO_LIST = "what its address gives (it does not list its models)"


class SpeechServerFailure(Exception):
    def __init__(self, server: str, why: str, status: int = 0) -> None:
        super().__init__(f"{server}: {why}")
        self.server = server
        self.why = why
        self.status = status      # the HTTP status of a server that answered with an error; 0 otherwise


@cache
def english_language_names() -> dict[str, str]:
    """Language names as whisper writes them ("english"), lower case, to their codes (CLDR, through Babel)."""
    from babel import Locale

    return {name.lower(): code for code, name in Locale("en").languages.items() if "_" not in code}


def unreachable(exc: OSError) -> str:
    """Why a server could not be reached, in words (rule 5): a refusal by privacy mode says itself."""
    from app.senses.netgate import PrivacyRefused

    if isinstance(exc, PrivacyRefused):
        return str(exc)
    if isinstance(exc, ConnectionRefusedError):
        return "nothing answers there: is the server running, and on that port?"
    if isinstance(exc, socket.gaierror):
        return "its name could not be found on the network"
    if isinstance(exc, TimeoutError):
        return "it did not answer in time"
    return f"could not connect ({exc.strerror or type(exc).__name__})"


def heard(answer: Mapping[str, Any], audio_s: float, wanted: str | None, elapsed_s: float) -> Transcript:
    """Rule 4: a server's answer as a transcript the guard has judged."""
    language = language_code(answer.get("language"), english_language_names())
    if wanted and language and language != wanted:
        return Transcript("", language, audio_s, elapsed_s, (OTHER_LANGUAGE,))
    verdict = judge(pieces(answer), audio_s)
    return Transcript(verdict.text, language or wanted, audio_s, elapsed_s, verdict.dropped)


def wav_bytes(audio: np.ndarray) -> bytes:
    """16 kHz mono audio as a 16-bit WAV file."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(to_int16(to_float32(audio)).tobytes())
    return out.getvalue()


def read_wav(data: bytes, server: str) -> tuple[bytes, int]:
    """A WAV answer as 16-bit mono PCM and its rate. A streaming server writes its header before it knows the
    length, so the data chunk is read to the end of what came rather than to the length the header says."""
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise SpeechServerFailure(server, "the answer is not a WAV file")
    at, rate, channels, width = 12, 0, 0, 0
    while at + 8 <= len(data):
        tag, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "little")
        body = data[at + 8:]
        if tag == b"fmt ":
            channels = int.from_bytes(body[2:4], "little")
            rate = int.from_bytes(body[4:8], "little")
            width = int.from_bytes(body[14:16], "little") // 8
        elif tag == b"data":
            end = len(body) if size in (0, 0xFFFFFFFF) or size > len(body) else size
            return mono16(body[:end], width, channels, server), rate
        at += 8 + size + (size & 1)
    raise SpeechServerFailure(server, "the WAV answer holds no audio")


def mono16(pcm: bytes, width: int, channels: int, server: str) -> bytes:
    if width != 2 or channels < 1:
        raise SpeechServerFailure(server, f"the audio is {width * 8}-bit with {channels} channels, not 16-bit PCM")
    frames = np.frombuffer(pcm[:len(pcm) - len(pcm) % (2 * channels)], dtype="<i2")
    if channels > 1:
        frames = frames.reshape(-1, channels).mean(axis=1).astype(np.int16)
    return frames.astype("<i2").tobytes()


def at_rate(pcm: bytes, rate: int, wanted: int) -> bytes:
    """16-bit mono PCM at `wanted` Hz (the rate her speakers were opened at)."""
    if rate == wanted or not pcm:
        return pcm
    return to_int16(resample(np.frombuffer(pcm, dtype="<i2").astype(np.int16), rate, wanted)).astype("<i2").tobytes()


class Remote:
    """What both kinds of member share: the server, the gate that opens every connection, its key."""

    def __init__(self, server: SpeechServer, gate: Any, *, key: Callable[[], str | None] = lambda: None,
                 purpose: str = PURPOSE_EARS) -> None:
        self.server = server
        self.name = server.name
        self.remote = True
        self.gate = gate
        self.key = key
        self.purpose = purpose
        self._session: Any = None    # an OpenAI server's connections, kept alive between requests (rule 3)

    def fail(self, why: str, status: int = 0) -> SpeechServerFailure:
        return SpeechServerFailure(self.name, why, status)

    # -- Wyoming (rule 2)

    async def _wyoming(self, events: list[Any], until: Callable[[Any], bool],
                       keep: Callable[[Any], None] = lambda _e: None) -> Any:
        from wyoming.error import Error
        from wyoming.event import async_read_event, async_write_event

        try:
            reader, writer = await self.gate.open_connection(self.server.host, self.server.port, self.purpose)
        except OSError as exc:
            raise self.fail(unreachable(exc)) from exc
        try:
            for event in events:
                await async_write_event(event.event(), writer)
            while True:
                event = await async_read_event(reader)
                if event is None:
                    raise self.fail("the server closed the connection before it answered")
                if Error.is_type(event.type):
                    raise self.fail(f"the server said: {Error.from_event(event).text}")
                if until(event.type):
                    return event
                keep(event)
        except (OSError, asyncio.IncompleteReadError) as exc:
            raise self.fail(f"the connection broke ({exc})") from exc
        finally:
            writer.close()

    async def _wyoming_describe(self) -> str:
        from wyoming.info import Describe, Info

        event = await self._wyoming([Describe()], Info.is_type)
        return wyoming_offer(event.data, self.server.voice) or "it offers no speech programs"

    # -- OpenAI-compatible (rule 3)

    def _headers(self) -> dict[str, str]:
        key = self.key()
        return {"Authorization": f"Bearer {key}"} if key else {}

    async def _http(self, method: str, path: str, **kwargs: Any) -> tuple[bytes, str]:
        import aiohttp

        if self._session is None or self._session.closed:
            self._session = self.gate.http_session(self.purpose)
        try:
            async with self._session.request(method, f"{self.server.url}{path}", headers=self._headers(),
                                             **kwargs) as response:
                body = await response.read()
                if response.status >= 400:
                    raise self.fail(f"HTTP {response.status} {response.reason or ''}".strip()
                                    + (": the key was refused" if response.status in (401, 403) else ""),
                                    response.status)
                return body, response.headers.get("Content-Type", "")
        except aiohttp.ClientConnectorError as exc:
            raise self.fail(unreachable(exc.os_error)) from exc
        except aiohttp.ClientError as exc:
            raise self.fail(f"the connection broke ({type(exc).__name__})") from exc
        except OSError as exc:
            raise self.fail(unreachable(exc)) from exc

    async def _openai_describe(self) -> str:
        import json

        try:
            body, _ = await self._http("GET", "/models")
        except SpeechServerFailure as exc:
            if exc.status == 404:      # it answers, but keeps no list (faster-whisper-server serves one model)
                return NO_LIST
            raise
        try:
            return openai_offer(json.loads(body))
        except ValueError:
            raise self.fail("its list of models is not JSON") from None

    async def describe(self) -> str:
        return await (self._wyoming_describe() if self.server.kind == "wyoming" else self._openai_describe())

    def load_sync(self) -> None:
        """Nothing to load here: the server holds the model."""

    async def load(self) -> None:
        return None

    @property
    def loaded(self) -> bool:
        return True

    def close(self) -> None:
        return None

    async def aclose(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.close()


class RemoteTranscriber(Remote):
    """Rules 1-4 for her ears."""

    def __init__(self, server: SpeechServer, gate: Any, language: str | None, *,
                 key: Callable[[], str | None] = lambda: None) -> None:
        super().__init__(server, gate, key=key, purpose=PURPOSE_EARS)
        self.language = None if language in (None, "", "auto") else language

    async def transcribe(self, audio: np.ndarray) -> Transcript:
        start = time.perf_counter()
        x = to_float32(audio)
        audio_s = x.size / SAMPLE_RATE
        answer = await (self._wyoming_transcribe(x) if self.server.kind == "wyoming" else self._openai_transcribe(x))
        return heard(answer, audio_s, self.language, time.perf_counter() - start)

    async def _wyoming_transcribe(self, x: np.ndarray) -> dict[str, Any]:
        from wyoming.asr import Transcribe
        from wyoming.asr import Transcript as WyomingTranscript
        from wyoming.audio import AudioChunk, AudioStart, AudioStop

        pcm = to_int16(x).astype("<i2").tobytes()
        step = SAMPLE_RATE * 2   # one second of audio a chunk, as Wyoming's satellites send it
        events: list[Any] = [Transcribe(name=self.server.model or None, language=self.language),
                             AudioStart(rate=SAMPLE_RATE, width=2, channels=1)]
        events += [AudioChunk(rate=SAMPLE_RATE, width=2, channels=1, audio=pcm[i:i + step])
                   for i in range(0, len(pcm), step)]
        events.append(AudioStop())
        event = await self._wyoming(events, WyomingTranscript.is_type)
        said = WyomingTranscript.from_event(event)
        return {"text": said.text, "language": said.language}

    async def _openai_transcribe(self, x: np.ndarray) -> dict[str, Any]:
        import json

        import aiohttp

        form = aiohttp.FormData()
        form.add_field("file", wav_bytes(x), filename="utterance.wav", content_type="audio/wav")
        form.add_field("model", self.server.model)
        form.add_field("response_format", "verbose_json")
        form.add_field("temperature", "0")
        if self.language:
            form.add_field("language", self.language)
        body, kind = await self._http("POST", "/audio/transcriptions", data=form)
        if "json" not in kind and not body.lstrip().startswith(b"{"):
            return {"text": body.decode("utf-8", "replace")}
        try:
            answer = json.loads(body)
        except ValueError:
            raise self.fail("its transcript is not JSON") from None
        if not isinstance(answer, dict):
            raise self.fail("its transcript is not a JSON object")
        return answer


class RemoteVoice(Remote):
    """Rules 1-3, 6 for her voice: each synthesis at `sample_rate`, her speakers' rate."""

    def __init__(self, server: SpeechServer, gate: Any, sample_rate: int, *,
                 key: Callable[[], str | None] = lambda: None) -> None:
        super().__init__(server, gate, key=key, purpose=PURPOSE_VOICE)
        self.sample_rate = sample_rate

    async def synthesize(self, text: str, prosody: Prosody | None = None) -> Synthesis:
        start = time.perf_counter()
        plan = for_piper(prosody, 1.0)
        if self.server.kind == "wyoming":
            pcm, rate = await self._wyoming_synthesize(text)
            unapplied = tuple(plan.unapplied) + (("rate",) if plan.length_scale != 1.0 else ())
        else:
            pcm, rate = await self._openai_synthesize(text, 1.0 / plan.length_scale)
            unapplied = tuple(plan.unapplied)
        pcm = apply_gain_pcm16(at_rate(pcm, rate, self.sample_rate), plan.volume_gain)
        return Synthesis(text, pcm, self.sample_rate, unapplied, time.perf_counter() - start)

    async def _wyoming_synthesize(self, text: str) -> tuple[bytes, int]:
        from wyoming.audio import AudioChunk, AudioStart, AudioStop
        from wyoming.tts import Synthesize, SynthesizeVoice

        voice = SynthesizeVoice(name=self.server.voice) if self.server.voice else None
        chunks: list[AudioChunk] = []
        fmt: dict[str, int] = {}

        def keep(event: Any) -> None:
            if AudioStart.is_type(event.type):
                start = AudioStart.from_event(event)
                fmt.update(rate=start.rate, width=start.width, channels=start.channels)
            elif AudioChunk.is_type(event.type):
                chunks.append(AudioChunk.from_event(event))

        await self._wyoming([Synthesize(text=text, voice=voice)], AudioStop.is_type, keep)
        if not chunks:
            raise self.fail("the server sent no audio")
        first = chunks[0]
        pcm = b"".join(c.audio for c in chunks)
        return mono16(pcm, first.width, first.channels, self.name), first.rate

    async def _openai_synthesize(self, text: str, speed: float) -> tuple[bytes, int]:
        request: dict[str, Any] = {"model": self.server.model, "input": text, "response_format": "wav"}
        if self.server.voice:
            request["voice"] = self.server.voice
        if abs(speed - 1.0) > 1e-3:
            request["speed"] = round(speed, 3)
        body, _ = await self._http("POST", "/audio/speech", json=request)
        return read_wav(body, self.name)
