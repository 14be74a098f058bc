"""Settings → Stage: the schema's form, with the mood → expression picks edited as "mood=expression" pairs
and the animation clips as one .vrma path per line (a path may hold a comma).

An avatar path typed here is checked as the Stage dock checks a chosen file (app.stage.vrm.inspect): a file
that is not a VRM, or that asks for anything from outside itself, is not saved (the stored path stays) and
the page says why under the field."""

from __future__ import annotations

from typing import Any

from app.skills.stage.skill import StageSettings, StageSkill
from app.stage.vrm import InvalidVrm, inspect
from app.widgets.forms import SectionForm
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget, translate


def parse_pairs(text: str) -> dict[str, str]:
    pairs = {}
    for part in text.split(","):
        mood, sep, name = part.partition("=")
        if sep and mood.strip() and name.strip():
            pairs[mood.strip()] = name.strip()
    return pairs


def parse_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def avatar_refusal(path: str) -> str:
    """Why the avatar file at `path` cannot be saved ("" when it can; an empty path means her default)."""
    if not path:
        return ""
    try:
        inspect(path)
    except InvalidVrm as exc:
        return str(exc)
    return ""


class AvatarPath(QWidget):
    """The avatar file's path, and under it why a typed path is refused."""

    def __init__(self, stored: str) -> None:
        super().__init__()
        self.stored = stored
        self.line = QLineEdit(stored, placeholderText=translate("stage_settings", "Empty: her default body (the Stage "
                                                                                  "dock picks a file)"))
        self.refusal = QLabel(objectName="stageAvatarRefusal", wordWrap=True)
        self.refusal.setStyleSheet(PROBLEM_STYLE)
        self.refusal.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line)
        layout.addWidget(self.refusal)
        self.line.editingFinished.connect(self.value)

    def value(self) -> str:
        """The path to save: the one typed, or the stored one while the typed one is refused."""
        typed = self.line.text().strip()
        why = avatar_refusal(typed) if typed != self.stored else ""
        self.refusal.setText(translate("stage_settings", "Not saved: {why}").format(why=why) if why else "")
        self.refusal.setVisible(bool(why))
        return self.stored if why else typed


class StageSettingsPage(SectionForm):
    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name == "vrm_path":
            avatar = AvatarPath(value)
            return avatar, avatar.value
        if name == "clips":
            box = QPlainTextEdit("\n".join(value))
            box.setPlaceholderText(
                translate("stage_settings", "One .vrma file per line (the Stage dock adds them for you)"))
            box.setMaximumHeight(90)
            return box, lambda: parse_lines(box.toPlainText())
        if name != "expression_map":
            return super().editor_for(name, field, value)
        line = QLineEdit(", ".join(f"{k}={v}" for k, v in value.items()))
        line.setPlaceholderText(translate("stage_settings", "excited=Smile, sad=Cry (empty: all automatic)"))
        return line, lambda: parse_pairs(line.text())

    def reload(self, values: Any, prefix: str | None = None) -> None:
        super().reload(values, prefix)
        avatar = self.findChild(AvatarPath)
        if isinstance(avatar, AvatarPath) and (prefix or self.prefix) == self.prefix:
            avatar.stored = values.vrm_path


def make_page(skill: StageSkill, prefix: str, values: StageSettings) -> StageSettingsPage:
    return StageSettingsPage(prefix, StageSettings, values)
