"""The one network gate against real loopback servers: privacy mode refuses the outside, allows this machine."""

import asyncio

import pytest
from aiohttp import web

from app import compose
from app.core.events import EventBus, EventKind
from app.senses.netgate import NetworkGate, PrivacyRefused

# A name the injected resolver maps to a documentation address: the gate must refuse it before any socket
# is opened (nothing in these tests ever connects outside loopback).
OUTSIDE = {"stream.example.test": ["198.51.100.7"], "me.example.test": ["127.0.0.1"]}


def make_gate(privacy=True):
    bus = EventBus(lambda: 0.0)
    errors = []
    bus.subscribe(errors.append, kinds=[EventKind.ERROR])
    state = {"on": privacy}
    gate = NetworkGate(lambda: state["on"], bus, resolve=lambda host, port: OUTSIDE.get(host, []))
    return gate, errors, state


async def echo_server():
    async def handle(reader, writer):
        writer.write(await reader.readline())
        await writer.drain()
        writer.close()
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


def test_privacy_refuses_outside_addresses_with_an_error_event():
    gate, errors, _ = make_gate()
    with pytest.raises(PrivacyRefused, match="privacy mode is on: 198.51.100.7:443"):
        gate.check_sync("198.51.100.7", 443, "LLM client")
    with pytest.raises(PrivacyRefused, match="resolves to 198.51.100.7"):
        asyncio.run(gate.check("stream.example.test", 6697, "Twitch chat"))
    assert [e.data["purpose"] for e in errors] == ["LLM client", "Twitch chat"]
    assert "not on this machine" in errors[0].text


def test_privacy_allows_a_real_loopback_connection():
    gate, errors, _ = make_gate()

    async def go():
        server, port = await echo_server()
        async with server:
            reader, writer = await gate.open_connection("127.0.0.1", port, "local LLM")
            writer.write(b"hello\n")
            await writer.drain()
            line = await reader.readline()
            writer.close()
            reader2, writer2 = await gate.open_connection("localhost", port, "local LLM")
            writer2.close()
            return line

    assert asyncio.run(go()) == b"hello\n"
    gate.check_sync("me.example.test", 80, "a name for this machine")
    assert errors == []


def test_http_sessions_pass_the_gate():
    gate, errors, state = make_gate()

    async def go():
        async def models(_request):
            return web.json_response({"data": [{"id": "local"}]})

        app = web.Application()
        app.router.add_get("/v1/models", models)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            async with gate.http_session("model list") as session:
                async with session.get(f"http://127.0.0.1:{port}/v1/models") as resp:
                    body = await resp.json()
                with pytest.raises(PrivacyRefused):
                    await session.get("http://stream.example.test/v1/models")
            return body
        finally:
            await runner.cleanup()

    assert asyncio.run(go()) == {"data": [{"id": "local"}]}
    assert len(errors) == 1 and "stream.example.test" in errors[0].text


def test_with_privacy_off_the_outside_is_allowed():
    gate, errors, state = make_gate(privacy=False)
    gate.check_sync("198.51.100.7", 443, "LLM client")
    state["on"] = True
    with pytest.raises(PrivacyRefused):
        gate.check_sync("198.51.100.7", 443, "LLM client")


def test_privacy_mode_persists_across_restarts_and_drives_the_gate(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    assert not bea.gate.privacy
    bea.settings.set("privacy.enabled", True)
    assert any("privacy mode on" in e.text for e in bea.bus.recent([EventKind.SYSTEM]))
    compose.close(bea)
    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert again.gate.privacy
        with pytest.raises(PrivacyRefused):
            again.gate.check_sync("198.51.100.7", 443, "LLM client")
    finally:
        compose.close(again)


def test_a_redirect_to_the_outside_is_refused_before_it_is_followed():
    gate, errors, _ = make_gate()

    async def go():
        async def bounce(_request):
            raise web.HTTPFound("http://198.51.100.7/v1/models")

        app = web.Application()
        app.router.add_get("/models", bounce)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            async with gate.http_session("model download") as session:
                with pytest.raises(PrivacyRefused, match="198.51.100.7"):
                    await session.get(f"http://127.0.0.1:{port}/models")
        finally:
            await runner.cleanup()

    asyncio.run(go())
    assert len(errors) == 1 and "198.51.100.7" in errors[0].text
