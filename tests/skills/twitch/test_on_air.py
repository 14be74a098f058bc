"""On air in Twitch chat, the real app against the fake Twitch server: her lines reach the chat
masked, and a line with a never-say word never reaches it; the Activity dock says both."""

from __future__ import annotations

import asyncio

from app.core.events import EventKind
from app.skills.twitch.skill import TOKEN_SECRET
from tests.skills.twitch.fake_server import FakeTwitchServer
from tests.skills.twitch.helpers import until
from tests.skills.twitch.test_skill import started


def test_her_lines_to_twitch_chat_pass_the_on_air_filter(bea):
    bea.secrets.set(TOKEN_SECRET, "tok")

    async def go():
        async with FakeTwitchServer(token="tok", user_id="4242") as server:
            skill = await started(bea, server, nick="bea_bot")
            bea.mind.outlets.deliver("twitch", "#bea", "what the fuck was that, chat")
            bea.mind.outlets.deliver("twitch", "#bea", "go kys")
            bea.mind.outlets.deliver("twitch", "#bea", "gg!")
            await until(lambda: len(server.lines("PRIVMSG")) == 2, what="her two lines")
            await asyncio.sleep(0.5)
            await skill.stop()
            return server.lines("PRIVMSG")

    sent = asyncio.run(go())
    assert sent == ["PRIVMSG #bea :what the f*** was that, chat", "PRIVMSG #bea :gg!"]
    told = [e.text for e in bea.bus.recent([EventKind.SYSTEM]) if e.source == "on air"]
    assert told == ["A line to twitch #bea was said with words masked (f***).",
                    "A line to twitch #bea was not said: it held words that never go on air (***)."]
