"""The talk key in the Voice skill: held on a real X server (Xvfb, keys typed by xdotool) it is push-to-talk
in any app; without a display it still works from Bea's window; the setting refuses what is not a key."""

from __future__ import annotations

import asyncio

import numpy as np
import pydantic
import pytest

from app.core.events import EventBus
from app.core.perception import PerceptionKind
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, Resampler
from app.skills.voice.skill import VoiceSettings
from tests.senses.voice.conftest import needs_stt, needs_tts
from tests.skills.voice.helpers import build_skill, until
from tests.xserver import keys, needs_x, xvfb

pytestmark = [needs_tts, needs_stt]


class NoMicrophone:
    def __init__(self, sink=None, device=None) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def x_display(monkeypatch):
    for display in xvfb():
        monkeypatch.setenv("DISPLAY", display)
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
        yield display


@pytest.fixture
def no_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)


def test_the_setting_takes_a_key_and_refuses_what_is_not_one():
    assert VoiceSettings().talk_key == "F8"
    assert VoiceSettings(talk_key="control + space").talk_key == "Ctrl+Space"
    assert VoiceSettings(talk_key=" ").talk_key == ""
    with pytest.raises(pydantic.ValidationError, match="no key called 'f99'"):
        VoiceSettings(talk_key="F99")


async def spoken_audio(voice, text: str) -> np.ndarray:
    synthesis = await voice.synthesize(text)
    pcm = np.frombuffer(synthesis.pcm, dtype="<i2").astype(np.float32) / 32768
    r = Resampler(voice.sample_rate, 16000)
    return np.concatenate([np.zeros(8000, np.float32), r.resample(pcm), r.flush(),
                           np.zeros(8000, np.float32)]).astype(np.float32)


@needs_x
def test_holding_the_talk_key_in_any_app_is_push_to_talk(voice, transcriber, x_display):
    perceived = []
    events = EventBus(lambda: 0.0)
    skill = build_skill(events, Outlets(events), voice, transcriber, perceive=perceived.append,
                        output=FakeAudioDevice(voice.sample_rate, clock=SYSTEM.monotonic), microphone=NoMicrophone)

    async def go():
        audio = await spoken_audio(voice, "What game are we playing today?")
        await skill.start()
        await skill.up()
        assert skill.keys.hook is not None and skill.keys.status == "Hold F8 to talk, in any app."
        t = 1000.0
        for i in range(0, 16000, 512):                         # the room before the key: not heard
            t += 512 / 16000
            skill.ears.feed(audio[i:i + 512] * 0, t)
        await asyncio.to_thread(keys, x_display, "keydown", "F8")
        await until(lambda: skill.owner_talking, timeout=5)    # the key went down on the desktop
        for i in range(0, audio.size, 512):
            t += 512 / 16000
            skill.ears.feed(audio[i:i + 512], t)
        await asyncio.to_thread(keys, x_display, "keyup", "F8")
        await until(lambda: perceived, timeout=30)
        skill.settings.mode = "always_on"                      # no talk key in always-on: the hook goes
        skill._setting("skills.voice.mode", "always_on")
        unhooked = skill.keys.hook is None and skill.keys.key is None
        skill.settings.mode = "push_to_talk"
        skill._setting("skills.voice.mode", "push_to_talk")
        rehooked = skill.keys.hook is not None or skill.keys.why_not_global
        hook = skill.keys.hook
        await skill.stop()
        return unhooked, rehooked, hook

    unhooked, rehooked, hook = asyncio.run(go())
    assert len(perceived) == 1 and perceived[0].kind is PerceptionKind.VOICE
    words = perceived[0].meta["text"].lower()
    print(f"\nheard while F8 was held: {perceived[0].meta['text']!r}")
    assert "game" in words and "playing" in words
    assert unhooked and rehooked is True, rehooked
    assert not hook.running and skill.keys.hook is None                 # stopping the skill unhooks the key


def test_without_a_display_the_key_works_in_beas_window_and_says_so(voice, transcriber, no_display):
    events = EventBus(lambda: 0.0)
    skill = build_skill(events, Outlets(events), voice, transcriber,
                        output=FakeAudioDevice(voice.sample_rate, clock=SYSTEM.monotonic), microphone=NoMicrophone,
                        talk_key="ctrl+space")

    async def go():
        await skill.start()
        await skill.up()
        status = skill.keys.status
        taken = [skill.keys.window("space", True, {"ctrl"})]
        pressed = skill.owner_talking
        taken.append(skill.keys.window("ctrl", False))
        taken.append(skill.keys.window("space", False))
        released = not skill.owner_talking
        skill.keys.window("space", True, {"ctrl"})
        skill.keys.focus_lost()                                 # focus gone with no hook: the hold ends
        lost = not skill.owner_talking
        await skill.stop()
        return status, taken, pressed, released, lost

    status, taken, pressed, released, lost = asyncio.run(go())
    assert status == ("Hold Ctrl+Space to talk while Bea's window has focus (there is no X display to "
                      "listen to).")
    assert taken == [True, False, True] and pressed and released and lost


def test_the_dock_names_the_key_and_where_it_works(voice, transcriber, no_display, qtbot):
    from app.skills.voice.dock import make_dock
    from tests.conftest import REPO
    events = EventBus(lambda: 0.0)
    skill = build_skill(events, Outlets(events), voice, transcriber,
                        output=FakeAudioDevice(voice.sample_rate, clock=SYSTEM.monotonic), microphone=NoMicrophone)
    dock = make_dock(skill)
    qtbot.addWidget(dock)
    dock.resize(380, 400)
    assert dock.talk.text() == "Hold to talk" and not dock.talk.isEnabled()   # not started: no ears yet
    loop = asyncio.new_event_loop()
    loop.run_until_complete(skill.start())
    loop.run_until_complete(skill.up())
    try:
        dock.refresh()
        assert dock.talk.isEnabled() and dock.talk.text() == "Hold to talk (F8)"
        assert dock.talk_key.text() == ("Hold F8 to talk while Bea's window has focus (there is no X display to "
                                        "listen to).")
        shots = REPO / "build" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        assert dock.grab().save(str(shots / "voice_dock_talk_key.png"))
    finally:
        loop.run_until_complete(skill.stop())
        loop.close()
    dock.refresh()
    assert dock.talk.text() == "Hold to talk" and dock.talk_key.isHidden()


def test_a_bad_key_through_the_one_write_path_is_refused_and_nothing_changes(bea):
    with pytest.raises(Exception, match="no key called 'banana'"):
        bea.settings.set("skills.voice.talk_key", "Banana")
    assert bea.settings.current.skills.voice.talk_key == "F8"
    bea.settings.set("skills.voice.talk_key", "scroll lock")
    assert bea.settings.current.skills.voice.talk_key == "ScrollLock"
