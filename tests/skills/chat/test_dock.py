"""The Chat dock, offscreen in the real main window: when her turns fail, one plain line says why (a run of the
same failure stays one line), with a button that opens Settings → Mind; the line goes once she answers. What else
is wrong (no audio device, OBS not answering, a Twitch login refused) is the window's problems list's
(tests/skills/chat/test_problems.py), not said in the dock again."""

import asyncio
import socket

import pytest

from app.core.events import EventKind
from app.ui import launch
from app.ui.settings_dialog import SettingsDialog
from app.widgets.qt import Qt
from tests.conftest import REPO
from tests.fakes import FakeLLMClient, says

SHOTS = REPO / "build" / "screenshots"


@pytest.fixture
def shell(qapp, bea):
    s = launch.Shell(bea, launch.app_icon())
    yield s
    s.window.hide_on_close = False
    s.window.deleteLater()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_failed_turns_show_one_line_with_a_button_to_the_mind_settings(shell, qtbot, qapp):
    bea, window = shell.bea, shell.window
    bea.settings.update({"mind.models": ["ollama:qwen-test"],
                         "mind.base_urls": {"ollama": f"http://127.0.0.1:{closed_port()}/v1"}})
    dock = window.docks["chat"].widget()
    window.show()
    window.docks["chat"].raise_()
    qtbot.waitExposed(window)
    assert dock.notes.isHidden()

    async def typed(text: str):
        dock.entry.setText(text)
        dock.send_button.click()
        return await bea.mind.consciousness.turn(bea.mind.bus.take_all())

    async def go():
        bea.mind.start()
        failed = [await typed("Hi Bea, what's your name?"), await typed("are you there?")]
        row = dock.failure
        shown = (row.isVisible(), row.text.text(), row.fix_button.toolTip())
        SHOTS.mkdir(parents=True, exist_ok=True)
        for _ in range(3):      # no Qt loop runs under asyncio.run: let the layout settle before the picture
            qapp.processEvents()
        dock.grab().save(str(SHOTS / "chat_failure.png"))
        qtbot.mouseClick(row.fix_button, Qt.MouseButton.LeftButton)
        dialogs = window.findChildren(SettingsDialog)
        page = dialogs[-1].pages.currentItem().text() if dialogs else None
        for dialog in dialogs:
            dialog.reject()
        bea.mind.consciousness.llm = FakeLLMClient([says("I'm Bea, sorry for the wait!")])
        await typed("hello?")
        await bea.mind.stop()
        return failed, shown, page

    failed, (visible, text, button), page = asyncio.run(go())
    assert [r.outcome for r in failed] == ["failed", "failed"]
    assert visible and text.startswith("She couldn't answer: nothing answers at the address of her model "
                                       "ollama:qwen-test. Is its server (Ollama, LM Studio…) running? (detail: "
                                       "ollama:qwen-test: ")   # Bea's sentence, the server's words the detail
    assert text.endswith(" (2 turns in a row)") and text.count("She couldn't answer") == 1
    assert button == "Open Settings → Mind"
    assert page == "Mind"
    assert dock.notes.isHidden() and dock.failure is None     # she answered: the line is gone
    said = dock.transcript.toPlainText()
    assert "You: Hi Bea, what's your name?" in said and "I'm Bea, sorry for the wait!" in said


def failed_turn(bus, reason: str, answered: bool = False) -> None:
    """What the mind publishes when a turn fails (app.mind.consciousness)."""
    bus.publish(EventKind.ERROR, "mind", f"She couldn't answer: {reason}", failed_turn=True, reason=reason,
                answered=answered, models=["ollama:x"], setting="mind")


def test_repeats_collapse_a_new_reason_starts_a_new_line_and_other_errors_are_not_hers(bea, qtbot):
    from app.skills.chat.dock import ChatDock
    opened = []
    dock = ChatDock(bea.skills["chat"], open_page=opened.append)
    qtbot.addWidget(dock)
    bus = bea.bus
    bus.publish(EventKind.ERROR, "voice", "a line was cut short")      # no settings page fixes it: not hers
    failed_turn(bus, "ollama:x: something went wrong", answered=True)   # she had already said something
    assert dock.notes.isHidden()
    failed_turn(bus, "ollama:x: cooling down for 4 s more after: cannot reach it")
    failed_turn(bus, "ollama:x: cooling down for 2 s more after: cannot reach it")
    failed_turn(bus, "ollama:x: cooling down for 1 s more after: cannot reach it")
    assert dock.problem_list.count() == 1
    assert dock.failure.text.text() == ("She couldn't answer: ollama:x: cooling down for 1 s more after: "
                                        "cannot reach it (3 turns in a row)")
    failed_turn(bus, "openai:gpt-4o-mini: no API key for OpenAI: add one in the model settings")
    assert dock.failure.text.text() == ("She couldn't answer: openai:gpt-4o-mini: no API key for OpenAI: add "
                                        "one in the model settings")
    assert dock.problem_list.count() == 1
    dock.failure.fix_button.click()
    assert opened == ["mind"]
    bus.publish(EventKind.SPEECH, "voice", "here I am")
    assert dock.notes.isHidden() and bea.skills["chat"].problems == {}


def test_only_her_failed_turn_is_said_and_read_whole_the_talk_and_the_entry_stay_in_view(bea, qtbot, qapp):
    from app.skills.chat.dock import ChatDock
    dock = ChatDock(bea.skills["chat"], open_page=lambda _s: None)
    qtbot.addWidget(dock)
    dock.resize(360, 300)
    dock.show()
    qtbot.waitExposed(dock)
    at_length = "something went wrong here, said at length so that it wraps over several lines of a narrow dock " * 2
    for n in range(4):
        bea.bus.publish(EventKind.ERROR, f"part{n}", at_length, setting="mind")
    failed_turn(bea.bus, at_length * 2)
    for _ in range(3):
        qapp.processEvents()
    assert len(bea.skills["chat"].problems) == 5 and dock.problem_list.count() == 1 and dock.notes.isVisible()
    dock.failure.text.set_folded(False)                              # read whole: many lines
    for _ in range(3):
        qapp.processEvents()
    assert dock.failure.text.height() > 4 * dock.failure.text.fontMetrics().height()
    assert dock.notes.height() <= 300 * 2 // 5                       # the line scrolls past its share
    assert dock.entry.geometry().bottom() <= dock.height() and dock.entry.isVisible()
    assert dock.transcript.height() >= 60
