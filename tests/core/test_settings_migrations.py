"""Settings documents step forward one version at a time, and refuse a newer document."""

import pytest

from app.core.settings_migrations import SettingsVersionError, migrate_settings


def rename_voice(doc):
    doc = dict(doc)
    doc["voice"] = {"rate": doc.pop("speech_rate")}
    return doc


def add_privacy(doc):
    return {**doc, "privacy": {"enabled": False}}


STEPS = {1: rename_voice, 2: add_privacy}


def test_runs_each_step_in_order():
    out = migrate_settings({"speech_rate": 1.2}, 1, 3, STEPS)
    assert out == {"voice": {"rate": 1.2}, "privacy": {"enabled": False}}


def test_current_document_is_a_copy_unchanged():
    doc = {"voice": {"rate": 1.0}}
    out = migrate_settings(doc, 3, 3, STEPS)
    assert out == doc and out is not doc


def test_input_is_not_mutated():
    doc = {"speech_rate": 1.2}
    migrate_settings(doc, 1, 3, STEPS)
    assert doc == {"speech_rate": 1.2}


def test_newer_document_refused():
    with pytest.raises(SettingsVersionError, match="newer version"):
        migrate_settings({}, 4, 3, STEPS)


def test_missing_step_named():
    with pytest.raises(SettingsVersionError, match="from schema 3 to 4"):
        migrate_settings({}, 3, 4, STEPS)
