"""The problems list above her stage: what is wrong as the skills and the mind say it on the bus, one line per
problem, the most serious and newest first, folded to that first line, counted in the status bar; and the order's
rules as a table."""

from __future__ import annotations

import pytest

from app.core.events import EventKind
from app.core.problem_order import ordered, rank
from app.ui.problems_panel import ProblemsPanel

OBS_DOWN = ("OBS is not answering at 127.0.0.1:4455. Is OBS running, with its WebSocket server on (Tools → "
            "WebSocket Server Settings)? If you don't use OBS, switch it off in Settings → Skills.")
NO_AUDIO = "No audio device: she can't hear you or speak aloud. The Voice dock says why and how to fix it."
COULDNT = "She couldn't answer: ollama:mind: the server at 127.0.0.1:11434 did not answer"


def obs_down(bea) -> None:
    bea.bus.publish(EventKind.ERROR, "obs", OBS_DOWN, setting="skills.obs", problem="obs")


def no_audio(bea) -> None:
    bea.bus.publish(EventKind.ERROR, "voice", "no audio device: PortAudio is not installed", brief=NO_AUDIO,
                    setting="skills.voice", problem="voice:audio")


def couldnt_answer(bea) -> None:
    reason = COULDNT.removeprefix("She couldn't answer: ")
    bea.bus.publish(EventKind.ERROR, "mind", COULDNT, failed_turn=True, answered=False, setting="mind",
                    reason=reason)


@pytest.fixture
def panel(bea, qtbot):
    opened: list[str] = []
    widget = ProblemsPanel(bea.skills["chat"], opened.append)
    widget.opened = opened
    qtbot.addWidget(widget)
    widget.resize(820, 120)
    widget.show()
    return widget


@pytest.mark.parametrize(("problems", "first_to_last"), [
    ([("obs", 1), ("voice:audio", 2), ("mind", 3)], ["mind", "voice:audio", "obs"]),    # the most serious first
    ([("mind", 1), ("obs", 2)], ["mind", "obs"]),                                         # newer, but less serious
    ([("twitch", 1), ("telegram", 2), ("discord", 3)], ["discord", "telegram", "twitch"]),  # equals: the newest
    ([("api-lan", 5), ("stage:avatar", 1), ("voice:start", 2)], ["voice:start", "stage:avatar", "api-lan"]),
    ([("something new", 9), ("obs", 10), ("twitch", 1)], ["something new", "twitch", "obs"]),  # unknown: a platform
    ([], []),
])
def test_the_most_serious_then_the_newest_shows_first(problems, first_to_last):
    assert ordered(problems) == first_to_last


def test_a_kind_is_the_topics_first_word():
    assert rank("voice:audio") == rank("voice") < rank("stage:avatar") < rank("obs") < rank("api-tokens")


def test_she_couldnt_answer_shows_first_above_standing_obs_and_audio_problems_folded_to_one_line(bea, panel):
    obs_down(bea)
    no_audio(bea)
    assert panel.shown_lines() == [NO_AUDIO] and panel.more.text() == "▾ +1"
    couldnt_answer(bea)                                  # the newest and most serious: first, in view
    assert panel.order == ["mind", "voice:audio", "obs"]
    assert panel.shown_lines() == [COULDNT] and panel.more.text() == "▾ +2"
    assert panel.lines["mind"].fix_button.text() == "Settings → Mind"
    panel.more.click()                                   # unfolded: one line per problem
    assert panel.shown_lines() == [COULDNT, NO_AUDIO, OBS_DOWN]
    heights = {panel.lines[t].sizeHint().height() for t in panel.order}
    assert max(heights) <= panel.fontMetrics().height() * 2 + 12, heights   # one line each, however long
    assert panel.lines["obs"].text.toolTip().startswith(OBS_DOWN)           # the whole sentence behind it
    panel.lines["voice:audio"].fix_button.click()
    assert panel.opened == ["skills.voice"]
    panel.more.click()
    assert panel.shown_lines() == [COULDNT]


def test_a_problem_said_again_is_one_line_and_a_resolved_or_dismissed_one_goes(bea, panel):
    for _ in range(3):
        obs_down(bea)                                    # every retry: still one line
    assert panel.order == ["obs"] and not panel.more.isVisibleTo(panel)
    no_audio(bea)
    panel.lines["voice:audio"].dismiss_button.click()
    assert panel.order == ["obs"]
    bea.bus.publish(EventKind.SYSTEM, "obs", "Connected to OBS at 127.0.0.1:4455.", resolved="obs")
    assert panel.order == [] and panel.isHidden()


def test_the_window_counts_the_problems_in_its_status_line_and_its_button_unfolds_the_list(qapp, bea):
    from app.ui import launch
    shell = launch.Shell(bea, launch.app_icon())
    try:
        w = shell.window
        assert w.status.problems.isHidden() and w.problems.isHidden()
        obs_down(bea)
        no_audio(bea)
        assert w.status.problems.text() == "⚠ 2 problems" and not w.status.problems.isHidden()
        assert not w.problems.isHidden() and not w.problems.expanded
        w.status.problems.click()
        assert w.problems.expanded and len(w.problems.shown_lines()) == 2
        bea.bus.publish(EventKind.SYSTEM, "obs", "Connected to OBS at 127.0.0.1:4455.", resolved="obs")
        assert w.status.problems.text() == "⚠ 1 problem"
    finally:
        shell.window.hide_on_close = False
        shell.window.deleteLater()


def test_the_window_says_she_couldnt_answer_in_the_chat_dock_only(qapp, bea):
    from app.skills.chat.dock import ChatDock
    from app.ui import launch
    shell = launch.Shell(bea, launch.app_icon())
    try:
        w = shell.window
        no_audio(bea)
        couldnt_answer(bea)
        assert w.problems.order == ["voice:audio"] and w.status.problems.text() == "⚠ 1 problem"
        chat = w.findChild(ChatDock)
        assert chat is not None and chat.failure is not None
        assert "couldn't answer" in chat.failure.text.text()
    finally:
        shell.window.hide_on_close = False
        shell.window.deleteLater()
