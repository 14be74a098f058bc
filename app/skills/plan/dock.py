"""The Plan dock: the streamer writes today's plan (headline and objectives) and sees her progress on it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import plan as plans
from app.core.plan import Objective, Plan, State
from app.skills.plan.skill import PlanSkill
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QFont,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
    translate,
)

MARK = {State.TODO: "○", State.DOING: "▶", State.DONE: "✓", State.DROPPED: "✗"}
EMPTY = QT_TRANSLATE_NOOP("plan_dock", "No plan for today. Press New plan to write one: a headline and the things she "
                                       "should get done.")


def summary(plan: Plan | None) -> str:
    if plan is None:
        return translate("plan_dock", EMPTY)
    n = {state: sum(o.state is state for o in plan.objectives) for state in State}
    parts = [translate("plan_dock", "%Ln in progress", None, n[State.DOING]) if n[State.DOING] else "",
             translate("plan_dock", "%Ln to do", None, n[State.TODO]) if n[State.TODO] else "",
             translate("plan_dock", "%Ln done", None, n[State.DONE]) if n[State.DONE] else "",
             translate("plan_dock", "%Ln dropped", None, n[State.DROPPED]) if n[State.DROPPED] else ""]
    return ", ".join(p for p in parts if p) or translate("plan_dock", "No objectives yet: add the first below.")


def item_text(o: Objective) -> str:
    text = f"{MARK[o.state]}  #{o.id}  {o.text}"
    if o.outcome:
        text += f"\n      {'outcome' if o.state is State.DONE else 'why'}: {o.outcome}"
    return text


class PlanDock(QWidget):
    changed = Signal()  # the store calls back on the thread that edited; the signal brings it to this one

    def __init__(self, skill: PlanSkill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.skill = skill
        self.headline = QLineEdit(objectName="planHeadline",
                                  placeholderText=translate("plan_dock", "Today's headline, e.g. “Finish the castle, "
                                                                         "be nice to raiders”"),
                                  maxLength=plans.MAX_HEADLINE)
        self.items = QListWidget(objectName="planObjectives", wordWrap=True)
        self.entry = QLineEdit(objectName="planEntry", placeholderText=translate("plan_dock", "A new objective…"),
                               maxLength=plans.MAX_TEXT)
        self.status = QLabel(objectName="planStatus", wordWrap=True)
        self.buttons: dict[str, QPushButton] = {}
        self.refusal = ""
        adding = self._row(("add", translate("plan_dock", "Add"), self.add_objective))
        adding.insertWidget(0, self.entry, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        top.addWidget(QLabel(translate("plan_dock", "Headline")))
        top.addWidget(self.headline, 1)
        layout.addLayout(top)
        layout.addWidget(self.items, 1)
        layout.addLayout(adding)
        layout.addLayout(self._row(("edit", translate("plan_dock", "Edit…"), self.edit_objective),
                                   ("up", translate("plan_dock", "Up"), lambda: self.move(-1)),
                                   ("down", translate("plan_dock", "Down"), lambda: self.move(+1)),
                                   ("start", translate("plan_dock", "Start"), self.start)))
        layout.addLayout(self._row(("done", translate("plan_dock", "Done…"), self.complete),
                                   ("drop", translate("plan_dock", "Drop…"), self.drop),
                                   ("reopen", translate("plan_dock", "Reopen"), self.reopen)))
        layout.addLayout(self._row(("new", translate("plan_dock", "New plan…"), self.new_plan),
                                   ("clear", translate("plan_dock", "Clear plan"), self.clear_plan)))
        layout.addWidget(self.status)
        self.headline.editingFinished.connect(self.save_headline)
        self.entry.returnPressed.connect(self.add_objective)
        self.items.itemDoubleClicked.connect(lambda _item: self.edit_objective())
        self.items.currentRowChanged.connect(lambda _row: self._enable())
        self.changed.connect(self.refresh)
        skill.on_change(lambda _plan: self.changed.emit())
        self.refresh()

    def _row(self, *buttons: tuple[str, str, Callable[[], Any]]) -> QHBoxLayout:
        row = QHBoxLayout()
        for name, label, slot in buttons:
            button = QPushButton(label, objectName=f"plan-{name}")
            button.clicked.connect(slot)
            self.buttons[name] = button
            row.addWidget(button)
        return row

    # ---- showing it -----------------------------------------------------------------------------------------
    @property
    def plan(self) -> Plan | None:
        return self.skill.plan

    def selected(self) -> Objective | None:
        item = self.items.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def refresh(self) -> None:
        plan, keep = self.plan, self.selected()
        if not self.headline.hasFocus():
            self.headline.setText(plan.headline if plan else "")
        self.items.clear()
        for o in plan.objectives if plan else ():
            item = QListWidgetItem(item_text(o))
            item.setData(Qt.ItemDataRole.UserRole, o)
            font = QFont(item.font())
            font.setBold(o.state is State.DOING)
            font.setStrikeOut(o.state is State.DROPPED)
            item.setFont(font)
            if o.state in (State.DONE, State.DROPPED):
                item.setForeground(self.palette().placeholderText())
            self.items.addItem(item)
            if keep is not None and o.id == keep.id:
                self.items.setCurrentItem(item)
        self.status.setText(self.refusal or summary(plan))
        self.status.setStyleSheet(PROBLEM_STYLE if self.refusal else "")
        self._enable()

    def _enable(self) -> None:
        exists, chosen = self.plan is not None, self.selected()
        for widget in (self.headline, self.entry, self.buttons["add"], self.buttons["clear"]):
            widget.setEnabled(exists)
        for name in ("edit", "up", "down"):
            self.buttons[name].setEnabled(chosen is not None)
        is_open = chosen is not None and chosen.state in plans.OPEN
        for name in ("start", "done", "drop"):
            self.buttons[name].setEnabled(is_open)
        self.buttons["reopen"].setEnabled(chosen is not None and not is_open)

    def _did(self, refusal: str) -> bool:
        """Show why the skill refused, or clear the last refusal; True when the edit went through."""
        self.refusal = refusal
        self.refresh()
        return not refusal

    def _ask(self, title: str, label: str, text: str = "") -> str | None:
        answer, ok = QInputDialog.getText(self, title, label, QLineEdit.EchoMode.Normal, text)
        return answer if ok else None

    # ---- the slots: ask what is needed, hand it to the skill --------------------------------------------------
    def save_headline(self) -> None:
        if self.plan is not None and self.headline.text() != self.plan.headline:
            self._did(self.skill.change(plans.set_headline, self.headline.text()))

    def add_objective(self) -> None:
        if self._did(self.skill.change(plans.add, self.entry.text())):
            self.entry.clear()

    def edit_objective(self) -> None:
        o = self.selected()
        if o is not None and (text := self._ask(translate("plan_dock", "Edit objective"), f"#{o.id}:",
                                                o.text)) is not None:
            self._did(self.skill.change(plans.edit, o.id, text))

    def move(self, offset: int) -> None:
        if (o := self.selected()) is not None:
            self._did(self.skill.change(plans.move, o.id, offset))

    def start(self) -> None:
        if (o := self.selected()) is not None:
            self._did(self.skill.change(plans.start, o.id))

    def complete(self) -> None:
        o = self.selected()
        if o is not None and (text := self._ask(translate("plan_dock", "Objective done"),
                                                f"#{o.id} {o.text}\n" + translate("plan_dock", "How did it go?"))) \
                is not None:
            self._did(self.skill.change(plans.complete, o.id, text))

    def drop(self) -> None:
        o = self.selected()
        if o is not None and (text := self._ask(translate("plan_dock", "Drop objective"),
                                                f"#{o.id} {o.text}\n" + translate("plan_dock", "Why drop it?"))) \
                is not None:
            self._did(self.skill.change(plans.drop, o.id, text))

    def reopen(self) -> None:
        if (o := self.selected()) is not None:
            self._did(self.skill.change(plans.reopen, o.id))

    def new_plan(self) -> None:
        label = translate("plan_dock", "Headline for today (may be empty):")
        if self.plan is not None:
            label = translate("plan_dock", "This replaces the current plan and its objectives.\n") + label
        if (text := self._ask(translate("plan_dock", "New plan"), label)) is not None:
            self._did(self.skill.change(plans.new_plan, text))

    def clear_plan(self) -> None:
        asked = QMessageBox.question(self, translate("plan_dock", "Clear plan"),
                                     translate("plan_dock", "Clear today's plan? She stops seeing it at once."))
        if asked == QMessageBox.StandardButton.Yes:
            self._did(self.skill.change(plans.clear))


def make_dock(skill: PlanSkill) -> QWidget:
    return PlanDock(skill)
