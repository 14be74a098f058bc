"""Benchmark: her ears and her voice on this computer, on a Wyoming server and on an OpenAI-compatible server.

Run from the repo root: .venv/bin/python tests/bench/remote_voice.py
(BEA_BENCH_REMOTE_RUNS=n runs, 5 by default; BEA_BENCH_REMOTE_QUICK=1: two utterances, two lines, one run).

1. The four engines of tests/speech_engines.py run on 127.0.0.1 with the shipped models, set as close to her own
   ears and voice as each engine lets itself be set: wyoming-faster-whisper int8 with her threads and greedy
   decoding (beam 1); faster-whisper-server from a config file (int8, her threads, beam 1, no timestamps, no
   conditioning on earlier text, no VAD); wyoming-piper and local-tts-studio as shipped (they take no thread
   setting: onnxruntime picks, where her own voice runs on one thread).
2. Every request goes the way the app sends it: the pools the Voice skill builds from "Where she hears" and
   "Where she speaks" (app.skills.voice.places), through the app's network gate with privacy mode on. A
   remote path whose server failed falls back to this computer: such a request is counted in fallbacks, and the
   run says so.
3. eos_to_text: from the utterance handed to the hearing pool (the end of speech, once the VAD has cut it) to its
   transcript back, over real speech: the JFK clip cut at its pauses, and sentences said by her own voice. The
   same utterance goes down every path in turn, RUNS times after a warm-up; medians and p90s.
4. ttfa: from a line fed to her Mouth (the whole speak call at once, as voice.py's burst figure) with the speaking
   pool as its voice, to its first audio queued on the output; the Mouth says its first chunk short. Every line
   is synthesised to its end before the next starts, so no server is still busy with an earlier line.
5. What the remote paths add, split into the engine's compute and the path:
   - *_extra_*: the remote figure minus this computer's, request by request (paired medians);
   - eos_engine_local_ms: her Transcriber's own compute (its window cut to the utterance, stt.py rule 5);
     eos_engine_{wyoming,openai}_ms: the very call each server makes into faster-whisper (a 30 s window),
     timed here in this process with the same settings; ttfa_engine_remote_ms: Piper on the first chunk with
     onnxruntime's own thread count, as both voice servers load it;
   - eos_path_{wyoming,openai}_ms and ttfa_path_{wyoming,openai}_ms: the remote figure minus that engine
     compute, request by request: the protocol, the connection, the server's framing and the client's
     decoding, i.e. what a faster box cannot take away;
   - eos_server_wyoming_ms (its --debug log: the time from audio-stop to its transcript) and
     ttfa_server_openai_ms (local-tts-studio's log: synthesis and WAV) are the servers' own word on it.
Last line: RESULT eos_to_text_local_ms=... eos_to_text_wyoming_ms=... eos_to_text_openai_ms=... ttfa_local_ms=...
   ttfa_wyoming_ms=... ttfa_openai_ms=... followed by the p90s, the extra, engine and path figures, each path's
   mean word error rate over the utterances (wer_*), and fallbacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import re
import statistics
import sys
import tempfile
import time
import urllib.request
import wave
from pathlib import Path
from types import SimpleNamespace

# run as a script: the repo root is not on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402
from faster_whisper import WhisperModel, decode_audio  # noqa: E402

from app.process.executors import BoundedExecutor  # noqa: E402
from app.senses.netgate import NetworkGate  # noqa: E402
from app.senses.voice import (  # noqa: E402
    FakeAudioDevice,
    Mouth,
    Transcriber,
    Voice,
    default_piper_voice,
    default_whisper_model,
    resample,
)
from app.senses.voice.models import piper_voice_files, whisper_model_dir  # noqa: E402
from app.senses.voice.remote_speech import wav_bytes  # noqa: E402
from app.skills.voice.places import hearing_pool, speaking_pool  # noqa: E402
from tests import speech_engines as engines  # noqa: E402
from tests.senses.voice.wer import word_error_rate  # noqa: E402

QUICK = os.environ.get("BEA_BENCH_REMOTE_QUICK") == "1"
RUNS = 1 if QUICK else int(os.environ.get("BEA_BENCH_REMOTE_RUNS", "5"))
PATHS = ("local", "wyoming", "openai")
# the JFK clip cut at its pauses: (from s, to s, the words)
JFK_PIECES = [(0.0, 2.7, "and so my fellow americans"), (2.7, 4.9, "ask not"),
              (4.9, 7.85, "what your country can do for you"), (7.85, 11.0, "ask what you can do for your country")]
HER_SENTENCES = ["Could you tell me what we are building tonight on the stream?",
                 "Thanks for the follow, it really means a lot to me.",
                 "Okay chat, let us go and find some diamonds in the caves."]
OPENINGS = ["Hey chat, welcome back to the stream! Tonight we finish the castle.",
            "Oh wow, thank you so much for the raid, that is incredibly kind of you.",
            "Okay so here is the thing about creepers: they never make a sound.",
            "Hi! Good to see you again.",
            "Wait what just happened over there, did somebody fall into the lava?"]
# what faster-whisper-server is told: her Transcriber's decoding, as far as a stock transcribe() call goes
FWS_MODEL = "whisper-1"          # the name the server serves it under: the form field it reads defaults to it
FWS_DECODING = {"beam_size": 1, "vad_filter": False, "condition_on_previous_text": False,
                "without_timestamps": True}
WYOMING_DONE = re.compile(r"Completed request in ([0-9.]+) second")
STUDIO_DONE = re.compile(r"synth (\d+) ms · total (\d+) ms")


def option(args: list[str], name: str, value: str) -> list[str]:
    """args with `name value` set (replaced where it is, added at the end otherwise)."""
    out = list(args)
    if name in out:
        out[out.index(name) + 1] = value
    else:
        out += [name, value]
    return out


def wyoming_ears_args(threads: int):
    def adjust(args: list[str], _home: Path) -> list[str]:
        return option(option(option(args, "--compute-type", "int8"), "--cpu-threads", str(threads)),
                      "--beam-size", "1") + ["--debug"]
    return adjust


def openai_ears_args(threads: int):
    def adjust(args: list[str], home: Path) -> list[str]:
        model, rest = args[0], args[1:]
        config = {"models": [{"name": FWS_MODEL, "path": model,
                              "model_options": {"device": "cpu", "compute_type": "int8", "cpu_threads": threads},
                              "transcribe_options": FWS_DECODING}]}
        path = home / "models.yaml"
        path.write_text(json.dumps(config), "utf-8")       # JSON is YAML
        return ["--config", str(path), *rest]
    return adjust


class Bus:
    """The window's event bus as far as the pools use it: what a failing server would have told the streamer."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def publish(self, kind, source, text, **_fields) -> None:
        self.told.append(text)


