"""Whose voice, in the Voice skill on the real models: the streamer teaches her voice by reading aloud (her ears
hear none of the reading), the print is kept in the person store, and then a turn in her voice is the streamer's
line while another voice is someone in the room, or left out when she hears only the streamer."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

from app.core.events import EventBus
from app.core.perception import PerceptionKind
from app.core.voice_print import from_bytes
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, resample
from tests.senses.voice.conftest import needs_stt, needs_tts
from tests.skills.voice.helpers import build_skill
from tests.skills.voice.test_skill import NoMicrophone
from tests.speaker_model_source import resemblyzer_source

SOURCE, WHY = resemblyzer_source()
pytestmark = [needs_tts, needs_stt, pytest.mark.skipif(SOURCE is None, reason=WHY or ""),
              pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")]
STREAMER, GUEST = "en-us+m3", "en-us+f3"
READINGS = ("Hi everyone, welcome back to the stream; grab a snack and get comfortable.",
            "Today we are trying something new, so bear with me if it goes wrong.",
            "Thank you all for the follows and the kind messages, it means a lot to me.")


def espeak(voice: str, text: str) -> np.ndarray:
    from faster_whisper import decode_audio

    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "say.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True, capture_output=True)
        speech = decode_audio(str(wav), sampling_rate=16000)
    return np.concatenate([np.zeros(8000, np.float32), speech, np.zeros(16000, np.float32)]).astype(np.float32)


def test_taught_her_voice_she_tells_the_streamer_from_someone_in_the_room(bea, voice, transcriber):
    perceived = []
    events = EventBus(lambda: 0.0)
    store = bea.person_store                            # the app's own, in its encrypted database
    skill = build_skill(events, Outlets(events), voice, transcriber, perceive=perceived.append,
                        output=FakeAudioDevice(voice.sample_rate, clock=SYSTEM.monotonic), microphone=NoMicrophone,
                        mode="always_on")
    skill.ctx.person_store = store
    skill.find_speaker_model = lambda _root: SOURCE

    def say(audio: np.ndarray) -> None:            # as the microphone delivers it, ending now
        t = SYSTEM.monotonic() - audio.size / 16000
        for i in range(0, audio.size, 512):
            t += 512 / 16000
            skill._feed(audio[i:i + 512], t)

    async def go():
        await skill.start()
        await skill.up()
        skill.ears.words_turn = None       # the timer alone: fed faster than real time, no verdict could land
        whose = skill.whose
        assert whose.cannot_teach() == "" and whose.print is None
        for i, text in enumerate(READINGS):
            whose.start_take()
            say(espeak(STREAMER, text))
            assert await whose.end_take() == ""
            if i < 2:
                assert whose.save() == ("more", 2 - i)   # three readings are needed
        whose.start_take()
        say(np.zeros(16000, np.float32))              # a take with nothing read in it
        assert await whose.end_take() == "short"
        assert whose.save() == ("", 0)
        await skill.ears.drain()
        read = list(perceived)                        # the readings were never lines to answer

        say(espeak(STREAMER, "Okay chat, I think we should build the castle on the hill tonight."))
        say(espeak(GUEST, "Can you pass me the charger, my phone is almost dead again."))
        hers = await voice.synthesize("Welcome back everyone, I missed you all so much, let us have some fun.")
        pcm = np.frombuffer(hers.pcm, dtype="<i2").astype(np.float32) / 32768
        say(np.concatenate([resample(pcm, voice.sample_rate, 16000), np.zeros(16000, np.float32)]))  # past the AEC
        await skill.ears.drain()
        heard_anyone = list(perceived)
        skill.settings.hear_who = "you"
        say(espeak(GUEST, "I am going to make some tea, does anybody want a cup of tea?"))
        await skill.ears.drain()
        await skill.stop()
        return read, heard_anyone, whose

    read, heard, whose = asyncio.run(go())
    assert read == []
    assert store.senses()["voice"] and from_bytes(store.voice_print()).takes == 3
    mine, guest = heard
    assert mine.author is not None and mine.author.identity == "app:owner" and "castle" in mine.meta["text"].lower()
    assert guest.author is None and guest.kind is PerceptionKind.VOICE and guest.salience < mine.salience
    assert guest.content.startswith("[someone in the room, out loud] ") and "charger" in guest.meta["text"].lower()
    assert len(perceived) == 2 and skill.left_out == 1       # "hear: you": the second guest line was left out
    assert (whose.judged, whose.others, whose.hers) == (4, 2, 1)   # her own voice: no line at all
    assert skill.last_transcript.lower().startswith("okay chat")   # the dock's "last heard" is the streamer's


def test_the_dock_teaches_her_voice_then_forgets_it(bea, voice, transcriber, qtbot):
    """The "Your voice" part of the Voice dock, driven by its buttons on a running skill."""
    from app.skills.voice.dock import VoiceDock

    events = EventBus(lambda: 0.0)
    store = bea.person_store
    skill = build_skill(events, Outlets(events), voice, transcriber,
                        output=FakeAudioDevice(voice.sample_rate, clock=SYSTEM.monotonic), microphone=NoMicrophone,
                        mode="always_on")
    skill.ctx.person_store = store
    skill.find_speaker_model = lambda _root: SOURCE
    dock = VoiceDock(skill)
    qtbot.addWidget(dock)
    teach = dock.teach
    assert not teach.start.isEnabled() and teach.status.text() == "Switch hearing on to teach her your voice."
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)

    async def started():
        await skill.start()
        await skill.up()

    async def read(text: str, i: int):
        teach.start.click()                                        # "Teach her your voice": a sentence to read
        assert not teach.sentence.isHidden() and READINGS[i] in teach.sentence.text()
        assert teach.start.text() == "Done"
        audio = espeak(STREAMER, text)
        t = SYSTEM.monotonic() - audio.size / 16000
        for k in range(0, audio.size, 512):
            t += 512 / 16000
            skill._feed(audio[k:k + 512], t)
        teach.start.click()                                        # "Done"
        for _ in range(1500):
            if teach.read != i:
                return
            await asyncio.sleep(0.02)

    try:
        loop.run_until_complete(started())
        dock.refresh()
        assert teach.start.isEnabled() and not teach.forget.isEnabled()
        assert "does not know your voice" in teach.status.text()
        for i, text in enumerate(READINGS):
            loop.run_until_complete(read(text, i))
            if i < 2:
                assert teach.status.text() == f"Good. {2 - i} more to read."
        assert teach.status.text() == "Done: she knows your voice." and store.voice_print() is not None
        dock.refresh()
        assert teach.forget.isEnabled() and teach.hear.isEnabled()
        teach.hear.setCurrentIndex(teach.hear.findData("you"))
        teach.hear.activated.emit(teach.hear.currentIndex())     # the choice goes to the skill settings
        teach.forget.click()
        assert store.voice_print() is None and not store.senses()["voice"]     # the consent switch, off
        assert teach.status.text() == "Forgotten: your voice print is deleted." and not teach.forget.isEnabled()
    finally:
        loop.run_until_complete(skill.stop())
        loop.close()
        asyncio.set_event_loop(None)
