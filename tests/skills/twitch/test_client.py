"""The Twitch chat client against the fake server on 127.0.0.1: login, PING, every fixture line, RECONNECT
with nothing lost, backoff after a drop, paced sends, a refused token, privacy mode, and TLS with a
self-signed certificate."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import re
import ssl
import time

import pytest

from app.core import irc
from app.core.backoff import backoff_delay
from app.senses.netgate import NetworkGate
from app.skills.twitch.client import (
    MAX_CHARS,
    ReadOnly,
    State,
    TwitchChat,
    normalize_channel,
    pieces,
)
from tests.skills.twitch.fake_server import FakeTwitchServer, privmsg
from tests.skills.twitch.helpers import FIXTURE_LINES, parse_twitch, until


def open_gate(privacy: bool = False) -> NetworkGate:
    return NetworkGate(lambda: privacy)


def chat_client(server: FakeTwitchServer, events: list, states: list | None = None, **kw) -> TwitchChat:
    kw.setdefault("tls", False)
    kw.setdefault("backoff_base", 0.05)
    kw.setdefault("clock", time.monotonic)
    on_state = (lambda s, d: states.append(s)) if states is not None else (lambda s, d: None)
    return TwitchChat(kw.pop("gate", open_gate()), kw.pop("channel", "Bea"), host="127.0.0.1",
                      port=server.port, on_event=events.append, on_state=on_state, **kw)


# ---- pure parts ------------------------------------------------------------------------------------------


def test_backoff_doubles_from_the_base_to_the_cap_and_jitter_only_trims_the_top_half():
    assert [backoff_delay(n, 1.0, 60.0, 1.0) for n in range(8)] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff_delay(0, 1.0, 60.0, 0.0) == 0.5 and backoff_delay(3, 1.0, 60.0, 0.5) == 6.0
    assert backoff_delay(10_000, 1.0, 60.0, 1.0) == 60.0  # no overflow however long it has been failing


def test_a_send_becomes_lines_twitch_accepts():
    assert pieces("ciao\r\nchat  come\tva?") == ["ciao chat come va?"]
    assert pieces("  \n ") == []
    long = " ".join(["parola"] * 200)  # 1,399 characters
    parts = pieces(long)
    assert all(len(p) <= MAX_CHARS for p in parts) and " ".join(parts) == long and len(parts) == 3
    assert pieces("x" * 1200) == ["x" * 500, "x" * 500, "x" * 200]


def test_channels_are_normalised():
    assert {normalize_channel(c) for c in ("Bea", "#bea", " twitch:#BEA ", "bea")} == {"bea"}


# ---- against the fake server ------------------------------------------------------------------------------


def test_an_anonymous_login_asks_for_tags_and_commands_and_joins_read_only():
    async def go():
        events: list = []
        async with FakeTwitchServer() as server:
            client = chat_client(server, events)
            client.start()
            await until(lambda: client.state is State.JOINED, what="the join")
            with pytest.raises(ReadOnly):
                await client.send("ciao")
            await client.stop()
            return server.lines(), client

    lines, client = asyncio.run(go())
    assert lines[0] == "CAP REQ :twitch.tv/tags twitch.tv/commands"
    assert not any(line.startswith("PASS") for line in lines)
    assert re.fullmatch(r"NICK justinfan\d{5}", lines[1]) and lines[2] == "JOIN #bea"
    assert not client.authenticated and client.state is State.OFF


def test_a_ping_is_answered_with_its_own_words():
    async def go():
        async with FakeTwitchServer() as server:
            client = chat_client(server, [])
            client.start()
            await until(lambda: client.state is State.JOINED)
            server.broadcast("PING :tmi.twitch.tv")
            server.broadcast(":tmi.twitch.tv PING test :abc def")
            await server.wait_for(lambda: len(server.lines("PONG")) == 2)
            await client.stop()
            return server.lines("PONG")

    assert asyncio.run(go()) == ["PONG :tmi.twitch.tv", "PONG test :abc def"]


def test_every_fixture_line_goes_through_and_none_ends_the_link():
    """Malformed lines are counted and skipped; a repeated message id is one message; the fixture's own
    RECONNECT is followed without losing the lines after it."""
    wanted, malformed = [], 0
    for line in FIXTURE_LINES:
        try:
            event = parse_twitch(line)
        except irc.IrcParseError:
            malformed += 1
            continue
        if isinstance(event, irc.ChatLine | irc.UserNotice | irc.ClearChat | irc.ClearMsg | irc.Notice):
            wanted.append(event)
    distinct = list({(getattr(e, "msg_id", None) or id(e)): e for e in wanted}.values())

    async def go():
        events: list = []
        async with FakeTwitchServer() as server:
            client = chat_client(server, events)
            client.start()
            await until(lambda: client.state is State.JOINED)
            for line in FIXTURE_LINES:
                server.broadcast(line)
            await until(lambda: sum(not isinstance(e, irc.Other) for e in events) >= len(distinct),
                        what="every fixture event")
            await until(lambda: client.stats.links == 2 and client.state is State.JOINED,
                        what="the reconnect")
            await asyncio.sleep(0.1)
            await client.stop()
            return events, client.stats

    events, stats = asyncio.run(go())
    events = [e for e in events if not isinstance(e, irc.Other)]  # CAP ACK, 001-376, ROOMSTATE, WHISPER...
    assert [type(e).__name__ for e in events] == [type(e).__name__ for e in distinct]
    assert [getattr(e, "msg_id", None) for e in events] == [getattr(e, "msg_id", None) for e in distinct]
    assert stats.malformed == malformed == 6 and stats.reconnects == 1


def test_a_reconnect_loses_nothing_and_keeps_the_order():
    """The old link is read to its end while the new one joins; the lines sent in between come on both and
    are told apart by their ids; what the new link read meanwhile comes after the old link's lines."""
    async def go():
        events: list = []
        async with FakeTwitchServer(reconnect_grace=5.0) as server:
            client = chat_client(server, events)
            client.start()
            await until(lambda: client.state is State.JOINED)

            async def feed(first: int, last: int) -> None:
                for i in range(first, last):
                    server.broadcast(privmsg("bea", f"line {i}", user_id=str(1000 + i % 37),
                                             name=f"u{i % 37}", msg_id=f"m{i}"))
                    if i % 20 == 0:
                        await server.flush()
                        await asyncio.sleep(0.002)

            await feed(0, 500)
            server.hold_pongs()                       # the old link stays open until we say
            old = server.reconnect()
            await feed(500, 700)                      # only the old link is there for some of these
            await server.wait_for(lambda: len(server.joined) == 2)
            await feed(700, 1000)                     # both links get these
            server.release_pongs()
            await server.wait_for(lambda: old[0].closed.is_set(), timeout=2.0)  # the client closed it
            await feed(1000, 1500)
            await until(lambda: sum(isinstance(e, irc.ChatLine) for e in events) >= 1500, what="every line")
            await asyncio.sleep(0.1)
            await client.stop()
            return events, client.stats

    events, stats = asyncio.run(go())
    events = [e for e in events if isinstance(e, irc.ChatLine)]
    assert [e.msg_id for e in events] == [f"m{i}" for i in range(1500)]
    assert stats.links == 2 and stats.reconnects == 1 and stats.duplicates >= 300


