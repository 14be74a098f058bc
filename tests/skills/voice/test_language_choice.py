"""The Voice skill picks her ears and her voice for the streamer's language from what the model manager installed
and what is packaged (app.skills.voice.parts.choose_models, over a real ModelManager and its folders)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.core.model_catalog import Kind
from app.memory.model_manager import ModelManager
from app.process.clock import SYSTEM
from app.senses.netgate import NetworkGate
from app.senses.voice import models
from app.skills.voice.parts import choose_models
from app.skills.voice.skill import VoiceSettings
from tests.fakes import roomy_disk
from tests.senses.voice.conftest import missing


@pytest.fixture
def manager(tmp_path: Path) -> ModelManager:
    return ModelManager(tmp_path / "models", NetworkGate(lambda: False), free_space=roomy_disk, clock=SYSTEM.time)


def install(manager: ModelManager, tmp_path: Path, name: str, kind: Kind, languages: tuple[str, ...],
            licence: str) -> Path:
    src = tmp_path / name
    src.mkdir()
    for file in ("model.bin", "config.json", "tokenizer.json") if kind is Kind.STT else (f"{name}.onnx",
                                                                                       f"{name}.onnx.json"):
        (src / file).write_bytes(b"{}")
    return asyncio.run(manager.import_path(src, kind, title=name, languages=languages, licence=licence))


@pytest.mark.skipif(missing(*models.MULTILINGUAL_PACKAGES) is not None,
                    reason=missing(*models.MULTILINGUAL_PACKAGES) or "")
def test_english_is_heard_by_the_packaged_multilingual_model_and_spoken_by_the_packaged_voice(manager,
                                                                                             tmp_path) -> None:
    """Only a multilingual model tells her the streamer spoke another language; a bigger one installed for
    Italian is not taken for English."""
    install(manager, tmp_path, "whisper-small", Kind.STT, ("mul", "it", "en"), "MIT")
    install(manager, tmp_path, "it_IT-paola-medium", Kind.VOICE, ("it",), "MIT")
    wanted, problems = choose_models(VoiceSettings(language="en"), manager)
    assert Path(wanted.whisper_model) == manager.root / ".packaged" / models.MULTILINGUAL_FOLDER
    assert (wanted.piper_voice, problems) == ("", [])


def test_nothing_is_joined_for_english_with_her_ears_off(manager) -> None:
    wanted, problems = choose_models(VoiceSettings(language="en", mode="off"), manager)
    assert (wanted.whisper_model, problems) == ("", []) and not (manager.root / ".packaged").exists()


def test_english_without_the_multilingual_packages_keeps_the_english_model(manager, monkeypatch) -> None:
    monkeypatch.setattr(models, "MULTILINGUAL_PACKAGES", ("no_such_package_here", "nor_this_one"))
    wanted, problems = choose_models(VoiceSettings(language="en"), manager)
    assert (wanted.whisper_model, wanted.piper_voice, problems) == ("", "", [])


def test_italian_gets_the_installed_multilingual_ears_and_the_italian_voice(manager, tmp_path) -> None:
    ears = install(manager, tmp_path, "whisper-small", Kind.STT, ("mul", "it", "en"), "MIT")
    voice = install(manager, tmp_path, "it_IT-paola-medium", Kind.VOICE, ("it",), "MIT")
    install(manager, tmp_path, "de_DE-thorsten-medium", Kind.VOICE, ("de",), "CC0")
    wanted, problems = choose_models(VoiceSettings(language="it", mode="always_on"), manager)
    assert (wanted.whisper_model, wanted.piper_voice, problems) == (str(ears), str(voice), [])
    assert wanted.mode == "always_on" and wanted.language == "it"


def test_spanish_gets_the_multilingual_ears_and_the_spanish_voice(manager, tmp_path) -> None:
    ears = install(manager, tmp_path, "whisper-small", Kind.STT, ("mul", "it", "en"), "MIT")
    install(manager, tmp_path, "it_IT-paola-medium", Kind.VOICE, ("it",), "MIT")
    voice = install(manager, tmp_path, "es_ES-davefx-medium", Kind.VOICE, ("es",), "MIT")
    wanted, problems = choose_models(VoiceSettings(language="es", mode="always_on"), manager)
    assert (wanted.whisper_model, wanted.piper_voice, problems) == (str(ears), str(voice), [])


def test_her_own_choices_win(manager, tmp_path) -> None:
    install(manager, tmp_path, "it_IT-paola-medium", Kind.VOICE, ("it",), "MIT")
    wanted, _ = choose_models(VoiceSettings(language="it", whisper_model="/mine", piper_voice="/mine.onnx"), manager)
    assert (wanted.whisper_model, wanted.piper_voice) == ("/mine", "/mine.onnx")


def test_without_an_italian_voice_she_keeps_hers_and_says_which_to_download(manager, tmp_path) -> None:
    install(manager, tmp_path, "whisper-small", Kind.STT, ("mul",), "MIT")
    wanted, problems = choose_models(VoiceSettings(language="it"), manager)
    assert wanted.piper_voice == ""
    assert problems == ["her voice: no voice for the language “it” is installed, so she speaks with her English one: "
                        "download Piper voice Paola (Italian) in Settings → Models…"]


@pytest.mark.skipif(missing(*models.MULTILINGUAL_PACKAGES) is not None,
                    reason=missing(*models.MULTILINGUAL_PACKAGES) or "")
def test_auto_with_nothing_installed_hears_with_the_packaged_multilingual_model(manager) -> None:
    wanted, problems = choose_models(VoiceSettings(language="auto"), manager)
    assert Path(wanted.whisper_model) == manager.root / ".packaged" / models.MULTILINGUAL_FOLDER
    assert models.whisper_model_dir(wanted.whisper_model) and problems == []
    assert manager.installed() == []                     # scratch space: not a model the manager lists


def test_with_no_multilingual_model_at_all_her_ears_stay_off_and_say_why(manager, monkeypatch) -> None:
    monkeypatch.setattr(models, "MULTILINGUAL_PACKAGES", ("no_such_package_here", "nor_this_one"))
    wanted, problems = choose_models(VoiceSettings(language="it", mode="always_on"), manager)
    assert wanted.mode == "off" and wanted.whisper_model == ""
    assert problems[0].startswith("her ears could not load: to hear the language “it” she needs a multilingual speech "
                                  "model: download Whisper small")


def test_the_end_of_turn_pause_is_352_ms_unless_she_sets_it() -> None:
    assert VoiceSettings().end_of_turn_ms == 352 and VoiceSettings(end_of_turn_ms=800).end_of_turn_ms == 800
    with pytest.raises(ValueError):
        VoiceSettings(end_of_turn_ms=100)        # below the early transcription's 128 ms and a post-roll


def test_the_language_setting_takes_codes_and_auto() -> None:
    assert VoiceSettings(language=" IT ").language == "it" and VoiceSettings(language="").language == "auto"
    with pytest.raises(ValueError):
        VoiceSettings(language="italiano, per favore")

