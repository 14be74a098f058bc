"""The Voice skill with the real Piper voice and whisper model, a fake sound card, and the whole mind loop:
streamed speak starts talking before the model has finished writing, the window keeps what she actually
said, the streamer's words become VOICE perceptions, she never hears herself, and mute still captions."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from app.config.section import SkillSettings
from app.core.chat import ToolCall
from app.core.events import EventBus, EventKind
from app.core.perception import PerceptionKind
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, OwnerVoice, Resampler, backend
from app.skills.base import SkillContext
from app.skills.chat.skill import ChatSkill
from app.skills.voice.parts import SilentOutput
from app.skills.voice.skill import VoiceSettings, VoiceSkill
from tests.her_words import english
from tests.mind.harness import Mind, chat
from tests.senses.voice.conftest import needs_stt, needs_tts
from tests.skills.voice.helpers import Loopback, Stage, StreamingLLM, build_skill, speak_call, until

pytestmark = needs_tts

LINE = ("Hey chat, welcome back! Tonight we finish the castle walls, then we go looking for the cave "
        "behind the waterfall.")
LONG = ("Okay so here is the whole plan for tonight, step by step. First we gather a lot of stone from the "
        "quarry by the river, then we carry it all the way up the hill, and after that we build the north "
        "tower, the south tower and finally the big gate with the drawbridge.")


class NoMicrophone:
    def __init__(self, sink=None, device=None) -> None:
        self.sink = sink

    def close(self) -> None:
        pass


def speech(events: EventBus) -> list:
    return list(events.recent([EventKind.SPEECH]))


def window(m: Mind) -> list[str]:
    return [text for who, _where, text in m.mind.context.messages() if who == "her"]


def streaming_mind(script, outlets_muted: bool = False, **llm) -> tuple[Mind, StreamingLLM]:
    m = Mind()
    if outlets_muted:
        m.outlets = Outlets(m.events, pause=lambda _t: 0.0, muted=lambda: True)
        m.mind.outlets = m.outlets
    m.llm = m.mind.llm = StreamingLLM(script, **llm)
    return m, m.llm


@pytest.mark.skipif(backend().available, reason="this machine has a sound system: nothing is missing")
@needs_stt
def test_without_an_audio_device_she_starts_says_why_and_speaks_into_silence():
    """The real skill as the app starts it: packaged models, the machine's own (absent) sound system."""
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)
    shown = []                                                  # her lines as the Chat dock follows them
    outlets.on_spoken(lambda line: shown.append((line.text, line.state.value)))

    async def go():
        ctx = SkillContext(settings=lambda: VoiceSettings(), bus=events, clock=SYSTEM,
                           words=english, voice_outlet=outlets)
        skill = VoiceSkill(ctx)
        await skill.start()
        loading = skill.state                                   # start() does not wait for the models
        await skill.up()
        attached = outlets.voice is not None and outlets.begin_line is not None
        said = await asyncio.wait_for(outlets.say("Hello there, chat.", "happy"), 30)
        state = skill.state, type(skill.output), skill.ears is not None, skill.mic
        await skill.stop()
        return attached, said, state, skill, loading

    attached, said, (state, output, has_ears, mic), skill, loading = asyncio.run(go())
    assert loading == "loading"
    errors = [e.text for e in events.recent([EventKind.ERROR])]
    assert len(errors) == 1 and errors[0].startswith("no audio device: ") and "PortAudio" in errors[0]
    assert "speaks into silence" in errors[0]
    assert attached and output is SilentOutput and has_ears and mic is None
    assert state == "listening"
    assert said == "Hello there, chat."
    assert shown == [("Hello there, chat.", "said")]            # nobody hears her: the line is simply shown
    spoken = speech(events)
    assert [e.text for e in spoken if e.data.get("chunk")][-1] == "Hello there, chat."
    assert [(e.text, e.data["mood"]) for e in spoken if not e.data.get("chunk")] == [("Hello there, chat.",
                                                                                      "happy")]
    assert outlets.voice is None and not skill.running and skill.state == "off"


