"""Benchmark: top-5 recall latency at 1k, 10k and 100k memories: the sqlite-vec path, the default path (7-bit
codes and one integer product, app/memory/vector_index.py) and the float32 numpy path it replaced,
timed alone (recall_p50, as the bench always did) and then with the float32 path in the same run, query by
query in turn, so a loaded machine weighs on both alike (float32_over_default, the paired medians' ratio); a pure-Python
cosine loop too; and embedding throughput of the default embedder.

Run from the repo root: .venv/bin/python tests/bench/recall.py  (BEA_BENCH_SIZES=1000 for a quick run).
Memories are random unit vectors of her memory's default model's width (448: E5 fused with the universal
encoder, app/memory/fused_embedder.py; 384 where that is not installed), stored encrypted exactly as the app
stores them, so this times the search, not the model. Queries are random unit vectors (nothing similar: the
figure kept since the first run) and, as "near", memories with noise (similarity about 0.7, so results come
back and their texts are read); every answer of the default path is checked against the float32 path's.
BEA_BENCH_REAL=1 first times both paths on the default model's vectors of the STS dev sentences (real_vectors).
Last line (the default path): RESULT recall_p50_ms_100k=... recall_p99_ms_100k=... near_p50_ms_100k=...
float32_p50_ms_100k=... float32_over_default_100k=... speedup_vs_python_100k=... agree=.../... embed_per_s=...
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.memory.database import Database  # noqa: E402
from app.memory.fused_embedder import lazy_default  # noqa: E402
from app.memory.keys import KeyMaterial  # noqa: E402
from app.memory.memories import MemoryStore, vec_table  # noqa: E402

SIZES = [int(s) for s in os.environ.get("BEA_BENCH_SIZES", "1000,10000,100000").split(",")]
QUERIES = int(os.environ.get("BEA_BENCH_QUERIES", "50"))
DIM = int(lazy_default(fused=True).dim)  # the widest built-in choice's width only: nothing loads


class FixedEmbedder:
    """Hands back the query vectors the benchmark chose (the search is what is timed)."""
    name, dim = f"bench-random-{DIM}", DIM

    def __init__(self) -> None:
        self.next: np.ndarray | None = None

    def embed_queries(self, texts):
        return self.next[None, :]

    embed_passages = embed_queries


class Float32Store(MemoryStore):
    """The exact path of float32 vectors, the baseline: every vector of the model in a float32 matrix, one float32
    product per query, the nearest re-scored by the same widening. The baseline, in the same run."""

    _mat: np.ndarray | None = None
    _stamp: tuple[int, int] | None = None

    def _candidates_exact(self, query, source, limit, index):
        if self._stamp != index.stamp:
            rows = self._db.read(lambda c: c.execute("SELECT vector FROM memories WHERE model = ? ORDER BY id",
                                                     (index.model,)).fetchall())
            self._mat = np.frombuffer(b"".join(r[0] for r in rows), np.float32).reshape(len(rows), -1)
            self._stamp = index.stamp
        ids, ts, mat, sources = index.ids[:index.count], index.ts[:index.count], self._mat, index.sources
        approx = mat @ query

        def rows_of(k):
            top = np.argpartition(-approx, k - 1)[:k] if k < len(approx) else np.arange(len(approx))
            top = top[np.argsort(-approx[top], kind="stable")]
            return [(int(ids[j]), float(approx[j]), float(ts[j]), sources[j], mat[j]) for j in top]
        return self._widened(self._by_similarity(rows_of, query, source), len(ids), limit)


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def fill(db: Database, store: MemoryStore, n: int, rng: np.random.Generator, start: int) -> None:
    vectors = unit(rng, n)
    now = time.time()
    ages = rng.uniform(0, 60 * 86400, n)
    table = vec_table(store.embedder.name)

    def run(c, vectors=vectors):
        c.executemany("INSERT INTO memories (id, ts, source, scope, text, norm, model, vector) "
                      "VALUES (?, ?, 'person', 'bench', ?, ?, ?, ?)",
                      [(start + i, now - ages[i], f"memory {start + i}", f"memory {start + i}",
                        store.embedder.name, vectors[i].tobytes()) for i in range(n)])
        c.executemany(f"INSERT INTO {table} (rowid, embedding) VALUES (?, ?)",
                      [(start + i, vectors[i].tobytes()) for i in range(n)])
    db.write(run)


def python_top5(rows: list[tuple[list[float], float]], q: list[float]) -> list[int]:
    scored = []
    for i, (vec, _ts) in enumerate(rows):
        scored.append((sum(a * b for a, b in zip(vec, q, strict=True)), i))
    scored.sort(reverse=True)
    return [i for _s, i in scored[:5]]


def timed(store: MemoryStore, embedder: FixedEmbedder, queries: np.ndarray, path: str) -> list[float]:
    return timed_pair([(store, path)], embedder, queries)[0][0]


def timed_pair(runs: list[tuple[MemoryStore, str]], embedder: FixedEmbedder,
               queries: np.ndarray) -> tuple[list[list[float]], list[list[list[tuple[int, float]]]]]:
    """Per run, the milliseconds of each query and its answers; the runs take turns query by query."""
    embedder.next = queries[0]
    for store, path in runs:
        store.recall("warm-up", 5, "person", path=path)  # the in-memory index loads once, not per query
    times: list[list[float]] = [[] for _ in runs]
    answers: list[list[list[tuple[int, float]]]] = [[] for _ in runs]
    for q in queries:
        embedder.next = q
        for n, (store, path) in enumerate(runs):
            start = time.perf_counter()
            found = store.recall("q", 5, "person", path=path)
            times[n].append((time.perf_counter() - start) * 1000)
            answers[n].append([(m.id, round(m.score, 9)) for m in found])
    return times, answers


def near(rng: np.random.Generator, db: Database, n: int, have: int) -> np.ndarray:
    """Queries at similarity about 0.7 to a stored memory each."""
    picks = rng.integers(1, have + 1, n)
    rows = db.read(lambda c: [c.execute("SELECT vector FROM memories WHERE id = ?", (int(i),)).fetchone()[0]
                              for i in picks])
    base = np.frombuffer(b"".join(rows), np.float32).reshape(n, -1)
    mixed = base + unit(rng, n)
    return mixed / np.linalg.norm(mixed, axis=1, keepdims=True)


def embed_rate() -> tuple[str, float]:
    embedder = lazy_default(fused=True)
    texts = [f"questa è la frase numero {i} della chat di stasera, con un po' di testo" for i in range(256)]
    embedder.embed_passages(texts[:8])
    start = time.perf_counter()
    embedder.embed_passages(texts)
    return embedder.name, len(texts) / (time.perf_counter() - start)


def real_vectors() -> None:
    """BEA_BENCH_REAL=1: the memories are the default model's passages of the STS dev sentences (both
    languages), the questions its queries of 60 of the English ones, ages spread over 60 days: E5's similarities
    are crowded (about 0.8 between unrelated sentences), which random vectors never show."""
    import csv

    sts = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "sts"
    read: dict[str, list[list[str]]] = {}
    for name in ("stsb-it-dev.csv", "stsb-en-dev.csv"):
        with (sts / name).open(encoding="utf-8", newline="") as f:
            read[name] = list(csv.reader(f))
    texts = sorted({t for rows in read.values() for row in rows for t in row[:2]})
    english = sorted({row[0] for row in read["stsb-en-dev.csv"]})
    model = lazy_default(fused=True)
    rows = model.embed_passages(texts).astype(np.float32)
    queries = model.embed_queries(english[:60]).astype(np.float32)
    rng = np.random.default_rng(5)
    with tempfile.TemporaryDirectory() as folder:
        db = Database.open(Path(folder) / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
        try:
            embedder = FixedEmbedder()
            frozen = time.time()
            store = MemoryStore(db, embedder, clock=lambda: frozen)
            baseline = Float32Store(db, embedder, clock=lambda: frozen)
            ages = rng.uniform(0, 60 * 86400, len(rows))
            db.write(lambda c: c.executemany(
                "INSERT INTO memories (id, ts, source, scope, text, norm, model, vector) "
                "VALUES (?, ?, 'person', 'bench', ?, ?, ?, ?)",
                [(i + 1, frozen - ages[i], f"memory {i}", f"memory {i}", embedder.name, rows[i].tobytes())
                 for i in range(len(rows))]))
            (new, old), (got, want) = timed_pair([(store, "exact"), (baseline, "exact")], embedder, queries)
        finally:
            db.close()
    agree = sum(a == b for a, b in zip(got, want, strict=True))
    print(f"real vectors of the default model: {len(rows):,} memories, default p50 {statistics.median(new):.2f} ms, "
          f"float32 p50 {statistics.median(old):.2f} ms, agree {agree}/{len(got)}")


def main() -> None:
    if os.environ.get("BEA_BENCH_REAL") == "1":
        real_vectors()
    rng = np.random.default_rng(11)
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        db = Database.open(Path(folder) / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
        try:
            embedder = FixedEmbedder()
            frozen = time.time()  # one "now" for both paths, so recency cannot tell their answers apart
            store = MemoryStore(db, embedder, clock=lambda: frozen)
            baseline = Float32Store(db, embedder, clock=lambda: frozen)
            have, agree, asked = 0, 0, 0
            for size in SIZES:
                fill(db, store, size - have, rng, have + 1)
                have = size
                queries = unit(rng, QUERIES)
                vec = timed(store, embedder, queries, "vec")
                alone = timed(store, embedder, queries, "exact")  # the default path by itself, as with float32 vectors
                (exact, old), (got, want) = timed_pair([(store, "exact"), (baseline, "exact")], embedder, queries)
                (exact_near, old_near), (got_near, want_near) = timed_pair(
                    [(store, "exact"), (baseline, "exact")], embedder, near(rng, db, QUERIES, have))
                agree += sum(a == b for a, b in zip(got + got_near, want + want_near, strict=True))
                asked += len(got) + len(got_near)
                results[size] = (statistics.median(vec), float(np.percentile(vec, 99)),
                                 statistics.median(alone), float(np.percentile(alone, 99)),
                                 statistics.median(old), statistics.median(exact_near), statistics.median(old_near),
                                 statistics.median(exact))
                r = results[size]
                print(f"{size:>7,} memories: sqlite-vec p50 {r[0]:.2f} ms p99 {r[1]:.2f} ms"
                      f" · default p50 {r[2]:.2f} ms p99 {r[3]:.2f} ms (near {r[5]:.2f})"
                      f" · taking turns: default p50 {r[7]:.2f} ms, float32 p50 {r[4]:.2f} ms (near {r[6]:.2f})")
            biggest = SIZES[-1]
            rows = db.read(lambda c: [(np.frombuffer(r[0], np.float32).tolist(), r[1]) for r in c.execute(
                "SELECT vector, ts FROM memories ORDER BY id")])
            q = unit(rng, 1)[0].tolist()
            start = time.perf_counter()
            python_top5(rows, q)
            python_ms = (time.perf_counter() - start) * 1000
            print(f"pure-Python cosine loop over {biggest:,}: {python_ms:.0f} ms")
        finally:
            db.close()
    name, rate = embed_rate()
    print(f"embedding throughput ({name}): {rate:.0f} passages/s")
    _v50, _v99, p50, p99, old50, near50, _old_near, paired50 = results[biggest]  # the default (in-memory) path
    label = f"{biggest // 1000}k"
    print(f"RESULT recall_p50_ms_{label}={p50:.2f} recall_p99_ms_{label}={p99:.2f} near_p50_ms_{label}={near50:.2f} "
          f"float32_p50_ms_{label}={old50:.2f} float32_over_default_{label}={old50 / paired50:.2f} "
          f"speedup_vs_python_{label}={python_ms / p50:.1f} agree={agree}/{asked} embed_per_s={rate:.0f}")


if __name__ == "__main__":
    main()
