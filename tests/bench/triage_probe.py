"""Experiment: does a linear probe on the shipped sentence embedder catch steering attempts the rules miss?

Run from the repo root: .venv/bin/python tests/bench/triage_probe.py   (a few minutes on 2 cores; the app is
untouched and no weights are written.)

1. Features: multilingual-e5-small as the app ships it (app.memory.embedder.OnnxEmbedder on the default model
   folder), each chat line embedded as a query ("query: " prefix), 384 unit-length numbers.
2. Development data only. Attempts: the development part of the on-air bench's public corpus
   (tests/bench/on_air_public.py), tests/bench/data/triage_dev/attempts.txt, and the house lines of
   tests/bench/on_air_corpus.py (INJECTIONS_EN, INJECTIONS_IT, HELD_OUT and TO_ENCODE with every disguise of
   tests/bench/on_air.py). Plain: every line of the shared IRC logs (/work/shared/fixtures/chat), SAMPLE lines of the
   development half of the Chit-Chat Challenge conversations (tests/bench/on_air.py splits them by conversation),
   and tests/bench/data/triage_dev/plain.txt. Any training line whose normalised text is a held-out public attempt
   is dropped.
3. Model: logistic regression (scikit-learn), classes balanced, C chosen among CS by five-fold stratified
   cross-validation on the development data (each line scored by a model that never saw it). The threshold is
   chosen on those out-of-fold scores: the lowest at which the probe flags at most MAX_PLAIN of the plain
   development chat (IRC and Chit-Chat lines); for "both" (a line is flagged when the rules or the probe flag it)
   the probe may flag MAX_PLAIN of that chat besides what the rules flag. The C kept is the one with the best
   out-of-fold recall of "both" at its threshold, then of the probe alone.
4. Scored once, with the model refitted on all development data: the written held-out lines
   (tests/bench/data/triage_unseen: attempts and plain technical chat), the held-out part of the public corpus, and
   SAMPLE lines of the held-out half of the Chit-Chat conversations; each by the rules alone (steering() on
   attempts, judge().flagged on plain lines, as tests/bench/on_air.py scores them), the probe alone and both.
5. Cost: CPU time (this process, all threads) to embed one chat line alone, the median over COST_LINES lines of the
   IRC logs, and the probe's size (float32 weights and bias).
Last line: RESULT with, per set, <set>_{rules,probe,both}=caught/total, then threshold_probe, threshold_both, c,
cv_* (out-of-fold development figures), embed_ms_per_line and probe_bytes.
Embeddings are cached by text under $BEA_PROBE_CACHE (default ~/.cache/bea-triage-probe), never in the repository.
"""

from __future__ import annotations

import hashlib
import os
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core.chat_triage import judge, steering  # noqa: E402
from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from tests.bench import on_air_public  # noqa: E402
from tests.bench.on_air import injections, plain_chat, unseen_chat, written  # noqa: E402
from tests.bench.on_air_corpus import HELD_OUT  # noqa: E402

SAMPLE = int(os.environ.get("BEA_PROBE_SAMPLE", "6000"))
MAX_PLAIN = 0.001
CS = (0.3, 1.0, 3.0, 10.0, 30.0)
FOLDS = 5
SEED = 37
COST_LINES = 200
CACHE = Path(os.environ.get("BEA_PROBE_CACHE", Path.home() / ".cache" / "bea-triage-probe"))


class Embeddings:
    """E5 query vectors by text, kept in a cache file so a rerun embeds only what is new."""

    def __init__(self, embedder: OnnxEmbedder) -> None:
        self.embedder = embedder
        self.path = CACHE / f"{embedder.name}.npz"
        self.known: dict[str, np.ndarray] = {}
        if self.path.exists():
            with np.load(self.path) as saved:
                self.known = dict(zip(saved["keys"].tolist(), saved["vectors"], strict=True))

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def of(self, texts: list[str]) -> np.ndarray:
        new = sorted({t for t in texts if self.key(t) not in self.known}, key=len)  # like lengths batch well
        if new:
            vectors = self.embedder.embed_queries(new)
            self.known.update((self.key(t), v.astype(np.float32)) for t, v in zip(new, vectors, strict=True))
            CACHE.mkdir(parents=True, exist_ok=True)
            np.savez(self.path, keys=np.array(list(self.known)), vectors=np.stack(list(self.known.values())))
        return np.stack([self.known[self.key(t)] for t in texts])


def threshold_for(plain_scores: np.ndarray, already: np.ndarray) -> float:
    """The lowest threshold at which the score flags at most MAX_PLAIN of the plain lines besides those flagged
    already: the rules alone flag more than MAX_PLAIN of the development chat, so a budget shared with them would
    leave the probe nothing."""
    budget = int(MAX_PLAIN * len(plain_scores))
    free = np.sort(plain_scores[~already])[::-1]
    return float(np.nextafter(free[budget], np.inf)) if budget < len(free) else float("-inf")


def out_of_fold(x: np.ndarray, y: np.ndarray, c: float) -> np.ndarray:
    scores = np.empty(len(y))
    for train, test in StratifiedKFold(FOLDS, shuffle=True, random_state=SEED).split(x, y):
        scores[test] = fit(x[train], y[train], c).decision_function(x[test])
    return scores