def test_a_streamed_speak_call_is_heard_before_the_model_has_finished_writing_it(voice):
    stage = Stage()
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    # the model holds the second half of its call until her first audio is out: with a voice that waited for the
    # whole call, the hold would time out
    m, llm = streaming_mind([[speak_call(LINE)]], size=3, delay=0.01,
                            hold_until=lambda: any(b.audio_frames for b in out.recorded()))
    chat_skill = ChatSkill(SkillContext(settings=SkillSettings, bus=m.events, clock=SYSTEM,
                                           words=english))
    skill = build_skill(m.events, m.outlets, voice, stage=stage, output=out, microphone=NoMicrophone)

    async def go():
        await skill.start()
        await skill.up()
        record = await asyncio.wait_for(m.mind.turn([chat("ciao bea, what's the plan?")]), 60)
        await until(lambda: not m.outlets.is_speaking(), 60)   # the turn does not wait for the audio
        await asyncio.sleep(0.05)
        await skill.stop()
        return record

    record = asyncio.run(go())
    first_audio = next(b.t for b in out.recorded() if b.audio_frames)
    print(f"\nfirst audio {1000 * (first_audio - llm.started_at):.0f} ms after the model began, "
          f"the call took {1000 * (llm.ended_at - llm.started_at):.0f} ms to write")
    assert not llm.hold_timed_out and first_audio < llm.ended_at, "her voice waited for the whole speak call"
    assert record.outcome == "spoke"
    assert window(m) == [LINE]                                  # what she said, as she said it
    events = speech(m.events)
    captions = [e for e in events if e.data.get("chunk")]
    lines = [e for e in events if not e.data.get("chunk")]
    assert captions[0].text == "Hey chat," and captions[0].data["mood"] == "happy"
    assert [e.text for e in captions] == sorted((e.text for e in captions), key=len)   # a growing caption
    assert captions[-1].text == LINE
    assert [(e.text, e.data["mood"]) for e in lines] == [(LINE, "happy")]
    assert chat_skill.lines == [("Bea (out loud)", LINE)]       # the chat dock shows the line once
    assert stage.levels and max(stage.levels) > 0.2 and stage.levels[-1] == 0.0   # lip sync, then closed
    assert out.audio().size > voice.sample_rate                 # over a second of her voice was played


def test_talking_over_her_ducks_then_stops_her_and_only_what_she_said_enters_the_window(voice):
    m, _llm = streaming_mind([[speak_call(LONG, mood="calm")]], size=12, delay=0.005)
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=1.0, clock=SYSTEM.monotonic)
    skill = build_skill(m.events, m.outlets, voice, output=out, microphone=NoMicrophone)
    states = []

    async def go():
        await skill.start()
        await skill.up()
        turn = asyncio.ensure_future(m.mind.turn([chat("what are we doing tonight?")]))
        await until(lambda: skill.speaking)
        await asyncio.sleep(1.2)
        skill._owner_voice(OwnerVoice(True, 0.0))               # the streamer starts talking (from the ears)
        states.append(skill.state)
        await asyncio.sleep(0.3)
        skill._owner_voice(OwnerVoice(True, 0.5))
        states.append(skill.state)
        skill._owner_voice(OwnerVoice(True, 1.0))               # ... and keeps going: she stops
        record = await asyncio.wait_for(turn, 30)
        states.append(skill.state)
        await until(lambda: not m.outlets.is_speaking(), 30)
        await skill.stop()
        return record

    record = asyncio.run(go())
    assert states == ["ducked", "ducked", "hearing you"]
    said = window(m)
    assert len(said) == 1 and 0 < len(said[0]) < len(LONG) / 2
    assert LONG.startswith(said[0])
    print(f"\nshe got to say {said[0]!r}")
    lines = [e.text for e in speech(m.events) if not e.data.get("chunk")]
    assert lines == said
    assert record.said == [["voice", LONG]]     # the Turn Log keeps what she decided; the window what was heard


@needs_stt
def test_the_streamers_words_become_a_voice_perception_from_the_owner(voice, transcriber):
    perceived = []
    events = EventBus(lambda: 0.0)
    # two sentences, one turn: the end-of-turn pause (Settings → Voice, advanced) longer than Piper's between them
    outlets = Outlets(events)
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    skill = build_skill(events, outlets, voice, transcriber, perceive=perceived.append, output=out,
                        microphone=NoMicrophone,
                        mode="always_on", end_of_turn_ms=640)
    levels = []
    skill.on_level(levels.append)

    async def go():
        synthesis = await voice.synthesize("Hello there. What game are we playing today?")
        pcm = np.frombuffer(synthesis.pcm, dtype="<i2").astype(np.float32) / 32768
        r = Resampler(voice.sample_rate, 16000)
        audio = np.concatenate([np.zeros(16000, np.float32), r.resample(pcm), r.flush(),
                                np.zeros(24000, np.float32)]).astype(np.float32)
        await skill.start()
        await skill.up()
        assert skill.ears.rules.end_silence_ms == 640
        skill.ears.words_turn = None       # the timer alone: fed faster than real time, no verdict could land
        t = SYSTEM.monotonic() - audio.size / 16000               # the audio's last sample is now
        for i in range(0, audio.size, 512):                        # as the microphone would deliver it
            t += 512 / 16000
            skill.ears.feed(audio[i:i + 512], t)
        await skill.ears.drain()
        state = skill.state
        before = skill.last_stages
        await asyncio.wait_for(outlets.say("Chess.", "happy"), 30)     # her answer: the dock's stages of it
        events.publish(EventKind.TURN, "mind", "turn: spoke")
        after = skill.state
        await skill.stop()
        return state, after, before

    state, after, before = asyncio.run(go())
    assert before is None
    timed = skill.last_stages                 # the end of her turn as the ears waited it, then every stage after
    assert 640 - 2 * 32 <= timed.end_of_turn_ms <= 640 + 3 * 32 and timed.hearing_ms > 0 and timed.thinking_ms >= 0
    assert timed.voice_ms > 0 and timed.total_ms < 30_000
    assert len(perceived) == 1
    p = perceived[0]
    words = p.meta["text"].lower()
    print(f"\nheard: {p.meta['text']!r}")
    assert p.kind is PerceptionKind.VOICE and p.author.identity == "app:owner" and p.salience >= 0.8
    assert "hello" in words and "game" in words and "playing" in words
    assert p.content == f"[Streamer, out loud] {p.meta['text']}" and p.conversation_key == "voice:room"
    assert skill.last_transcript == p.meta["text"]
    assert (state, after) == ("thinking", "listening")
    assert max(levels) > -40 and min(levels) == -120.0


