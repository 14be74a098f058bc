"""Settings → Stage: the schema's form, with the mood → expression picks edited as "mood=expression" pairs
and the animation clips as one .vrma path per line (a path may hold a comma)."""

from __future__ import annotations

from typing import Any

from app.stage.skill import StageSettings, StageSkill
from app.ui.forms import SectionForm
from app.ui.qt import QLineEdit, QPlainTextEdit, QWidget


def parse_pairs(text: str) -> dict[str, str]:
    pairs = {}
    for part in text.split(","):
        mood, sep, name = part.partition("=")
        if sep and mood.strip() and name.strip():
            pairs[mood.strip()] = name.strip()
    return pairs


def parse_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class StageSettingsPage(SectionForm):
    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name == "clips":
            box = QPlainTextEdit("\n".join(value))
            box.setPlaceholderText("One .vrma file per line (the Stage dock adds them for you)")
            box.setMaximumHeight(90)
            return box, lambda: parse_lines(box.toPlainText())
        if name != "expression_map":
            return super().editor_for(name, field, value)
        line = QLineEdit(", ".join(f"{k}={v}" for k, v in value.items()))
        line.setPlaceholderText("excited=Smile, sad=Cry (empty: all automatic)")
        return line, lambda: parse_pairs(line.text())


def make_page(skill: StageSkill, prefix: str, values: StageSettings) -> StageSettingsPage:
    return StageSettingsPage(prefix, StageSettings, values)