def test_a_dropped_link_comes_back_after_a_backoff():
    async def go():
        states: list = []
        async with FakeTwitchServer() as server:
            client = chat_client(server, [], states)
            client.start()
            await until(lambda: client.state is State.JOINED)
            server.drop()
            await until(lambda: client.stats.links == 2 and client.state is State.JOINED, what="a new link")
            await client.stop()
        return states

    states = asyncio.run(go())
    assert states.index(State.RECONNECTING) < len(states) - 1
    assert states[:2] == [State.CONNECTING, State.JOINED] and State.JOINED in states[3:]


def test_sends_keep_to_the_rate_limit_and_long_texts_are_cut():
    async def go():
        async with FakeTwitchServer(token="tok", badges="moderator/1") as server:
            client = chat_client(server, [], nick="bea_bot", token=lambda: "tok", send_limit=3,
                                 send_window=0.5)
            client.start()
            await until(lambda: client.state is State.JOINED)
            await asyncio.gather(*(client.send(f"line {i}") for i in range(7)))
            await client.send("x " * 600)
            await server.wait_for(lambda: len(server.lines("PRIVMSG")) == 10)
            await client.stop()
            times = [t for _n, t, line in server.received if line.startswith("PRIVMSG")]
            return times, server.lines("PRIVMSG"), client

    times, lines, client = asyncio.run(go())
    assert client.privileged  # USERSTATE said moderator: without a test limit, 100 per 30 s would apply
    assert all(times[i + 3] - times[i] >= 0.45 for i in range(len(times) - 3))
    assert lines[:2] == ["PRIVMSG #bea :line 0", "PRIVMSG #bea :line 1"]
    assert [len(line.partition(" :")[2]) for line in lines[7:]] == [499, 499, 199]


