"""Settings → Skills: every skill with its switch and one sentence on what it does, and a way to its own page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.widgets.forms import help_label, scrolling
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QCheckBox,
    QGridLayout,
    QLabel,
    QPushButton,
    Qt,
    QWidget,
    translate,
)

INTRO = QT_TRANSLATE_NOOP("skills_page", "Switch on what she may do. A skill that is off costs nothing and she cannot "
                                         "switch it on herself.")


class SkillsPage(QWidget):
    """Writes skills.<key>.enabled through the dialog's one Apply, like every other page."""

    prefix = "skills"
    prefixes = ["skills"]

    def __init__(self, skills: dict[str, Any], values: Any, open_page: Callable[[str], Any],
                 has_page: Callable[[str], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._values = values
        self.switches: dict[str, QCheckBox] = {}
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(10)
        grid.addWidget(QLabel(translate("skills_page", INTRO), wordWrap=True), 0, 0, 1, 3)
        for row, (key,
                  skill) in enumerate(
                      sorted(skills.items(), key=lambda kv: translate("skills", kv[1].title).casefold()), start=1):
            switch = QCheckBox(translate("skills", skill.title), objectName=f"skills.{key}.enabled",
                               toolTip=translate("skills", skill.description))
            switch.setChecked(bool(getattr(values, key).enabled))
            grid.addWidget(switch, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(help_label(translate("skills", skill.description), f"skills.{key}.description"), row, 1)
            if has_page(f"skills.{key}"):
                more = QPushButton(translate("skills_page", "Settings…"), flat=True, objectName=f"skills.{key}.open",
                                   toolTip=translate("skills_page",
                                                     "Open the {title} page").format(
                                                         title=translate("skills", skill.title)))
                more.clicked.connect(lambda _=False, k=key: open_page(f"skills.{k}"))
                grid.addWidget(more, row, 2, Qt.AlignmentFlag.AlignTop)
            self.switches[key] = switch
        grid.setRowStretch(len(skills) + 1, 1)
        scrolling(inner, self)

    def changes(self) -> dict[str, Any]:
        return {f"skills.{key}.enabled": box.isChecked() for key, box in self.switches.items()
                if box.isChecked() != bool(getattr(self._values, key).enabled)}

    def reload(self, values: Any, prefix: str | None = None) -> None:
        self._values = values
