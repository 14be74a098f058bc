"""What every settings section is made of: the base model (unknown fields are errors) and a skill's section (its
switch). A field's label is its `title` and its one-line help its `description`; the settings form reads both,
and puts the fields marked ADVANCED under a collapsed "Advanced" section; json_schema_extra={"choices": {value:
label}} names the options of a Literal field."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

ADVANCED = {"advanced": True}


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class SkillSettings(Section):
    enabled: bool = Field(True, title="Switched on",
                          description="Whether this skill runs. Only you can switch it (Settings → Skills).")
