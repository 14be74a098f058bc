"""Settings: one schema, one validated write path that names the field, persisted in the encrypted store."""

import pytest
from pydantic import BaseModel

from app import compose
from app.config.service import SettingsError


def test_every_field_has_a_label_and_a_line_of_help(bea):
    """Declared once, in the schema: the settings pages show the title as the label, the description as help."""
    def fields(model, prefix=""):
        for name, field in model.model_fields.items():
            if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
                yield from fields(field.annotation, f"{prefix}{name}.")
            else:
                yield f"{prefix}{name}", field
    seen = 0
    for path, field in fields(bea.settings.model):
        assert field.title and "_" not in field.title, f"{path} has no human label"
        assert field.description and field.description.endswith((".", ")")), f"{path} has no help"
        seen += 1
    assert seen > 70


@pytest.mark.parametrize("path,value,field,reason", [
    ("general.log_level", "LOUD", "general.log_level", "Input should be"),
    ("general.persona_name", "", "general.persona_name", "at least 1 character"),
    ("privacy.enabled", "sometimes", "privacy.enabled", "valid boolean"),
    ("skills.clock.timezone", "Mars/Olympus_Mons", "skills.clock.timezone", "unknown time zone"),
    ("skills.clock.hour_format", "25h", "skills.clock.hour_format", "Input should be"),
    ("general.volume", 3, "general.volume", "no such setting"),
    ("nosuch.section", 1, "nosuch", "no such settings section"),
    ("mind.context_max_tokens", 100_000, "mind.context_max_tokens", "greater than or equal to 150000"),
    ("mind.hot_tokens", 130_000, "mind.hot_tokens", "must be above the hot present"),
])
def test_bad_values_are_refused_naming_the_field(bea, path, value, field, reason):
    before = bea.settings.current.model_dump()
    with pytest.raises(SettingsError) as err:
        bea.settings.set(path, value)
    assert err.value.field == field
    assert reason in err.value.reason
    assert str(err.value).startswith(field)
    assert bea.settings.current.model_dump() == before


def test_changes_persist_across_restarts_and_bad_ones_leave_storage_alone(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    heard = []
    bea.settings.on_change(lambda path, value: heard.append((path, value)))
    bea.settings.update({"skills.clock.timezone": "Europe/Rome", "skills.clock.hour_format": "12h"})
    with pytest.raises(SettingsError):
        bea.settings.update({"general.persona_name": "Bea Two", "skills.clock.timezone": "Nowhere/Land"})
    compose.close(bea)
    assert sorted(heard) == [("skills.clock.hour_format", "12h"), ("skills.clock.timezone", "Europe/Rome")]

    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert again.settings.current.skills.clock.timezone == "Europe/Rome"
        assert again.settings.current.skills.clock.hour_format == "12h"
        assert again.settings.current.general.persona_name == "Bea"  # the all-or-nothing update left it
    finally:
        compose.close(again)


def test_settings_are_stored_in_the_database_not_a_file(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    bea.settings.set("general.persona_name", "Beatrice")
    body = bea.db.read(lambda c: c.execute("SELECT body FROM settings").fetchone()[0])
    compose.close(bea)
    assert "Beatrice" in body
    files = [p for p in data_dir.rglob("*") if p.is_file() and p.suffix in (".json", ".toml", ".ini", ".cfg")]
    assert files == []


def test_get_reads_nested_values_and_names_unknown_ones(bea):
    assert bea.settings.get("skills.clock.enabled") is True
    with pytest.raises(SettingsError, match="no such setting"):
        bea.settings.get("skills.clock.colour")
