"""Barge-in as the app runs it: the composed mind over a real loopback model server, the Voice skill with the
real Piper voice on the fake sound card. speak does not hold the turn to the end of the audio; a chat line
arriving while she speaks ducks her and, when she lets it pass, she comes back to full volume; a donation she
answers out loud ducks her, then stops the line where it got; what she actually said is what her window, her
captions and the stream remember."""

import asyncio
import json

from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.process.clock import SYSTEM
from app.senses.voice import FakeAudioDevice
from app.skills.voice.parts import Parts
from tests.mind.harness import chat
from tests.senses.llm_server import LLMServer, Stream, openai_stream
from tests.senses.voice.conftest import needs_tts

pytestmark = needs_tts

MIND = "mind-test"
LONG = ("Okay so here is the whole plan for tonight, step by step. First we gather a lot of stone from the "
        "quarry by the river, then we carry it all the way up the hill, and after that we build the north "
        "tower, the south tower and finally the big gate with the drawbridge.")
THANKS = "Oh wow, thank you so much Marco, that is so kind!"


def answer(name: str, args: dict, n: int, pause: float = 0.0) -> Stream:
    return Stream(openai_stream(MIND, tool_calls=[(f"call_{n}", name, json.dumps(args))]), pause=pause)


def donation() -> Perception:
    words = "Marco donated 5.00 USD: keep building!"
    return Perception(PerceptionKind.CHAT, "donations", f"[Marco] {words}", 0.9,
                      {Meta.CONVERSATION_KEY: "donations:streamlabs", Meta.TEXT: words,
                       Meta.DONATION: {"amount": "5.00", "currency": "USD", "platform": "streamlabs"}},
                      Author("streamlabs", "marco", "Marco"))


async def until(condition, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it never happened")


def test_a_donation_during_her_line_ducks_her_then_stops_her_and_only_what_she_said_is_remembered(bea, voice):
    out = FakeAudioDevice(voice.sample_rate, realtime=True, speed=2.0, clock=SYSTEM.monotonic)
    skill = bea.skills["voice"]
    skill.load = lambda _settings, _executor: Parts(voice, None, None, owned=False)

    def opened(_rate, _device):
        out.start()
        return out
    skill.open_output = opened
    seen = {}

    async def go():
        async with LLMServer() as server:
            server.script(MIND, answer("speak", {"mood": "calm", "message": LONG}, 1),
                          answer("stay_silent", {"reason": "just chat"}, 2, pause=0.05),
                          answer("speak", {"mood": "excited", "message": THANKS}, 3, pause=0.05))
            bea.settings.update({"mind.models": [f"llamacpp:{MIND}"],
                                 "mind.base_urls": {"llamacpp": server.base_url}})
            await asyncio.sleep(0.05)   # the settings' restart of a mind not yet started has nothing to do
            await skill.start()
            await skill.up()
            bea.mind.start()
            mind, outlets = bea.mind.consciousness, bea.mind.outlets

            first = await asyncio.wait_for(mind.turn([chat("what is the plan tonight?")]), 15)
            seen["turn returned while speaking"] = outlets.is_speaking() and first.outcome == "spoke"
            await until(lambda: skill.speaking)
            await asyncio.sleep(0.3)

            passing = asyncio.ensure_future(mind.turn([chat("lol nice", who="anna")]))
            await until(lambda: skill.ducked)
            await asyncio.sleep(0.1)
            seen["gain while ducked"] = out.gain
            await passing
            await asyncio.sleep(0.4)
            seen["after a turn that let it pass"] = (skill.ducked, skill.speaking, round(out.gain, 2))

            gains = []

            async def watch():
                while True:
                    gains.append(out.gain)
                    await asyncio.sleep(0.005)
            watching = asyncio.ensure_future(watch())
            await mind.turn([donation()])
            watching.cancel()
            seen["ducked for the donation"] = min(gains) < 0.5
            await until(lambda: not outlets.is_speaking(), 30)
            await asyncio.sleep(0.1)
            seen["her lines"] = [text for who, _where, text in bea.mind.context.messages() if who == "her"]
            stream = bea.mind.stream

            def kept_so_far():
                return [ln.text for ln in stream.session_lines(stream.session_id) if ln.kind == "spoke"]
            # a line that ends between turns is kept when it ends, not at the next turn or at stop
            await until(lambda: len(kept_so_far()) == 2, 5)
            seen["kept before stop"] = kept_so_far()
            await bea.mind.stop()
            await skill.stop()
            return bea.mind.stream.session_lines(bea.mind.stream.session_id)

    lines = asyncio.run(go())
    assert seen["turn returned while speaking"]
    assert seen["gain while ducked"] < 0.5                       # -14 dB: about a fifth
    assert seen["after a turn that let it pass"] == (False, True, 1.0)
    assert seen["ducked for the donation"]
    first, thanks = seen["her lines"]
    assert thanks == THANKS
    assert 0 < len(first) < len(LONG) and LONG.startswith(first)  # stopped where she got, and only that kept
    spoken = [e.text for e in bea.bus.recent() if e.kind == "speech" and e.data.get("spoken")]
    assert spoken == [first, THANKS]
    assert [ln.text for ln in lines if ln.kind == "spoke"] == [first, THANKS]
    assert seen["kept before stop"] == [first, THANKS]
