"""The Clock dock: the time and date she sees, in the zone and format the streamer chose."""

from __future__ import annotations

from datetime import datetime

from app.skills.clock.skill import ClockSkill, format_time
from app.widgets.qt import QDateTime, QLabel, QLocale, Qt, QTimer, QVBoxLayout, QWidget, translate


def day_text(moment: datetime) -> str:
    """The day in the window's language ("sabato 5 dicembre 2026"), of the moment in the zone she uses (her
    own line for the mind is in her prompts' language: format_date)."""
    return QLocale().toString(QDateTime(moment.year, moment.month, moment.day, 12, 0, 0), "dddd d MMMM yyyy")


class ClockDock(QWidget):
    def __init__(self, skill: ClockSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.time = QLabel(objectName="clockTime")
        self.time.setStyleSheet("font-size: 26pt; font-weight: 600;")
        self.date = QLabel(objectName="clockDate")
        self.zone = QLabel(objectName="clockZone")
        self.zone.setStyleSheet("color: palette(mid);")
        layout = QVBoxLayout(self)
        for label in (self.time, self.date, self.zone):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label)
        layout.addStretch(1)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(1000)
        self.refresh()

    def refresh(self) -> None:
        s = self.skill.settings
        if not s.enabled:
            self.time.setText("—")
            self.date.setText(translate("clock_dock", "The Clock skill is off (Settings → Skills)."))
            self.zone.clear()
            return
        moment = self.skill.now()
        self.time.setText(format_time(moment, s.hour_format, s.show_seconds))
        self.date.setText(day_text(moment))
        self.zone.setText(s.timezone or moment.tzname() or translate("clock_dock", "local time"))


def make_dock(skill: ClockSkill) -> QWidget:
    return ClockDock(skill)
