"""The Voice dock's bar of her last spoken answer: where the time went from your last word to her first sound.

One bar, split in proportion to the four stages of app.core.turn_stages, each in its own colour, with a line of
words under it naming each stage and its seconds (the colours are never the only way to read it). Before her
first answer after you spoke, the line says so and the bar is empty.
"""

from __future__ import annotations

from app.core.turn_stages import TurnStages, seconds
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QColor,
    QLabel,
    QPainter,
    QPaintEvent,
    QVBoxLayout,
    QWidget,
    translate,
)

NAMES = {"end_of_turn": QT_TRANSLATE_NOOP("voice_dock", "end of your turn"),
         "hearing": QT_TRANSLATE_NOOP("voice_dock", "hearing"),
         "thinking": QT_TRANSLATE_NOOP("voice_dock", "thinking"),
         "voice": QT_TRANSLATE_NOOP("voice_dock", "her voice")}
COLOURS = {"end_of_turn": "#607d8b", "hearing": "#1565c0", "thinking": "#8e44ad", "voice": "#e67e22"}


class _Bar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stages: TurnStages | None = None
        self.setFixedHeight(10)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        rect = self.rect()
        painter.fillRect(rect, self.palette().alternateBase())
        total = self.stages.total_ms if self.stages is not None else 0.0
        if total <= 0:
            painter.end()
            return
        x = float(rect.left())
        for name, ms in self.stages.parts():
            width = rect.width() * ms / total
            painter.fillRect(round(x), rect.top(), max(1, round(x + width) - round(x)), rect.height(),
                             QColor(COLOURS[name]))
            x += width
        painter.end()


class StagesBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = _Bar(self)
        self.bar.setObjectName("voiceStagesBar")
        self.words = QLabel(objectName="voiceStages", wordWrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.bar)
        layout.addWidget(self.words)
        self.show_stages(None)

    def show_stages(self, stages: TurnStages | None) -> None:
        self.bar.stages = stages
        self.bar.setVisible(stages is not None)
        self.bar.update()
        if stages is None:
            self.words.setText(translate("voice_dock", "Her last answer: none yet since you spoke."))
            self.words.setToolTip("")
            return
        parts = [f'<span style="color:{COLOURS[name]}">■</span> {translate("voice_dock", NAMES[name])} '
                 f"{seconds(ms)}" for name, ms in stages.parts()]
        self.words.setText(translate("voice_dock", "Her last answer took {total}: {parts}").format(
            total=seconds(stages.total_ms), parts=" · ".join(parts)))
        self.words.setToolTip(translate(
            "voice_dock", "From the end of your last word to her first sound. End of your turn: the pause she waits "
                          "for (Settings → Voice). Hearing: your words into text. Thinking: her model, until her "
                          "first words. Her voice: her first words into sound."))
