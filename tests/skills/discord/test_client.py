"""The Discord link against a fake Discord on loopback: the gateway handshake (HELLO, IDENTIFY, READY,
heartbeats and their ACKs), MESSAGE_CREATE handed on as plain data, RESUME after a drop with the missed event
replayed, a new IDENTIFY after INVALID_SESSION, REST sends, replies, reactions, typing and DMs, a 429 waited
out for its retry_after, a refused token (REST 401, gateway 4004), the message content intent refused (4014),
and privacy mode refusing Discord before any connection."""

from __future__ import annotations

import asyncio
import time

from app.senses.netgate import NetworkGate
from app.skills.discord import client
from app.skills.discord.client import INTENTS_HELP, DiscordLink, State
from tests.skills.discord.fake_discord import BEA, TOKEN, FakeDiscord, guild, user
from tests.waiting import until

ANNA = user(42, "anna.b", "Anna B")
SPEEDRUNNERS = guild(900, "Speedrunners", {500: "general", 501: "off-topic"})


class Reader:
    def __init__(self, fake: FakeDiscord, token: str = TOKEN, privacy: bool = False, gate=None) -> None:
        self.messages: list[dict] = []
        self.states: list[tuple[str, str]] = []
        self.link = DiscordLink(gate or NetworkGate(lambda: privacy), lambda: token, self._read,
                                on_state=lambda s, w: self.states.append((s, w)), api_base=fake.api_base,
                                gateway=fake.gateway_url, backoff_base=0.05, backoff_cap=0.2)

    async def _read(self, name: str, data: dict) -> None:
        if name == "MESSAGE_CREATE":
            self.messages.append(data)

    def texts(self) -> list[str]:
        return [m["content"] for m in self.messages]


async def connected(fake: FakeDiscord, **kw) -> Reader:
    reader = Reader(fake, **kw)
    reader.link.start()
    await until(lambda: reader.link.state == State.READING, what="READY")
    return reader


def test_the_handshake_heartbeats_and_messages():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], heartbeat_ms=200) as fake:
            reader = await connected(fake)
            await until(lambda: fake.acks >= 3, what="three heartbeats acknowledged")
            await fake.message(ANNA, "<@1000000000000000000> hi", 500, 900, mentions=[BEA])
            await until(lambda: reader.messages, what="the message")
            names = reader.link.names(500)
            await reader.link.stop()
            return fake, reader, names

    fake, reader, names = asyncio.run(go())
    identify = fake.identifies[0]
    assert identify["token"] == TOKEN
    intents = identify["intents"]
    assert all(intents & (1 << bit) for bit in (0, 2, 9, 12, 15))   # guilds, bans, messages, DMs, content
    assert fake.connects == ["/gateway"] and fake.heartbeats >= 3
    assert reader.messages[0]["content"] == "<@1000000000000000000> hi"
    assert reader.messages[0]["guild_id"] == "900" and reader.messages[0]["author"]["id"] == "42"
    assert names == ("general", "Speedrunners")
    assert reader.link.me == {"id": int(BEA["id"]), "username": "bea"}
    assert [s for s, _ in reader.states] == ["connecting", "reading", "off"]


def test_a_drop_is_resumed_and_what_was_missed_arrives():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            await fake.message(ANNA, "one", 500, 900)
            await until(lambda: reader.texts() == ["one"], what="the first message")
            await fake.drop()
            await fake.message(ANNA, "while away", 500, 900)      # queued in the session, sent on RESUME
            await until(lambda: reader.texts() == ["one", "while away"], what="the missed message")
            await until(lambda: reader.link.state == State.READING, what="resumed")
            await reader.link.stop()
            return fake, reader

    fake, reader = asyncio.run(go())
    assert len(fake.identifies) == 1 and len(fake.resumes) == 1
    assert fake.resumes[0]["session_id"] == "session-1" and fake.resumes[0]["token"] == TOKEN
    assert fake.connects == ["/gateway", "/resume"]               # resume_gateway_url, as READY said
    assert "retrying" in [s for s, _ in reader.states]


def test_an_invalid_session_starts_a_new_one(monkeypatch):
    monkeypatch.setattr(client, "IDENTIFY_GAP", 0.2)       # Discord's 5 s and 1-5 s, on a test's rhythm
    monkeypatch.setattr(client, "INVALID_WAIT", (0.1, 0.2))

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            await fake.invalidate()
            await until(lambda: len(fake.identifies) == 2 and fake.connection is not None
                        and fake.connection.session is not None, what="a new IDENTIFY")
            await fake.message(ANNA, "after", 500, 900)
            await until(lambda: reader.texts() == ["after"], what="a message in the new session")
            await reader.link.stop()
            return fake

    fake = asyncio.run(go())
    assert fake.resumes == [] and fake.connects == ["/gateway", "/gateway"]


