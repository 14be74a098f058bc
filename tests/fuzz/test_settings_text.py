"""`python -m app settings set PATH VALUE` fuzzed: any word typed for any setting (numbers no float holds,
nesting too deep, broken JSON, other scripts' digits) becomes a value the settings schema accepts or a
SettingsError naming the field; the word never raises anything else, and what is accepted is written back out
as the JSON `get` prints."""

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from app.cli.settings import _plain, leaves
from app.config.schema import build_root_model
from app.config.service import SettingsError, SettingsService
from app.core.setting_text import parse_setting_text, setting_text
from app.skills.registry import discover
from tests.fuzz.strategies import FUZZ, count, text_inputs

MODEL = build_root_model({k: cls.settings_model for k, cls in discover().items()})
PATHS = [path for path, _value in leaves(MODEL())]
WORDS = ["4455", "0.5", "true", "null", '["ollama:x"]', '{"ollama": "http://127.0.0.1:11434/v1"}', "Infinity",
         "-Infinity", "NaN", "1e999", "9" * 400, "[" * 3000, '"quoted"', "INFO", "23:00-07:00", "-1", "²"]


def _finite(value) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


@FUZZ
@given(st.sampled_from(PATHS), text_inputs(WORDS))
def test_a_word_for_any_setting_is_stored_or_refused_naming_the_field(path, word):
    count("settings-text")
    settings = SettingsService(MODEL, None, lambda _version, _body: None)
    current = settings.get(path)
    try:
        settings.set(path, parse_setting_text(word, _plain(current)))
    except SettingsError as exc:
        assert str(exc)
        return
    stored = _plain(settings.get(path))
    assert _finite(stored), (path, word, stored)
    assert json.loads(setting_text(stored)) == stored
