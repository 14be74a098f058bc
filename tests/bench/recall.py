"""Benchmark: top-5 recall latency at 1k, 10k and 100k memories, sqlite-vec path and exact numpy path, against
a pure-Python cosine loop in the same run; and embedding throughput of the default embedder.

Run from the repo root: .venv/bin/python tests/bench/recall.py  (BEA_BENCH_SIZES=1000 for a quick run).
Memories are random unit vectors of the default model's size (384), stored encrypted exactly as the app
stores them; queries are random unit vectors, so this times the search, not the model.
Last line (the default path, exact numpy): RESULT recall_p50_ms_100k=... recall_p99_ms_100k=...
speedup_vs_python_100k=... embed_per_s=...
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
from app.memory.keys import KeyMaterial  # noqa: E402
from app.memory.memories import MemoryStore, vec_table  # noqa: E402

SIZES = [int(s) for s in os.environ.get("BEA_BENCH_SIZES", "1000,10000,100000").split(",")]
QUERIES = int(os.environ.get("BEA_BENCH_QUERIES", "50"))
DIM = 384


class FixedEmbedder:
    """Hands back the query vectors the benchmark chose (the search is what is timed)."""
    name, dim = "bench-random-384", DIM

    def __init__(self) -> None:
        self.next: np.ndarray | None = None

    def embed_queries(self, texts):
        return self.next[None, :]

    embed_passages = embed_queries


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
    embedder.next = queries[0]
    store.recall("warm-up", 5, "person", path=path)  # the in-memory matrix loads once, not per query
    out = []
    for q in queries:
        embedder.next = q
        start = time.perf_counter()
        store.recall("q", 5, "person", path=path)
        out.append((time.perf_counter() - start) * 1000)
    return out


def embed_rate() -> tuple[str, float]:
    try:
        from app.memory.embedder import default_embedder
    except ImportError:
        return "none", 0.0
    embedder = default_embedder()
    texts = [f"questa è la frase numero {i} della chat di stasera, con un po' di testo" for i in range(256)]
    embedder.embed_passages(texts[:8])
    start = time.perf_counter()
    embedder.embed_passages(texts)
    return embedder.name, len(texts) / (time.perf_counter() - start)


def main() -> None:
    rng = np.random.default_rng(11)
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        db = Database.open(Path(folder) / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
        try:
            embedder = FixedEmbedder()
            store = MemoryStore(db, embedder)
            have = 0
            for size in SIZES:
                fill(db, store, size - have, rng, have + 1)
                have = size
                queries = unit(rng, QUERIES)
                vec = timed(store, embedder, queries, "vec")
                exact = timed(store, embedder, queries, "exact")
                results[size] = (statistics.median(vec), float(np.percentile(vec, 99)),
                                 statistics.median(exact), float(np.percentile(exact, 99)))
                print(f"{size:>7,} memories: sqlite-vec p50 {results[size][0]:.2f} ms p99 {results[size][1]:.2f} ms"
                      f" · exact numpy p50 {results[size][2]:.2f} ms p99 {results[size][3]:.2f} ms")
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
    p50, p99 = results[biggest][2], results[biggest][3]  # the default (exact, in-memory) path
    label = f"{biggest // 1000}k"
    print(f"RESULT recall_p50_ms_{label}={p50:.2f} recall_p99_ms_{label}={p99:.2f} "
          f"speedup_vs_python_{label}={python_ms / p50:.1f} embed_per_s={rate:.0f}")


if __name__ == "__main__":
    main()
