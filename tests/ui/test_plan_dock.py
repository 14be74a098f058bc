"""The Plan dock, offscreen: the streamer writes a plan with its buttons, and sees what she did with it."""

import asyncio
from datetime import UTC, datetime

import pytest

from app.core.events import EventBus
from app.core.plan import State
from app.memory.plan_store import PlanStore
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from app.skills.plan.dock import EMPTY, PlanDock, make_dock
from app.skills.plan.skill import PlanSkill
from app.widgets.qt import QInputDialog, QMessageBox, Qt
from tests.conftest import REPO
from tests.fakes import StoppedClock
from tests.her_words import english
from tests.memory.test_plan_store import open_plan_db

SHOTS = REPO / "build" / "screenshots"


@pytest.fixture
def store(tmp_path):
    db = open_plan_db(tmp_path / "bea.db")
    yield PlanStore(db, clock=SYSTEM.time)
    db.close()


@pytest.fixture
def dock(qtbot, store):
    skill = PlanSkill(SkillContext(settings=lambda: None, bus=EventBus(lambda: 0.0),
                                   clock=StoppedClock(datetime(2026, 1, 1, tzinfo=UTC)), plan_store=store,
                                   words=english))
    widget = make_dock(skill)
    qtbot.addWidget(widget)
    return widget


class Answers:
    """Stands in for QInputDialog.getText: the next answer, or a cancel; records what was asked."""

    def __init__(self, monkeypatch):
        self.queue: list[str | None] = []
        self.asked: list[str] = []
        monkeypatch.setattr(QInputDialog, "getText", self.get_text)

    def get_text(self, _parent, _title, label, _mode=None, _text=""):
        self.asked.append(label)
        answer = self.queue.pop(0)
        return ("", False) if answer is None else (answer, True)


@pytest.fixture
def answers(monkeypatch):
    return Answers(monkeypatch)


def click(dock: PlanDock, name: str) -> None:
    dock.buttons[name].click()


def add(dock: PlanDock, qtbot, text: str) -> None:
    dock.entry.setText(text)
    qtbot.keyClick(dock.entry, Qt.Key.Key_Return)


def texts(dock: PlanDock) -> list[str]:
    return [dock.items.item(i).text() for i in range(dock.items.count())]


def choose(dock: PlanDock, oid: int) -> None:
    row = next(i for i in range(dock.items.count()) if dock.items.item(i).data(Qt.ItemDataRole.UserRole).id == oid)
    dock.items.setCurrentRow(row)


def test_with_no_plan_only_new_plan_is_offered(dock):
    assert dock.status.text() == EMPTY
    assert [n for n, b in dock.buttons.items() if b.isEnabled()] == ["new"]
    assert not dock.headline.isEnabled() and not dock.entry.isEnabled()


def test_the_streamer_writes_a_plan_and_orders_it(dock, store, answers, qtbot):
    answers.queue = ["Finish the castle"]
    click(dock, "new")
    assert store.current.headline == "Finish the castle" == dock.headline.text()
    for text in ("Build the gate", "Light the towers", "Say hi to raiders"):
        add(dock, qtbot, text)
    assert dock.entry.text() == "" and store.current.ids == [1, 2, 3]
    choose(dock, 3)
    click(dock, "up")
    assert store.current.ids == [1, 3, 2] and dock.selected().id == 3     # the selection follows the objective
    answers.queue = ["Say hi to every raider"]
    click(dock, "edit")
    assert store.current.find(3).text == "Say hi to every raider"
    answers.queue = [None]                                                # cancelled: nothing changes
    click(dock, "edit")
    assert store.current.find(3).text == "Say hi to every raider"
    dock.headline.setText("Castle day")
    dock.headline.editingFinished.emit()
    assert store.current.headline == "Castle day"


def test_done_asks_for_an_outcome_and_drop_for_a_reason(dock, store, answers, qtbot):
    answers.queue = [""]
    click(dock, "new")
    add(dock, qtbot, "Build the gate")
    add(dock, qtbot, "Light the towers")
    choose(dock, 1)
    assert dock.buttons["reopen"].isEnabled() is False
    answers.queue = ["  "]
    click(dock, "done")
    assert dock.status.text() == "The outcome is empty; write a few words."   # refused, said, nothing stored
    assert store.current.find(1).state is State.TODO
    answers.queue = ["it stands"]
    click(dock, "done")
    assert store.current.find(1).outcome == "it stands" and dock.status.text() == "1 to do, 1 done"
    assert "How did it go?" in answers.asked[-1]
    choose(dock, 2)
    answers.queue = ["out of time"]
    click(dock, "drop")
    assert store.current.find(2).state is State.DROPPED and "Why drop it?" in answers.asked[-1]
    assert texts(dock)[1] == "✗  #2  Light the towers\n      why: out of time"
    click(dock, "reopen")
    assert store.current.find(2).state is State.TODO


def test_her_tool_calls_show_up_in_the_dock(dock, answers, qtbot):
    answers.queue = ["Castle"]
    click(dock, "new")
    add(dock, qtbot, "Build the gate")
    tool = {t.name: t for t in dock.skill.tools()}["objective_start"]
    assert asyncio.run(tool.handler(id=1)).startswith("#1 is now in progress")
    assert texts(dock) == ["▶  #1  Build the gate"]
    assert dock.items.item(0).font().bold()


def test_new_plan_warns_it_replaces_and_clear_asks_first(dock, store, answers, monkeypatch, qtbot):
    answers.queue = ["One"]
    click(dock, "new")
    add(dock, qtbot, "Build the gate")
    answers.queue = ["Two"]
    click(dock, "new")
    assert "replaces the current plan" in answers.asked[-1] and store.current.objectives == ()
    replies = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: replies.pop(0))
    click(dock, "clear")
    assert store.current is not None
    click(dock, "clear")
    assert store.current is None and dock.items.count() == 0 and dock.status.text() == EMPTY


def test_a_real_render_of_a_plan_in_progress(dock, answers, qtbot):
    answers.queue = ["Finish the castle, then a chill chat with whoever stays"]
    click(dock, "new")
    for text in ("Build the gate", "Light the four towers", "Say hi to raiders by name",
                 "Try the nether portal", "Read the top donation messages"):
        add(dock, qtbot, text)
    skill = dock.skill
    asyncio.run(skill.objective_done(1, "the gate stands; chat named it Gerald"))
    asyncio.run(skill.objective_start(2))
    asyncio.run(skill.objective_drop(4, "the streamer said not today"))
    choose(dock, 2)
    answers.queue = ["x" * 201]
    click(dock, "edit")                                # refused: the dock says why, in red
    dock.resize(420, 520)
    dock.show()
    qtbot.waitExposed(dock)
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert dock.grab().toImage().save(str(SHOTS / "plan_dock.png"))
    assert dock.status.text() == "The objective is 201 characters long; keep it to 200."
    assert texts(dock)[:2] == ["✓  #1  Build the gate\n      outcome: the gate stands; chat named it Gerald",
                               "▶  #2  Light the four towers"]
