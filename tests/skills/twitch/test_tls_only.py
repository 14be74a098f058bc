"""Her OAuth token goes only over TLS: with “Encrypted connection” off and a token, Twitch chat is
not connected at all (no socket is opened) and the Chat dock says why in plain words; reading anonymously may
stay plain, and so may a server at a loopback address (the token never leaves the machine)."""

import asyncio
import time

from app.core import irc
from app.core.events import EventKind
from app.senses.netgate import NetworkGate
from app.skills.twitch.client import State, TwitchChat
from app.skills.twitch.skill import TOKEN_SECRET
from tests.skills.twitch.helpers import until


def test_the_rule():
    refusal = irc.login_refusal(False, True, "irc.chat.twitch.tv")
    assert refusal is not None and "unencrypted" in refusal and "Settings → Twitch" in refusal
    assert irc.login_refusal(True, True, "irc.chat.twitch.tv") is None       # TLS: the token may go
    assert irc.login_refusal(False, False, "irc.chat.twitch.tv") is None     # anonymous reading, plain
    assert irc.login_refusal(False, True, "127.0.0.1") is None               # never leaves the machine
    assert irc.login_refusal(False, True, "::1") is None
    assert irc.login_refusal(False, True, "localhost.evil.example") is not None  # a name is not an address


class CountingGate(NetworkGate):
    def __init__(self) -> None:
        super().__init__(lambda: False)
        self.opened: list[str] = []

    async def open_connection(self, host, port, purpose, **kw):
        self.opened.append(host)
        return await super().open_connection(host, port, purpose, **kw)


def test_a_plain_connection_with_a_token_is_never_opened():
    async def go():
        gate, states = CountingGate(), []
        chat = TwitchChat(gate, "bea", nick="beabot", token=lambda: "oauth:abc123", host="irc.chat.twitch.tv",
                          port=6667, tls=False, on_state=lambda s, d: states.append((s, d)), clock=time.monotonic)
        chat.start()
        await until(lambda: chat.state is State.REFUSED)
        await asyncio.sleep(0.1)
        running = chat.running
        await chat.stop()
        return gate.opened, states, running

    opened, states, running = asyncio.run(go())
    assert opened == [] and not running
    refused = [d for s, d in states if s is State.REFUSED]
    assert len(refused) == 1 and "unencrypted" in refused[0]


def test_the_chat_dock_says_why_twitch_is_not_connected(bea):
    bea.secrets.set(TOKEN_SECRET, "abc123")
    seen = []
    bea.bus.subscribe(seen.append, kinds=[EventKind.ERROR])

    async def go():
        bea.settings.update({"skills.twitch.channel": "bea", "skills.twitch.nick": "beabot",
                             "skills.twitch.host": "irc.chat.twitch.tv", "skills.twitch.port": 6667,
                             "skills.twitch.tls": False})
        skill = bea.skills["twitch"]
        await skill.start()
        try:
            await until(lambda: skill.state is State.REFUSED, what="the refusal")
        finally:
            await skill.stop()

    asyncio.run(go())
    problems = [e for e in seen if e.data.get("problem") == "twitch"]
    assert problems and problems[-1].data.get("setting") == "skills.twitch"
    assert "unencrypted" in problems[-1].text and "abc123" not in problems[-1].text
