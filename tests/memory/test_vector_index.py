"""Recall's coded index: no row is more similar than the bound the integer product gives it, and recall over
dense, clustered vectors (every memory shares words with many others, so the widening is exercised) returns
exactly what a full float64 ranking of every memory returns."""

import hashlib
import random

import numpy as np

from app.core import recall as rules
from app.memory.memories import MemoryStore
from app.memory.vector_index import VectorIndex

WORDS = ("gatto pixel milano pasta pizza boss fight elden ring stream domani esame fisica chitarra concerto "
         "cane roma lavoro vacanza mare montagna film serie libro caffe birra calcio inter juve").split()


class DenseEmbedder:
    """Each word a fixed random direction in 384 dimensions, a text the normalised sum of its words': dense
    rows like a real model's, similar when words are shared."""
    name, dim = "dense-test-384", 384

    def embed_passages(self, texts):
        rows = []
        for text in texts:
            v = np.zeros(self.dim)
            for word in text.split():
                seed = int(hashlib.md5(word.encode()).hexdigest()[:8], 16)
                v += np.random.default_rng(seed).standard_normal(self.dim)
            rows.append(v / np.linalg.norm(v))
        return np.array(rows, np.float32)

    embed_queries = embed_passages


def test_no_row_is_more_similar_than_its_bound_and_the_bounds_are_tight():
    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((3000, 384)).astype(np.float32)
    vectors[:100, 7] *= 40  # rows with one dominant dimension, coded coarsely
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex("m", 384, (0, 0), 0)
    index.append([(i, 0.0, v.tobytes(), "person") for i, v in enumerate(vectors)])
    for _ in range(20):
        query = vectors[rng.integers(len(vectors))] + 0.5 * rng.standard_normal(384).astype(np.float32)
        query = (query / np.linalg.norm(query)).astype(np.float32)
        upper = index.bounds(query, index.count)
        exact = vectors.astype(np.float64) @ query.astype(np.float64)
        assert (upper >= exact).all()
        # a bound, tight enough to prune with where no dimension dominates
        assert 0 < (upper - exact)[100:].max() < 0.05


def test_rows_appended_across_blocks_are_bounded_like_rows_of_one_block():
    """Codes live as columns of fixed-size blocks (vector_index rule 2): appends that fill a block and start the
    next, and a count that ends inside a block, give every row its bound, and only the rows counted."""
    from app.memory.vector_index import BLOCK
    rng = np.random.default_rng(5)
    vectors = rng.standard_normal((2 * BLOCK + 300, 64)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    index = VectorIndex("m", 64, (0, 0), 0)
    for start, stop in ((0, BLOCK - 5), (BLOCK - 5, BLOCK + 7), (BLOCK + 7, 2 * BLOCK), (2 * BLOCK, len(vectors))):
        index.append([(i, 0.0, vectors[i].tobytes(), "person") for i in range(start, stop)])
    assert len(index.blocks) == 3 and index.count == len(vectors)
    query = vectors[BLOCK + 3] + 0.3 * rng.standard_normal(64).astype(np.float32)
    query = (query / np.linalg.norm(query)).astype(np.float32)
    exact = vectors.astype(np.float64) @ query.astype(np.float64)
    upper = index.bounds(query, index.count)
    assert upper.shape == exact.shape and (upper >= exact).all() and (upper - exact).max() < 0.1
    partial = index.bounds(query, BLOCK + 2)                     # a reader that counted fewer rows
    assert np.array_equal(partial, upper[:BLOCK + 2])
    assert index.bounds(query, 0).shape == (0,)


def test_recall_equals_a_full_ranking_of_every_memory(bea):
    rng = random.Random(9)
    t = [1_800_000_000.0]
    store = MemoryStore(bea.db, DenseEmbedder(), clock=lambda: t[0])
    for i in range(1500):
        t[0] += rng.uniform(0, 3600)
        store.remember(" ".join(rng.sample(WORDS, 4)) + f" n{i}", rng.choice(["person", "person", "bea"]))
    rows = bea.db.read(lambda c: c.execute("SELECT id, ts, source, vector FROM memories").fetchall())
    for _ in range(25):
        query = " ".join(rng.sample(WORDS, 3))
        q = DenseEmbedder().embed_queries([query])[0].astype(np.float64)
        for source in ("person", "bea", None):
            everything = [rules.Candidate(i, float(np.frombuffer(v, np.float32).astype(np.float64) @ q),
                                          (t[0] - ts) / rules.DAY_SECONDS)
                          for i, ts, src, v in rows if source is None or src == source]
            want = [(i, round(s, 9)) for i, s in rules.rank(everything, 5)]
            assert want, "the queries share words with the memories: something must come back"
            got = [(m.id, round(m.score, 9)) for m in store.recall(query, 5, source, path="exact")]
            assert got == want, query
