"""On air in her mouth: a streamed line is screened chunk by chunk as it reaches the synthesiser, so
what is synthesised, captioned and remembered as said is the screened text."""

from __future__ import annotations

import asyncio
import json

import numpy as np

from app.core.events import EventBus, EventKind
from app.mind.outlets import Outlets
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice, Mouth, Synthesis


class WordsVoice:
    """A stand-in voice that keeps every text it was asked to synthesise (10 frames a character at 1 kHz)."""

    sample_rate = 1000

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def synthesize(self, text: str, prosody=None):
        self.texts.append(text)
        return Synthesis(text, np.full(len(text) * 10, 500, dtype="<i2").tobytes(), self.sample_rate, (), 0.001)


def test_a_streamed_line_is_screened_chunk_by_chunk():
    events = EventBus(lambda: 0.0)
    outlets = Outlets(events)
    voice = WordsVoice()
    captions = []
    message = "Hey chat! What the fuck was that? Say hi to my n1gger friend. Anyway, next round!"

    async def go():
        out = FakeAudioDevice(sample_rate=1000, block_frames=100, clock=SYSTEM.monotonic)
        mouth = Mouth(voice, out, on_caption=captions.append,          # type: ignore[arg-type]
                      screen=lambda chunk: outlets.screen(chunk, spoken=True).text, clock=SYSTEM.monotonic)
        line = mouth.begin()
        data = json.dumps({"message": message})
        for i in range(0, len(data), 7):
            line.feed(data[i:i + 7])
            await asyncio.sleep(0)
        line.finish()
        while not line.done.done():
            out.pump(1000)
            await asyncio.sleep(0)
        return await line.spoken()

    spoken = asyncio.run(go())
    said = " ".join(voice.texts)
    assert "fuck" not in said and "n1gger" not in said and "friend" not in said
    assert "What the beep was that?" in said and said.endswith("Anyway, next round!")
    assert spoken.said == said                                    # what her window learns she said
    assert " ".join(c.text for c in captions) == said              # the captions (and OBS) read the same
    system = [e.text for e in events.recent([EventKind.SYSTEM])]
    assert any("said with words masked" in t for t in system) and any("not said" in t for t in system)