def test_a_refused_token_stops_the_client_instead_of_hammering_the_server():
    async def go():
        async with FakeTwitchServer(token="good") as server:
            client = chat_client(server, [], nick="bea_bot", token=lambda: "bad")
            client.start()
            await until(lambda: client.state is State.AUTH_FAILED, what="the refusal")
            await asyncio.sleep(0.3)
            count = len(server.conns)
            await client.stop()
            return count, client.detail

    count, detail = asyncio.run(go())
    assert count == 1 and detail == "stopped"


def test_privacy_mode_refuses_a_host_that_is_not_this_machine_and_allows_loopback():
    async def go():
        # 192.0.2.0/24 is TEST-NET-1: documentation only, never routed (and the gate refuses it unresolved)
        refused = TwitchChat(open_gate(privacy=True), "bea", host="192.0.2.7", port=6697, clock=time.monotonic)
        refused.start()
        await until(lambda: refused.state is State.REFUSED)
        reason = refused.detail
        await refused.stop()
        async with FakeTwitchServer() as server:
            local = chat_client(server, [], gate=open_gate(privacy=True))
            local.start()
            await until(lambda: local.state is State.JOINED)
            await local.stop()
        return reason

    assert "privacy mode is on" in asyncio.run(go())


def self_signed() -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A server context with a fresh self-signed certificate for 127.0.0.1, and a client context trusting
    it."""
    pytest.importorskip("cryptography", reason="cryptography is not installed (pip install -e .[dev])")
    import tempfile

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(hours=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    pem = cert.public_bytes(serialization.Encoding.PEM)
    with tempfile.TemporaryDirectory() as tmp:
        cert_file, key_file = f"{tmp}/cert.pem", f"{tmp}/key.pem"
        with open(cert_file, "wb") as f:
            f.write(pem)
        with open(key_file, "wb") as f:
            f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()))
        server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        server.load_cert_chain(cert_file, key_file)
    client = ssl.create_default_context(cadata=pem.decode())
    return server, client


def test_chat_over_tls_with_a_certificate_it_trusts_and_none_with_one_it_does_not():
    server_ctx, client_ctx = self_signed()

    async def go():
        events: list = []
        async with FakeTwitchServer(tls=server_ctx) as server:
            client = chat_client(server, events, tls=client_ctx)
            client.start()
            await until(lambda: client.state is State.JOINED)
            server.broadcast(privmsg("bea", "over tls", user_id="7", name="anna"))
            await until(lambda: any(isinstance(e, irc.ChatLine) for e in events))
            await client.stop()
            untrusting = chat_client(server, [], tls=True)  # the system's CAs do not know this certificate
            untrusting.start()
            await asyncio.sleep(0.5)
            joined = untrusting.state is State.JOINED
            await untrusting.stop()
        return events, joined

    events, joined = asyncio.run(go())
    events = [e for e in events if isinstance(e, irc.ChatLine)]
    assert events[0].text == "over tls" and not joined
