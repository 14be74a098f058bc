"""The Chat dock: type to her as the streamer, and read what she says back, spoken or written. The conversation
takes most of the dock and follows its newest line (unless you scrolled up to read); her spoken line shows as
soon as she has written it, marked "…" while her voice says it and "(cut)" if she was stopped. When her turn
failed, one line under the transcript says why she did not answer (click it to read it whole), with a button to
Settings → Mind; her state is one grey line under it. Every other problem (no audio device, OBS not answering, a
Twitch login refused...) is said once, by the window's problems list (app.ui.problems_panel), not here again."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from app.core.chat_transcript import you
from app.core.her_lines import LineState
from app.core.words import PROBLEMS
from app.skills.chat.skill import ChatSkill, Line, Problem
from app.skills.registry import discover
from app.widgets.chat_log import FollowingText
from app.widgets.event_words import in_window, phrase_text
from app.widgets.one_line import OneLine
from app.widgets.palette import PROBLEM_STYLE, QUIET
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QObject,
    QPushButton,
    QScrollArea,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)

THINKING_AT_MOST_MS = 120_000   # "She is thinking…" goes by itself after this (a turn that chose silence)
HERS = "mind"   # her failed turns (app.skills.chat.skill, rule 2): the answer to a line typed here that never came

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


def who_text(line: Line) -> str:
    """Who said a line, in the window's language where the skill kept it in marked words (the streamer, her out
    loud, an agent); her name as it is."""
    return phrase_text(line.who_phrase) if line.who_phrase is not None else line.who


def line_text(line: Line) -> str:
    """What a line says, in the window's language where it is an agent's marked line (its values as they came);
    the streamer's and what any model said, as they came."""
    return phrase_text(line.phrase) if line.phrase is not None else line.text


def line_html(line: Line) -> str:
    """A line of the transcript: who said it, what, and for her spoken line its mark: "…" while her voice says
    it, nothing once said; a cut line keeps what she got to say, the rest in grey, and "(cut)"."""
    who = html.escape(who_text(line))
    text = line_text(line)
    if line.state is LineState.SPEAKING:
        return f'<b>{who}:</b> {html.escape(text)} <span style="color:{QUIET}">…</span>'
    if line.state is LineState.CUT:
        said = line.said.strip()
        rest = text.removeprefix(said) if text.startswith(said) else ""
        cut = html.escape(translate("chat_dock", "(cut)"))
        return (f'<b>{who}:</b> {html.escape(said)}<span style="color:{QUIET}">{html.escape(rest)}</span> '
                f'<i style="color:{QUIET}">{cut}</i>')
    return f"<b>{who}:</b> {html.escape(text)}"


class ProblemRow(QWidget):
    """One problem on one line: its words (cut short to fit; a click shows them whole), the fix and a dismiss."""

    def __init__(self, problem: Problem, open_fix: Callable[[str], Any], dismiss: Callable[[str], None]) -> None:
        super().__init__(objectName=f"chatProblem-{problem.topic}")
        self.text = OneLine(objectName="chatFailure")
        self.text.setStyleSheet(PROBLEM_STYLE)
        self.problem = problem
        self.fix_button = QPushButton(objectName="chatFixIt")
        self.fix_button.clicked.connect(lambda: open_fix(self.problem.setting))
        self.dismiss_button = QPushButton("✕", objectName="chatDismiss", flat=True)
        self.dismiss_button.setFixedWidth(self.dismiss_button.fontMetrics().height() + 10)
        self.dismiss_button.setAccessibleName(translate("chat_dock", "Dismiss"))
        self.dismiss_button.setToolTip(translate("chat_dock", "Hide this line; it comes back if it happens again."))
        self.dismiss_button.clicked.connect(lambda: dismiss(problem.topic))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text, 1, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.fix_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        self.show_problem(problem)

    def show_problem(self, problem: Problem) -> None:
        self.problem = problem
        self.text.setText(problem_line(problem))
        self.text.setToolTip(problem.detail or self.text.text())
        title = page_title(problem.setting)
        where = translate("chat_dock", "Open Settings → {title}").format(title=title) if title \
            else translate("chat_dock", "Open Settings")
        self.fix_button.setText(f"⚙ {title}" if title else "⚙")   # short: the problem's words get the line
        self.fix_button.setToolTip(where)
        self.fix_button.setAccessibleName(where)


