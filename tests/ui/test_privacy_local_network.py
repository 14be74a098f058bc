"""Privacy mode that knows the streamer's own machines, as the window shows it: the list in Settings → General
(privacy), checked entry by entry with the stored settings left alone on a bad one, and "local network" in the
title bar, the status bar and the tray once privacy mode is on with machines listed."""

import logging

import pytest

from app.config.service import SettingsError
from app.core.shell_state import ShellState, tooltip
from app.ui import launch
from app.ui.settings_dialog import SettingsDialog


@pytest.fixture
def shell(qapp, bea, caplog):
    caplog.set_level(logging.INFO)
    s = launch.Shell(bea, launch.app_icon(), tray_available=lambda: False)
    yield s
    s.window.hide_on_close = False
    s.window.deleteLater()


def test_the_list_is_edited_in_settings_with_its_help_and_checked_entry_by_entry(bea, qtbot):
    dialog = SettingsDialog(bea)
    qtbot.addWidget(dialog)
    assert dialog.show_section("privacy")
    machines = dialog.findChild(object, "privacy.local_network")
    assert machines.text() == "" and dialog.changes() == {}
    assert dialog.findChild(object, "privacy.local_network.label").text() == "Your own machines"
    help_text = dialog.findChild(object, "privacy.local_network.help").text()
    assert "192.168.1.20" in help_text and ".local" in help_text and "hosts file" in help_text
    machines.setText("192.168.1.20, 8.8.8.8")
    assert not dialog.apply()
    assert "privacy.local_network" in dialog.error.text() and "'8.8.8.8' is not a private address" in \
        dialog.error.text()
    assert bea.settings.current.privacy.local_network == []
    machines.setText("192.168.1.20, Studio-PC.local, [fd00::5], 192.168.1.20")
    assert dialog.apply() and dialog.error.text() == ""
    assert bea.settings.current.privacy.local_network == ["192.168.1.20", "studio-pc.local", "fd00::5"]
    dialog.reject()


@pytest.mark.parametrize("entry,why", [("203.0.113.9", "is not a private address"),
                                       ("studio pc", "neither an address nor a host name"),
                                       ("http://10.0.0.5:11434", "without http://")])
def test_a_bad_entry_is_refused_naming_the_field_and_stored_settings_stay(bea, entry, why):
    bea.settings.set("privacy.local_network", ["10.0.0.5"])
    before = bea.settings.current.model_dump()
    with pytest.raises(SettingsError) as err:
        bea.settings.update({"privacy.enabled": True, "privacy.local_network": ["10.0.0.6", entry]})
    assert err.value.field == "privacy.local_network" and why in err.value.reason
    assert bea.settings.current.model_dump() == before


def test_the_title_status_bar_and_tray_say_local_network_when_machines_are_listed(shell, bea):
    window, tray = shell.window, shell.tray
    bea.settings.set("privacy.local_network", ["192.168.1.20"])
    assert window.windowTitle() == "Bea" and "privacy" not in tray.tooltip()        # privacy mode is off
    bea.settings.set("privacy.enabled", True)
    assert window.windowTitle() == "Bea — privacy mode (local network)"
    assert window.status.privacy.text() == "Privacy mode: on (local network)"
    assert "· privacy mode (local network)" in tray.tooltip()
    bea.settings.set("privacy.local_network", [])
    assert window.windowTitle() == "Bea — privacy mode"
    assert window.status.privacy.text() == "Privacy mode: on (local only)"
    assert "privacy mode" in tray.tooltip() and "local network" not in tray.tooltip()


def test_the_tray_words_come_from_the_state():
    assert tooltip(ShellState(privacy=True, local_network=True), "Bea").startswith("Bea · privacy mode (local network)")
    assert tooltip(ShellState(privacy=True), "Bea").startswith("Bea · privacy mode\n")
