"""What state the app is in, refreshed each second: the whole centre without the stage, a strip under her with it."""

from __future__ import annotations

import html

from app.compose import Bea
from app.widgets.qt import QFrame, QLabel, Qt, QTimer, QVBoxLayout, QWidget, translate


def mind_state(bea: Bea) -> str:
    if not bea.settings.current.mind.models:
        return translate("stage_status", "asleep (no model set: Settings → Mind)")
    if not bea.mind.awake:
        return translate("stage_status", "starting")
    return translate("stage_status", "paused") if bea.switches.paused else translate("stage_status", "awake")


class StageStatus(QFrame):
    def __init__(self, bea: Bea, parent: QWidget | None = None, compact: bool = False) -> None:
        super().__init__(parent)
        self.bea = bea
        self.compact = compact  # a strip under the avatar rather than the whole centre
        self.setObjectName("stageStatus")
        self.setStyleSheet("#stageStatus { background: qlineargradient(x1:0, y1:0, x2:1, y2:1, "
                           "stop:0 #2b1d3a, stop:1 #14213d); } QLabel { color: #f1ecff; }")
        self.title = QLabel(f"<span style='font-size:28pt; font-weight:600'>"
                            f"{html.escape(bea.settings.current.general.persona_name)}</span>")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body = QLabel()
        self.body.setObjectName("stageStatusBody")
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        if compact:
            self.title.hide()
            self.body.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            layout.setContentsMargins(8, 4, 8, 4)
            layout.addWidget(self.body)
        else:
            layout.addStretch(1)
            layout.addWidget(self.title)
            layout.addWidget(self.body)
            layout.addStretch(2)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(1000)
        self.refresh()

    def lines(self) -> list[str]:
        bea = self.bea
        s = bea.settings.current
        out = [] if self.compact else [translate("stage_status",
                                                 "The stage (her avatar) appears here when the Stage skill is on.")]
        out += [
            # her voice's own state is the Voice dock's to say (it knows about the devices): here only the switch
            " · ".join([translate("stage_status", "Mind: {state}").format(state=mind_state(bea)),
                        *([translate("stage_status", "Voice: muted")] if bea.switches.muted else []),
                        translate("stage_status", "Privacy mode: on") if s.privacy.enabled
                        else translate("stage_status", "Privacy mode: off")]),
            translate("stage_status", "Memory: {path} (encrypted, schema {version})").format(path=bea.paths.db,
                                                                                          version=bea.db.version),
            translate("stage_status", "Skills running: {skills}").format(
                skills=", ".join(translate("skills", bea.skills[k].title) for k in bea.started)
                or translate("stage_status", "none")),
        ]
        out += [state for skill in bea.skills.values() if (state := skill.live_state())]
        return out

    def refresh(self) -> None:
        self.body.setText("<br>".join(html.escape(line) for line in self.lines()))