def p90(values: list[float]) -> float:
    return float(np.percentile(values, 90)) if values else float("nan")


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def trim_silence(x: np.ndarray, threshold: float = 0.01) -> np.ndarray:
    loud = np.flatnonzero(np.abs(x) > threshold)
    return x[loud[0]:loud[-1] + 1] if loud.size else x


def wyoming_server_ms(engine: engines.Engine) -> float:
    found = WYOMING_DONE.findall(engine.log.read_text("utf-8", errors="replace"))
    return float(found[-1]) * 1000.0 if found else float("nan")


def studio_log(engine: engines.Engine, query: str = "") -> dict:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"http://127.0.0.1:{engine.port}/api/logs{query}", timeout=5) as resp:
        return json.loads(resp.read())


def studio_server_ms(engine: engines.Engine, after: int) -> float:
    """local-tts-studio's own time (synthesis and WAV) for its first /v1/audio/speech answer logged after `after`."""
    entries = [e for e in studio_log(engine, "?q=speech%20reply").get("entries") or () if e["id"] > after]
    found = STUDIO_DONE.search(entries[0]["message"]) if entries else None
    return float(found[2]) if found else float("nan")


class Ears:
    """Rule 3: every utterance down every path, and the engines' own compute beside them."""

    def __init__(self, pools: dict, wy_engine: engines.Engine, reference: WhisperModel) -> None:
        self.pools = pools
        self.wy_engine = wy_engine
        self.reference = reference
        self.ms: dict[str, list[float]] = {p: [] for p in PATHS}
        self.engine_ms: dict[str, list[float]] = {p: [] for p in PATHS}
        self.server_ms: list[float] = []
        self.beyond_server: list[float] = []
        self.extra: dict[str, list[float]] = {p: [] for p in PATHS[1:]}
        self.path: dict[str, list[float]] = {p: [] for p in PATHS[1:]}
        self.local_path: list[float] = []
        self.last: dict[str, dict[str, str]] = {p: {} for p in PATHS}
        self.wer: dict[str, list[float]] = {p: [] for p in PATHS}
        self.fallbacks = 0

    async def one(self, audio: np.ndarray, words: str, keep: bool) -> None:
        took: dict[str, float] = {}
        for path in PATHS:
            pool = self.pools[path]
            start = time.perf_counter()
            heard = await pool.transcribe(audio)
            took[path] = (time.perf_counter() - start) * 1000.0
            if path != "local" and pool.last == pool.members[-1].name:
                self.fallbacks += 1
            if not keep:
                continue
            self.ms[path].append(took[path])
            self.wer[path].append(word_error_rate(words, heard.text))
            self.last[path][words] = heard.text
            if path == "local":
                self.engine_ms["local"].append(heard.elapsed_s * 1000.0)
                self.local_path.append(took[path] - heard.elapsed_s * 1000.0)
            elif path == "wyoming":
                self.server_ms.append(wyoming_server_ms(self.wy_engine))
                self.beyond_server.append(took[path] - self.server_ms[-1])
        if not keep:
            return
        wav = wav_bytes(audio)
        for path, engine_ms in (("wyoming", self.wyoming_call(wav)), ("openai", self.openai_call(wav))):
            self.engine_ms[path].append(engine_ms)
            self.extra[path].append(took[path] - took["local"])
            self.path[path].append(took[path] - engine_ms)

    def worst(self, path: str) -> str:
        """The transcript of the last run furthest from its words, in words."""
        said, heard = max(self.last[path].items(), key=lambda kv: word_error_rate(*kv))
        rate = word_error_rate(said, heard)
        return "every utterance word for word" if rate == 0 else f"{heard.strip()!r} for {said!r} (WER {rate:.2f})"

    def wyoming_call(self, wav: bytes) -> float:
        """What wyoming-faster-whisper does with the WAV file it wrote from the audio chunks."""
        with tempfile.NamedTemporaryFile(suffix=".wav") as f:
            f.write(wav)
            f.flush()
            start = time.perf_counter()
            segments, _ = self.reference.transcribe(f.name, beam_size=1, language="en", initial_prompt=None,
                                                    vad_filter=False, vad_parameters=None)
            " ".join(s.text for s in segments)
            return (time.perf_counter() - start) * 1000.0

    def openai_call(self, wav: bytes) -> float:
        """What faster-whisper-server does with the uploaded file, with the options of its config."""
        start = time.perf_counter()
        segments, _ = self.reference.transcribe(io.BytesIO(wav), task="transcribe", language="en",
                                                initial_prompt=None, temperature=0.0, **FWS_DECODING)
        "".join(s.text for s in list(segments))
        return (time.perf_counter() - start) * 1000.0


