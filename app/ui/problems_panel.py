"""The problems list: the one place the window says what is wrong, above her stage. One line per problem, the
most serious and newest first (app.core.problem_order); folded, only that first line shows, with how many more
there are; each line has the button to the settings page that fixes it and a dismiss. Docks show at most a
grey word for their own state, never the sentence again.

The problems themselves are the Chat skill's (app.skills.chat.skill, rules 1-3: which events are problems, one
per topic, resolved by the events that fix them); this widget only orders and shows them."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Protocol

from app.core.problem_order import kind, ordered
from app.skills.chat.dock import page_title, problem_line
from app.skills.chat.skill import Problem
from app.widgets.one_line import OneLine
from app.widgets.palette import PROBLEM, PROBLEM_STYLE
from app.widgets.qt import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)


class ProblemSource(Protocol):
    """What is wrong, by topic (the Chat skill keeps it): the problems, a listener for each change, a dismiss."""
    problems: dict[str, Problem]

    def on_problems(self, fn: Callable[[], None]) -> Callable[[], None]: ...

    def dismiss(self, topic: str) -> None: ...


def narrow(button: QPushButton, widest: str) -> None:
    """A button as wide as its widest text, not the style's usual minimum (a one-character button took 80 px)."""
    button.setFixedWidth(button.fontMetrics().horizontalAdvance(widest) + 16)


class ProblemLine(QWidget):
    """One problem on one line: a mark, its sentence, the fix, a dismiss."""

    def __init__(self, problem: Problem, open_fix: Callable[[str], Any], dismiss: Callable[[str], None]) -> None:
        super().__init__(objectName=f"problem-{problem.topic}")
        self.problem = problem
        mark = QLabel("⚠", objectName="problemMark")
        mark.setStyleSheet(PROBLEM_STYLE)
        self.text = OneLine(objectName="problemText", textFormat=Qt.TextFormat.PlainText)
        self.text.setStyleSheet(PROBLEM_STYLE)
        self.fix_button = QPushButton(objectName="problemFix")
        self.fix_button.clicked.connect(lambda: open_fix(self.problem.setting))
        self.dismiss_button = QPushButton("✕", objectName="problemDismiss", flat=True)
        self.dismiss_button.setToolTip(translate("problems_panel",
                                                 "Hide this line; it comes back if it happens again."))
        self.dismiss_button.clicked.connect(lambda: dismiss(self.problem.topic))
        narrow(self.dismiss_button, "✕")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(mark)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.fix_button)
        layout.addWidget(self.dismiss_button)
        self.show_problem(problem)

    def show_problem(self, problem: Problem) -> None:
        self.problem = problem
        self.text.set_whole(problem_line(problem), problem.detail)
        title = page_title(problem.setting)
        self.fix_button.setText(translate("problems_panel", "Settings → {title}").format(title=title) if title
                                else translate("problems_panel", "Settings"))


class ProblemsPanel(QFrame):
    changed = Signal(int)   # how many problems there are now

    def __init__(self, source: ProblemSource, open_fix: Callable[[str], Any],
                 parent: QWidget | None = None, said_elsewhere: frozenset[str] = frozenset()) -> None:
        super().__init__(parent, objectName="problemsPanel")
        self.source, self.open_fix = source, open_fix
        self.said_elsewhere = said_elsewhere   # kinds of problem another widget says, so not said twice
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"#problemsPanel {{ border: 1px solid {PROBLEM}; border-radius: 3px; }}")
        self.expanded = False
        self.lines: dict[str, ProblemLine] = {}
        self.order: list[str] = []
        self._seen: dict[str, tuple[int, Problem]] = {}   # topic: (when it appeared or last changed, as it was)
        self._clock = itertools.count(1)
        self.more = QPushButton(objectName="problemsMore", flat=True)
        self.more.clicked.connect(lambda: self.set_expanded(not self.expanded))
        self.rows = QVBoxLayout()
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(2)
        top = QHBoxLayout(self)
        top.setContentsMargins(6, 3, 6, 3)
        top.addLayout(self.rows, 1)
        top.addWidget(self.more, 0, Qt.AlignmentFlag.AlignTop)
        unsubscribe = source.on_problems(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def set_expanded(self, expanded: bool) -> None:
        """Folded: the first line only; unfolded: every line."""
        self.expanded = expanded
        self._show_rows()

    def refresh(self) -> None:
        problems = {t: p for t, p in self.source.problems.items() if kind(t) not in self.said_elsewhere}
        for topic in [t for t in self._seen if t not in problems]:
            del self._seen[topic]
            line = self.lines.pop(topic)
            self.rows.removeWidget(line)
            line.deleteLater()
        for topic, problem in problems.items():
            seen = self._seen.get(topic)
            if seen is None or seen[1] != problem:
                self._seen[topic] = (next(self._clock), problem)
            line = self.lines.get(topic)
            if line is None:
                line = self.lines[topic] = ProblemLine(problem, self.open_fix, self.source.dismiss)
            line.show_problem(problem)
        self.order = ordered((topic, seq) for topic, (seq, _p) in self._seen.items())
        for at, topic in enumerate(self.order):
            self.rows.insertWidget(at, self.lines[topic])
        self._show_rows()
        self.changed.emit(len(self.order))

    def _show_rows(self) -> None:
        for at, topic in enumerate(self.order):
            self.lines[topic].setVisible(self.expanded or at == 0)
        hidden = len(self.order) - 1
        self.more.setVisible(hidden > 0)
        self.more.setText("▴" if self.expanded else f"▾ +{hidden}")
        narrow(self.more, "▾ +99")
        self.more.setToolTip(translate("problems_panel", "Show only the first problem") if self.expanded else
                             translate("problems_panel", "Show every problem"))
        self.setVisible(bool(self.order))

    def shown_lines(self) -> list[str]:
        """The lines as the streamer sees them now, top first (whole, before any "…")."""
        return [self.lines[t].text.whole for t in self.order if not self.lines[t].isHidden()]
