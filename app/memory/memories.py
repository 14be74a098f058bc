"""Memories and recall: what people said (source=person) and what she made up (source=bea), embedded and
found again by meaning. The rules are app.core.recall's; this module stores, embeds and searches.

Two search paths give the same answer: an exact one (numpy over every vector of the current model, held in memory; the
default) and a coarse one (a sqlite-vec KNN pre-filter, widened until no memory outside it could outrank what it found),
both finished by the same re-ranking. Vectors carry the name of the model that made them and are never compared across
models; a memory whose embedding failed is stored anyway and embedded later.
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from app.core import recall as rules
from app.core.failures import summary
from app.core.her_words import HerWords
from app.memory.database import Connection, Database, vector_search_available
from app.memory.embedder import Embedder
from app.memory.vector_index import VectorIndex, refreshed

log = logging.getLogger(__name__)
DAY = rules.DAY_SECONDS


@dataclass(frozen=True)
class Memory:
    id: int
    text: str
    source: str
    scope: str
    ts: float
    author: str | None = None
    session_id: int | None = None
    score: float = 0.0


@dataclass(frozen=True)
class NewMemory:
    """What remember_all() is given for one memory."""
    text: str
    source: str
    scope: str = "stream"
    author: str | None = None
    session_id: int | None = None


@dataclass(frozen=True)
class _Asked:
    """Queries embedded for one recall: a row per query, and the in-memory index to search (None: sqlite-vec)."""
    vectors: np.ndarray
    index: VectorIndex | None


def _has_table(c: Connection, name: str) -> bool:
    return c.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone() is not None


def vec_table(model: str) -> str:
    return "vec_" + hashlib.sha1(model.encode()).hexdigest()[:12]


class MemoryStore:
    def __init__(self, db: Database, embedder: Embedder, clock: Callable[[], float]) -> None:
        self._db = db
        self.embedder = embedder
        self._clock = clock
        self._index: VectorIndex | None = None
        self._lock = threading.Lock()
        self.vector_search = db.read(vector_search_available)
        if self.vector_search:
            db.write(self._ensure_vec_table)

    # ---- writing (blocking: call off the loop) ----------------------------------------------------
    def _ensure_vec_table(self, c: Connection) -> None:
        c.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {vec_table(self.embedder.name)} USING vec0("
                  f"embedding float[{int(self.embedder.dim)}] distance_metric=cosine)")

    def remember(self, text: str, source: str, scope: str = "stream", author: str | None = None,
                 session_id: int | None = None) -> int | None:
        """The new memory's id, or None when it is a fragment or already known in this scope."""
        return self.remember_all([NewMemory(text, source, scope, author, session_id)])[0]

    def remember_all(self, memories: Sequence[NewMemory]) -> list[int | None]:
        """remember() for each, in order, with one embedding call for them all (the embedder batches it, at about
        a third of the cost per text of one call each) and one transaction."""
        for m in memories:
            rules.check_source(m.source)
        texts = [m.text.strip() for m in memories]
        wanted = [i for i, text in enumerate(texts) if not rules.is_fragment(text)]
        vectors: dict[int, np.ndarray] = {}
        if wanted:
            try:
                rows = self.embedder.embed_passages([texts[i] for i in wanted]).astype(np.float32)
                vectors = dict(zip(wanted, rows, strict=True))
            except Exception as exc:  # stored anyway; embed_pending() catches up
                log.warning("%d memories could not be embedded now (%s); they will be later", len(wanted),
                            summary(exc))
        model = self.embedder.name

        def run(c: Connection) -> list[int | None]:
            ids: list[int | None] = [None] * len(memories)
            for i in wanted:
                m, vector = memories[i], vectors.get(i)
                cur = c.execute(
                    "INSERT OR IGNORE INTO memories (ts, source, scope, text, norm, author, session_id, model, "
                    "vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (self._clock(), m.source, m.scope, texts[i], rules.normalise(texts[i]), m.author, m.session_id,
                     model if vector is not None else None, None if vector is None else vector.tobytes()))
                if cur.rowcount == 0:
                    continue
                if vector is not None and self.vector_search:
                    c.execute(f"INSERT INTO {vec_table(model)} (rowid, embedding) VALUES (?, ?)",
                              (cur.lastrowid, vector.tobytes()))
                ids[i] = cur.lastrowid
            return ids
        return self._db.write(run) if wanted else [None] * len(memories)

    def pending_count(self) -> int:
        """How many memories have no vector of the current model."""
        return self._db.read(lambda c: c.execute("SELECT count(*) FROM memories WHERE model IS NULL OR model != ?",
                                                 (self.embedder.name,)).fetchone()[0])

    def embed_pending(self, batch: int = 64, progress: Callable[[int, int], None] | None = None) -> int:
        """Embed what has no vector of the current model (a failed embed, or a model change), a batch per
        transaction, so quitting midway keeps what was done. A vector of another model is replaced, and its
        row leaves that model's vector index too. Returns how many were embedded."""
        model = self.embedder.name
        todo = self._db.read(lambda c: c.execute(
            "SELECT id, text, model FROM memories WHERE model IS NULL OR model != ? ORDER BY id",
            (model,)).fetchall())
        done = 0
        for start in range(0, len(todo), batch):
            chunk = todo[start:start + batch]
            vectors = self.embedder.embed_passages([t for _i, t, _m in chunk]).astype(np.float32)

            def run(c: Connection, chunk=chunk, vectors=vectors) -> None:
                for (mid, _t, old), vec in zip(chunk, vectors, strict=True):
                    c.execute("UPDATE memories SET model = ?, vector = ? WHERE id = ?", (model, vec.tobytes(), mid))
                    if not self.vector_search:
                        continue
                    if old and _has_table(c, vec_table(old)):
                        c.execute(f"DELETE FROM {vec_table(old)} WHERE rowid = ?", (mid,))
                    c.execute(f"DELETE FROM {vec_table(model)} WHERE rowid = ?", (mid,))
                    c.execute(f"INSERT INTO {vec_table(model)} (rowid, embedding) VALUES (?, ?)",
                              (mid, vec.tobytes()))
            self._db.write(run)
            done += len(chunk)
            if progress is not None:
                progress(done, len(todo))
        return done

    def forget(self, memory_id: int) -> bool:
        def run(c: Connection) -> bool:
            row = c.execute("SELECT model FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None:
                return False
            if row[0] and self.vector_search and _has_table(c, vec_table(row[0])):
                c.execute(f"DELETE FROM {vec_table(row[0])} WHERE rowid = ?", (memory_id,))
            c.execute("DELETE FROM memories WHERE id = ?", (memory_id,))
            return True
        return self._db.write(run)

    def forget_scope(self, scope: str) -> int:
        ids = self._db.read(lambda c: [r[0] for r in c.execute("SELECT id FROM memories WHERE scope = ?", (scope,))])
        return sum(self.forget(i) for i in ids)

    # ---- recall ------------------------------------------------------------------------------------
    def _load_index(self) -> VectorIndex:
        """The coded vectors of the current model, in memory. Migration 14's counters say in one row read
        whether anything changed, whoever wrote it (the dreamer's store, the dock's, the People dock's forget):
        when memories were only added, only the new rows are read and appended to arrays with room to grow;
        when any was changed or deleted, everything is read again."""
        name = self.embedder.name
        with self._lock:
            index = self._index if self._index is not None and self._index.model == name else None
            self._index = index = self._db.read(lambda c: refreshed(c, index, name, int(self.embedder.dim)))
            return index

    def _widened(self, nearest: Callable[[int], tuple[list[rules.Candidate], float | None]], total: int,
                 limit: int) -> list[rules.Candidate]:
        """The one widening of both search paths: `nearest(k)` gives the k best rows by an upper estimate, scored
        exactly, and the most any row outside them could score (None: nothing outside could qualify); k widens
        until the best `limit` exact scores are above that ceiling, the answer of a full exact ranking. Both
        paths score the same way, so they agree to the last bit."""
        k = min(total, max(limit * 8, 64))
        while True:
            cands, ceiling = nearest(k)
            if ceiling is None or k >= total:
                return cands
            best = rules.rank(cands, limit)
            if len(best) == limit and best[-1][1] > ceiling:
                return cands
            k = min(total, k * 4)

    def _by_similarity(self, rows_of: Callable[[int], list[tuple[int, float, float, str, np.ndarray]]],
                       query: np.ndarray, source: str | None) -> Callable[[int], tuple[list[rules.Candidate],
                                                                                         float | None]]:
        """`nearest` for _widened over rows (id, approximate similarity, ts, source, vector) ranked by an
        approximate similarity (sqlite-vec's KNN): nothing outside the k nearest is more similar than the last
        of them, give or take the approximation's slack."""
        q64, now = query.astype(np.float64), self._clock()

        def nearest(k: int) -> tuple[list[rules.Candidate], float | None]:
            rows = rows_of(k)
            cands = [rules.Candidate(i, float(vec.astype(np.float64) @ q64), (now - ts) / DAY)
                     for i, _approx, ts, src, vec in rows if source is None or src == source]
            if not rows:
                return cands, None
            floor = rows[-1][1] + 1e-5  # nothing outside the k nearest is more similar (approximation slack)
            if floor < rules.MIN_SIMILARITY:
                return cands, None  # everything outside is below the threshold: it can never come back
            # a row outside may score as much as the newest memory this similar; an equal score stops too
            return cands, math.nextafter(rules.SIMILARITY_WEIGHT * floor + rules.RECENCY_WEIGHT, -math.inf)
        return nearest

    def _candidates_exact(self, query: np.ndarray, source: str | None, limit: int,
                          index: VectorIndex) -> list[rules.Candidate]:
        """The rows of highest score ceiling (rules.score_ceilings over the index's similarity bounds and each
        row's age), scored exactly, widened (_widened) until the best `limit` exact scores are above every
        ceiling left outside. With a ceiling on the whole score rather than on the similarity alone, an old
        memory is passed over by its age: with E5's crowded similarities (measured, 0.82 +- 0.04 on the STS
        sentences) a similarity floor alone widened to every row."""
        n = index.count
        if not n:
            return []
        q64, now = query.astype(np.float64), self._clock()
        ceilings = rules.score_ceilings(index.bounds(query, n), (now - index.ts[:n]) / DAY)
        if source is not None:
            ceilings[index.source_codes[:n] != rules.SOURCES.index(source)] = -np.inf
        ids, ts, mat = index.ids, index.ts, index.mat

        def nearest(k: int) -> tuple[list[rules.Candidate], float | None]:
            top = np.argpartition(-ceilings, k - 1)[:k] if k < n else np.arange(n)
            top = top[np.argsort(-ceilings[top], kind="stable")]
            top = top[ceilings[top] > -np.inf]
            cands = [rules.Candidate(int(ids[j]), float(mat[j].astype(np.float64) @ q64), (now - float(ts[j])) / DAY)
                     for j in top]
            if len(top) < k:
                return cands, None  # every row that could qualify is in
            return cands, float(ceilings[top[-1]]) + 1e-9
        return self._widened(nearest, n, limit)

    def _candidates_vec(self, query: np.ndarray, source: str | None, limit: int) -> list[rules.Candidate]:
        table = vec_table(self.embedder.name)
        total = self._db.read(lambda c: c.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

        def rows_of(k: int) -> list[tuple[int, float, float, str, np.ndarray]]:
            def run(c: Connection) -> list[tuple[int, float, float, str, np.ndarray]]:
                # the KNN alone first: joined, the planner may not use the index for the MATCH
                hits = c.execute(f"SELECT rowid, distance FROM {table} WHERE embedding MATCH ? AND k = ? "
                                 f"ORDER BY distance", (query.tobytes(), k)).fetchall()
                if not hits:
                    return []
                found = {r[0]: r[1:] for r in c.execute(
                    f"SELECT id, ts, source, vector FROM memories WHERE id IN ({','.join('?' * len(hits))})",
                    [h[0] for h in hits])}
                return [(i, 1.0 - d, found[i][0], found[i][1], np.frombuffer(found[i][2], np.float32))
                        for i, d in hits if i in found]
            return self._db.read(run)
        return self._widened(self._by_similarity(rows_of, query, source), total, limit)

    def recall(self, query: str, limit: int = rules.DEFAULT_LIMIT, source: str | None = "person",
               path: str = "auto") -> list[Memory]:
        """What people said about `query` (source=None: everything, source="bea": her own words)."""
        if source is not None:
            rules.check_source(source)
        asked = self._asked([query], path)
        return self._found(asked, limit, source) if asked is not None else []

    def recall_split(self, queries: Sequence[str], her: HerWords, limit: int = rules.DEFAULT_LIMIT) -> str:
        """Two labelled blocks, what people told her and what she herself said or made up, about any of
        `queries` (one per line of a batch: a question among many lines is still asked on its own). The queries
        are embedded once, together, for both blocks; a memory several of them find keeps its best similarity.
        The headers and ages are in her words."""
        if isinstance(queries, str):
            raise TypeError("recall_split takes a list of queries, one per line, not one string")
        asked = self._asked([q for q in queries if q.strip()], "auto")
        if asked is None:
            return ""
        now = self._clock()
        people = [f"{m.text} ({rules.ago((now - m.ts) / DAY, her)})" for m in self._found(asked, limit, "person")]
        hers = [f"{m.text} ({rules.ago((now - m.ts) / DAY, her)})" for m in self._found(asked, limit, "bea")]
        told, own = rules.recall_headers(her)
        blocks = [rules.block(told, people), rules.block(own, hers)]
        return "\n".join(b for b in blocks if b)

    def _asked(self, queries: Sequence[str], path: str) -> _Asked | None:
        """The queries' vectors and where to search them; None when there is nothing to ask or nothing of this
        model to compare with (then nothing is embedded, and the model is not loaded for it)."""
        # "auto" takes the in-memory path: measured here (tests/bench/recall.py), a vec0 scan must read and
        # decrypt every vector page of the encrypted file per query, which costs more than the in-memory search
        use_vec = self.vector_search and path == "vec"
        index = None if use_vec else self._load_index()  # one read: are there rows, and did any change
        if not queries or not (index.count if index is not None else self._db.read(lambda c: c.execute(
                "SELECT 1 FROM memories WHERE model = ? LIMIT 1", (self.embedder.name,)).fetchone())):
            return None
        return _Asked(self.embedder.embed_queries(list(queries)).astype(np.float32), index)

    def _found(self, asked: _Asked, limit: int, source: str | None) -> list[Memory]:
        best: dict[int, rules.Candidate] = {}
        for vec in asked.vectors:
            found = (self._candidates_vec(vec, source, limit) if asked.index is None
                     else self._candidates_exact(vec, source, limit, asked.index))
            for c in found:
                if c.id not in best or c.similarity > best[c.id].similarity:
                    best[c.id] = c
        ranked = rules.rank(best.values(), limit)
        if not ranked:
            return []
        by_id = {r[0]: r for r in self._db.read(lambda c: c.execute(
            f"SELECT id, text, source, scope, ts, author, session_id FROM memories WHERE id IN "
            f"({','.join('?' * len(ranked))})", [i for i, _s in ranked]).fetchall())}
        return [Memory(*by_id[i], score=score) for i, score in ranked if i in by_id]

    def search_text(self, words: str, source: str | None = None, limit: int = 200) -> list[Memory]:
        """For the Memory dock: every word must appear; newest first."""
        terms = [w for w in rules.normalise(words).split() if w]
        where = " AND ".join(["norm LIKE ?"] * len(terms)) or "1"
        args: list[Any] = [f"%{t}%" for t in terms]
        if source:
            where += " AND source = ?"
            args.append(source)
        rows = self._db.read(lambda c: c.execute(
            f"SELECT id, text, source, scope, ts, author, session_id FROM memories WHERE {where} "
            f"ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall())
        return [Memory(*r) for r in rows]
