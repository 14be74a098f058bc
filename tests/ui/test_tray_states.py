"""The tray, offscreen (where there is no system tray): its icon differs pixel for pixel when she is live, paused or
muted; its tooltip says so; Go live and End stream are in its menu; a tray that turns up after start-up is picked
up (an injected availability check stands for the desktop panel); closing the window then keeps her running in the
tray and says so once; quitting while live asks whether to end the stream."""

import logging

import pytest

from app.core.shell_state import ShellState
from app.ui import launch
from app.ui.tray import POLL_FOR_MS, POLL_MS, Tray, badged_icon
from app.widgets.qt import QImage, QMessageBox

# creating a QSystemTrayIcon on the offscreen platform: Qt wires a signal that platform does not have
LATE_TRAY = pytest.mark.qt_log_ignore("systemTrayWindowChanged")


def image(icon, size: int = 32) -> QImage:
    return icon.pixmap(size, size).toImage()


class Panel:
    """The desktop's tray: not there until the panel starts."""

    def __init__(self) -> None:
        self.up = False

    def __call__(self) -> bool:
        return self.up


@pytest.fixture
def panel():
    return Panel()


@pytest.fixture
def shell(qapp, bea, panel, caplog):
    caplog.set_level(logging.INFO)
    s = launch.Shell(bea, launch.app_icon(), tray_available=panel)
    yield s
    if s.asking is not None:
        s.asking.done(0)
    s.window.hide_on_close = False
    s.window.deleteLater()


def test_each_state_draws_its_own_icon(qapp):
    base = launch.app_icon()
    states = [ShellState(), ShellState(live=True), ShellState(paused=True), ShellState(muted=True),
              ShellState(live=True, muted=True), ShellState(live=True, paused=True)]
    for size in (16, 22, 32, 64):
        images = [image(badged_icon(base, state), size) for state in states]
        assert images[0] == image(base, size)                        # nothing on: her plain icon
        for i, a in enumerate(images):
            for j, b in enumerate(images[i + 1:], i + 1):
                assert a != b, (size, states[i], states[j])
    live = image(badged_icon(base, ShellState(live=True)), 64)
    assert live.pixelColor(56, 56).red() > 200 and live.pixelColor(56, 56).green() < 100   # a red dot, bottom right
    assert ShellState(privacy=True) != ShellState() and image(badged_icon(base,
                                                                          ShellState(privacy=True))) == image(base)


def test_the_icon_and_tooltip_follow_go_live_pause_and_mute_and_the_menu_has_go_live_and_end_stream(shell, bea):
    tray = shell.tray
    items = [a.text() for a in tray.menu.actions() if not a.isSeparator()]
    assert "Go live" in items and "End stream" in items
    plain = image(tray.current_icon())
    shell.actions.go_live.trigger()
    assert tray.state.live and tray.tooltip().startswith("Bea · live")
    live = image(tray.current_icon())
    assert live != plain
    shell.actions.pause.trigger()
    assert "mind paused" in tray.tooltip() and image(tray.current_icon()) not in (plain, live)
    shell.actions.pause.trigger()
    shell.actions.mute.trigger()
    assert "voice muted" in tray.tooltip() and "mind paused" not in tray.tooltip()
    muted = image(tray.current_icon())
    assert muted not in (plain, live)
    shell.actions.privacy.trigger()
    assert "privacy mode" in tray.tooltip() and tray.tooltip().endswith("Model: the built-in demo model")
    shell.actions.end_stream.trigger()
    shell.actions.mute.trigger()
    assert not tray.state.live and image(tray.current_icon()) == plain


def test_without_a_tray_it_keeps_looking_for_a_while_then_stops(qapp, bea, panel):
    from app.ui.actions import AppActions
    tray = Tray(AppActions(bea), launch.app_icon(), available=panel)
    assert not tray.available and tray.poll_timer.isActive() and tray.poll_timer.interval() == POLL_MS
    for _ in range(POLL_FOR_MS // POLL_MS):
        assert not tray.look_again()
    assert not tray.poll_timer.isActive()                           # ten minutes without a panel: it gives up


@LATE_TRAY
def test_a_tray_that_turns_up_later_is_used_and_closing_then_says_so_once(shell, panel, qtbot, caplog):
    window, tray = shell.window, shell.tray
    shell.actions.mute.trigger()
    assert not tray.available and not window.hide_on_close
    assert not tray.look_again()                                     # the panel is not up yet
    panel.up = True
    assert tray.look_again()                                        # the timer's next look finds it
    assert tray.available and not tray.poll_timer.isActive() and window.hide_on_close
    assert tray.icon.toolTip() == tray.tooltip() and "voice muted" in tray.icon.toolTip()
    assert image(tray.icon.icon()) == image(tray.current_icon())
    assert tray.icon.contextMenu() is tray.menu
    window.show()
    qtbot.waitExposed(window)
    for _ in range(2):
        window.close()                                               # she keeps running, the window hides
        assert window.isHidden() and not shell.quit_requested.is_set()
        window.show()
    notes = [r.getMessage() for r in caplog.records if r.getMessage().startswith("the window went to the tray")]
    assert notes == ["the window went to the tray: said so in a tray message"] and shell.told_tray   # once


def test_without_a_tray_closing_the_window_quits_as_before(shell):
    assert not shell.window.hide_on_close
    shell.window.close()
    assert shell.quit_requested.is_set()


def answer(shell, button_text: str) -> None:
    box = shell.asking
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert [b.text() for b in box.buttons()] and box.text() == "You are live. End the stream session as you quit?"
    next(b for b in box.buttons() if b.text().replace("&", "") == button_text).click()


def test_quitting_while_live_asks_whether_to_end_the_stream(shell, bea):
    shell.actions.go_live.trigger()
    sid = bea.mind.stream.session_id
    shell.actions.quit.trigger()
    texts = sorted(b.text().replace("&", "") for b in shell.asking.buttons())
    assert texts == ["Cancel", "End stream and quit", "Quit without ending"]
    answer(shell, "Cancel")
    assert not shell.quit_requested.is_set() and bea.mind.stream.session_id == sid and shell.asking is None
    shell.window.close()                                             # no tray: closing is quitting, same question
    answer(shell, "Quit without ending")
    assert shell.quit_requested.is_set() and bea.mind.stream.session_id == sid


def test_end_stream_and_quit_closes_the_session(shell, bea):
    shell.actions.go_live.trigger()
    sid = bea.mind.stream.session_id
    shell.actions.quit.trigger()
    answer(shell, "End stream and quit")
    assert shell.quit_requested.is_set() and bea.mind.stream.session_id is None
    assert bea.mind.stream.sessions()[0][0] == sid


def test_not_live_quits_without_a_question(shell):
    shell.actions.quit.trigger()
    assert shell.quit_requested.is_set() and shell.asking is None
