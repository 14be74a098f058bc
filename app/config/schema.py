"""The settings schema: type, default and description for every field, in nested sections.

The root model is assembled from the core sections below plus one section per discovered skill, under
`skills.<key>`. Every model forbids unknown fields, so a typo is an error rather than a silent no-op.
Secrets are never fields here: they live in the OS keyring (app.process.secrets).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, create_model

from app.config.api_settings import ApiSettings
from app.config.mind_settings import MindSettings
from app.config.section import ADVANCED, Section, SkillSettings

SETTINGS_SCHEMA_VERSION = 3


class GeneralSettings(Section):
    persona_name: str = Field("Bea", min_length=1, max_length=40, title="Her name",
                              description="The name she answers to and signs with.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        "INFO", title="Log detail", json_schema_extra=ADVANCED,
        description="How much goes to the log file in the data folder (DEBUG for a bug report).")


class PrivacySettings(Section):
    enabled: bool = Field(False, title="Privacy mode",
                          description="Nothing leaves this computer: only models, voices and services running "
                                      "on it are used.")


class UiSettings(Section):
    start_minimized: bool = Field(False, title="Start in the tray",
                                  description="Start with the window hidden in the system tray (when there "
                                              "is one).")
    # "system", or a language code; the languages offered are the window's translations present (app.ui.language)
    language: str = Field(
        "system", title="Window language",
        description="The language of the window's labels and messages. Takes effect the next time you start Bea.",
        pattern=r"^(system|[a-z]{2,3})$")


def _core_sections() -> dict[str, type[Section]]:
    return {"general": GeneralSettings, "mind": MindSettings, "privacy": PrivacySettings, "ui": UiSettings,
            "api": ApiSettings}


def build_root_model(skill_sections: dict[str, type[SkillSettings]]) -> type[Section]:
    skills_model = create_model(
        "SkillsSettings", __base__=Section,
        **{key: (model, Field(default_factory=model, description=f"The {key} skill."))
           for key, model in sorted(skill_sections.items())})
    return create_model(
        "Settings", __base__=Section,
        **{name: (model, Field(default_factory=model)) for name, model in _core_sections().items()},
        skills=(skills_model, Field(default_factory=skills_model, description="One section per skill.")))
