"""Trains the chat triage's second look (app.core.triage_look) and writes its weights, app/core/triage_look_weights.py.

Run from the repo root, after tests/bench/triage_model_train.py (it reads the small model's weights):
.venv/bin/python tests/bench/triage_look_train.py [--write]   (a few minutes on 2 cores the first time, most of it
embedding; embeddings are cached by text under $BEA_LOOK_CACHE, default ~/.cache/bea-triage-look, never in the
repository. scikit-learn is needed here only.)

Development data only, the small model's (tests/bench/triage_model_train.py, whose readers are reused), and the
written development lines: no line of a held-out part of the public corpus, of tests/bench/data/triage_unseen/ or
of the held-out half of the Chit-Chat Challenge conversations is read to fit or to choose anything.
1. The look is for lines the rules and the small model leave alone (app.core.chat_triage.judge says nothing). Its
   features: the small model's score h and the line's multilingual-e5-small query vector e (the model the app ships,
   "query: " prefix, unit length), through a probe p = w.e + b, a logistic regression. Attempts: the public corpus's
   development part and the written development attempts (tests/bench/data/triage_dev/attempts.txt, each weighing
   as much as WRITTEN_WEIGHT public ones; together as much as the IRC and Chit-Chat lines). Plain: sampled IRC and
   Chit-Chat lines (SAMPLE each) and STS sentences (STS_WEIGHT each), the packages' benign development lines, the
   written plain lines and the rules' tests' plain lines (TECH_WEIGHT each). The look flags a line when
   A*h + B*p >= THRESHOLD, A and B being MIX/std(h) and (1 - MIX)/std(p) over the validation IRC lines.
2. C and MIX are those five-fold cross-validation on the public development attempts chose (among C 0.3, 1, 3 and
   MIX 0.5 to 0.9, before written attempts were fitted on). WRITTEN_WEIGHT is chosen with the newest writer's lines
   left out (the last set of triage_dev, from line NEWEST_ATTEMPTS + 1 of attempts.txt and NEWEST_PLAIN + 1 of
   plain.txt): the kept weight calls the most of them attempts by the look alone (the rules were written looking at
   them, the look never saw them) while calling at most NEW_PLAIN_FALSE of that writer's plain lines attempts.
3. The threshold is the lowest at which the look flags, among lines judge() leaves alone, at most IRC_FALSE of the
   validation IRC lines, CHAT_FALSE of the Chit-Chat check lines and of the same lines addressed to her ("bea ..."),
   TECH_FALSE of the benign and technical lines (each scored by a probe fitted without its fold) and no STS dev
   sentence.
4. A look costs an embedding (milliseconds), so lines whose small-model score is below FLOOR get none: FLOOR is the
   score under which lie FLOOR_LOSS of the public development attempts the look catches (out of fold: the small
   model and the probe refitted without each fold); it prints the share of the check lines that still get a look
   and the public development attempts caught out of fold.
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
CS = (0.3,)            # C and MIX as five-fold cross-validation on the public development attempts chose them
MIXES = (0.7,)
WRITTEN_WEIGHTS = (0.0, 1.0, 3.0, 10.0)   # a written attempt against a public one
NEWEST_ATTEMPTS = 509    # tests/bench/data/triage_dev/attempts.txt: the newest writer's lines start after this many
NEWEST_PLAIN = 500       # and plain.txt's
NEW_PLAIN_FALSE = 0.01   # the newest writer's plain lines a choice may flag
NAMED = 5000
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
    written_a = small.on_air.written("triage_dev", "attempts.txt")
    written_p = small.on_air.written("triage_dev", "plain.txt")
    old_a, new_a = written_a[:NEWEST_ATTEMPTS], written_a[NEWEST_ATTEMPTS:]
    old_p, new_p = written_p[:NEWEST_PLAIN], written_p[NEWEST_PLAIN:]
    base = small.benign() + small.rules_plain()
    irc_train, irc_check = small.irc_chat()
    chat_train, chat_check = small.chitchat()
    sts_train, sts_dev = small.sts()
    irc, chat, sts = sample(irc_train, small.IRC_LINES), sample(chat_train, SAMPLE), sample(sts_train, STS_SAMPLE)
    irc_embedded = irc[:SAMPLE]
    irc_c, chat_c = sample(irc_check, SAMPLE), sample(chat_check, SAMPLE)
    named_c = ["bea " + t for t in chat_c[:NAMED]]      # chat addressed to her: the written attempts name her
    sts_c = [t for t in sts_dev if len(t) >= MIN_CHARS]
    print(f"development: {len(dev)} public and {len(written_a)} written attempts; plain {len(irc_embedded)} IRC, "
          f"{len(chat)} Chit-Chat, {len(base) + len(written_p)} benign and technical, {len(sts)} STS; checks "
          f"{len(irc_c)} IRC, {len(chat_c)} Chit-Chat ({len(named_c)} of them addressed to her), {len(sts_c)} STS")

    vectors = Embeddings(OnnxEmbedder(default_model_folder(), batch_size=64))
    e = {name: vectors.of(lines) for name, lines in (
        ("dev", dev), ("old_a", old_a), ("new_a", new_a), ("old_p", old_p), ("new_p", new_p), ("base", base),
        ("irc", irc_embedded), ("chat", chat), ("sts", sts), ("irc_c", irc_c), ("chat_c", chat_c),
        ("named_c", named_c), ("sts_c", sts_c))}

    def h_of(lines: list[str]) -> np.ndarray:
        return np.array([small_score(fold(t)) for t in lines])

    def judged(lines: list[str]) -> np.ndarray:
        return np.array([chat_triage.judge(t).flagged for t in lines])

    lines = {"new_a": new_a, "new_p": new_p, "old_p": old_p, "base": base, "irc_c": irc_c, "chat_c": chat_c,
             "named_c": named_c, "sts_c": sts_c}
    h = {name: h_of(v) for name, v in lines.items()}
    j = {name: judged(v) for name, v in lines.items()}

    def fit(attempts: list[np.ndarray], weights: list[float], tech: list[np.ndarray], c: float) -> LogisticRegression:
        pos, neg_tech = np.vstack(attempts), np.vstack(tech)
        w_pos = np.concatenate([np.full(len(a), w) for a, w in zip(attempts, weights, strict=True)])
        chat_n = len(e["irc"]) + len(e["chat"])
        x = np.vstack([pos, neg_tech, e["irc"], e["chat"], e["sts"]])
        y = np.r_[np.ones(len(pos)), np.zeros(len(x) - len(pos))]
        w = np.r_[w_pos * chat_n / w_pos.sum(), np.full(len(neg_tech), TECH_WEIGHT), np.ones(chat_n),
                  np.full(len(e["sts"]), STS_WEIGHT)]
        return probe(x, y, w, c)

    def mixed(model: LogisticRegression, mix: float) -> tuple[float, float, dict[str, np.ndarray]]:
        p = {name: model.decision_function(e[name]) for name in lines}
        a, b = mix / float(np.std(h["irc_c"])), (1 - mix) / float(np.std(p["irc_c"]))
        return a, b, {name: a * h[name] + b * p[name] for name in lines}

    def threshold(z: dict[str, np.ndarray], tech: np.ndarray, tech_judged: np.ndarray) -> float:
        return max(lowest(z["irc_c"][~j["irc_c"]], int(IRC_FALSE * len(irc_c))),
                   lowest(z["chat_c"][~j["chat_c"]], int(CHAT_FALSE * len(chat_c))),
                   lowest(z["named_c"][~j["named_c"]], int(CHAT_FALSE * len(named_c))),
                   lowest(tech[~tech_judged], int(TECH_FALSE * len(tech))),
                   lowest(z["sts_c"][~j["sts_c"]], 0))

    # 1. the choice, with the newest writer's lines left out (fitted on, checked against: never)
    best = None
    for c in CS:
        for weight in WRITTEN_WEIGHTS:
            model = fit([e["dev"], e["old_a"]], [1.0, weight], [e["base"], e["old_p"]], c)
            for mix in MIXES:
                _a, _b, z = mixed(model, mix)
                th = threshold(z, np.r_[z["base"], z["old_p"]], np.r_[j["base"], j["old_p"]])
                # by the look alone: the rules were written looking at these lines, the look never saw them
                caught, flagged = int((z["new_a"] >= th).sum()), int((z["new_p"] >= th).sum())
                print(f"C={c} written weight {weight} MIX={mix}: the newest writer's attempts the look alone calls "
                      f"attempts {caught} of {len(new_a)}, plain lines {flagged} of {len(new_p)}", flush=True)
                if flagged <= NEW_PLAIN_FALSE * len(new_p) and (best is None or caught > best[0]):
                    best = (caught, flagged, c, weight, mix)
    if best is None:
        sys.exit("no setting keeps the newest writer's plain lines under the limit")
    caught, flagged, c, weight, mix = best
    print(f"kept C={c}, written weight {weight}, MIX={mix}: the newest writer's attempts by the look alone {caught} "
          f"of {len(new_a)}, plain {flagged} of {len(new_p)}")

    # 2. fitted on everything, its threshold on the benign and technical lines scored out of fold
    tech_lines = base + written_p
    e_tech = np.vstack([e["base"], e["old_p"], e["new_p"]])
    tech_fold = np.array([small.fold_of(t) for t in tech_lines])
    dev_fold = np.array([small.fold_of(t) for t in dev])
    p_tech, p_dev = np.zeros(len(tech_lines)), np.zeros(len(dev))
    for k in range(FOLDS):
        m = fit([e["dev"][dev_fold != k], e["old_a"], e["new_a"]], [1.0, weight, weight],
                [e_tech[tech_fold != k]], c)
        p_tech[tech_fold == k] = m.decision_function(e_tech[tech_fold == k])
        p_dev[dev_fold == k] = m.decision_function(e["dev"][dev_fold == k])
    final = fit([e["dev"], e["old_a"], e["new_a"]], [1.0, weight, weight], [e_tech], c)
    a, b, z = mixed(final, mix)
    h_tech = np.r_[h["base"], h["old_p"], h["new_p"]]
    th = threshold(z, a * h_tech + b * p_tech, np.r_[j["base"], j["old_p"], j["new_p"]])

    # the public development attempts out of fold: the small model refitted without each fold, as its trainer fits
    chat_all = [t for t in chat_train if len(t) >= MIN_CHARS]
    h_dev = np.zeros(len(dev))
    for k in range(FOLDS):
        m = small.fit([t for t, f in zip(dev, dev_fold, strict=True) if f != k],
                      [(irc, 1.0), (chat_all, 1.0), (small.benign() + written_p + small.rules_plain(),
                                                     small.TECH_WEIGHT), (sts_train, small.SENTENCE_WEIGHT)],
                      len(irc) + len(chat_all))
        h_dev[dev_fold == k] = m.decision_function(small.matrix([t for t, f in zip(dev, dev_fold, strict=True)
                                                                 if f == k]))
    ruled = small.by_rules(dev, lambda t: bool(chat_triage.steering(t)))
    long_dev = np.array([len(t) >= MIN_CHARS for t in dev])
    judged_dev = ruled | (long_dev & (h_dev >= SMALL_THRESHOLD))
    z_dev = a * h_dev + b * p_dev
    looked = long_dev & ~judged_dev & (z_dev >= th)
    ranked = np.sort(h_dev[looked])
    floor = float(ranked[int(FLOOR_LOSS * len(ranked))]) - 1e-4 if len(ranked) else float(th)
    caught_dev = judged_dev | (looked & (h_dev >= floor))
    shares = ", ".join(f"{name} {float(np.mean(h[key][~j[key]] >= floor)):.1%}" for name, key in
                       (("IRC", "irc_c"), ("Chit-Chat", "chat_c"), ("STS", "sts_c")))
    print(f"threshold {th:.3f}; floor of the small model's score for a look {floor:.3f} (loses "
          f"{int(looked.sum() - (looked & (h_dev >= floor)).sum())} of the {int(looked.sum())} development attempts "
          f"only the look catches); share of the check lines of {MIN_CHARS}+ characters judge() leaves alone that get "
          f"a look: {shares}")
    print(f"public development attempts caught out of fold, rules, small model and look: {int(caught_dev.sum())} of "
          f"{len(dev)} (without the look {int(judged_dev.sum())})")
    if "--write" in sys.argv:
        w = [round(float(v), 6) for v in final.coef_[0]]
        WEIGHTS_FILE.write_text(
            '"""Weights of app.core.triage_look, written by tests/bench/triage_look_train.py (do not edit): a\n'
            "logistic regression on multilingual-e5-small query vectors and how it is mixed with the small model's\n"
            "score, fitted on the development part of the on-air bench's public injection corpus and the written\n"
            "development attempts (tests/bench/data/triage_dev) against Ubuntu IRC lines (CC-BY-4.0), the Chit-Chat\n"
            "Challenge's development half, the packages' benign development lines, the written plain lines, the\n"
            "rules' tests' plain lines and STS sentences; no held-out line. Licences of what it was fitted on: see\n"
            'tests/bench/triage_model_train.py."""\n\n'
            f"EMBEDDER = {vectors.embedder.name!r}\nFLOOR = {floor:.6f}\nSMALL = {a:.6f}\nPROBE = {b:.6f}\n"
            f"BIAS = {float(final.intercept_[0]):.6f}\nTHRESHOLD = {th + 1e-4:.6f}\n"
            "WEIGHTS: tuple[float, ...] = (\n"
            + "".join("    " + ", ".join(map(str, w[i:i + 8])) + ",\n" for i in range(0, len(w), 8)) + ")\n",
            encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
