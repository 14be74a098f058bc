"""Trains the chat triage's second look (app.core.triage_look) and writes its weights, app/core/triage_look_weights.py.

Run from the repo root: .venv/bin/python tests/bench/triage_look_train.py [--write]   (about 5 minutes on 2 cores
the first time, most of it embedding; embeddings are cached by text under $BEA_LOOK_CACHE, default
~/.cache/bea-triage-look, never in the repository. scikit-learn is needed here only.)

Development data only, the small model's (tests/bench/triage_model_train.py, whose readers are reused): no line of a
held-out part of the public corpus, of tests/bench/data/triage_unseen/ or of the held-out half of the Chit-Chat
Challenge conversations is read to fit or to choose anything.
1. The look is for lines the rules and the small model leave alone (app.core.chat_triage.judge says nothing). Its
   features: the small model's score h and the line's multilingual-e5-small query vector e (the model the app ships,
   "query: " prefix, unit length), through a probe p = w.e + b, a logistic regression with balanced classes (the
   attempts weigh as much as the IRC and Chit-Chat lines together, the benign and written technical lines
   TECH_WEIGHT each, STS sentences STS_WEIGHT each). The look flags a line when A*h + B*p >= THRESHOLD, A and B
   being MIX/std(h) and (1 - MIX)/std(p) over the validation IRC lines, so MIX weighs the two on one scale.
2. Plain lines, sampled (SAMPLE each, seeded): training IRC and Chit-Chat lines of MIN_CHARS and up, STS training
   sentences; all benign development lines of the packages and the written technical lines (triage_dev, the rules'
   tests). Checks: SAMPLE validation IRC lines and Chit-Chat check lines of MIN_CHARS and up, the STS dev split.
3. Cross-validation, FOLDS folds by a line's first six words (as the small model's): each development attempt and
   benign line scored by a small model and a probe fitted without its fold. A development attempt counts as caught
   when the rules name it, the small model's out-of-fold score reaches its threshold, or the look's does.
4. The threshold of each (C, MIX) in the grid is the lowest at which the look flags, among lines judge() leaves
   alone, at most IRC_FALSE of the validation IRC lines, CHAT_FALSE of the Chit-Chat check lines, TECH_FALSE of the
   benign and technical lines (out of fold) and no STS dev sentence. The (C, MIX) kept catches the most development
   attempts out of fold.
5. A look costs an embedding (milliseconds), so lines whose small-model score is below FLOOR get none: FLOOR is the
   score under which lie FLOOR_LOSS of the development attempts the look catches (out of fold) for the kept (C, MIX);
   it prints the share of the check lines that still get a look.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core import chat_triage  # noqa: E402
from app.core.text_fold import fold  # noqa: E402
from app.core.triage_model import MIN_CHARS  # noqa: E402
from app.core.triage_model import score as small_score  # noqa: E402
from app.core.triage_weights import THRESHOLD as SMALL_THRESHOLD  # noqa: E402
from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from tests.bench import triage_model_train as small  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEIGHTS_FILE = ROOT / "app" / "core" / "triage_look_weights.py"
CACHE = Path(os.environ.get("BEA_LOOK_CACHE", Path.home() / ".cache" / "bea-triage-look"))
SAMPLE = 15000
STS_SAMPLE = 4000
TECH_WEIGHT = 10.0
STS_WEIGHT = 3.0
CS = (0.3, 1.0, 3.0)
MIXES = (0.5, 0.6, 0.7, 0.8, 0.9)
IRC_FALSE = 0.0005
CHAT_FALSE = 0.0004
TECH_FALSE = 0.005
FLOOR_LOSS = 0.02
FOLDS = small.FOLDS
SEED = 37


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
            start = time.perf_counter()
            vectors = self.embedder.embed_queries(new)
            print(f"embedded {len(new)} lines in {time.perf_counter() - start:.0f} s", flush=True)
            self.known.update((self.key(t), v.astype(np.float32)) for t, v in zip(new, vectors, strict=True))
            CACHE.mkdir(parents=True, exist_ok=True)
            np.savez(self.path, keys=np.array(list(self.known)), vectors=np.stack(list(self.known.values())))
        return np.stack([self.known[self.key(t)] for t in texts])


def lowest(scores: np.ndarray, allowed: int) -> float:
    """The lowest threshold that flags at most `allowed` of these scores."""
    return small.lowest(scores, allowed)


def probe(x: np.ndarray, y: np.ndarray, weight: np.ndarray, c: float) -> LogisticRegression:
    return LogisticRegression(C=c, max_iter=3000).fit(x, y, sample_weight=weight)


def main() -> None:
    rng = np.random.default_rng(SEED)

    def sample(lines: list[str], n: int) -> list[str]:
        lines = [t for t in lines if len(t) >= MIN_CHARS]
        return [lines[i] for i in sorted(rng.choice(len(lines), size=min(n, len(lines)), replace=False))]

    dev, _ours = small.attempts()
    tech = small.benign() + small.on_air.written("triage_dev", "plain.txt") + small.rules_plain()
    irc_train, irc_check = small.irc_chat()
    chat_train, chat_check = small.chitchat()
    sts_train, sts_dev = small.sts()
    irc, chat, sts = sample(irc_train, small.IRC_LINES), sample(chat_train, SAMPLE), sample(sts_train, STS_SAMPLE)
    irc_embedded = irc[:SAMPLE]
    irc_c, chat_c = sample(irc_check, SAMPLE), sample(chat_check, SAMPLE)
    sts_c = [t for t in sts_dev if len(t) >= MIN_CHARS]
    print(f"development: {len(dev)} attempts; plain {len(irc_embedded)} IRC, {len(chat)} Chit-Chat, {len(tech)} "
          f"benign and technical, {len(sts)} STS; checks {len(irc_c)} IRC, {len(chat_c)} Chit-Chat, {len(sts_c)} STS")

    vectors = Embeddings(OnnxEmbedder(default_model_folder(), batch_size=64))
    e_dev, e_tech = vectors.of(dev), vectors.of(tech)
    e_plain = [vectors.of(irc_embedded), vectors.of(chat), vectors.of(sts)]
    e_irc_c, e_chat_c, e_sts_c = vectors.of(irc_c), vectors.of(chat_c), vectors.of(sts_c)

    # the small model out of fold, fitted as its own trainer fits it
    chat_all = [t for t in chat_train if len(t) >= MIN_CHARS]

    def negatives(k: int) -> list[tuple[list[str], float]]:
        return [(irc, 1.0), (chat_all, 1.0), ([t for t, f in zip(tech, tech_fold, strict=True) if f != k],
                                              small.TECH_WEIGHT), (sts_train, small.SENTENCE_WEIGHT)]
    dev_fold = np.array([small.fold_of(t) for t in dev])
    tech_fold = np.array([small.fold_of(t) for t in tech])
    h_dev, h_tech = np.zeros(len(dev)), np.zeros(len(tech))
    for k in range(FOLDS):
        m = small.fit([t for t, f in zip(dev, dev_fold, strict=True) if f != k], negatives(k), len(irc) + len(chat_all))
        h_dev[dev_fold == k] = m.decision_function(small.matrix([t for t, f in zip(dev, dev_fold, strict=True)
                                                                 if f == k]))
        h_tech[tech_fold == k] = m.decision_function(small.matrix([t for t, f in zip(tech, tech_fold, strict=True)
                                                                   if f == k]))
    ruled = small.by_rules(dev, lambda t: bool(chat_triage.steering(t)))
    long_dev = np.array([len(t) >= MIN_CHARS for t in dev])
    judged_dev = ruled | (long_dev & (h_dev >= SMALL_THRESHOLD))
    judged_tech = small.by_rules(tech, lambda t: chat_triage.judge(t).flagged) | (h_tech >= SMALL_THRESHOLD)

    def h_of(lines: list[str]) -> np.ndarray:
        return np.array([small_score(fold(t)) for t in lines])

    def silent(lines: list[str]) -> np.ndarray:
        return ~np.array([chat_triage.judge(t).flagged for t in lines])

    h_irc_c, h_chat_c, h_sts_c = h_of(irc_c), h_of(chat_c), h_of(sts_c)
    open_irc, open_chat, open_sts = silent(irc_c), silent(chat_c), silent(sts_c)
    print(f"the small model out of fold with the rules: {int(judged_dev.sum())} of {len(dev)} development attempts")

    x_plain = np.vstack(e_plain)
    w_plain = np.r_[np.ones(len(irc_embedded) + len(chat)), np.full(len(sts), STS_WEIGHT)]
    best = None
    for c in CS:
        p_dev, p_tech = np.zeros(len(dev)), np.zeros(len(tech))
        for k in range(FOLDS):
            keep_d, keep_t = dev_fold != k, tech_fold != k
            x = np.vstack([e_dev[keep_d], e_tech[keep_t], x_plain])
            y = np.r_[np.ones(keep_d.sum()), np.zeros(keep_t.sum() + len(x_plain))]
            w = np.r_[np.full(keep_d.sum(), (len(irc_embedded) + len(chat)) / keep_d.sum()),
                      np.full(keep_t.sum(), TECH_WEIGHT), w_plain]
            m = probe(x, y, w, c)
            p_dev[~keep_d] = m.decision_function(e_dev[~keep_d])
            p_tech[~keep_t] = m.decision_function(e_tech[~keep_t])
        x = np.vstack([e_dev, e_tech, x_plain])
        y = np.r_[np.ones(len(dev)), np.zeros(len(tech) + len(x_plain))]
        w = np.r_[np.full(len(dev), (len(irc_embedded) + len(chat)) / len(dev)), np.full(len(tech), TECH_WEIGHT),
                  w_plain]
        final = probe(x, y, w, c)
        p_irc_c = final.decision_function(e_irc_c)
        for mix in MIXES:
            a = mix / float(np.std(h_irc_c))
            b = (1 - mix) / float(np.std(p_irc_c))

            def z(h: np.ndarray, p: np.ndarray, a: float = a, b: float = b) -> np.ndarray:
                return a * h + b * p
            limits = {
                "IRC": lowest(z(h_irc_c, p_irc_c)[open_irc], int(IRC_FALSE * len(irc_c))),
                "Chit-Chat": lowest(z(h_chat_c, final.decision_function(e_chat_c))[open_chat],
                                    int(CHAT_FALSE * len(chat_c))),
                "benign and technical": lowest(z(h_tech, p_tech)[~judged_tech], int(TECH_FALSE * len(tech))),
                "STS": lowest(z(h_sts_c, final.decision_function(e_sts_c))[open_sts], 0),
            }
            threshold = max(limits.values())
            caught = judged_dev | (long_dev & (z(h_dev, p_dev) >= threshold))
            print(f"C={c} MIX={mix}: threshold {threshold:.3f} (" + ", ".join(f"{k} {v:.3f}" for k, v in
                  limits.items()) + f"); development attempts caught out of fold {int(caught.sum())} of {len(dev)}",
                  flush=True)
            if best is None or caught.sum() > best[0]:
                looked = long_dev & ~judged_dev & (z(h_dev, p_dev) >= threshold)
                best = (int(caught.sum()), c, mix, a, b, threshold, final, np.sort(h_dev[looked]))
    caught, c, mix, a, b, threshold, final, h_looked = best
    floor = float(h_looked[int(FLOOR_LOSS * len(h_looked))]) - 1e-4
    shares = ", ".join(f"{name} {float(np.mean(h[open_] >= floor)):.1%}" for name, h, open_ in
                       (("IRC", h_irc_c, open_irc), ("Chit-Chat", h_chat_c, open_chat), ("STS", h_sts_c, open_sts)))
    print(f"floor of the small model's score for a look {floor:.3f} (loses {int(FLOOR_LOSS * len(h_looked))} of the "
          f"{len(h_looked)} development attempts only the look catches); share of the check lines of {MIN_CHARS}+ "
          f"characters judge() leaves alone that get a look: {shares}")
    print(f"kept C={c} MIX={mix}: development attempts caught out of fold, rules, small model and look, {caught} of "
          f"{len(dev)} (without the look {int(judged_dev.sum())})")
    if "--write" in sys.argv:
        w = [round(float(v), 6) for v in final.coef_[0]]
        WEIGHTS_FILE.write_text(
            '"""Weights of app.core.triage_look, written by tests/bench/triage_look_train.py (do not edit): a\n'
            "logistic regression on multilingual-e5-small query vectors and how it is mixed with the small model's\n"
            "score, fitted on the development part of the on-air bench's public injection corpus against Ubuntu IRC\n"
            "lines (CC-BY-4.0), the Chit-Chat Challenge's development half, the packages' benign development lines,\n"
            "triage_dev's and the rules' tests' plain lines and STS sentences; no held-out line. Licences of what it\n"
            'was fitted on: see tests/bench/triage_model_train.py."""\n\n'
            f"EMBEDDER = {vectors.embedder.name!r}\nFLOOR = {floor:.6f}\nSMALL = {a:.6f}\nPROBE = {b:.6f}\n"
            f"BIAS = {float(final.intercept_[0]):.6f}\nTHRESHOLD = {threshold + 1e-4:.6f}\n"
            "WEIGHTS: tuple[float, ...] = (\n"
            + "".join("    " + ", ".join(map(str, w[i:i + 8])) + ",\n" for i in range(0, len(w), 8)) + ")\n",
            encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