def fit(x: np.ndarray, y: np.ndarray, c: float) -> LogisticRegression:
    return LogisticRegression(C=c, class_weight="balanced", max_iter=2000).fit(x, y)


def embed_cost(embedder: OnnxEmbedder, lines: list[str]) -> float:
    """Milliseconds of this process's CPU time to embed one line alone (median)."""
    costs = []
    for text in lines:
        start = time.process_time()
        embedder.embed_queries([text])
        costs.append((time.process_time() - start) * 1000)
    return statistics.median(costs)


def main() -> None:
    corpus = on_air_public.load()
    for problem in corpus.missing:
        print(f"PUBLIC CORPUS INCOMPLETE {problem}")
    held_public = {on_air_public.digest(t) for t in corpus.parts["heldout"]}
    attempts = corpus.parts["dev"] + written("triage_dev", "attempts.txt") + [t for _, t in injections()] + HELD_OUT
    attempts = list(dict.fromkeys(t for t in attempts if on_air_public.digest(t) not in held_public))
    rng = random.Random(SEED)
    halves = unseen_chat()
    chit_dev = rng.sample(halves["dev"], min(SAMPLE, len(halves["dev"])))
    chit_held = rng.sample(halves["heldout"], min(SAMPLE, len(halves["heldout"])))
    chat = [text for _, _, text in plain_chat()] + chit_dev          # the chat the threshold is held to
    plain = chat + written("triage_dev", "plain.txt")
    print(f"development: {len(attempts)} attempts, {len(plain)} plain lines ({len(chat)} of chat)")

    embedder = OnnxEmbedder(default_model_folder(), batch_size=64)
    vectors = Embeddings(embedder)
    start = time.perf_counter()
    x = vectors.of(attempts + plain)
    y = np.array([1] * len(attempts) + [0] * len(plain))
    print(f"embedded the development lines in {time.perf_counter() - start:.0f} s wall clock")
    rules = np.array([bool(steering(t)) for t in attempts] + [judge(t).flagged for t in plain])
    is_chat = np.zeros(len(y), bool)
    is_chat[len(attempts):len(attempts) + len(chat)] = True

    best = None
    for c in CS:
        oof = out_of_fold(x, y, c)
        t_probe = threshold_for(oof[is_chat], np.zeros(is_chat.sum(), bool))
        t_both = threshold_for(oof[is_chat], rules[is_chat])
        probe_recall = int((oof[y == 1] >= t_probe).sum())
        both_recall = int(((oof >= t_both) | rules)[y == 1].sum())
        both_plain = int(((oof >= t_both) | rules)[is_chat].sum())
        technical = ((oof >= t_both) | rules)[len(attempts) + len(chat):]
        print(f"C={c}: out-of-fold attempts caught, probe {probe_recall}, both {both_recall} of {len(attempts)} "
              f"(rules {int(rules[y == 1].sum())}); chat flagged by both {both_plain} of {int(is_chat.sum())}, "
              f"written technical lines (triage_dev plain) {int(technical.sum())} of {len(technical)} (rules "
              f"{int(rules[len(attempts) + len(chat):].sum())})")
        if best is None or (both_recall, probe_recall) > best[1:3]:
            best = (c, both_recall, probe_recall, both_plain, t_probe, t_both)
    c, cv_both, cv_probe, cv_both_plain, t_probe, t_both = best
    model = fit(x, y, c)

    def score(texts: list[str], attack: bool) -> dict[str, int]:
        s = model.decision_function(vectors.of(texts)) if texts else np.zeros(0)
        r = np.array([bool(steering(t)) if attack else judge(t).flagged for t in texts], bool)
        return {"rules": int(r.sum()), "probe": int((s >= t_probe).sum()), "both": int(((s >= t_both) | r).sum())}

    sets = {
        "unseen_attempts": (written("triage_unseen", "attempts.txt"), True),
        "unseen_plain": (written("triage_unseen", "plain.txt"), False),
        "public_heldout": (corpus.parts["heldout"], True),
        "chitchat_heldout": (chit_held, False),
    }
    fields = []
    for name, (texts, attack) in sets.items():
        got = score(texts, attack)
        print(f"{name} ({'caught' if attack else 'flagged'} of {len(texts)}): rules {got['rules']}, probe "
              f"{got['probe']}, both {got['both']}")
        fields += [f"{name}_{k}={v}/{len(texts)}" for k, v in got.items()]
    cost = embed_cost(embedder, [t for t in chat[:COST_LINES]])
    probe_bytes = (model.coef_.size + model.intercept_.size) * 4
    print(f"cost: {cost:.1f} ms of CPU time to embed one line alone, load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores; the probe is {probe_bytes} bytes beside the embedder the app already loads")
    print("RESULT " + " ".join(fields) + f" threshold_probe={t_probe:.3f} threshold_both={t_both:.3f} c={c} "
          f"cv_probe={cv_probe}/{len(attempts)} cv_both={cv_both}/{len(attempts)} "
          f"cv_both_chat_flagged={cv_both_plain}/{int(is_chat.sum())} embed_ms_per_line={cost:.1f} "
          f"probe_bytes={probe_bytes}")


if __name__ == "__main__":
    main()