def test_sends_replies_reactions_typing_and_a_dm():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            link = reader.link
            await link.typing(500)
            await link.send(500, "x " * 1500, reply_to=1300000000000000777)
            await link.react(500, 1300000000000000777, "🦉")
            dm = await link.dm(42, "ciao Anna")
            await link.stop()
            return fake, dm

    fake, dm = asyncio.run(go())
    assert fake.typing == ["500"]
    first, second, third = fake.sent
    assert int(first["message_reference"]["message_id"]) == 1300000000000000777 and "message_reference" not in second
    assert len(first["content"]) <= 2000 and (first["content"] + " " + second["content"]).split() == ["x"] * 1500
    assert fake.reactions == [("500", "1300000000000000777", "🦉")]
    assert third["channel_id"] == str(dm) == fake.dm_channels["42"] and third["content"] == "ciao Anna"


def test_a_429_is_waited_out_for_its_retry_after():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            fake.too_many("POST /channels/{id}/messages", 0.8)
            await reader.link.send(500, "patience")
            await reader.link.stop()
            return fake

    fake = asyncio.run(go())
    posts = [t for method, path, t in fake.calls if method == "POST" and path == "/channels/500/messages"]
    assert len(posts) == 2 and posts[1] - posts[0] >= 0.8
    assert [m["content"] for m in fake.sent] == ["patience"]


def test_a_refused_token_is_a_sentence_and_never_retried():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = Reader(fake, token="not.the-token")
            reader.link.start()
            await until(lambda: reader.link.state == State.AUTH_FAILED, what="the refusal")
            await asyncio.sleep(0.3)
            await reader.link.stop()
            return fake, reader

    fake, reader = asyncio.run(go())
    assert [m for m, p, _ in fake.calls] == ["GET"] and fake.identifies == []      # one try, no gateway
    why = dict(reader.states)[State.AUTH_FAILED]
    assert why.startswith("Discord refused the bot token") and "not.the-token" not in why


def test_a_token_refused_on_the_gateway_4004():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = Reader(fake)
            fake_identify = fake._identify

            async def revoked(conn, data):          # REST still took it; the gateway no longer does
                await fake_identify(conn, {**data, "token": "revoked"})
            fake._identify = revoked
            reader.link.start()
            await until(lambda: reader.link.state == State.AUTH_FAILED, what="the 4004 close")
            await reader.link.stop()
            return fake

    fake = asyncio.run(go())
    assert len(fake.identifies) == 1


def test_the_message_content_intent_refused_says_where_to_switch_it_on():
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], message_content_allowed=False) as fake:
            reader = Reader(fake)
            reader.link.start()
            await until(lambda: reader.link.state == State.INTENTS, what="the 4014 close")
            await reader.link.stop()
            return reader

    reader = asyncio.run(go())
    assert dict(reader.states)[State.INTENTS] == INTENTS_HELP


def test_privacy_mode_refuses_discord_before_any_connection():
    async def go():
        reader = Reader(FakeDiscord(), privacy=True)
        reader.link.api_base = "https://discord.com/api/v10"
        started = time.monotonic()
        reader.link.start()
        await until(lambda: reader.link.state == State.REFUSED, what="the refusal")
        await reader.link.stop()
        return reader, time.monotonic() - started

    reader, _took = asyncio.run(go())
    why = dict(reader.states)[State.REFUSED]
    assert "privacy" in why.lower() and "connecting" not in [s for s, _ in reader.states]


def test_rest_and_the_gateway_both_connect_through_the_gate():
    looked_up: list[str] = []

    def resolve(host, _port):
        looked_up.append(host)
        return ["127.0.0.1"]

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = Reader(fake, gate=NetworkGate(lambda: False, resolve=resolve))
            reader.link.api_base = fake.api_base.replace("127.0.0.1", "api.discord.test")
            reader.link.gateway = fake.gateway_url.replace("127.0.0.1", "gateway.discord.test")
            reader.link.start()
            await until(lambda: reader.link.state == State.READING, what="READY")
            await reader.link.stop()

    asyncio.run(go())
    # once each for the check before connecting, then the connections themselves: the gate's resolver
    assert looked_up.count("api.discord.test") >= 2 and looked_up.count("gateway.discord.test") >= 2


