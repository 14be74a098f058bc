"""Fixtures the window's tests share."""

import pytest

from app.ui import launch
from app.ui.language import install_window_language


@pytest.fixture
def italian_shell(qapp, bea):
    """The main window built with the Italian translation installed; English again after the test."""
    assert install_window_language("it") == "it"
    s = launch.Shell(bea, launch.app_icon())
    yield s
    s.window.hide_on_close = False
    s.window.deleteLater()
    install_window_language("en")
