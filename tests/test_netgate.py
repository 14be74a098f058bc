"""The one network gate against real loopback servers: privacy mode refuses the outside, allows this machine, and
asks no resolver; every connection goes to the address the gate vetted, found once."""

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest
from aiohttp import web

from app import compose
from app.core.chat import Message
from app.core.events import EventBus, EventKind
from app.core.netpolicy import LocalNames, own_names, parse_hosts
from app.process.clock import SYSTEM
from app.senses.llm.base import Timeouts
from app.senses.llm.registry import ClientFactory
from app.senses.netgate import NetworkGate, PrivacyRefused
from app.skills.obs.client import ObsConnection, State, Target
from tests.bench.privacy import sandbox_missing
from tests.obs_server import FakeOBS
from tests.senses.llm_server import LLMServer, Stream, openai_stream

# Names the injected resolver answers, and the hosts file privacy mode reads instead; the addresses outside are
# documentation ones (never routed): nothing in these tests ever connects outside loopback.
NAMES = {"stream.example.test": ["198.51.100.7"], "me.example.test": ["127.0.0.1"], "localhost": ["127.0.0.1"],
         "bea.localhost": ["127.0.0.1"], "unlisted.example.test": ["127.0.0.1"]}
HOSTS = """# a hosts file
127.0.0.1   localhost
127.0.0.1   me.example.test   # a name for this machine
198.51.100.7 stream.example.test
"""


class Answers:
    """A resolver that gives each name its answers in turn (the last one again once they run out): a name that
    resolves to one address the first time and another the second, as DNS rebinding does."""

    def __init__(self, **answers: list[list[str]]) -> None:
        self.answers = {name.replace("_", "."): list(seq) for name, seq in answers.items()}
        self.asked: list[str] = []

    def __call__(self, host, _port):
        self.asked.append(host)
        if host in self.answers:
            seq = self.answers[host]
            return seq.pop(0) if len(seq) > 1 else seq[0]
        return NAMES.get(host, [])


def make_gate(privacy=True, resolve=None):
    bus = EventBus(lambda: 0.0)
    errors = []
    bus.subscribe(errors.append, kinds=[EventKind.ERROR])
    state = {"on": privacy}
    names = LocalNames(parse_hosts(HOSTS), own_names("studio.example.test"))
    gate = NetworkGate(lambda: state["on"], bus, resolve=resolve or Answers(), local_names=lambda: names)
    return gate, errors, state


async def echo_server():
    seen = []

    async def handle(reader, writer):
        seen.append(writer.get_extra_info("peername"))
        writer.write(await reader.readline())
        await writer.drain()
        writer.close()
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1], seen


