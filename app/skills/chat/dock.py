"""The Chat dock: type to her as the streamer, and read what she says back, spoken or written. What is wrong (her
failed turns, no audio device, OBS not answering, a Twitch login refused, a missing model) shows under the
transcript, one plain line per problem, each with a button to the settings page that fixes it."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from app.core.chat_transcript import OUT_LOUD, YOU
from app.core.interview_lines import TEMPLATES
from app.core.words import PROBLEMS, filled
from app.skills.chat.skill import ChatSkill, Line, Problem
from app.skills.registry import discover
from app.widgets.event_words import in_window
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSize,
    Qt,
    QVBoxLayout,
    QWidget,
    translate,
)

CORE_PAGES = {"general": QT_TRANSLATE_NOOP("chat_dock", "General"), "mind": QT_TRANSLATE_NOOP("chat_dock", "Mind"),
              "privacy": QT_TRANSLATE_NOOP("chat_dock", "Privacy"), "ui": QT_TRANSLATE_NOOP("chat_dock", "Interface"),
              "api": QT_TRANSLATE_NOOP("chat_dock", "Local API")}


def page_title(section: str) -> str:
    """The settings page's name for a section ("mind", "skills.voice"...), "" when it has none."""
    if section.startswith("skills."):
        skill = discover().get(section.removeprefix("skills."))
        return translate("skills", skill.title) if skill is not None else ""
    return translate("chat_dock", CORE_PAGES[section]) if section in CORE_PAGES else ""


def problem_line(problem: Problem) -> str:
    """A problem's line in the window's language: its sentence translated when the event marked one (else its
    own words), a capital first, and how many turns in a row failed the same way."""
    text = in_window(PROBLEMS, problem.words, dict(problem.args), problem.text)
    again = translate("chat_dock", " ({count} turns in a row)").format(count=problem.count) if problem.count > 1 \
        else ""
    return f"{text[:1].upper()}{text[1:]}{again}"


def who_text(who: str) -> str:
    """Who said a line, in the window's language: the streamer, or her out loud (the skill's lines are English)."""
    if who == YOU:
        return translate("chat_dock", YOU)
    loud = OUT_LOUD.format(name="")
    if who.endswith(loud):
        return translate("chat_dock", OUT_LOUD).format(name=who.removesuffix(loud))
    return translate("interview", who)   # an agent's name (Getting to Know You); anyone else's as it came


def line_text(who: str, text: str) -> str:
    """A line in the window's language where an agent said one of its fixed lines (marked in the "interview"
    context: app.skills.person.interview), or one with a value in it (app.core.interview_lines: the value as it
    came); the streamer's and what any model said, as they came."""
    if who == YOU:
        return text
    fixed = translate("interview", text)
    found = None if fixed != text else filled(TEMPLATES, text)   # a fixed line first: it may fit a template too
    if found is None:
        return fixed
    template, values = found
    return translate("interview", template).format(**values)


class ProblemRow(QWidget):
    """One problem: its line, then (under it, so neither is cut in a narrow dock) the fix and a dismiss."""

    def __init__(self, problem: Problem, open_fix: Callable[[str], Any], dismiss: Callable[[str], None]) -> None:
        super().__init__(objectName=f"chatProblem-{problem.topic}")
        self.text = QLabel(objectName="chatFailure", wordWrap=True)
        self.text.setStyleSheet(PROBLEM_STYLE)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem = problem
        self.fix_button = QPushButton(objectName="chatFixIt")
        self.fix_button.clicked.connect(lambda: open_fix(self.problem.setting))
        self.dismiss_button = QPushButton(translate("chat_dock", "Dismiss"), objectName="chatDismiss")
        self.dismiss_button.setToolTip(translate("chat_dock", "Hide this line; it comes back if it happens again."))
        self.dismiss_button.clicked.connect(lambda: dismiss(problem.topic))
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.fix_button)
        buttons.addWidget(self.dismiss_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 2)
        layout.addWidget(self.text)
        layout.addLayout(buttons)
        self.show_problem(problem)

    def show_problem(self, problem: Problem) -> None:
        self.problem = problem
        self.text.setText(problem_line(problem))
        self.text.setToolTip(problem.detail)
        title = page_title(problem.setting)
        self.fix_button.setText(translate("chat_dock", "Open Settings → {title}").format(title=title) if title else translate("chat_dock", "Open Settings"))


class Notes(QScrollArea):
    """The problems above the entry: as tall as they need, up to a share of the dock (set by the dock), then they
    scroll, so the transcript and the entry stay in view however much is wrong."""
    FLOOR = 60

    def __init__(self, content: QWidget) -> None:
        super().__init__(widgetResizable=True, frameShape=QFrame.Shape.NoFrame, objectName="chatNotes")
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        content = self.widget()
        height = content.heightForWidth(max(1, self.viewport().width()))
        return QSize(super().sizeHint().width(), height if height >= 0 else content.sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, min(self.sizeHint().height(), self.FLOOR))


class ChatDock(QWidget):
    def __init__(self, skill: ChatSkill, open_page: Callable[[str], Any] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self._open_page = open_page
        self.transcript = QPlainTextEdit(objectName="chatTranscript", readOnly=True)
        self.status = QLabel(objectName="chatStatus", wordWrap=True)
        self.entry = QLineEdit(objectName="chatEntry", placeholderText=translate("chat_dock", "Say something to her…"))
        self.send_button = QPushButton(translate("chat_dock", "Send"))
        self.rows: dict[str, ProblemRow] = {}
        self.problem_box = QWidget(objectName="chatProblems")
        self.problem_list = QVBoxLayout(self.problem_box)
        self.problem_list.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addWidget(self.send_button)
        self.notes = Notes(self.problem_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.status)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.notes)
        layout.addLayout(row)
        self.entry.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        for line in skill.lines:
            self.show_line(line)
        skill.on_line(self.show_line)
        unsubscribe = skill.on_problems(self.show_problems)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.show_problems()
        self.refresh_status()

    def show_problems(self) -> None:
        """One row per problem, in the order they came; a row whose problem is gone goes too."""
        problems = self.skill.problems
        for topic in [t for t in self.rows if t not in problems]:
            row = self.rows.pop(topic)
            self.problem_list.removeWidget(row)
            row.deleteLater()
        for topic, problem in problems.items():
            row = self.rows.get(topic)
            if row is None:
                row = self.rows[topic] = ProblemRow(problem, self.open_fix, self.skill.dismiss)
                self.problem_list.addWidget(row)
            row.show_problem(problem)
        self.notes.setVisible(bool(problems))
        self.notes.updateGeometry()

    def resizeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        self.notes.setMaximumHeight(max(Notes.FLOOR, event.size().height() * 2 // 5))
        super().resizeEvent(event)

    def open_fix(self, section: str) -> Any:
        """Open the settings page that fixes it, the way the Get started checklist does (the main window's
        open_settings), unless one was given."""
        opener = self._open_page or getattr(self.window(), "open_settings", None)
        return opener(section) if opener is not None else None

    def refresh_status(self) -> None:
        notice = self.skill.notice()
        self.status.setText(translate("mind_notice", notice) if notice else "")
        self.status.setVisible(bool(notice))

    def show_line(self, line: Line) -> None:
        who, text = line
        self.transcript.appendHtml(f"<b>{html.escape(who_text(who))}:</b> {html.escape(line_text(who, text))}")

    def send(self) -> None:
        self.skill.send(self.entry.text())
        self.entry.clear()
        self.refresh_status()


def make_dock(skill: ChatSkill) -> QWidget:
    return ChatDock(skill)
