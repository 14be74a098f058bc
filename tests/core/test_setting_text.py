"""What a word typed on the command line means for a setting, by the kind of value the setting holds."""

from app.core.setting_text import parse_setting_text, setting_text


def test_a_text_setting_takes_the_word_as_typed():
    assert parse_setting_text("Bea", "old") == "Bea"
    assert parse_setting_text("123", "old") == "123"           # a name may be digits
    assert parse_setting_text("true", "old") == "true"
    assert parse_setting_text('"  spaced  "', "old") == "  spaced  "   # JSON quotes keep what plain words cannot
    assert parse_setting_text('"unterminated', "old") == '"unterminated'


def test_other_settings_read_json_and_pass_anything_else_on_for_validation_to_refuse():
    assert parse_setting_text("4455", 4455) == 4455
    assert parse_setting_text("0.5", 0.25) == 0.5
    assert parse_setting_text("false", True) is False
    assert parse_setting_text('["ollama:qwen3"]', []) == ["ollama:qwen3"]
    assert parse_setting_text('{"ollama": "http://127.0.0.1:11434/v1"}', {}) == {
        "ollama": "http://127.0.0.1:11434/v1"}
    assert parse_setting_text("abc", 4455) == "abc"              # the schema says what a port must be
    assert parse_setting_text("Europe/Rome", None) == "Europe/Rome"
    assert parse_setting_text("null", None) is None


def test_values_are_written_as_the_set_command_takes_them():
    for current, value in (("old", "Bea"), (1, 4455), (True, False), ([], ["a", "b"]), ({}, {"k": "v"})):
        shown = setting_text(value)
        assert "\n" not in shown
        assert parse_setting_text(shown, current) == value