class Mouths:
    """Rule 4: every line through her Mouth with each speaking pool as its voice."""

    def __init__(self, pools: dict, studio: engines.Engine, reference) -> None:
        self.pools = pools
        self.studio = studio
        self.reference = reference
        self.ms: dict[str, list[float]] = {p: [] for p in PATHS}
        self.extra: dict[str, list[float]] = {p: [] for p in PATHS[1:]}
        self.path: dict[str, list[float]] = {p: [] for p in PATHS[1:]}
        self.engine_ms: list[float] = []
        self.server_ms: list[float] = []
        self.beyond_server: list[float] = []
        self.first_chunks: list[str] = []
        self.fallbacks = 0

    async def first_audio(self, pool, opening: str) -> tuple[float, str, str]:
        """(ms from the line fed to its first audio queued, the first chunk, who said it)."""
        out = FakeAudioDevice(pool.sample_rate, realtime=True, speed=1.0, clock=time.perf_counter)
        out.start()
        mouth = Mouth(pool, out, clock=time.perf_counter)
        try:
            line = mouth.begin()
            line.feed(json.dumps({"message": opening}))
            line.finish()
            await asyncio.wait_for(asyncio.shield(line.synth_done), 60)
            said_by = pool.last
            if line.error or line.first_audio_at is None or not line.queued:
                raise RuntimeError(f"the line was not said: {line.error}")
            return (line.first_audio_at - line.started_at) * 1000.0, line.queued[0].text, said_by
        finally:
            mouth.stop()
            await mouth.close()
            out.close()

    async def one(self, opening: str, keep: bool) -> None:
        took: dict[str, float] = {}
        first = ""
        for path in PATHS:
            pool = self.pools[path]
            mark = studio_log(self.studio, "?limit=1")["latest_id"] if path == "openai" else 0
            took[path], first, said_by = await self.first_audio(pool, opening)
            if path != "local" and said_by == pool.members[-1].name:
                self.fallbacks += 1
            if keep:
                self.ms[path].append(took[path])
                if path == "openai":
                    self.server_ms.append(studio_server_ms(self.studio, mark))
                    self.beyond_server.append(took[path] - self.server_ms[-1])
        if not keep:
            return
        self.first_chunks.append(first)
        engine_ms = self.piper_call(first)
        self.engine_ms.append(engine_ms)
        for path in PATHS[1:]:
            self.extra[path].append(took[path] - took["local"])
            self.path[path].append(took[path] - engine_ms)

    def piper_call(self, text: str) -> float:
        """Piper on the chunk as both voice servers call it (a WAV written from the default session)."""
        start = time.perf_counter()
        sink = io.BytesIO()
        with wave.open(sink, "wb") as w:
            self.reference.synthesize_wav(text, w)
        return (time.perf_counter() - start) * 1000.0


