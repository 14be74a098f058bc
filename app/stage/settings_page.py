"""Settings → Stage: the schema's form, with the mood → expression picks edited as "mood=expression" pairs."""

from __future__ import annotations

from typing import Any

from app.stage.skill import StageSettings, StageSkill
from app.ui.forms import SectionForm
from app.ui.qt import QLineEdit, QWidget


def parse_pairs(text: str) -> dict[str, str]:
    pairs = {}
    for part in text.split(","):
        mood, sep, name = part.partition("=")
        if sep and mood.strip() and name.strip():
            pairs[mood.strip()] = name.strip()
    return pairs


class StageSettingsPage(SectionForm):
    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name != "expression_map":
            return super().editor_for(name, field, value)
        line = QLineEdit(", ".join(f"{k}={v}" for k, v in value.items()))
        line.setPlaceholderText("excited=Smile, sad=Cry (empty: all automatic)")
        return line, lambda: parse_pairs(line.text())


def make_page(skill: StageSkill, prefix: str, values: StageSettings) -> StageSettingsPage:
    return StageSettingsPage(prefix, StageSettings, values)
