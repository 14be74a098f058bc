"""On air in OBS, the real composed app against the fake OBS: text she sets on a source passes the
on-air filter (masked, or refused and the source left as it was), and so do the captions of her speech."""

from app.core.events import EventKind
from tests.obs_server import FakeOBS
from tests.skills.obs.test_client import run, until
from tests.skills.obs.test_skill import ALLOW, call, connected, running


def test_text_she_puts_on_stream_is_screened(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **ALLOW) as skill:
                await connected(skill)
                assert await call(skill, "set_text", source="BRB Text", text="back in 5, holy shit") == \
                    "“BRB Text” now shows: back in 5, holy s***"
                refused = await call(skill, "set_text", source="BRB Text", text="kill yourself chat")
                assert refused.startswith("ERROR: not shown: that text held words that never go on stream")
                assert obs.text_of("BRB Text") == "back in 5, holy s***"
                told = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if e.source == "on air"]
                assert len(told) == 2 and "the OBS text “BRB Text”" in told[-1]
    run(main())


def test_captions_carry_the_screened_line(bea):
    async def main():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs, **{"skills.obs.caption_source": "Captions"}) as skill:
                await connected(skill)
                said = await bea.mind.outlets.say("what the fuck, chat", "neutral")   # no voice: captions at once
                await until(lambda: obs.text_of("Captions") == said, what="the caption")
                assert said == "what the beep, chat"
    run(main())
