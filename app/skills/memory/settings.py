"""The Memory settings page: the schema's form, with the embedding model picked from what is installed."""

from __future__ import annotations

from typing import Any

from app.core.embedder_choice import DEFAULT, E5, FUSED
from app.memory.fused_embedder import use_available
from app.memory.pick_embedder import installed_embedders
from app.skills.memory.skill import MemorySettings, MemorySkill
from app.widgets.forms import SectionForm
from app.widgets.qt import QT_TRANSLATE_NOOP, QComboBox, QWidget, translate

BUILT_IN_FOR_LANGUAGE = QT_TRANSLATE_NOOP("memory_settings", "Built-in, for her language (fused in Italian)")
BUILT_IN = QT_TRANSLATE_NOOP("memory_settings", "Built-in: multilingual-e5-small")
BUILT_IN_FUSED = QT_TRANSLATE_NOOP("memory_settings", "Built-in: E5 + universal sentence encoder (best across "
                                                      "languages)")


class MemorySettingsPage(SectionForm):
    def __init__(self, manager: Any, prefix: str, values: MemorySettings) -> None:
        self.manager = manager
        super().__init__(prefix, MemorySettings, values)

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name != "embedder":
            return super().editor_for(name, field, value)
        box = QComboBox()
        if use_available():   # "default" is E5 alone in English, the fusion in Italian (embedder_choice rule 1)
            box.addItem(translate("memory_settings", BUILT_IN_FOR_LANGUAGE), DEFAULT)
            box.addItem(translate("memory_settings", BUILT_IN), E5)
            box.addItem(translate("memory_settings", BUILT_IN_FUSED), FUSED)
        else:   # E5 alone whatever the language: a bundle built without the encoder
            box.addItem(translate("memory_settings", BUILT_IN), DEFAULT)
        for model_id in installed_embedders(self.manager):
            box.addItem(model_id, model_id)
        if box.findData(value) < 0:  # set by hand, or removed since: shown as it is, so Apply keeps it
            box.addItem(translate("memory_settings", "{model} (not installed)").format(model=value), value)
        box.setCurrentIndex(box.findData(value))
        return box, box.currentData


def make_page(skill: MemorySkill, prefix: str, values: MemorySettings) -> SectionForm:
    return MemorySettingsPage(skill.ctx.models, prefix, values)
