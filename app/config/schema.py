"""The settings schema: type, default and description for every field, in nested sections.

The root model is assembled from the core sections below plus one section per discovered skill, under
`skills.<key>`. Every model forbids unknown fields, so a typo is an error rather than a silent no-op.
Secrets are never fields here: they live in the OS keyring (app.process.secrets).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, create_model, field_validator

from app.config.api_settings import ApiSettings
from app.config.mind_settings import MindSettings
from app.config.section import ADVANCED, Section, SkillSettings
from app.core.netpolicy import local_network_entry

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
                                      "on it are used, and those on your own machines listed below.")
    local_network: list[str] = Field(
        default_factory=list, title="Your own machines",
        description="Other computers of yours on your home network that privacy mode may reach (a model server, "
                    "OBS on a streaming PC): each by its private address (192.168.1.20, 10.0.0.5, fd00::5) or "
                    "its name (studio-pc.local, or a name your hosts file gives a private address). Empty: this "
                    "computer only.")

    @field_validator("local_network")
    @classmethod
    def _machines(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(local_network_entry(v) for v in value if v.strip()))   # its ValueError says why


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
