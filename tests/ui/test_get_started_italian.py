"""Get started in the Italian window: OBS's status line and the ways to give her a mind are Italian too."""

from __future__ import annotations

import pytest

from app.skills.obs import words as obs_words
from app.skills.obs.client import ObsStatus, State
from app.ui.getting_started_dock import GettingStartedDock, _status_line
from app.ui.language import install_window_language
from app.widgets.qt import QLabel


@pytest.fixture
def italian(qapp):
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


def test_obs_status_line_follows_the_window_language(italian):
    status = ObsStatus(State.RETRYING, "OBS is not answering at 127.0.0.1:4455. Is OBS running, with its WebSocket "
                       "server on (Tools → WebSocket Server Settings)? Trying again in 5 s.",
                       words=(obs_words.NOT_ANSWERING, obs_words.AGAIN),
                       args=(("where", "127.0.0.1:4455"), ("delay", "5")))
    line = _status_line(status)
    assert line.startswith("OBS non risponde su 127.0.0.1:4455.") and "Is OBS running" not in line
    # a status that marked no words (an older client's) is shown as it came
    assert _status_line(ObsStatus(State.OFF, "OBS control is off.")) == "OBS control is off."


def test_the_ways_to_her_mind_are_italian(italian, bea, qtbot):
    dock = GettingStartedDock(bea, lambda _page: None, machine=lambda: None)
    qtbot.addWidget(dock)
    titles = [w.text() for w in dock.mind_choices.findChildren(QLabel) if w.text().startswith("<b>")]
    assert titles == ["<b>1. Un server di modelli su questo computer</b>",
                      "<b>2. Un modello da scaricare, adatto a questo computer</b>",
                      "<b>3. Un modello cloud con una chiave API</b>"]
    assert dock.findChild(QLabel, "mind.demo").text().startswith("Fino ad allora usa la demo")
