"""The Mood dock: her valence and arousal over the last hours, drawn with QPainter, and the word for now."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from app.core.affect import DEFAULT_HALF_LIFE_S, REST, SETTLED, Affect, decay, distance, mood_word
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QColor,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QWidget,
    translate,
)

Sample = tuple[float, float, float]     # (epoch seconds, valence, arousal), as written
History = Callable[[], list[Sample]]

VALENCE_COLOR = "#e0457b"               # warm rose: pleasant up, unpleasant down
AROUSAL_COLOR = "#2b8fd6"               # clear blue: energy
LEGEND = ((QT_TRANSLATE_NOOP("mood_dock", "Valence (pleasant ↑)"), VALENCE_COLOR),
          (QT_TRANSLATE_NOOP("mood_dock", "Arousal (energy ↑)"), AROUSAL_COLOR))
EMPTY = QT_TRANSLATE_NOOP("mood_dock", "No mood yet")
REFRESH_MS = 30_000                     # decay is slow (minutes): a redraw every half minute is plenty
TICK_MINUTES = (5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 720)
MAX_TICKS = 6
STEPS = 160                             # points per window: the decay curves look smooth at any dock width


def curve(samples: Sequence[Sample], start: float, end: float,
          half_life_s: float = DEFAULT_HALF_LIFE_S) -> list[Sample]:
    """The polyline to draw between start and end. What is stored is the value as written, so each sample is
    aged until the next one: the line shows the mood as she would have read it at every moment. The last
    sample before the window carries its (aged) value in at the left edge."""
    ordered = sorted((s for s in samples if s[0] <= end and all(map(math.isfinite, s))), key=lambda s: s[0])
    first = max((i for i, s in enumerate(ordered) if s[0] <= start), default=0)
    ordered = ordered[first:]
    step = max((end - start) / STEPS, 1.0)
    points: list[Sample] = []
    for i, (ts, v, a) in enumerate(ordered):
        affect = Affect(min(1.0, max(-1.0, v)), min(1.0, max(0.0, a)), ts)
        t = max(ts, start)
        stop = ordered[i + 1][0] if i + 1 < len(ordered) else end
        while True:
            aged = decay(affect, t, half_life_s)
            points.append((t, aged.valence, aged.arousal))
            if t >= stop:
                break
            t = min(stop, t + step)
    return points


def ticks(start: float, end: float) -> list[float]:
    """Round local clock times inside [start, end], at most MAX_TICKS of them."""
    span_min = max(end - start, 60.0) / 60
    minutes = next((m for m in TICK_MINUTES if span_min / m <= MAX_TICKS), TICK_MINUTES[-1])
    step = minutes * 60
    offset = time.localtime(start).tm_gmtoff      # align to the streamer's clock, not to UTC
    first = math.ceil((start + offset) / step) * step - offset
    return [first + k * step for k in range(int((end - first) // step) + 1)]


def caption(points: Sequence[Sample]) -> str:
    if not points:
        return translate("mood_dock", EMPTY)
    _t, v, a = points[-1]
    word = translate("mood_dock", "settled") if distance((v, a), REST) < SETTLED \
        else translate("activity", mood_word(Affect(v, a)))   # the mood words: app.core.mind_words.MOOD_NAMES
    return translate("mood_dock", "Now {word}  ·  valence {v:+.2f}  ·  arousal {a:.2f}").format(word=word, v=v, a=a)


class MoodPlot(QWidget):
    def __init__(self, history: History, hours: float = 3.0, *, now: Callable[[], float],
                 half_life_s: float = DEFAULT_HALF_LIFE_S, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("moodPlot")
        self.history = history
        self.hours = hours
        self.now = now
        self.half_life_s = half_life_s
        self.points: list[Sample] = []
        self.window = (0.0, 0.0)
        self.caption = translate("mood_dock", EMPTY)
        self.setMinimumSize(320, 180)
        self.refresh()

    def sizeHint(self) -> QSize:  # noqa: N802  (Qt's name)
        return QSize(520, 260)

    def refresh(self) -> None:
        end = self.now()
        self.window = (end - self.hours * 3600, end)
        self.points = curve(self.history(), *self.window, self.half_life_s)
        self.caption = caption(self.points)
        self.setToolTip("" if not self.points else translate("mood_dock", "Valence: how pleasant she feels (−1 to "
                                                                          "+1).\nArousal: how much energy she has (0 "
                                                                          "to 1).\nBoth ease back toward neutral over "
                                                                          "time."))
        self.update()

    def plot_rect(self) -> QRectF:
        """Where the lines go: room for the legend above, axis labels either side, times and caption below."""
        line = self.fontMetrics().height()
        left = self.fontMetrics().horizontalAdvance("+1.0") + 12
        right = self.fontMetrics().horizontalAdvance("1.0") + 12
        top = 10 + line + 8
        bottom = 8 + line + 6 + line + 8
        return QRectF(left, top, max(10, self.width() - left - right), max(10, self.height() - top - bottom))

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802  (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        p.fillRect(self.rect(), pal.window())
        area = self.plot_rect()
        p.fillRect(area, pal.base())
        self._grid(p, area)
        self._legend(p, area)
        if self.points:
            self._line(p, area, 1, lambda v: (1 - v) / 2, VALENCE_COLOR)
            self._line(p, area, 2, lambda a: 1 - a, AROUSAL_COLOR)
        else:
            # on a patch of the plot's own colour, so the zero line does not run through the words
            box = QRectF(self.fontMetrics().boundingRect(translate("mood_dock", EMPTY))).adjusted(-8, -3, 8, 3)
            box.moveCenter(area.center())
            p.fillRect(box, pal.base())
            p.setPen(pal.placeholderText().color())
            p.drawText(area, Qt.AlignmentFlag.AlignCenter, translate("mood_dock", EMPTY))
        p.setPen(pal.windowText().color())
        font = p.font()
        font.setBold(True)
        p.setFont(font)
        line = self.fontMetrics().height()
        p.drawText(QRectF(area.left(), self.height() - line - 8, area.width(), line),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.caption)
        p.end()

    def _x(self, area: QRectF, t: float) -> float:
        start, end = self.window
        return area.left() + (t - start) / max(end - start, 1e-9) * area.width()

    def _grid(self, p: QPainter, area: QRectF) -> None:
        pal = self.palette()
        faint = QColor(pal.mid().color())
        faint.setAlpha(90)
        line = self.fontMetrics().height()
        # one row per quarter: valence -1, -0.5, 0, 0.5, 1 share their height with arousal 0 ... 1
        for k in range(5):
            y = area.top() + area.height() * k / 4
            if k == 2:      # valence zero: the border between pleasant and unpleasant stands out
                ink = QColor(pal.windowText().color())
                ink.setAlpha(150)
                p.setPen(QPen(ink, 1.0, Qt.PenStyle.DashLine))
            else:
                p.setPen(QPen(faint, 1.0))
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            if k % 2 == 0:
                box = QRectF(0, y - line / 2, area.left() - 6, line)
                p.setPen(QColor(VALENCE_COLOR))
                p.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                           ("+1", "0", "−1")[k // 2])
                box = QRectF(area.right() + 6, y - line / 2, self.width() - area.right() - 6, line)
                p.setPen(QColor(AROUSAL_COLOR))
                p.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                           ("1", ".5", "0")[k // 2])
        start, end = self.window
        for t in ticks(start, end):
            x = self._x(area, t)
            p.setPen(QPen(faint, 1.0))
            p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
            p.setPen(pal.placeholderText().color())
            label = time.strftime("%H:%M", time.localtime(t))
            box = QRectF(x - 40, area.bottom() + 4, 80, line)
            p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, label)
        p.setPen(QPen(pal.mid().color(), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(area)

    def _legend(self, p: QPainter, area: QRectF) -> None:
        metrics, line = self.fontMetrics(), self.fontMetrics().height()
        hours = translate("mood_dock", "last {hours:g} h").format(hours=self.hours)
        room = area.width() - metrics.horizontalAdvance(hours) - 16
        # the long names say which way is up; a narrow dock keeps the short ones (the tooltip says the rest)
        names = tuple((translate("mood_dock", n), c) for n, c in LEGEND)
        if sum(metrics.horizontalAdvance(n) + 46 for n, _c in names) > room:
            names = tuple((translate("mood_dock", n).split(" (")[0], c) for n, c in LEGEND)
        y, x = 10 + line / 2, area.left()
        for name, color in names:
            p.setPen(QPen(QColor(color), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(QPointF(x, y), QPointF(x + 18, y))
            p.setPen(self.palette().windowText().color())
            width = metrics.horizontalAdvance(name)
            p.drawText(QRectF(x + 24, 10, width + 4, line), Qt.AlignmentFlag.AlignVCenter, name)
            x += 24 + width + 22
        if x - 22 + 12 <= area.right() - metrics.horizontalAdvance(hours):     # only when it does not collide
            p.setPen(self.palette().placeholderText().color())
            p.drawText(QRectF(area.left(), 10, area.width(), line),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, hours)

    def _line(self, p: QPainter, area: QRectF, column: int, height_of: Callable[[float], float],
              color: str) -> None:
        path = QPainterPath()
        for i, point in enumerate(self.points):
            at = QPointF(self._x(area, point[0]), area.top() + height_of(point[column]) * area.height())
            if i == 0:
                path.moveTo(at)
            else:
                path.lineTo(at)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(color), 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(path)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(color))
        p.drawEllipse(path.currentPosition(), 3.5, 3.5)     # where she is now


def make_mood_dock(history: History, hours: float = 3.0, *, now: Callable[[], float],
                   half_life_s: float = DEFAULT_HALF_LIFE_S) -> QWidget:
    plot = MoodPlot(history, hours, now=now, half_life_s=half_life_s)
    timer = QTimer(plot)
    timer.timeout.connect(plot.refresh)
    timer.start(REFRESH_MS)
    return plot
