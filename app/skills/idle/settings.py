"""The Idle life settings page: the schema's form, saying first why idle life is silent when it is (the demo model)."""

from __future__ import annotations

from app.skills.idle.skill import IdleSettings, IdleSkill
from app.widgets.forms import SectionForm
from app.widgets.qt import QLabel, translate


def make_page(skill: IdleSkill, prefix: str, values: IdleSettings) -> SectionForm:
    page = SectionForm(prefix, IdleSettings, values)
    if why := skill.off_air():
        page.layout_.insertRow(0, QLabel(translate("idle", why), objectName="idleOffAir", wordWrap=True))
    return page