def utterances(steady: Voice) -> list[tuple[str, np.ndarray, str]]:
    """(name, 16 kHz audio, its words): the JFK pieces, then her own sentences."""
    jfk = decode_audio(str(engines.SPEECH_CLIP), sampling_rate=16000)
    out = [(f"jfk {a:.1f}-{b:.1f} s", jfk[int(a * 16000):int(b * 16000)], words) for a, b, words in JFK_PIECES]
    for sentence in HER_SENTENCES:
        said = steady.synthesize_sync(sentence)
        audio = trim_silence(resample(np.frombuffer(said.pcm, dtype="<i2"), said.sample_rate, 16000))
        out.append((f"her: {sentence[:24]}…", audio.astype(np.float32), sentence))
    if QUICK:
        out = [out[2], out[len(JFK_PIECES)]]
    return out


async def measure(parts, engine: dict, steady: Voice) -> str:
    gate = NetworkGate(lambda: True)          # privacy mode on: loopback is what it lets through
    bus = Bus()
    hear = {"local": ["this computer"], "wyoming": [f"wyoming://127.0.0.1:{engine['wy_ears'].port}"],
            "openai": [f"{engine['oa_ears'].uri} {FWS_MODEL}"]}
    speak = {"local": ["this computer"],
             "wyoming": [f"wyoming://127.0.0.1:{engine['wy_voice'].port} {engine['wy_voice'].voice}"],
             "openai": [f"{engine['oa_voice'].uri} tts-1 {engine['oa_voice'].voice}"]}
    hearing = {p: hearing_pool(hear[p], parts, gate, None, "en", clock=time.monotonic, bus=bus) for p in PATHS}
    speaking = {p: speaking_pool(speak[p], parts, gate, None, clock=time.monotonic, bus=bus) for p in PATHS}
    for p in PATHS:
        heard, spoken = ([m.name for m in pool[p].members] for pool in (hearing, speaking))
        print(f"{p:8} hears on {heard}, speaks on {spoken}")

    threads = parts.transcriber.cpu_threads
    reference = WhisperModel(str(whisper_model_dir(default_whisper_model())), device="cpu", compute_type="int8",
                             cpu_threads=threads, local_files_only=True)
    from piper import PiperVoice
    onnx, config = piper_voice_files(*default_piper_voice())
    piper = PiperVoice.load(str(onnx), config_path=str(config))

    said = utterances(steady)
    ears = Ears(hearing, engine["wy_ears"], reference)
    mouths = Mouths(speaking, engine["oa_voice"], piper)
    openings = OPENINGS[:2] if QUICK else OPENINGS
    await ears.one(said[0][1], said[0][2], keep=False)            # warm-up: the servers load lazily
    ears.openai_call(wav_bytes(said[0][1]))
    await mouths.one(openings[0], keep=False)
    mouths.piper_call(openings[0])
    for _ in range(RUNS):
        for _name, audio, words in said:
            await ears.one(audio, words, keep=True)
        for opening in openings:
            await mouths.one(opening, keep=True)

    n = len(said)
    print(f"\nends of speech -> text, {n} utterances ({', '.join(f'{len(a) / 16000:.1f}' for _, a, _ in said)} s)"
          f" x {RUNS} runs:")
    for p in PATHS:
        print(f"  {p:8} median {med(ears.ms[p]):6.1f} ms  p90 {p90(ears.ms[p]):6.1f} ms  engine "
              f"{med(ears.engine_ms[p]):6.1f} ms  WER median {med(ears.wer[p]):.3f}, mean "
              f"{statistics.fmean(ears.wer[p]):.3f}; last run: {ears.worst(p)}")
    print(f"  this computer's path (pool, executor hop, guard) beside its compute: {med(ears.local_path):.1f} ms")
    for p in PATHS[1:]:
        print(f"  {p:8} over this computer {med(ears.extra[p]):+6.1f} ms (paired median; p90 "
              f"{p90(ears.extra[p]):+.1f}); path beyond the engine's compute {med(ears.path[p]):+6.1f} ms "
              f"(p90 {p90(ears.path[p]):+.1f})")
    print(f"  wyoming-faster-whisper's own log, audio-stop to transcript: median {med(ears.server_ms):.1f} ms; "
          f"the rest (client, connection, audio sent): {med(ears.beyond_server):+.1f} ms")
    print(f"\nline fed -> first audio queued, {len(openings)} lines x {RUNS} runs (first chunks: "
          f"{sorted(set(mouths.first_chunks))}):")
    for p in PATHS:
        print(f"  {p:8} median {med(mouths.ms[p]):6.1f} ms  p90 {p90(mouths.ms[p]):6.1f} ms")
    print(f"  Piper as the servers load it, on the first chunk: median {med(mouths.engine_ms):.1f} ms; "
          f"local-tts-studio's own log (synthesis and WAV): median {med(mouths.server_ms):.1f} ms, the rest "
          f"(client, HTTP, WAV read, Mouth) {med(mouths.beyond_server):+.1f} ms")
    for p in PATHS[1:]:
        print(f"  {p:8} over this computer {med(mouths.extra[p]):+6.1f} ms (p90 {p90(mouths.extra[p]):+.1f}); "
              f"path beyond Piper's compute {med(mouths.path[p]):+6.1f} ms (p90 {p90(mouths.path[p]):+.1f})")
    fallbacks = ears.fallbacks + mouths.fallbacks
    if fallbacks or bus.told:
        print(f"FALLBACKS: {fallbacks} requests were answered by this computer instead: {bus.told}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end "
          "(other work on the machine slows every figure)")
    keys = {f"eos_to_text_{p}_ms": med(ears.ms[p]) for p in PATHS}
    keys |= {f"ttfa_{p}_ms": med(mouths.ms[p]) for p in PATHS}
    keys |= {f"eos_to_text_{p}_p90_ms": p90(ears.ms[p]) for p in PATHS}
    keys |= {f"ttfa_{p}_p90_ms": p90(mouths.ms[p]) for p in PATHS}
    keys |= {f"eos_extra_{p}_ms": med(ears.extra[p]) for p in PATHS[1:]}
    keys |= {f"ttfa_extra_{p}_ms": med(mouths.extra[p]) for p in PATHS[1:]}
    keys |= {f"eos_engine_{p}_ms": med(ears.engine_ms[p]) for p in PATHS}
    keys |= {f"eos_path_{p}_ms": med(ears.path[p]) for p in PATHS[1:]}
    keys |= {"eos_server_wyoming_ms": med(ears.server_ms), "eos_beyond_server_wyoming_ms": med(ears.beyond_server),
             "ttfa_engine_remote_ms": med(mouths.engine_ms)}
    keys |= {f"ttfa_path_{p}_ms": med(mouths.path[p]) for p in PATHS[1:]}
    keys |= {"ttfa_server_openai_ms": med(mouths.server_ms), "ttfa_beyond_server_openai_ms": med(mouths.beyond_server)}
    wer = " ".join(f"wer_{p}={statistics.fmean(ears.wer[p]):.3f}" for p in PATHS)
    return "RESULT " + " ".join(f"{k}={v:.1f}" for k, v in keys.items()) + f" {wer} fallbacks={fallbacks}"


