"""Problem lines built from a server's or an exception's words, in an Italian window's problems list:
each is a sentence of Bea's own, translated, with the technical words only as the trailing detail; the event's
text on the bus (and so the logs and the API) stays English. Real peers: nobody listening on a loopback port and
the fake OBS for OBS, the machine's own (absent) sound system for audio, the fake Twitch server for Twitch. The
Activity dock says the same lines in Italian."""

from __future__ import annotations

import asyncio
import socket

import pytest

from app.core.events import EventKind
from app.senses.voice import backend
from app.skills.obs.client import State as ObsState
from app.skills.obs.dock import make_dock as obs_dock
from app.skills.twitch.client import State as TwitchState
from app.skills.twitch.skill import SEND_PROBLEM, TOKEN_SECRET
from app.skills.voice.dock import make_dock as voice_dock
from app.ui.events_dock import EventLog
from app.ui.language import install_window_language
from app.ui.problems_panel import ProblemsPanel
from tests.obs_server import OBS_29, FakeOBS
from tests.skills.obs.test_client import until
from tests.skills.obs.test_skill import running
from tests.skills.twitch.fake_server import FakeTwitchServer
from tests.skills.twitch.test_skill import started, started_until


@pytest.fixture
def italian(qapp):
    assert install_window_language("it") == "it"
    yield
    install_window_language("en")


@pytest.fixture
def docks(italian, bea, qtbot):
    problems = ProblemsPanel(bea.skills["chat"], lambda _s: None)
    log = EventLog(bea.bus)
    qtbot.addWidget(problems)
    qtbot.addWidget(log)
    return problems, log


def english_errors(bea, source: str) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == source]


def test_obs_not_answering_is_said_in_italian_with_its_address(bea, docks, qtbot):
    problems, log = docks
    dock = obs_dock(bea.skills["obs"])
    qtbot.addWidget(dock)

    async def main():
        obs = FakeOBS()
        obs.start_in_thread()
        obs.stop_in_thread()                  # the port is chosen; nobody listens on it now
        try:
            async with running(bea, obs, password=None) as skill:
                await until(lambda: skill.connection.attempts >= 2 and skill.status.state is ObsState.RETRYING,
                            what="a refused attempt")
                dock.refresh()
                return obs.port, problems.lines["obs"].text.whole, dock.message.text()
        finally:
            obs.close_thread()

    port, line, message = asyncio.run(asyncio.wait_for(main(), 30))
    where = f"127.0.0.1:{port}"
    assert line == (f"OBS non risponde su {where}. OBS è aperto, con il server WebSocket attivo (Strumenti → "
                    "Impostazioni server WebSocket)? Se non usi OBS, spegnilo in Impostazioni → Skill.")
    assert message.startswith("Nuovo tentativo tra") and where not in message   # the sentence is the list's
    assert english_errors(bea, "obs")[0].startswith(f"OBS is not answering at {where}.")   # the bus: English
    assert f"OBS non risponde su {where}." in log.view.toPlainText() and "!errori" in log.view.toPlainText()
    assert "is not answering" not in log.view.toPlainText()


def test_a_password_obs_refuses_is_said_in_italian(bea, docks):
    problems, _log = docks

    async def main():
        with FakeOBS(password="pw", **OBS_29) as obs:
            async with running(bea, obs, password="nope") as skill:
                await until(lambda: skill.status.state is ObsState.REFUSED, what="refused")
                return problems.lines["obs"].text.whole

    line = asyncio.run(asyncio.wait_for(main(), 30))
    assert line.startswith("OBS ha rifiutato la password. Copiala da OBS (Strumenti → Impostazioni server WebSocket")
    assert english_errors(bea, "obs")[0].startswith("OBS refused the password.")


