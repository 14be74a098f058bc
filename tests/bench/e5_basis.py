"""Writes resources/memory/e5_basis.npy: the subspace her fused memory keeps of E5's vectors.

Run from the repo root: .venv/bin/python tests/bench/e5_basis.py  (needs the default model, as recall does).
The basis is the 256 leading right singular vectors (no centring: inner products are what recall compares) of
E5's "query: " vectors (the fusion's prefix) of every line of the shared #ubuntu chat log (shared/fixtures/chat,
the stream in a box's chat), the same lines tests/bench/use_basis.py fits the universal encoder's basis on: chat
as she hears it, and no sentence of the STS-B pairs the recall-quality benchmark scores.
app/memory/fused_embedder.py projects onto it (why: its rule 2). The file is float32, 256 x 384; its digest is
part of her memory's model name, so a new basis re-embeds every memory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from app.memory.fused_embedder import E5_BASIS_FILE, E5_RANK  # noqa: E402
from tests.bench.chat_soak import chat_log  # noqa: E402


def main() -> int:
    lines = sorted({text for _nick, text, _action in chat_log()})
    rows = OnnxEmbedder(default_model_folder()).embed_queries(lines).astype(np.float64)
    _u, singular, vt = np.linalg.svd(rows, full_matrices=False)
    kept = float((singular[:E5_RANK] ** 2).sum() / (singular ** 2).sum())
    E5_BASIS_FILE.parent.mkdir(parents=True, exist_ok=True)
    np.save(E5_BASIS_FILE, vt[:E5_RANK].astype(np.float32))
    print(f"{len(lines)} chat lines; the basis keeps {kept:.3f} of their squared norm; wrote {E5_BASIS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