async def http_server(routes):
    app = web.Application()
    seen = []

    @web.middleware
    async def note(request, handler):
        seen.append(request.headers.get("Host"))
        return await handler(request)
    app.middlewares.append(note)
    for path, handler in routes.items():
        app.router.add_get(path, handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, site._server.sockets[0].getsockname()[1], seen


async def models(_request):
    return web.json_response({"data": [{"id": "local"}]})


def test_privacy_refuses_outside_addresses_with_an_error_event_and_asks_no_resolver():
    answers = Answers()
    gate, errors, _ = make_gate(resolve=answers)
    with pytest.raises(PrivacyRefused, match="privacy mode is on: 198.51.100.7:443"):
        gate.vet_sync("198.51.100.7", 443, "LLM client")
    with pytest.raises(PrivacyRefused, match="resolves to 198.51.100.7"):          # as the hosts file says
        asyncio.run(gate.check("stream.example.test", 6697, "Twitch chat"))
    with pytest.raises(PrivacyRefused, match="unlisted.example.test:443 is not on this machine"):
        asyncio.run(gate.check("unlisted.example.test", 443, "model download"))    # the resolver would say loopback
    assert [e.data["purpose"] for e in errors] == ["LLM client", "Twitch chat", "model download"]
    assert "not on this machine" in errors[0].text
    assert answers.asked == []


def test_privacy_allows_a_real_loopback_connection():
    gate, errors, _ = make_gate()

    async def go():
        server, port, _ = await echo_server()
        async with server:
            reader, writer = await gate.open_connection("127.0.0.1", port, "local LLM")
            writer.write(b"hello\n")
            await writer.drain()
            line = await reader.readline()
            writer.close()
            _reader2, writer2 = await gate.open_connection("localhost", port, "local LLM")
            writer2.close()
            return line

    assert asyncio.run(go()) == b"hello\n"
    assert gate.vet_sync("me.example.test", 80, "a name for this machine") == ("127.0.0.1",)
    assert gate.vet_sync("STUDIO", 80, "the machine's own name") == ("127.0.0.1", "::1")
    assert gate.vet_sync("studio.example.test.", 80, "the machine's own name") == ("127.0.0.1", "::1")
    assert errors == []


def test_http_sessions_pass_the_gate():
    gate, errors, state = make_gate()

    async def go():
        runner, port, _ = await http_server({"/v1/models": models})
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
    assert gate.vet_sync("198.51.100.7", 443, "LLM client") == ("198.51.100.7",)
    assert gate.vet_sync("stream.example.test", 443, "LLM client") == ("198.51.100.7",)
    state["on"] = True
    with pytest.raises(PrivacyRefused):
        gate.vet_sync("198.51.100.7", 443, "LLM client")


def test_with_privacy_off_an_unknown_name_fails_as_a_lookup_does():
    gate, errors, _ = make_gate(privacy=False)
    with pytest.raises(OSError) as caught:
        gate.vet_sync("nowhere.example.test", 443, "LLM client")
    assert not isinstance(caught.value, PrivacyRefused) and errors == []


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
            again.gate.vet_sync("198.51.100.7", 443, "LLM client")
    finally:
        compose.close(again)


def test_a_redirect_to_the_outside_is_refused_before_it_is_followed():
    gate, errors, _ = make_gate()

    async def go():
        async def bounce(_request):
            raise web.HTTPFound("http://198.51.100.7/v1/models")

        async def bounce_by_name(_request):
            raise web.HTTPFound("http://stream.example.test/v1/models")

        runner, port, _ = await http_server({"/models": bounce, "/named": bounce_by_name})
        try:
            async with gate.http_session("model download") as session:
                with pytest.raises(PrivacyRefused, match="198.51.100.7"):
                    await session.get(f"http://127.0.0.1:{port}/models")
                with pytest.raises(PrivacyRefused, match="stream.example.test"):
                    await session.get(f"http://127.0.0.1:{port}/named")
        finally:
            await runner.cleanup()

    asyncio.run(go())
    assert len(errors) == 2 and "198.51.100.7" in errors[0].text


# ---- the gate decides once -------------------------------------------------------------------

def test_a_name_that_rebinds_after_the_check_reaches_only_the_vetted_address_over_http():
    answers = Answers(rebind_example_test=[["127.0.0.1"], ["198.51.100.7"]])
    gate, errors, _ = make_gate(privacy=False, resolve=answers)

    async def go():
        runner, port, seen = await http_server({"/v1/models": models})
        try:
            async with gate.http_session("model list") as session:
                async with session.get(f"http://rebind.example.test:{port}/v1/models") as resp:
                    return await resp.json(), seen, port
        finally:
            await runner.cleanup()

    body, seen, port = asyncio.run(go())
    assert body == {"data": [{"id": "local"}]}
    assert answers.asked == ["rebind.example.test"]                     # resolved once
    assert seen == [f"rebind.example.test:{port}"]                      # the request still names the host
    assert errors == []


def test_with_privacy_on_a_name_only_a_resolver_knows_is_refused_unresolved_over_http_and_raw():
    answers = Answers(rebind_example_test=[["127.0.0.1"]])
    gate, errors, _ = make_gate(resolve=answers)

    async def go():
        runner, port, seen = await http_server({"/v1/models": models})
        server, echo_port, peers = await echo_server()
        try:
            async with gate.http_session("model list") as session:
                with pytest.raises(PrivacyRefused, match="rebind.example.test:.* is not on this machine"):
                    await session.get(f"http://rebind.example.test:{port}/v1/models")
            with pytest.raises(PrivacyRefused, match="is not on this machine"):
                await gate.open_connection("rebind.example.test", echo_port, "Twitch chat")
            return seen, peers
        finally:
            server.close()
            await runner.cleanup()

    seen, peers = asyncio.run(go())
    assert seen == [] and peers == [] and len(errors) == 2 and answers.asked == []


def test_a_raw_connection_goes_to_the_vetted_address_of_a_rebinding_name():
    answers = Answers(rebind_example_test=[["127.0.0.1"], ["198.51.100.7"]])
    gate, errors, _ = make_gate(privacy=False, resolve=answers)

    async def go():
        server, port, peers = await echo_server()
        async with server:
            reader, writer = await gate.open_connection("rebind.example.test", port, "Twitch chat")
            writer.write(b"ping\n")
            await writer.drain()
            line = await reader.readline()
            writer.close()
            return line, peers

    line, peers = asyncio.run(go())
    assert line == b"ping\n" and len(peers) == 1 and answers.asked == ["rebind.example.test"]


def test_with_privacy_on_localhost_names_are_this_machine_whatever_a_resolver_would_say():
    answers = Answers(beacon_localhost=[["198.51.100.7"]])
    gate, errors, _ = make_gate(resolve=answers)
    assert gate.vet_sync("beacon.localhost", 80, "stage texture") == ("127.0.0.1", "::1")

    async def go():
        server, port, peers = await echo_server()
        async with server:
            _reader, writer = await gate.open_connection("bea.localhost", port, "local LLM")
            writer.close()
            return peers

    assert len(asyncio.run(go())) == 1
    assert answers.asked == [] and errors == []


def test_obs_connects_to_the_vetted_address_of_a_rebinding_name():
    answers = Answers(obs_example_test=[["127.0.0.1"], ["198.51.100.7"]])
    gate, errors, _ = make_gate(privacy=False, resolve=answers)

    async def go():
        async with FakeOBS() as obs:
            conn = ObsConnection(lambda: Target("obs.example.test", obs.port, ""), gate=gate, timeout=3)
            conn.start()
            try:
                await until(lambda: conn.status.state in (State.CONNECTED, State.REFUSED, State.RETRYING))
                return conn.status
            finally:
                await conn.stop()

    status = asyncio.run(asyncio.wait_for(go(), 30))
    assert status.state is State.CONNECTED, status.message
    assert answers.asked == ["obs.example.test"] and errors == []


# ---- proxies are never asked ------------------------------------------------------------------------------

class FakeProxy:
    """A listening HTTP proxy on loopback that notes every connection and its first line, and answers 502."""

    def __init__(self) -> None:
        self.heard: list[bytes] = []

    async def __aenter__(self):
        async def handle(reader, writer):
            self.heard.append(await reader.readline())
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
        self.server = await asyncio.start_server(handle, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"
        return self

    async def __aexit__(self, *_exc):
        self.server.close()


async def until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


@pytest.fixture
def proxied(monkeypatch):
    """Every proxy variable a library reads points at the fake proxy; NO_PROXY names only some other domain
    (a company network's kind), so loopback is not exempted by it."""
    def point_at(url):
        for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
            monkeypatch.setenv(name, url)
        monkeypatch.setenv("no_proxy", "corp.example")
        monkeypatch.setenv("NO_PROXY", "corp.example")
    return point_at


@pytest.mark.parametrize("privacy", [True, False])
def test_obs_never_talks_to_a_proxy(proxied, privacy):
    gate, errors, _ = make_gate(privacy=privacy)

    async def go():
        async with FakeProxy() as proxy, FakeOBS() as obs:
            proxied(proxy.url)
            conn = ObsConnection(lambda: Target("localhost", obs.port, ""), gate=gate, timeout=3)
            conn.start()
            try:
                await until(lambda: conn.status.state in (State.CONNECTED, State.REFUSED, State.RETRYING))
                return conn.status, proxy.heard
            finally:
                await conn.stop()

    status, heard = asyncio.run(asyncio.wait_for(go(), 30))
    assert heard == [] and status.state is State.CONNECTED, status.message


@pytest.mark.parametrize("privacy", [True, False])
def test_the_loopback_llm_client_never_talks_to_a_proxy(proxied, privacy):
    gate, errors, _ = make_gate(privacy=privacy)

    async def go():
        async with FakeProxy() as proxy, LLMServer() as server:
            proxied(proxy.url)
            server.script("a", Stream(openai_stream("a", text=["hi there"])))
            factory = ClientFactory(gate, lambda _name: None, timeouts=Timeouts(connect=3, first_token=5, total=10),
                                    base_urls={"ollama": f"http://localhost:{server.port}/v1"}, clock=SYSTEM.monotonic)
            mind = factory.pool("mind", ["ollama:a"])
            try:
                reply = await mind.complete([Message.user("ciao")], [])
            finally:
                await mind.aclose()
            return reply, proxy.heard, server.requests

    reply, heard, requests = asyncio.run(asyncio.wait_for(go(), 30))
    assert heard == [] and len(requests) == 1 and reply.text == "hi there"


# ---- a connection kept alive from before privacy mode -------------------------------------------------------

KEPT_ALIVE = """
import asyncio
from aiohttp import web
from app.senses.netgate import NetworkGate, PrivacyRefused

async def main():
    hits = []
    async def hello(_request):
        hits.append(1)
        return web.json_response({"ok": True})
    app = web.Application()
    app.router.add_get("/", hello)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "198.51.100.7", 0)
    await site.start()
    url = f"http://far.example.test:{site._server.sockets[0].getsockname()[1]}/"
    state = {"on": False}
    gate = NetworkGate(lambda: state["on"], resolve=lambda host, port: ["198.51.100.7"])
    async with gate.http_session("a test") as session:
        async with session.get(url) as resp:
            await resp.json()
        state["on"] = True
        try:
            async with session.get(url) as resp:
                await resp.json()
            print("reused", len(hits))
        except PrivacyRefused as exc:
            print("refused", len(hits), exc)
    await runner.cleanup()

asyncio.run(main())
"""


def test_a_connection_kept_alive_from_before_privacy_mode_is_not_used_after_it():
    """198.51.100.7 stands for the outside: it is put on `lo` of a network namespace of the test's own, where
    nothing reaches beyond this process tree."""
    missing = sandbox_missing()
    if missing:
        pytest.skip(f"no network namespace of its own here: {missing}")
    done = subprocess.run(["unshare", "-n", "sh", "-c", 'ip link set lo up && ip addr add 198.51.100.7/32 dev lo '
                           '&& exec "$@"', "sh", sys.executable, "-c", KEPT_ALIVE],
                          capture_output=True, text=True, timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    verdict = done.stdout.strip().splitlines()[-1]
    assert verdict.startswith("refused 1 a test: privacy mode is on: 198.51.100.7:"), done.stdout
