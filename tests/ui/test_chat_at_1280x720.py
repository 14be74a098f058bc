"""The Chat dock in the window as the app builds it on a 1280x720 screen: a line typed there is answered by her
(a scripted model, a voice whose line lasts until the test lets it end), and her text is in the dock while her
voice is still saying it, then marked said; after she quits and starts again, the Memory dock shows what she was
told; the conversation gets most of the dock; with standing problems
besides, the problems list above her stage shows her failed turn first, the Chat dock shows it (in view) and none
of the standing ones, and her state is one line.

A screen's size is fixed when Qt starts, so this runs in its own process (tests/ui/test_window_fits.py does the
same): `python -m tests.ui.test_chat_at_1280x720 OUT` writes OUT/report.json and screenshots beside it."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.test_window_fits import PASSPHRASE, REPO, _global_rect, _screen_config

SCREEN = "1280x720"
ANSWER = "Ciao! I'm here, ready when you are."
TOLD = "My cat is called Pistachio."


def probe(out: Path) -> None:
    from PySide6 import QtWebEngineWidgets  # noqa: F401  (before the QApplication, as the app does)

    from app import compose
    from app.core.events import EventKind
    from app.memory.memories import MemoryStore
    from app.ui import launch
    from app.ui.main_window import BOTTOM, DETAILS
    from tests.fakes import FakeLLMClient, HashingEmbedder, says
    from tests.skills.chat.test_her_text_first import HeldVoice

    qapp = launch.application()
    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    bea = compose.build(data, env={"BEA_PASSPHRASE": PASSPHRASE}, log_to_stderr=False)
    # her memory loaded (a stand-in embedder)
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    shell = launch.Shell(bea, launch.app_icon())
    window = shell.window
    window.show()

    def settle(seconds: float = 0.0) -> None:
        until = time.monotonic() + seconds
        qapp.processEvents()
        while time.monotonic() < until:
            qapp.processEvents()
            time.sleep(0.02)
    settle(1.0)                                  # past the window's second look at its frame
    chat = window.docks["chat"]
    chat.raise_()
    settle()
    dock = chat.widget()
    report: dict = {"screen": [window.screen().geometry().width(), window.screen().geometry().height()],
                    "chat_exposed": not chat.visibleRegion().isEmpty(), "chat": _global_rect(chat)}

    async def talk() -> None:
        voice = HeldVoice()
        bea.mind.start()
        bea.mind.consciousness.llm = FakeLLMClient([says(ANSWER)])
        bea.mind.outlets.attach_voice(voice)
        dock.entry.setText(TOLD)
        dock.send_button.click()
        await bea.mind.consciousness.turn(bea.mind.bus.take_all())
        settle()
        report["speaking"] = voice.started.is_set() and not voice.done.is_set()
        report["during"] = dock.transcript.toPlainText().splitlines()
        window.grab().save(str(out / "chat-while-she-speaks.png"))
        voice.done.set()
        while bea.mind.outlets.is_speaking():
            await asyncio.sleep(0.01)
        settle()
        report["after"] = dock.transcript.toPlainText().splitlines()
        await bea.mind.stop()
    asyncio.run(talk())

    bea.bus.publish(EventKind.ERROR, "voice", "no audio device: PortAudio is not installed",
                    setting="skills.voice", problem="voice:audio",
                    brief="No audio device: she can't hear you or speak aloud.")
    bea.bus.publish(EventKind.ERROR, "obs", "OBS is not answering at 127.0.0.1:4455. If you don't use OBS, "
                    "switch it off in Settings → Skills.", setting="skills.obs")
    bea.bus.publish(EventKind.ERROR, "mind", "She couldn't answer: timeout", failed_turn=True, reason="timeout",
                    answered=False, setting="mind")
    settle(0.3)
    window.grab().save(str(out / "chat-with-problems.png"))
    mind = dock.failure
    viewport = dock.notes.viewport()
    panel = window.problems
    top = mind.mapTo(viewport, mind.rect().topLeft()).y()
    report.update({
        "content": [dock.width(), dock.height()],
        "transcript": [dock.transcript.width(), dock.transcript.height()],
        "line_height": dock.transcript.fontMetrics().height(),
        "dock_problem_lines": dock.problem_list.count(),
        "panel_order": panel.order,
        "panel_shown": [panel.isVisible(), panel.shown_lines()],
        "mind_in_view": mind.isVisible() and 0 <= top and top + mind.height() <= viewport.height(),
        "mind_text": mind.text.text(),
        "mind_height": [mind.text.height(), mind.text.fontMetrics().height()],
        "status": [dock.status.isVisible(), dock.status.height(), dock.status.fontMetrics().height()],
        "stage": window.centralWidget().height(),
    })
    report["bottom"] = {}
    for key in [k for k, area in window.areas.items() if area == BOTTOM and k not in DETAILS]:
        window.docks[key].raise_()
        settle()
        report["bottom"][key] = window.docks[key].widget().height()
    window.hide_on_close = False
    window.close()
    compose.close(bea)                           # she quits: the stream's lines become memories
    qapp.processEvents()

    again = compose.build(data, env={"BEA_PASSPHRASE": PASSPHRASE}, log_to_stderr=False)
    again.mind.memories = MemoryStore(again.db, HashingEmbedder(), clock=again.clock.time)
    window = launch.Shell(again, launch.app_icon()).window
    window.show()
    settle(1.0)
    memory = window.docks["memory"]
    memory.raise_()
    settle()
    window.grab().save(str(out / "memory-after-restart.png"))
    shown = memory.widget()
    report["after_restart"] = {"memories": [m.text for m in shown.view.memories] if shown.view else None,
                               "news": shown.news.text(), "exposed": not memory.visibleRegion().isEmpty()}
    (out / "report.json").write_text(json.dumps(report, indent=1))
    window.hide_on_close = False
    compose.close(again)
    qapp.processEvents()


@pytest.fixture(scope="module")
def shown(tmp_path_factory) -> tuple[dict, Path]:
    root = Path(os.environ["BEA_ARTIFACTS"]) if os.environ.get("BEA_ARTIFACTS") \
        else tmp_path_factory.mktemp("chat-1280x720")
    out = root / f"chat-{SCREEN}"
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={_screen_config(SCREEN, out)}",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
           "QTWEBENGINE_CHROMIUM_FLAGS": os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox")}
    env.pop("BEA_PASSPHRASE", None)
    done = subprocess.run([sys.executable, "-m", "tests.ui.test_chat_at_1280x720", str(out)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((out / "report.json").read_text()), out


def test_her_text_is_in_the_dock_before_her_voice_has_said_it_then_marked_said(shown):
    report, out = shown
    assert report["screen"] == [1280, 720] and report["chat_exposed"]
    assert report["speaking"]
    assert report["during"] == [f"You: {TOLD}", f"Bea (out loud): {ANSWER} …"]
    assert report["after"] == [f"You: {TOLD}", f"Bea (out loud): {ANSWER}"]
    assert (out / "chat-while-she-speaks.png").is_file()


def test_the_conversation_gets_most_of_the_dock_and_her_failure_stays_in_view(shown):
    report, out = shown
    height = report["content"][1]
    assert report["transcript"][1] >= height * 55 // 100, report            # was 69 px of a crowded dock
    assert report["transcript"][1] >= 8 * report["line_height"], report     # at least eight lines of talk
    # the most serious, then the newest; her failed turn is the Chat dock's, not the list's
    assert report["panel_order"] == ["voice:audio", "obs"], report
    assert report["panel_shown"] == [True, ["No audio device: she can't hear you or speak aloud."]], report   # folded
    assert report["dock_problem_lines"] == 1 and report["mind_in_view"], report   # the dock: hers only
    assert report["mind_text"] == "She couldn't answer: timeout"
    height, line_height = report["mind_height"]
    assert height < 2 * line_height, report
    status_shown, status_height, line = report["status"]
    assert status_shown and status_height <= line + 4, report["status"]     # her state: one line
    assert (out / "chat-with-problems.png").is_file()


def test_after_a_restart_the_memory_dock_shows_what_she_was_told(shown):
    report, out = shown
    after = report["after_restart"]
    assert after["exposed"] and after["memories"] == [f"Streamer: {TOLD}"], after
    assert after["news"] == "Remembered 1 thing from this stream.", after
    assert (out / "memory-after-restart.png").is_file()


def test_the_docks_under_her_stage_are_tall_enough_to_read_and_leave_her_stage_most_of_the_height(shown):
    report, _out = shown
    assert {"mood", "memory", "people"} < set(report["bottom"]), report["bottom"]
    assert all(height >= 190 for height in report["bottom"].values()), report["bottom"]   # was about 120 px
    assert report["stage"] >= 320, report["stage"]


if __name__ == "__main__":
    probe(Path(sys.argv[1]))
