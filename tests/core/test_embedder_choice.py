"""Which embedding model her memory runs on (app.core.embedder_choice)."""

import pytest

from app.core.embedder_choice import DEFAULT, E5, FUSED, Choice, NoEmbedder, choose, installed_name


def test_default_is_the_built_in_model_when_it_runs_here():
    assert choose(DEFAULT, True, ["minilm"]) == Choice(None)
    assert choose("", True, []) == Choice(None)


def test_the_fused_built_in_runs_where_the_encoder_is_installed_and_says_so_where_it_is_not():
    assert choose(FUSED, True, [], fused_available=True) == Choice(None, fused=True)
    assert choose(DEFAULT, True, [], fused_available=True) == Choice(None)   # in English: E5 alone
    alone = choose(FUSED, True, [], fused_available=False)
    assert alone.model_id is None and not alone.fused and "not installed" in alone.note
    assert choose(FUSED, False, ["minilm"], fused_available=True).model_id == "minilm"   # rule 2, as the default


def test_the_default_follows_her_language_and_e5_alone_is_a_choice_of_its_own():
    assert choose(DEFAULT, True, [], fused_available=True, language="it") == Choice(None, fused=True)
    assert choose(DEFAULT, True, [], fused_available=True, language="en") == Choice(None)
    assert choose(DEFAULT, True, [], fused_available=False, language="it") == Choice(None)   # a bundle: no note
    assert choose(E5, True, [], fused_available=True, language="it") == Choice(None)
    assert choose(FUSED, True, [], fused_available=True, language="en") == Choice(None, fused=True)
    assert choose(DEFAULT, False, ["minilm"], fused_available=True, language="it").model_id == "minilm"
    assert choose(E5, False, ["minilm"]).model_id == "minilm"   # rule 2, as the default


def test_default_falls_back_to_an_installed_model_and_says_so():
    got = choose(DEFAULT, False, ["minilm", "other"])
    assert got.model_id == "minilm" and "no build for this system" in got.note and "minilm" in got.note


def test_default_with_nothing_to_run_names_the_fix():
    with pytest.raises(NoEmbedder, match="Settings → Models…"):
        choose(DEFAULT, False, [])


def test_an_installed_model_is_used_as_set():
    assert choose("minilm", True, ["minilm"]) == Choice("minilm")


def test_a_model_that_is_not_installed_never_falls_back_silently():
    with pytest.raises(NoEmbedder, match=r"'gone' set in Settings → Memory is not installed \(installed "
                                         r"embedding models: minilm\)"):
        choose("gone", True, ["minilm"])


def test_the_name_of_an_installed_model_changes_with_its_files():
    files = [{"path": "onnx/model.onnx", "sha256": "aa"}, {"path": "tokenizer.json", "sha256": "bb"}]
    name = installed_name("minilm", files)
    assert name.startswith("minilm@") and len(name) == len("minilm@") + 12
    assert installed_name("minilm", list(reversed(files))) == name  # order of the manifest does not matter
    assert installed_name("minilm", [files[0], {"path": "tokenizer.json", "sha256": "cc"}]) != name
    assert installed_name("other", files) != name
