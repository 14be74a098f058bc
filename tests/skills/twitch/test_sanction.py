"""A viewer timed out or banned is not answered while the sanction lasts, through the fake Twitch
server with the fixture's CLEARCHAT lines: a one-second time-out (fabzeef) and a ban (weeb123)."""

from __future__ import annotations

import asyncio
import time

from tests.skills.twitch.fake_server import FakeTwitchServer, privmsg
from tests.skills.twitch.helpers import fixture, until
from tests.skills.twitch.test_skill import pending, started

TIMEOUT = fixture("@ban-duration=1;room-id=11148817;target-user-id=148973258")   # fabzeef, one second
BAN = fixture("target-user-id=70948394")                                         # weeb123, banned


def test_a_timed_out_or_banned_viewer_is_not_answered_while_it_lasts(bea):
    async def go():
        async with FakeTwitchServer() as server:
            skill = await started(bea, server)

            def say(text, uid, name):
                server.broadcast(privmsg("bea", text, user_id=uid, name=name, msg_id=f"{name}-{text}"))

            say("before", "148973258", "fabzeef")
            await until(lambda: len(pending(bea)) == 1)
            server.broadcast(TIMEOUT)
            sanctioned_at = time.time()
            server.broadcast(BAN)
            await until(lambda: not pending(bea), what="the time-out")
            say("during", "148973258", "fabzeef")
            say("still here", "70948394", "weeb123")
            say("hi", "55", "anna")
            await until(lambda: len(pending(bea)) == 1, what="anna's line")
            await until(lambda: [e.removed for e in skill.log if e.msg_id == "fabzeef-during"] == [True],
                        what="the silenced line struck in the dock")
            await asyncio.sleep(max(0.0, sanctioned_at + 1.5 - time.time()))   # the time-out is over
            say("back", "148973258", "fabzeef")
            say("again", "70948394", "weeb123")
            say("bye", "55", "anna")
            await until(lambda: len(pending(bea)) == 3, what="the lines after the time-out")
            texts = [p.text for p in pending(bea)]
            await skill.stop()
            return texts, skill.perceived

    texts, perceived = asyncio.run(go())
    assert texts == ["hi", "back", "bye"]          # weeb123 stays banned; fabzeef is answered again
    assert perceived == 4
