"""Recall's in-memory index: the current model's vectors as 7-bit codes, searched with one integer product.

1. Each vector is kept twice: as stored (float32, for the exact scores of the nearest) and as codes for the
   search: scale = max|v| / 63, code = round(v / scale) (-63..63, one signed byte per dimension, a quarter more
   memory). The query is coded on 8 bits as round(q / scale) + 127 (0..254, unsigned). Reading the nearest's
   float32 vectors back from the database instead was measured: 64 scattered rows cost 2.3 ms of page reads and
   decryption at 100k memories, as much as the whole product, and the widening may ask for thousands.
2. The product of the coded query with every code is onnxruntime's MatMulInteger (uint8 x int8 -> int32), exact
   in integers, the query on the left (1 x dim) and the codes on the right as columns, in blocks of BLOCK
   memories (dim x BLOCK, contiguous; new memories fill the last block's next columns). That orientation was
   measured on an AMD EPYC (AVX-512 VNNI) at 100k x 448: 2.1 ms, against 12.4 ms with the codes as the left
   operand's rows (the layout before, 3.1-3.9 ms on the Intel machine it was first measured on) and 8.2 ms for
   numpy's float32 product. The query's offset of 127 is taken back out with each memory's sum of codes. Codes
   stay within +-63 and the query below 255, so CPUs without VNNI, whose kernel adds byte products in pairs into
   16 bits, cannot saturate (2 * 254 * 63 < 32767).
3. The similarity it gives is approximate, so the search ranks by a bound instead: for vector v, its coded v',
   the query q and its coded q', v.q <= v'.q' + |v - v'| |q| + |v'| |q - q'|, with |v - v'| and |v'| kept per
   row. The caller takes the rows of highest bound, scores them exactly from their float32 vectors, and widens
   until nothing outside, whose similarity is at most the lowest bound taken, could outrank what is inside.
   A bound per row, not the index's largest error: a row with one dominant dimension is coded coarsely, and
   measured, its error set for every row made the bound ten times looser than the real error.
4. The index follows the memories table through migration 14's counters (memory_changes): one row read says
   whether anything changed; memories only added are appended past the rows a reader may hold, anything else
   re-reads the table.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from app.core.recall import SOURCES

ROW_LEVELS = 63     # codes -63..63: see 2.
QUERY_LEVELS = 127  # the query's levels -127..127, sent as 0..254
BLOCK = 8192        # memories per block of codes (rule 2): 3.7 MB at 448 wide
_product_lock = threading.Lock()
_product_session: Any = None


def _session() -> Any:
    """One MatMulInteger session per process (onnxruntime's run may be called from several threads)."""
    global _product_session
    with _product_lock:
        if _product_session is None:
            import onnxruntime
            from onnx import TensorProto, helper

            graph = helper.make_graph(
                [helper.make_node("MatMulInteger", ["query", "codes"], ["dots"])], "recall",
                [helper.make_tensor_value_info("query", TensorProto.UINT8, [1, None]),
                 helper.make_tensor_value_info("codes", TensorProto.INT8, [None, None])],
                [helper.make_tensor_value_info("dots", TensorProto.INT32, [1, None])])
            model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
            model.ir_version = 8
            onnxruntime.disable_telemetry_events()  # its native collector is off already (app/__init__.py)
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 1  # one core: she streams on the others
            options.inter_op_num_threads = 1
            options.enable_cpu_mem_arena = False
            options.log_severity_level = 4
            _product_session = onnxruntime.InferenceSession(model.SerializeToString(), sess_options=options,
                                                            providers=["CPUExecutionProvider"])
        return _product_session


def code_rows(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(codes, scales, coding errors, coded norms) of float32 rows (rules 1 and 3)."""
    v = vectors.astype(np.float64)
    peak = np.abs(v).max(axis=1)
    scales = np.where(peak > 0, peak / ROW_LEVELS, 1.0)
    levels = np.clip(np.rint(v / scales[:, None]), -ROW_LEVELS, ROW_LEVELS)
    decoded = levels * scales[:, None]
    return (levels.astype(np.int8), scales, np.linalg.norm(v - decoded, axis=1), np.linalg.norm(decoded, axis=1))


class VectorIndex:
    """The current model's vectors, float32 and coded, with their ids, times and sources, in arrays with room
    to grow: appending the memories added since the last recall writes past the rows a reader may hold."""

    def __init__(self, model: str, dim: int, stamp: tuple[int, int], seen: int, capacity: int = 0) -> None:
        self.model, self.stamp, self.seen, self.count = model, stamp, seen, 0
        capacity = max(capacity, 1024)
        self.ids = np.empty(capacity, np.int64)
        self.ts = np.empty(capacity, np.float64)
        self.mat = np.empty((capacity, dim), np.float32)
        self.blocks: list[np.ndarray] = []           # codes as columns, dim x BLOCK each (rule 2)
        self.code_sums = np.empty(capacity, np.int64)
        self.scales = np.empty(capacity, np.float64)
        self.errors = np.empty(capacity, np.float64)
        self.norms = np.empty(capacity, np.float64)
        self.sources: list[str] = []
        self.source_codes = np.empty(capacity, np.int8)  # the index of each row's source in SOURCES

    def append(self, rows: list[tuple[int, float, bytes, str]]) -> None:
        end = self.count + len(rows)
        if end > len(self.ids):
            grown = max(end, len(self.ids) * 3 // 2)
            self.ids = _grown(self.ids, self.count, grown)
            self.ts = _grown(self.ts, self.count, grown)
            self.mat = _grown(self.mat, self.count, grown)
            self.code_sums = _grown(self.code_sums, self.count, grown)
            self.scales = _grown(self.scales, self.count, grown)
            self.errors = _grown(self.errors, self.count, grown)
            self.norms = _grown(self.norms, self.count, grown)
            self.source_codes = _grown(self.source_codes, self.count, grown)
        if rows:
            vectors = np.frombuffer(b"".join(r[2] for r in rows), np.float32).reshape(len(rows), -1)
            codes, scales, errors, norms = code_rows(vectors)
            self.ids[self.count:end] = [r[0] for r in rows]
            self.ts[self.count:end] = [r[1] for r in rows]
            self.mat[self.count:end] = vectors
            self._place(codes)
            self.code_sums[self.count:end] = codes.sum(axis=1, dtype=np.int64)
            self.scales[self.count:end] = scales
            self.errors[self.count:end] = errors
            self.norms[self.count:end] = norms
            self.sources += [r[3] for r in rows]
            self.source_codes[self.count:end] = [SOURCES.index(r[3]) for r in rows]
        self.count = end

    def _place(self, codes: np.ndarray) -> None:
        """The codes of the rows after `count` as the next columns of the blocks, new blocks as needed; a reader
        holding a smaller count never looks at these columns."""
        start = 0
        while start < len(codes):
            block, column = divmod(self.count + start, BLOCK)
            if block == len(self.blocks):
                self.blocks.append(np.zeros((codes.shape[1], BLOCK), np.int8))
            take = min(BLOCK - column, len(codes) - start)
            self.blocks[block][:, column:column + take] = codes[start:start + take].T
            start += take

    def bounds(self, query: np.ndarray, n: int) -> np.ndarray:
        """The most each of the first n rows can be similar to `query` (rules 2 and 3); n is the count the
        caller read, rows another thread appends meanwhile are not looked at."""
        q = query.astype(np.float64)
        peak = float(np.abs(q).max(initial=0.0))
        q_scale = peak / QUERY_LEVELS if peak > 0 else 1.0
        levels = np.clip(np.rint(q / q_scale), -QUERY_LEVELS, QUERY_LEVELS)
        q_err = float(np.linalg.norm(q - levels * q_scale))
        coded = (levels + QUERY_LEVELS).astype(np.uint8).reshape(1, -1)
        session = _session()
        dots = np.concatenate([session.run(None, {"query": coded, "codes": block})[0].reshape(-1)
                               for block in self.blocks[:-(-n // BLOCK)]])[:n] if n else np.zeros(0, np.int32)
        bound = dots.astype(np.float64)
        bound -= QUERY_LEVELS * self.code_sums[:n]  # the query's offset, taken back out
        bound *= self.scales[:n]
        bound *= q_scale
        slack = np.multiply(self.errors[:n], float(np.linalg.norm(q)))  # in place from here: recall's time
        bound += slack
        bound += np.multiply(self.norms[:n], q_err, out=slack)
        bound += 1e-9
        return bound


def _grown(a: np.ndarray, used: int, size: int) -> np.ndarray:
    """`a`'s first `used` rows in an array of `size`: the room past them is never written, so its pages are not
    resident until rows land there (concatenating an empty block copied it and made the whole room resident:
    the box's RSS rose in steps of a third of the index)."""
    out = np.empty((size, *a.shape[1:]), a.dtype)
    out[:used] = a[:used]
    return out


def refreshed(c: Any, index: VectorIndex | None, model: str, dim: int) -> VectorIndex:
    """`index` brought up to date in one read transaction (one snapshot): as it is when nothing changed, with
    the new rows appended when memories were only added after it was read, else read anew (rule 4)."""
    c.execute("BEGIN")
    try:
        added, altered = c.execute("SELECT added, altered FROM memory_changes WHERE id = 1").fetchone()
        if index is not None and index.stamp == (added, altered):
            return index
        if index is not None and index.stamp[1] == altered:
            new = c.execute("SELECT id, ts, vector, source, model FROM memories WHERE id > ? ORDER BY id",
                            (index.seen,)).fetchall()
            if len(new) == added - index.stamp[0]:  # every insert since is here: nothing reused an older id
                index.append([r[:4] for r in new if r[4] == model])
                index.stamp, index.seen = (added, altered), max([index.seen, *(r[0] for r in new)])
                return index
        rows = c.execute("SELECT id, ts, vector, source FROM memories WHERE model = ? ORDER BY id",
                         (model,)).fetchall()
        seen = c.execute("SELECT coalesce(max(id), 0) FROM memories").fetchone()[0]
        fresh = VectorIndex(model, dim, (added, altered), seen, capacity=len(rows) * 5 // 4)
        for start in range(0, len(rows), 4096):  # coded in slices: float64 copies of a slice, not of the table
            fresh.append(rows[start:start + 4096])
        return fresh
    finally:
        c.execute("COMMIT")
