"""The status bar, offscreen in the real window: live or not (a visible sign when you go live, and when OBS opens
the session instead), the model she thinks with, privacy mode, pause and mute."""

import pytest

from app.ui import launch


@pytest.fixture
def shell(qapp, bea):
    s = launch.Shell(bea, launch.app_icon())
    yield s
    s.window.hide_on_close = False
    s.window.deleteLater()


def test_go_live_shows_at_once_and_end_stream_takes_it_back(shell):
    status, bar = shell.window.status, shell.window.statusBar()
    assert status.live.text() == "Not live"
    shell.actions.go_live.trigger()
    assert status.live.text() == "● LIVE" and "#c62828" in status.live.styleSheet()
    assert bar.currentMessage() == "You're live: what happens from now on belongs to this stream."
    shell.actions.end_stream.trigger()
    assert status.live.text() == "Not live" and bar.currentMessage() == "The stream session has ended."


def test_a_session_opened_elsewhere_shows_on_the_next_look_and_the_menus_follow(shell, bea):
    bea.mind.stream.go_live("obs")                 # as the OBS skill does when the stream starts in OBS
    assert shell.actions.go_live.isEnabled()
    shell.window.status.refresh()                  # what the status bar's timer does each second
    assert shell.window.status.live.text() == "● LIVE" and shell.tray.state.live
    assert not shell.actions.go_live.isEnabled() and shell.actions.end_stream.isEnabled()


def test_the_model_privacy_and_switches_are_named(shell, bea):
    status = shell.window.status
    assert status.model.text() == "Model: the built-in demo model"
    bea.settings.set("mind.models", ["ollama:qwen2.5:7b", "local:smollm2"])
    status.refresh()
    assert status.model.text() == "Model: ollama:qwen2.5:7b"
    bea.settings.set("mind.models", [])
    status.refresh()
    assert status.model.text() == "Model: no model (Settings → Mind)"
    assert status.privacy.text() == "Privacy mode: off" and status.switches.text() == ""
    shell.actions.privacy.trigger()
    shell.actions.pause.trigger()
    shell.actions.mute.trigger()
    assert status.privacy.text() == "Privacy mode: on (local only)"
    assert status.switches.text() == "mind paused · voice muted"


def test_a_model_privacy_mode_stops_is_not_named_as_hers(shell, bea):
    status = shell.window.status
    bea.settings.update({"mind.models": ["openai:gpt-4o-mini", "local:smollm2"], "privacy.enabled": True})
    status.refresh()
    assert status.model.text() == "Model: the built-in demo model"   # what she falls back to
    bea.settings.set("privacy.enabled", False)
    status.refresh()
    assert status.model.text() == "Model: openai:gpt-4o-mini"
