"""Get started in the Italian window: OBS's and her voice's steps (a few words pointing to the problems list) and
the ways to give her a mind are Italian too."""

from __future__ import annotations

import asyncio

import pytest

from app.core.getting_started import Facts, steps
from app.senses.voice import backend
from app.skills.obs.client import State
from app.ui.getting_started_dock import GettingStartedDock, detail_text
from app.ui.language import install_window_language
from app.widgets.qt import QLabel
from tests.obs_server import FakeOBS
from tests.skills.obs.test_client import until
from tests.skills.obs.test_skill import running


@pytest.fixture
def italian(qapp):
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


def test_obs_and_her_voice_say_a_few_italian_words_and_leave_why_to_the_problems_list(italian, bea, qtbot):
    """OBS not answering (nobody listens on its port) and this machine's sound system as it is: the steps say
    what is wrong in Italian and point to the problems list, whose line says the sentence once."""
    chat = bea.skills["chat"]
    dock = GettingStartedDock(bea, lambda _page: None, machine=lambda: None)
    qtbot.addWidget(dock)
    voice = bea.skills["voice"]

    async def main():
        obs = FakeOBS()
        obs.start_in_thread()
        obs.stop_in_thread()                  # the port is chosen; nobody listens on it now
        try:
            await voice.start()
            await voice.up()
            async with running(bea, obs, password=None) as skill:
                await until(lambda: skill.status.state is State.RETRYING, what="a refused attempt")
                dock.refresh()
                shown = {key: text.text() for key, (_mark, text, _button) in dock.rows.items()}
                problems = list(voice.problems)
                listed = chat.problems["obs"].text
            await voice.stop()
            return obs.port, shown, problems, listed
        finally:
            obs.close_thread()

    port, shown, voice_problems, listed = asyncio.run(asyncio.wait_for(main(), 60))
    assert shown["obs"].endswith("<br>Non collegata: vedi l&#x27;elenco dei problemi sopra il suo palco.")
    assert str(port) not in shown["obs"] and str(port) in listed                        # the list's sentence
    if backend().available:
        pytest.skip("this machine has a sound system: no audio problem to leave to the list")
    assert voice_problems[-1].startswith("no audio device: PortAudio")        # the sentence the list says
    assert shown["voice"].endswith("<br>Nessun dispositivo audio: vedi l&#x27;elenco dei problemi sopra il suo "
                                   "palco.")


def test_each_step_pointing_to_the_problems_list_is_italian(italian):
    facts = Facts(voice_problems=("her ears could not load: no model",), obs_state="refused")
    said = {s.key: detail_text(s) for s in steps(facts)}
    assert said["voice"] == "La sua voce o le sue orecchie non sono partite: vedi l'elenco dei problemi sopra il suo " \
                            "palco."
    assert said["obs"] == "OBS l'ha rifiutata: vedi l'elenco dei problemi sopra il suo palco."
    assert detail_text(by_key(Facts(obs_state="connecting"))) == "Si collega a OBS…"


def by_key(facts: Facts):
    return next(s for s in steps(facts) if s.key == "obs")


def test_the_ways_to_her_mind_are_italian(italian, bea, qtbot):
    dock = GettingStartedDock(bea, lambda _page: None, machine=lambda: None)
    qtbot.addWidget(dock)
    titles = [w.text() for w in dock.mind_choices.findChildren(QLabel) if w.text().startswith("<b>")]
    assert titles == ["<b>1. Un server di modelli su questo computer</b>",
                      "<b>2. Un modello da scaricare, adatto a questo computer</b>",
                      "<b>3. Un modello cloud con una chiave API</b>"]
    assert dock.findChild(QLabel, "mind.demo").text().startswith("Fino ad allora usa la demo")
