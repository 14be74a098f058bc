"""The tray's menu (and the window's File menu, which shares its actions) offers only the stream step that fits:
Go live while she is not on air, End stream while she is. Offscreen there is no system tray, so this reads the
menu the tray would show, built with no tray icon at all."""

from __future__ import annotations

import asyncio

from app.memory.stream import Line
from app.ui import launch
from app.ui.actions import AppActions
from app.ui.tray import Tray


def on_the_loop(steps) -> None:
    """Run `steps` as the app runs its actions: on a running event loop (End stream starts work on it)."""
    async def run() -> None:
        steps()
    asyncio.run(run())


def offered(menu) -> list[str]:
    """What the menu shows (a greyed entry is shown too: the streamer still sees it offered)."""
    shown = [a for a in menu.actions() if a.isVisible() and not a.isSeparator()]
    assert all(a.isEnabled() for a in shown if a.text() in ("Go live", "End stream"))
    return [a.text() for a in shown]


def test_the_menu_offers_go_live_off_air_and_end_stream_on_air(qapp, bea):
    actions = AppActions(bea)
    tray = Tray(actions, launch.app_icon(), available=lambda: False)
    assert not tray.available                                  # no icon: the menu is there all the same
    stream = bea.mind.stream
    steps = []

    def walk() -> None:
        for step in ("start", "go live", "end", "a line heard off air", "OBS goes live", "end"):
            if step == "go live":
                actions.go_live.trigger()
            elif step == "end":
                actions.end_stream.trigger()
            elif step == "a line heard off air":               # opens a sitting, not a stream
                stream.append_sync([Line("heard", "[ada] ciao", 1.0, "twitch:9", "ada")])
                actions.sync_live()
            elif step == "OBS goes live":
                stream.go_live("obs")
                actions.sync_live()                            # what the shell does on its next look
            shown = offered(tray.menu)
            steps.append((step, "Go live" in shown, "End stream" in shown))

    on_the_loop(walk)
    assert steps == [("start", True, False), ("go live", False, True), ("end", True, False),
                     ("a line heard off air", True, False), ("OBS goes live", False, True), ("end", True, False)]
    assert offered(tray.menu) == ["Show/Hide", "Go live", "Pause mind", "Mute voice", "Privacy mode", "Quit"]
    tray.menu.deleteLater()


def test_the_window_file_menu_follows_the_same_actions(qapp, bea):
    shell = launch.Shell(bea, launch.app_icon(), tray_available=lambda: False)
    try:
        file = next(a.menu() for a in shell.window.menuBar().actions() if a.text() == "&File")
        assert "Go live" in offered(file) and "End stream" not in offered(file)
        on_the_loop(shell.actions.go_live.trigger)
        assert "End stream" in offered(file) and "Go live" not in offered(file)
        assert "End stream" in offered(shell.tray.menu) and "Go live" not in offered(shell.tray.menu)
    finally:
        shell.window.hide_on_close = False
        shell.window.deleteLater()