class Notes(QScrollArea):
    """Her failed turn's line under the transcript: one line, or as tall as it needs once unfolded, up to a share
    of the dock, then it scrolls, so the conversation and the entry stay in view. Its height is set, not hinted:
    beside a transcript that stretches, a box layout gives a hinted neighbour only its (cached) minimum."""
    FLOOR = 60
    SHARE = 4   # at most a quarter of the dock: the conversation comes first

    def __init__(self, content: QWidget) -> None:
        super().__init__(widgetResizable=True, frameShape=QFrame.Shape.NoFrame, objectName="chatNotes")
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)
        content.installEventFilter(self)

    def fit(self, dock_height: int) -> None:
        content = self.widget()
        wanted = content.heightForWidth(max(1, self.viewport().width()))
        wanted = wanted if wanted >= 0 else content.sizeHint().height()
        self.setFixedHeight(min(wanted, max(self.FLOOR, dock_height // self.SHARE)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() is QEvent.Type.LayoutRequest and self.parentWidget() is not None:   # a line unfolded
            self.fit(self.parentWidget().height())
        return False


class ChatDock(QWidget):
    def __init__(self, skill: ChatSkill, open_page: Callable[[str], Any] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self._open_page = open_page
        self.transcript = FollowingText(objectName="chatTranscript")
        self.status = OneLine(objectName="chatStatus")
        self.status.setStyleSheet(f"color: {QUIET};")
        # from a line sent to her until her answer (or her failure) is in the dock: the wait is not silence
        self.thinking = QLabel(translate("chat_dock", "She is thinking…"), objectName="chatThinking")
        self.thinking.setStyleSheet(f"color: {QUIET}; font-style: italic;")
        self.thinking.hide()
        self._thinking_timeout = QTimer(self, singleShot=True, interval=THINKING_AT_MOST_MS)
        self._thinking_timeout.timeout.connect(self.thinking.hide)
        self._speaking: dict[int, int] = {}   # her lines still sounding: the line's number -> its block
        self.entry = QLineEdit(objectName="chatEntry", placeholderText=translate("chat_dock", "Say something to her…"))
        self.send_button = QPushButton(translate("chat_dock", "Send"))
        self.failure: ProblemRow | None = None
        self.problem_box = QWidget(objectName="chatProblems")
        self.problem_list = QVBoxLayout(self.problem_box)
        self.problem_list.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addWidget(self.send_button)
        self.notes = Notes(self.problem_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.thinking)
        layout.addWidget(self.notes)
        layout.addWidget(self.status)
        layout.addLayout(row)
        self.entry.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        for line in skill.entries:
            self.show_line(line)
        skill.on_line(self.show_line)
        unsubscribe = skill.on_problems(self.show_problems)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.show_problems()
        self.refresh_status()

    def show_problems(self) -> None:
        """Her failed turn's line while there is one (gone once she answers or it is dismissed); the skill's other
        problems are the problems list's."""
        problem = self.skill.problems.get(HERS)
        if problem is None and self.failure is not None:
            self.problem_list.removeWidget(self.failure)
            self.failure.deleteLater()
            self.failure = None
        elif problem is not None:
            if self.failure is None:
                self.failure = ProblemRow(problem, self.open_fix, self.skill.dismiss)
                self.problem_list.addWidget(self.failure)
            self.failure.show_problem(problem)
        self.notes.setVisible(problem is not None)
        self.notes.fit(self.height())
        if problem is not None:
            self.thinking.hide()

    def resizeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        self.notes.fit(event.size().height())
        super().resizeEvent(event)

    def open_fix(self, section: str) -> Any:
        """Open the settings page that fixes it, the way the Get started checklist does (the main window's
        open_settings), unless one was given."""
        opener = self._open_page or getattr(self.window(), "open_settings", None)
        return opener(section) if opener is not None else None

    def refresh_status(self) -> None:
        notice = self.skill.notice()
        self.status.setText(translate("mind_notice", notice) if notice else "")
        self.status.setToolTip(self.status.text())
        self.status.setVisible(bool(notice))

    def show_line(self, line: Line) -> None:
        """A new line at the end; her spoken line again, where it is, when its mark changes."""
        if line.who_phrase != you():   # her answer, or an agent's line
            self.thinking.hide()
        block = self._speaking.pop(line.number, None) if line.state is not LineState.SPEAKING else \
            self._speaking.get(line.number)
        if block is not None:
            self.transcript.replace_block(block, line_html(line))
            return
        self.transcript.appendHtml(line_html(line))
        if line.state is LineState.SPEAKING:
            self._speaking[line.number] = self.transcript.document().blockCount() - 1

    def send(self) -> None:
        if self.entry.text().strip():
            self.thinking.show()
            self._thinking_timeout.start()
        self.skill.send(self.entry.text())
        self.entry.clear()
        self.refresh_status()


def make_dock(skill: ChatSkill) -> QWidget:
    return ChatDock(skill)