def main() -> None:
    for name in engines.SPECS:
        why = engines.missing(name)
        if why is not None:
            sys.exit(f"{name} cannot run here: {why}")
    executor = BoundedExecutor("bench-remote", 2)
    model, config = default_piper_voice()
    voice = Voice(model, config, executor=executor)
    voice.load_sync()
    steady = Voice(model, config, executor=executor, noise_scale=0.0, noise_w_scale=0.0)
    steady.load_sync()
    transcriber = Transcriber(default_whisper_model(), "en", executor=executor)
    transcriber.load_sync()
    parts = SimpleNamespace(transcriber=transcriber, voice=voice)
    threads = transcriber.cpu_threads
    with contextlib.ExitStack() as stack:
        engine = {
            "wy_ears": stack.enter_context(engines.running("wyoming-faster-whisper",
                                                           adjust=wyoming_ears_args(threads))),
            "oa_ears": stack.enter_context(engines.running("faster-whisper-server", adjust=openai_ears_args(threads))),
            "wy_voice": stack.enter_context(engines.running("wyoming-piper")),
            "oa_voice": stack.enter_context(engines.running("local-tts-studio")),
        }
        print(f"engines ready in {', '.join(f'{e.spec.name} {e.ready_seconds:.1f} s' for e in engine.values())}; "
              f"whisper int8 on {threads} threads here and on both servers")
        result = asyncio.run(measure(parts, engine, steady))
    for part in (steady, voice, transcriber):
        part.close()
    executor.shutdown(wait=False, cancel_futures=True)
    print(result)


if __name__ == "__main__":
    main()