@needs_stt
def test_her_own_voice_coming_back_through_the_microphone_is_never_heard(voice, transcriber):
    perceived = []
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)
    room = Loopback(voice.sample_rate, echo_db=-6.0, clock=SYSTEM.monotonic)
    # the self-hearing guard alone, as where the echo canceller is switched off or missing: her voice loud in
    # the microphone (tests/skills/voice/test_echo_wiring.py has the canceller)
    skill = build_skill(events, outlets, voice, transcriber, perceive=perceived.append, output=room,
                        microphone=room.connect, mode="always_on", echo_cancellation=False)
    levels = []
    skill.on_level(levels.append)

    async def go():
        await skill.start()
        await skill.up()
        said = await asyncio.wait_for(outlets.say(LINE, "happy"), 60)
        await asyncio.sleep(1.0)                                  # past the guard's tail, mic still open
        await skill.ears.drain()
        gated = skill.ears.gated_windows
        await skill.stop()
        return said, gated

    said, gated = asyncio.run(go())
    assert said == LINE                                           # her own echo did not stop her either
    assert perceived == []
    assert gated > 100 and max(levels) > -30                      # she was loud in the microphone


def test_muted_she_makes_no_sound_but_the_line_is_still_published(voice):
    m, _llm = streaming_mind([[speak_call("Muted, but captioned.")]], outlets_muted=True)
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    skill = build_skill(m.events, m.outlets, voice, output=out, microphone=NoMicrophone)

    async def go():
        await skill.start()
        await skill.up()
        record = await asyncio.wait_for(m.mind.turn([chat("say something")]), 30)
        await asyncio.sleep(0.2)
        await skill.stop()
        return record

    record = asyncio.run(go())
    assert out.audio().size == 0
    assert [(e.text, e.data.get("chunk")) for e in speech(m.events)] == [("Muted, but captioned.", None)]
    assert window(m) == ["Muted, but captioned."] and record.outcome == "spoke"


def test_a_model_failing_mid_answer_drops_its_line_and_the_next_model_is_heard(voice):
    first = [speak_call("This line was never finished by the first model, sadly.", call_id="a")]
    second = [speak_call("The second model says hi.", call_id="b")]
    m, _llm = streaming_mind(["reset", first, second])
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    skill = build_skill(m.events, m.outlets, voice, output=out, microphone=NoMicrophone)

    async def go():
        await skill.start()
        await skill.up()
        await asyncio.wait_for(m.mind.turn([chat("hello?")]), 30)
        await until(lambda: not m.outlets.is_speaking(), 30)
        await skill.stop()

    asyncio.run(go())
    assert window(m) == ["The second model says hi."]
    assert [e.text for e in speech(m.events) if not e.data.get("chunk")] == ["The second model says hi."]
    assert not any("never finished" in e.text for e in speech(m.events))


def test_a_speak_call_whose_arguments_break_is_not_said(voice):
    broken = ToolCall("call_9", "speak", '{"mood": "happy", "message": "Hey chat, this one breaks" "oops"}')
    m, _llm = streaming_mind([[broken]])
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=4.0, clock=SYSTEM.monotonic)
    skill = build_skill(m.events, m.outlets, voice, output=out, microphone=NoMicrophone)

    async def go():
        await skill.start()
        await skill.up()
        record = await asyncio.wait_for(m.mind.turn([chat("hi")]), 30)
        await skill.stop()
        return record

    record = asyncio.run(go())
    assert window(m) == [] and record.tools[0].failed
    assert [e for e in speech(m.events) if not e.data.get("chunk")] == []
    assert record.tools[0].observation.startswith("ERROR")
