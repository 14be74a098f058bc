"""Fakes for the Voice skill's tests: a model that streams its speak call in small fragments, a loopback sound
card (what she plays comes back into the microphone), a stage that records its mouth, and the skill built
around the real models with those devices."""

from __future__ import annotations

import asyncio
import json
import time

import numpy as np

from app.core.chat import AssistantMessage, Delta, DeltaKind, ToolCall, Usage
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, Resampler
from app.skills.base import SkillContext
from app.skills.voice.parts import Parts
from app.skills.voice.skill import VoiceSettings, VoiceSkill
from tests.her_words import english


def speak_call(message: str, mood: str = "happy", call_id: str = "call_1") -> ToolCall:
    return ToolCall(call_id, "speak", json.dumps({"mood": mood, "message": message}))


class StreamingLLM:
    """Answers each call with its script's next list of tool calls, streaming their arguments `size` bytes at a
    time, `delay` seconds apart, the way the real clients do (a first delta with the name and no text).
    A step may be "reset": that model fails after streaming part of its answer and the pool tells the listener
    to drop it (a RESET delta), then the next step answers."""

    def __init__(self, script, size: int = 3, delay: float = 0.01, hold_until=None) -> None:
        self.script = list(script)
        self.size, self.delay = size, delay
        self.started_at: float | None = None
        self.ended_at: float | None = None
        # hold_until: a check; once half of a call's arguments are out, the stream waits (30 s at most) until it
        # holds, so "heard before the model finished writing" is decided by order, not by the machine's speed
        self.hold_until, self.hold_timed_out = hold_until, False

    async def _stream(self, calls, on_delta, cut: int | None = None) -> None:
        for index, call in enumerate(calls):
            on_delta(Delta(DeltaKind.TOOL_ARGUMENTS, "", index, call.id, call.name))
            data = call.arguments.encode()
            end = len(data) if cut is None else cut
            for i in range(0, end, self.size):
                if self.hold_until is not None and i <= len(data) // 2 < i + self.size:
                    await self._hold()
                on_delta(Delta(DeltaKind.TOOL_ARGUMENTS, data[i:i + self.size].decode("utf-8", "replace"),
                               index, call.id, call.name))
                await asyncio.sleep(self.delay)

    async def _hold(self) -> None:
        deadline = time.monotonic() + 30
        while not self.hold_until():
            if time.monotonic() > deadline:
                self.hold_timed_out = True
                return
            await asyncio.sleep(0.01)

    async def complete(self, messages, tools=(), *, on_delta=None, options=None) -> AssistantMessage:
        listen = on_delta or (lambda _d: None)
        self.started_at = time.monotonic()
        step = self.script.pop(0) if self.script else [ToolCall("quiet", "stay_silent", "{}")]
        if step == "reset":
            failed = self.script.pop(0)
            await self._stream(failed, listen, cut=40)
            listen(Delta(DeltaKind.RESET, "first-model failed mid-answer: cut short"))
            step = self.script.pop(0)
        await self._stream(step, listen)
        self.ended_at = time.monotonic()
        return AssistantMessage(tool_calls=tuple(step), usage=Usage(10, 10), model="streaming-fake")

    async def aclose(self) -> None:
        return None


class Loopback(FakeAudioDevice):
    """A sound card whose speakers are heard by its microphone: every block it plays goes, resampled to
    16 kHz and `echo_db` quieter, to the microphone's sink (open_input)."""

    def __init__(self, sample_rate: int, echo_db: float = -6.0, **kw) -> None:
        super().__init__(sample_rate, realtime=True, **kw)
        self.echo = 10 ** (echo_db / 20)
        self.sink = None
        self._resampler = Resampler(sample_rate, 16000)
        self.rng = np.random.default_rng(3)

    def _render_block(self):
        block = super()._render_block()
        if self.sink is not None:
            x = self._resampler.resample(block.samples.astype(np.float32) / 32768) * self.echo
            x = x + (self.rng.standard_normal(x.size) * 0.0005).astype(np.float32)
            if x.size:
                self.sink(x.astype(np.float32), block.t)
        return block

    def connect(self, sink, _device=None) -> Loopback:
        self.sink = sink
        return self


class Stage:
    """The stage skill as the voice sees it: enabled, a mouth, clips for actions."""

    enabled = True

    def __init__(self) -> None:
        self.levels: list[float] = []
        self.actions: list[str] = []

    def mouth_threadsafe(self, level: float, viseme=None) -> None:
        self.levels.append(level)

    def play_action(self, name: str) -> bool:
        self.actions.append(name)
        return False


def build_skill(events, outlets, voice, transcriber=None, *, perceive=None, stage=None, output=None,
                microphone=None, **settings) -> VoiceSkill:
    """The skill on the real (already loaded) models, with a fake sound card (or none at all: the machine's
    own, which has no PortAudio here)."""
    values = VoiceSettings(**settings)
    ctx = SkillContext(settings=lambda: values, bus=events, clock=SYSTEM, words=english,
                       perceive=perceive or (lambda _p: None), voice_outlet=outlets, avatar=lambda: stage)
    skill = VoiceSkill(ctx)

    def load(_settings, _executor) -> Parts:
        from app.senses.voice.vad import SileroVad
        return Parts(voice, transcriber, SileroVad() if transcriber is not None else None, owned=False)

    skill.load = load
    if output is not None:
        def opened(_rate, _device):
            output.start()
            return output
        skill.open_output = opened
    if microphone is not None:
        skill.open_input = microphone
    return skill


async def until(condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.005)