def _on_virtual_clock(asks: bool) -> tuple[FakeDiscord, Reader, list[str]]:
    """An hour connected on the stream in a box's virtual clock (tests/e2e/clock.py): the loop's time, the
    fake's and the client's receive timeout fly, while discord.py's keep-alive thread beats on real time."""
    from tests.e2e.clock import VirtualClock
    from tests.e2e.clock import run as run_virtual

    async def real(condition, what: str) -> None:
        deadline = time.perf_counter() + 30               # real seconds: the virtual clock may fly
        while not condition():
            assert time.perf_counter() < deadline, f"timed out waiting for {what}"
            await asyncio.sleep(0.5)

    async def go():
        async with FakeDiscord([SPEEDRUNNERS], heartbeat_ms=41_250, asks_for_heartbeats=asks) as fake:
            reader = Reader(fake)
            reader.link.start()
            await real(lambda: reader.link.state == State.READING, "READY")
            start = asyncio.get_running_loop().time()
            await asyncio.sleep(3600)
            hour = asyncio.get_running_loop().time() - start
            await fake.message(ANNA, "still there?", 500, 900)
            await real(lambda: reader.texts() == ["still there?"], "the message after an hour")
            await reader.link.stop()
            return fake, reader, [f"{hour:.0f}"]

    return run_virtual(go(), VirtualClock())


def test_on_the_boxs_virtual_clock_the_gateway_asks_for_heartbeats_and_the_session_holds():
    fake, reader, hour = _on_virtual_clock(asks=True)
    assert hour == ["3600"]
    assert fake.requested >= 80                           # 3600 s / 41.25 s: she answered every request...
    assert fake.heartbeats >= fake.requested
    assert fake.connects == ["/gateway"] and not fake.resumes    # ...so the session never dropped
    assert [s for s, _ in reader.states] == ["connecting", "reading", "off"]


def test_on_the_virtual_clock_a_gateway_that_never_asks_sees_the_client_time_out_and_resume():
    """Why the box's gateway asks: with beats only on real time, discord.py's 60 s receive timeout (loop time)
    passes with nothing received and it reconnects, again and again."""
    fake, reader, _hour = _on_virtual_clock(asks=False)
    assert fake.requested == 0 and len(fake.resumes) >= 10
    assert reader.texts() == ["still there?"]              # RESUME brings it all the same


def test_a_zombied_connection_is_noticed_at_the_heartbeat_interval_and_resumed():
    """No HEARTBEAT_ACK by the next heartbeat: closed and resumed (the documented rule), not after discord.py's
    60 s without any frame; not answering meanwhile, and what was sent meanwhile arrives on RESUME."""
    async def go():
        async with FakeDiscord([SPEEDRUNNERS], heartbeat_ms=400) as fake:
            reader = await connected(fake)
            await until(lambda: fake.acks >= 2, what="heartbeats acknowledged")
            fake.go_silent()
            silent_at = time.monotonic()
            await fake.message(ANNA, "while silent", 500, 900)       # held: a zombie sends nothing
            await until(lambda: State.HUNG in [s for s, _ in reader.states], timeout=3, what="not answering")
            noticed = time.monotonic() - silent_at
            await until(lambda: reader.link.state == State.READING, timeout=5, what="resumed")
            await until(lambda: reader.texts() == ["while silent"], what="the held message")
            await reader.link.stop()
            return fake, reader, noticed

    fake, reader, noticed = asyncio.run(go())
    assert noticed < 2 * 0.4 * 1.25 + 0.3       # at most two intervals (its grace included), far from 60 s
    assert len(fake.resumes) == 1 and len(fake.identifies) == 1
    hung = [w for s, w in reader.states if s == State.HUNG]
    assert hung and "did not acknowledge her heartbeat" in hung[0]
    assert [s for s, _ in reader.states] == ["connecting", "reading", "not answering", "reading", "off"]


def test_after_a_session_timed_out_she_reads_and_sends_as_soon_as_the_new_session_is_ready(monkeypatch):
    monkeypatch.setattr(client, "IDENTIFY_GAP", 0.5)   # Discord's 5 s between IDENTIFYs, on a test's rhythm

    async def go():
        async with FakeDiscord([SPEEDRUNNERS]) as fake:
            reader = await connected(fake)
            await fake.time_out_session()
            await until(lambda: len(fake.identifies) == 2 and fake.session is not None, what="a new IDENTIFY")
            await fake.message(ANNA, "after", 500, 900)
            await until(lambda: reader.texts() == ["after"], what="a message in the new session")
            state = reader.link.state                  # reading, then, and saying so
            sent = await reader.link.send(500, "hello again")
            await reader.link.stop()
            return fake, reader, state, sent

    fake, reader, state, sent = asyncio.run(go())
    assert state == State.READING and len(sent) == 1 and fake.sent[-1]["content"] == "hello again"
    assert fake.resumes == []                          # "start a new one": no RESUME that can only be refused
    said = [s for s, _ in reader.states]
    assert [s for n, s in enumerate(said) if not n or said[n - 1] != s] == ["connecting", "reading", "retrying",
                                                                           "reading", "off"]