@pytest.mark.skipif(backend().available, reason="this machine has a sound system: nothing is missing")
def test_no_audio_device_is_said_in_italian_with_portaudios_words_as_the_detail(bea, docks, qtbot):
    problems, log = docks
    skill = bea.skills["voice"]
    dock = voice_dock(skill)
    qtbot.addWidget(dock)

    async def main():
        await skill.start()
        await skill.up()
        dock.refresh()
        shown = problems.lines["voice:audio"].text.whole, dock.problems.text()
        await skill.stop()
        return shown

    line, problems = asyncio.run(asyncio.wait_for(main(), 60))
    assert line.startswith("Nessun dispositivo audio: non può")
    assert problems.startswith("Nessun dispositivo audio: PortAudio non è installato, quindi Bea non può né sentire né "
                               "parlare a voce: installalo (Debian/Ubuntu: apt-get install libportaudio2; "), problems
    assert "(dettaglio: PortAudio library not found)" in problems and "PortAudio is not installed" not in problems
    assert "no audio device" not in problems
    assert english_errors(bea, "voice")[0].startswith("no audio device: ")
    assert "voce: Nessun dispositivo audio: non può" in log.view.toPlainText()      # the line's short form
    assert "voce: Voce fermata" in log.view.toPlainText()


def test_twitch_refusing_her_login_and_her_message_is_said_in_italian(bea, docks):
    problems, log = docks
    bea.secrets.set(TOKEN_SECRET, "a-token-twitch-does-not-know")
    bea.settings.set("skills.twitch.nick", "bea_bot")

    async def refused_login():
        async with FakeTwitchServer(token="another") as server:
            skill = await started_until(bea, server, TwitchState.AUTH_FAILED)
            line = problems.lines["twitch"].text.whole
            await skill.stop()
            return line

    login = asyncio.run(asyncio.wait_for(refused_login(), 30))
    assert login.startswith("Twitch ha rifiutato il suo accesso: controlla il suo token in Impostazioni → Twitch "
                            "(dettaglio: ")
    bea.secrets.set(TOKEN_SECRET, "tok")

    async def refused_message():
        async with FakeTwitchServer(token="tok", user_id="4242") as server:
            skill = await started(bea, server, nick="bea_bot")
            server.refusing = ("msg_banned", "You are permanently banned from talking in bea.")
            bea.mind.outlets.deliver("twitch", "#bea", "ciao a tutti!")
            await until(lambda: SEND_PROBLEM in problems.lines, what="the ban's problem line")
            line = problems.lines[SEND_PROBLEM].text.whole
            await skill.stop()
            return line

    line = asyncio.run(asyncio.wait_for(refused_message(), 30))
    assert line == ("Twitch non ha pubblicato il suo messaggio: il suo account (bea_bot) è bannato da #bea. Per farla "
                    "scrivere, togli il ban lì (/unban bea_bot).")
    assert bea.skills["chat"].problems[SEND_PROBLEM].text.startswith("Twitch did not post her message: her account")
    assert "Twitch non ha pubblicato il suo messaggio" in log.view.toPlainText()


def test_the_activity_dock_says_bea_s_own_lines_in_italian_and_keeps_what_people_said(bea, docks):
    _problems, log = docks
    bea.switches.set_paused(True)
    bea.bus.publish(EventKind.PERCEPTION, "twitch", "marco: hello Bea!")
    lines = log.view.toPlainText()
    assert "mente in pausa" in lines and "mind paused" not in lines
    assert "marco: hello Bea!" in lines                                   # people's words stay as they came
    assert [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if e.source == "runtime"][-1] == "mind paused"


def test_a_held_stage_port_is_said_in_italian_with_its_holder_as_the_detail(bea, italian, qtbot, monkeypatch):
    from app.skills.stage import skill as stage_skill
    from app.skills.stage.dock import make_dock as stage_dock
    monkeypatch.setattr(stage_skill, "PORT_RETRY_EVERY", 0.2)
    skill = bea.skills["stage"]
    dock = stage_dock(skill)
    qtbot.addWidget(dock)

    async def main():
        held = socket.socket()
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        bea.settings.set("skills.stage.port", port)
        await skill.start()
        try:
            dock.refresh()
            return port, skill.problem(), dock.problem.text()
        finally:
            held.close()
            await skill.stop()

    port, english, line = asyncio.run(asyncio.wait_for(main(), 30))
    assert english.startswith(f"Port {port}, where OBS reads the stage, is held by python")
    assert line.startswith(f"La porta {port}, da cui OBS legge il palco, è occupata da un altro programma. Bea "
                           "riprova ogni 0.2 s") and "(dettaglio: python" in line
