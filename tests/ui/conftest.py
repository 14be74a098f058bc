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


@pytest.fixture(autouse=True)
def widgets_die_on_the_window_thread():
    """Collect what a test left in reference cycles here, on the window's thread: left to chance, Python's
    collector may run in a worker thread (an executor's, a fake server's), and a widget deleted there stops its
    timers from the wrong thread (Qt warns) or crashes the process."""
    yield
    import gc
    gc.collect()
