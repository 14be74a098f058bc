"""Her voice's models load when they are used, not when she starts: with hearing off no speech model or VAD is
made at all; with hearing on, whisper waits for the first press of the talk key; Piper waits for her first
line. The real Voice skill as the app starts it (packaged models), on a fake sound card."""

from __future__ import annotations

import asyncio
import gc

from app.core.events import EventBus
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, SileroVad, Transcriber
from app.skills.base import SkillContext
from app.skills.voice.skill import VoiceSettings, VoiceSkill
from tests.her_words import english
from tests.senses.voice.conftest import needs_stt, needs_tts
from tests.skills.voice.helpers import until


class NoMicrophone:
    def __init__(self, sink=None, device=None) -> None:
        self.sink = sink

    def close(self) -> None:
        pass


def made(kind: type) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, kind))


def started_skill(events: EventBus, outlets: Outlets, **settings) -> VoiceSkill:
    values = VoiceSettings(**settings)
    ctx = SkillContext(words=english, settings=lambda: values, bus=events, clock=SYSTEM,
                       voice_outlet=outlets)
    skill = VoiceSkill(ctx)

    def speakers(rate, _device):
        out = FakeAudioDevice(rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
        out.start()
        return out
    skill.open_output = speakers
    skill.open_input = NoMicrophone
    return skill


@needs_tts
def test_with_hearing_off_no_speech_model_or_vad_is_made_and_her_voice_waits_for_her_first_line():
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)

    async def go():
        transcribers, vads = made(Transcriber), made(SileroVad)
        skill = started_skill(events, outlets, mode="off")
        await skill.start()
        await skill.up()
        up = (skill.parts.transcriber, skill.parts.vad, skill.ears, made(Transcriber) - transcribers,
              made(SileroVad) - vads, skill.parts.voice.loaded)
        said = await asyncio.wait_for(outlets.say("Hello there, chat.", "happy"), 60)
        spoke = skill.parts.voice.loaded
        await skill.stop()
        return up, said, spoke

    (transcriber, vad, ears, new_transcribers, new_vads, voice_loaded), said, spoke = asyncio.run(go())
    assert transcriber is None and vad is None and ears is None and new_transcribers == new_vads == 0
    assert not voice_loaded                  # up and attached, and Piper not loaded yet
    assert said == "Hello there, chat." and spoke


@needs_stt
@needs_tts
def test_with_hearing_on_whisper_loads_at_the_first_press_of_the_talk_key():
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)

    async def go():
        skill = started_skill(events, outlets, mode="push_to_talk")
        await skill.start()
        await skill.up()
        before = skill.parts.transcriber.loaded, skill.parts.voice.loaded
        skill.press()
        await until(lambda: skill.parts.transcriber.loaded, 60)
        skill.release()
        await skill.stop()
        return before

    assert asyncio.run(go()) == (False, False)
