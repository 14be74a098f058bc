"""The Get started dock: the checklist of app.core.getting_started, each step with an Open button that shows the
settings page that does it; under her mind, while it is the demo, the three ways to give her a real one
(app.ui.mind_choices). It reads the app's state when shown and every REFRESH_MS while visible (nothing
heavier than one small database count), on the UI thread only: no bus subscription, so no event from another
thread can reach a dock that is being torn down. Every line is in the window's language; what the problems list
says (the voice's problems, OBS's) is a few words here pointing there, not the sentence again."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

from app.compose import Bea
from app.core.getting_started import Facts, Step, remaining, steps
from app.core.model_fit import Machine
from app.memory.model_manager import ModelManager
from app.senses import machine as machine_probe
from app.ui.mind_choices import MindChoices
from app.widgets.event_words import skill_line
from app.widgets.palette import FINE
from app.widgets.qt import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)

log = logging.getLogger(__name__)
REFRESH_MS = 2000


def read_facts(bea: Bea) -> Facts:
    """The facts as the running app has them now."""
    current = bea.settings.current
    skills = current.skills

    def section(key: str) -> Any:
        return getattr(skills, key, None)

    def running(key: str) -> Any:
        skill = bea.skills.get(key)
        return skill if skill is not None and skill.enabled else None

    voice, obs, person = running("voice"), running("obs"), bea.skills.get("person")
    entries = 0
    store = getattr(person, "store", None)
    if store is not None:
        try:
            entries = store.count()
        except Exception:  # the count is a nicety: a store that cannot answer leaves the step open
            log.exception("the person model could not be counted")
    obs_status = getattr(obs, "status", None)
    stage = running("stage")
    model = getattr(stage, "model", None)
    return Facts(
        models=tuple(current.mind.models),
        refused_models=tuple(bea.mind.models_privacy_stops()),
        voice_enabled=voice is not None,
        voice_running=bool(voice is not None and voice.running and not voice.loading),
        voice_problems=tuple(getattr(voice, "problems", ()) or ()),
        stage_enabled=running("stage") is not None,
        vrm_path=getattr(section("stage"), "vrm_path", "") or "",
        avatar=str(model.path) if model is not None else "",
        avatar_shown=bool(stage is not None and stage.report is not None),
        stage_problem=_stage_problem(stage),
        twitch_enabled=running("twitch") is not None,
        twitch_channel=getattr(section("twitch"), "channel", "") or "",
        youtube_video=(getattr(section("youtube"), "video", "") or "") if running("youtube") is not None else "",
        obs_enabled=obs is not None,
        obs_connected=bool(getattr(obs_status, "connected", False)),
        obs_state=str(getattr(obs_status, "state", "") or ""),
        person_entries=entries)


def _stage_problem(stage: Any) -> str:
    """Why the stage cannot show her avatar now ("" when nothing stands in the way)."""
    if stage is None:
        return ""
    if not stage.running:
        return skill_line(stage, stage.server_error) or translate("getting_started_dock",
                                                                  "The stage is not running yet.")
    drawing = stage.drawing_problem()   # marked in the stage view's context, as the view says it
    return translate("stage_view", drawing) if drawing else skill_line(stage, stage.problem())



def detail_text(step: Step) -> str:
    """A step's detail in the window's language (a detail with no template, such as a skill's own problem, as
    it came)."""
    if not step.template:
        return step.detail
    args = {k: translate("skills", v) if k == "skill" else v for k, v in step.args}
    return translate("getting_started", step.template).format(**args)

class GettingStartedDock(QWidget):
    def __init__(self, bea: Bea, open_page: Callable[[str], Any], parent: QWidget | None = None, *,
                 models: ModelManager | None = None, machine: Callable[[], Machine] = machine_probe.probe) -> None:
        super().__init__(parent)
        self.bea, self.open_page = bea, open_page
        self.setObjectName("gettingStarted")
        self.summary = QLabel(objectName="startSummary", wordWrap=True)
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)
        self.grid.setRowStretch(99, 1)
        self.mind_choices = MindChoices(bea, open_page, models, machine)
        self.grid.addWidget(self.mind_choices, 1, 1, 1, 2)      # under her mind's row (rows go two by two)
        scroll = QScrollArea(widgetResizable=True, frameShape=QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(scroll, 1)
        self.rows: dict[str, tuple[QLabel, QLabel, QPushButton]] = {}
        self.checklist: list[Step] = []
        self.timer = QTimer(self, interval=REFRESH_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()
        self.refresh()

    def _tick(self) -> None:
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        self.refresh()
        super().showEvent(event)

    def _row(self, step: Step) -> tuple[QLabel, QLabel, QPushButton]:
        if step.key in self.rows:
            return self.rows[step.key]
        mark = QLabel(objectName=f"start.{step.key}.mark")
        text = QLabel(objectName=f"start.{step.key}.text", wordWrap=True)
        text.setTextFormat(Qt.TextFormat.RichText)
        button = QPushButton(translate("getting_started_dock", "Open…"), objectName=f"start.{step.key}.open")
        button.clicked.connect(lambda: self.open_page(self._page(step.key)))
        at = 2 * len(self.rows)
        self.grid.addWidget(mark, at, 0, Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(text, at, 1)
        self.grid.addWidget(button, at, 2, Qt.AlignmentFlag.AlignTop)
        self.rows[step.key] = (mark, text, button)
        return self.rows[step.key]

    def _page(self, key: str) -> str:
        return next((s.page for s in self.checklist if s.key == key), key)

    def refresh(self) -> None:
        self.checklist = steps(read_facts(self.bea))
        for step in self.checklist:
            mark, text, _button = self._row(step)
            mark.setText(f"<span style='color:{FINE}'>✔</span>" if step.done else "○")
            extra = translate("getting_started_dock", " <i>(optional)</i>") if step.optional and not step.done else ""
            text.setText(f"<b>{html.escape(translate('getting_started', step.title))}</b>{extra}<br>"
                         f"{html.escape(detail_text(step))}")
        mind = next(s for s in self.checklist if s.key == "mind")
        self.mind_choices.setVisible(not mind.done)
        if not mind.done and self.isVisible():
            self.mind_choices.start()
        left = remaining(self.checklist)
        self.summary.setText(translate("getting_started_dock", "Everything she needs is set up.") if left == 0 else
                             translate("getting_started_dock", "1 step before she is really there:") if left == 1 else
                             translate("getting_started_dock", "{left} steps before she is really there:").format(
                                 left=left))

    @property
    def left(self) -> int:
        return remaining(self.checklist)
