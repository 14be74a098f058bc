"""A whole mind on a simulated clock: bus, gate, outlets and the loop, with the scripted LLM."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from app.core.events import EventBus, EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.mind.attention_gate import AttentionGate
from app.mind.briefing import FixedBriefing
from app.mind.bus import PerceptionBus
from app.mind.consciousness import Consciousness, MindConfig
from app.mind.outlets import Outlets
from tests.fakes import FakeLLMClient
from tests.her_words import english
from tests.mind.manual_clock import ManualClock

OWNER = Author("app", "owner", "Streamer")


def chat(text: str, who: str = "marco", conv: str = "twitch:#bea", written: bool = False) -> Perception:
    meta = {Meta.CONVERSATION_KEY: conv, Meta.TEXT: text}
    if written:
        meta["written"] = True
    return Perception(PerceptionKind.CHAT, conv.split(":")[0], f"[{who}] {text}", meta=meta,
                      author=Author(conv.split(":")[0], f"id-{who}", who))


def voice(text: str) -> Perception:
    return Perception(PerceptionKind.VOICE, "voice", f"[Streamer, out loud] {text}",
                      meta={Meta.CONVERSATION_KEY: "voice:room", Meta.TEXT: text}, author=OWNER)


def noise(i: int) -> Perception:
    return Perception(PerceptionKind.GAME, "game", f"[game] heartbeat {i}",
                      meta={Meta.NOISE: True, Meta.CONVERSATION_KEY: "game"})


class Mind:
    def __init__(self, script=(), **config) -> None:
        self.clock = ManualClock()
        self.bus = PerceptionBus(self.clock, words=english)
        self.events = EventBus(self.clock.wall, ring_size=5000)
        self.gate = AttentionGate(lambda: datetime.fromtimestamp(self.clock.wall(), UTC),
                                  owner=OWNER.identity)
        self.llm = FakeLLMClient(list(script))
        self.outlets = Outlets(self.events, pause=lambda _t: 0.0)
        self.written: list[tuple[str, str]] = []
        self.outlets.register_sender("app", self._send)
        self.records = []
        self.briefing = FixedBriefing(words=english)   # its functions are replaced by a test that needs them
        self.mind = Consciousness(bus=self.bus, gate=self.gate, llm=self.llm, events=self.events,
                                  outlets=self.outlets, briefing=self.briefing, wall=self.clock.wall,
                                  turn_log=self._log, config=MindConfig(**config))

    async def _send(self, channel: str, text: str) -> None:
        self.written.append((channel, text))

    async def _log(self, record) -> None:
        self.records.append(record)

    def spoken(self) -> list[str]:
        return [e.text for e in self.events.recent([EventKind.SPEECH])]

    def kinds(self, kind: EventKind) -> list[str]:
        return [e.text for e in self.events.recent([kind])]

    async def until(self, condition, seconds: float = 3.0) -> None:
        """Real time, for work the loop hands to threads (the briefing); fails loudly if it never happens."""
        for _ in range(int(seconds / 0.005)):
            if condition():
                return
            await asyncio.sleep(0.005)
        raise AssertionError("the mind never got there")

    async def quiet(self) -> None:
        """Let the loop finish whatever it can without time moving."""
        for _ in range(5):
            await asyncio.sleep(0.01)
            await self.clock.settle()
