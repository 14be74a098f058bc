"""The Context dock: how full her window is (used, trigger, ceiling), the hot present, the last handoff and
its recap, what the ceiling evicted, and a way to make her forget the window.

The ceiling shown is the one her window keeps to: the setting, capped by the context of her model where it is
known (MindService.budget, the one place that decides it), so a small local model shows its own size."""

from __future__ import annotations

import time

from app.core.events import EventBus, EventKind
from app.mind.service import MindService
from app.process.tasks import spawn
from app.widgets.dock_words import number
from app.widgets.qt import (
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTimer,
    QVBoxLayout,
    QWidget,
    translate,
)


def ceiling_words(ceiling: int, model_context: int | None, setting: int) -> str:
    """Why her window stops where it does, in a sentence to you."""
    if model_context and ceiling < setting:
        return (translate("context_dock", "Her model reads {model_context} tokens at most, so her window keeps to half "
                                          "of that: {ceiling} (the rest holds her briefing and her answer).").format(
                                              model_context=number(model_context), ceiling=number(ceiling)))
    return translate("context_dock", "Her window holds up to {ceiling} tokens (Settings → Mind → "
                                     "Advanced).").format(ceiling=number(ceiling))


class ContextView(QWidget):
    def __init__(self, mind: MindService, bus: EventBus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mind = mind
        self.bar = QProgressBar(objectName="contextBar")
        self.numbers = QLabel(objectName="contextNumbers", wordWrap=True)
        self.ceiling = QLabel(objectName="contextCeiling", wordWrap=True)
        self.recap = QPlainTextEdit(objectName="contextRecap", readOnly=True)
        self.recap.setPlaceholderText(
            translate("context_dock", "No handoff yet: the recap of older talk will show here."))
        self.forget = QPushButton(translate("context_dock", "Forget the window…"), objectName="forgetWindow")
        self.forget.clicked.connect(self.confirm_forget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for w in (self.bar, self.numbers, self.ceiling, QLabel(translate("context_dock", "Last recap")), self.recap,
                  self.forget):
            layout.addWidget(w)
        self._unsubscribe = bus.subscribe(lambda _e: self.refresh(), kinds=[EventKind.TURN, EventKind.SYSTEM],
                                          replay=False)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(2000)
        self.refresh()

    def refresh(self) -> None:
        ctx, handoff = self.mind.context, self.mind.handoff.status
        used, budget = ctx.used(), ctx.budget
        self.bar.setRange(0, budget.ceiling)
        self.bar.setValue(min(used, budget.ceiling))
        self.bar.setFormat(translate("context_dock", "{used} of {ceiling} tokens").format(
            used=number(used), ceiling=number(budget.ceiling)))
        last = (time.strftime("%H:%M", time.localtime(handoff.last_at)) if handoff.last_at
                else translate("context_dock", "never"))
        state = translate("context_dock", "writing a recap now") if handoff.running \
            else translate("context_dock", "last handoff: {last}").format(last=last)
        if handoff.failures:
            state += translate("context_dock", " · {failures} failed").format(failures=handoff.failures)
        self.numbers.setText(
            translate("context_dock", "Recap starts at {trigger} · keeps {hot} word for word · hot now {hot_now} · "
                                      "evicted by the ceiling {evicted_tokens}\n{state} · counting with "
                                      "{counter_name}").format(
                trigger=number(budget.trigger), hot=number(budget.hot), hot_now=number(ctx.hot_size()),
                evicted_tokens=number(ctx.evicted_tokens), state=state, counter_name=self.mind.counter_name))
        self.ceiling.setText(ceiling_words(budget.ceiling, self.mind.known_context(),
                                           self.mind.settings.current.mind.context_max_tokens))
        recap = ctx.recap()
        if self.recap.toPlainText() != recap:
            self.recap.setPlainText(recap)

    def confirm_forget(self) -> None:
        answer = QMessageBox.question(self, translate("context_dock", "Forget the window?"),
                                      translate("context_dock", "She will forget this conversation and its recap (her "
                                                                "memories and the people she knows stay). This cannot "
                                                                "be undone."))
        if answer == QMessageBox.StandardButton.Yes:
            spawn(self.mind.forget_window())
