"""Which ears and which voice for the streamer's language (app.core.speech_language)."""

from __future__ import annotations

from app.core.speech_language import Candidate, ears_language, pick_ears, pick_voice

SMALL = Candidate("/m/faster-whisper-small", ("mul", "it", "en"), "Whisper small (faster-whisper)", "MIT")
ITALIAN_ONLY = Candidate("/m/whisper-it", ("it",), "Whisper Italian", "MIT")
PAOLA = Candidate("/m/it_IT-paola-medium", ("it",), "Piper voice Paola (Italian)", "MIT; dataset terms in MODEL_CARD")
THORSTEN = Candidate("/m/de_DE-thorsten", ("de",), "Thorsten", "CC0")


def test_the_setting_reads_auto_and_codes() -> None:
    assert ears_language("auto") is None and ears_language("") is None and ears_language(None) is None
    assert ears_language(" IT ") == "it" and ears_language("en") == "en"


def test_english_is_heard_by_the_packaged_multilingual_model_which_tells_languages_apart() -> None:
    assert pick_ears("en", "", [SMALL], "/cache/base").path == "/cache/base"     # not the bigger one installed
    assert pick_ears("en", "", [SMALL], None).path == ""                         # else the packaged English one


def test_another_language_or_auto_gets_a_multilingual_model() -> None:
    assert pick_ears("it", "", [], "/cache/base").path == "/cache/base"
    assert pick_ears(None, "", [], "/cache/base").path == "/cache/base"
    chosen = pick_ears("it", "", [SMALL], "/cache/base")
    assert (chosen.path, chosen.licence) == (SMALL.path, "MIT")
    assert pick_ears("it", "", [SMALL, ITALIAN_ONLY], None).path == SMALL.path       # names it: first in order
    assert pick_ears("it", "", [ITALIAN_ONLY, SMALL], None).path == ITALIAN_ONLY.path
    assert pick_ears(None, "", [ITALIAN_ONLY], "/cache/base").path == "/cache/base"  # auto: multilingual only


def test_without_a_multilingual_model_the_choice_says_what_to_get() -> None:
    chosen = pick_ears("it", "", [], None)
    assert chosen.path is None and "“it”" in chosen.note and "Settings → Models" in chosen.note
    assert "detect" in pick_ears(None, "", [], None).note


def test_her_own_choice_always_wins() -> None:
    assert pick_ears("it", "/my/model", [SMALL], "/cache/base").path == "/my/model"
    assert pick_voice("it", "/my/voice.onnx", [PAOLA]).path == "/my/voice.onnx"


def test_italian_is_spoken_with_the_installed_italian_voice_and_its_licence() -> None:
    chosen = pick_voice("it", "", [THORSTEN, PAOLA])
    assert (chosen.path, chosen.title, chosen.licence, chosen.note) == (
        PAOLA.path, PAOLA.title, PAOLA.licence, "")


def test_english_and_auto_keep_the_packaged_voice() -> None:
    assert pick_voice("en", "", [PAOLA]) == pick_voice(None, "", [PAOLA])
    assert pick_voice("en", "", [PAOLA]).path == ""


def test_no_italian_voice_keeps_the_english_one_and_names_the_one_to_download() -> None:
    chosen = pick_voice("it", "", [THORSTEN], "Piper voice Paola (Italian)")
    assert chosen.path == "" and "Paola" in chosen.note and "“it”" in chosen.note
