"""The settings schema: type, default and description for every field, in nested sections.

The root model is assembled from the core sections below plus one section per discovered skill, under
`skills.<key>`. Every model forbids unknown fields, so a typo is an error rather than a silent no-op.
Secrets are never fields here: they live in the OS keyring (app.secrets).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

SETTINGS_SCHEMA_VERSION = 2


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class SkillSettings(Section):
    enabled: bool = Field(True, description="Whether this skill runs. Only the streamer can switch it.")


class GeneralSettings(Section):
    persona_name: str = Field("Bea", min_length=1, max_length=40,
                              description="The name she answers to and signs with.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        "INFO", description="How much goes to the log file in the data folder.")


class PrivacySettings(Section):
    enabled: bool = Field(False, description="Privacy mode: nothing leaves this machine. Only loopback "
                                             "connections are allowed.")


class UiSettings(Section):
    start_minimized: bool = Field(False, description="Start hidden in the tray (when there is a tray).")


def _core_sections() -> dict[str, type[Section]]:
    from app.config.api_settings import ApiSettings  # these import Section from here
    from app.config.mind_settings import MindSettings
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
