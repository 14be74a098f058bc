"""Who may reach the stage server and what its pages may fetch: real HTTP and
WebSocket requests on loopback, and the decisions of app.core.stage_guard on their own."""

import asyncio
import re

import aiohttp
import pytest

from app.core import stage_guard
from app.process.clock import SYSTEM
from app.stage.assets import stage_dir
from app.stage.server import StageServer
from tests.stage.conftest import HAPPY_VRM


def run(coro, timeout=30):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def raw_status(port: int, request: bytes) -> int:
    """The status code the server answers a hand-written request with (aiohttp always sends a Host)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), 10)
        return int(line.split()[1])
    finally:
        writer.close()


def test_the_decisions():
    assert stage_guard.host_allowed("127.0.0.1:7455", 7455)
    assert stage_guard.host_allowed("LocalHost:7455", 7455)
    assert stage_guard.host_allowed("[::1]:7455", 7455)
    for host in (None, "", "127.0.0.1", "127.0.0.1:7456", "evil.example:7455", "localhost.:7455",
                 "bea.localhost:7455", "127.0.0.2:7455", "127.0.0.1:7455.evil.example", "0.0.0.0:7455"):
        assert not stage_guard.host_allowed(host, 7455), host
    assert stage_guard.origin_allowed(None, 7455)
    assert stage_guard.origin_allowed("http://127.0.0.1:7455", 7455)
    assert stage_guard.origin_allowed("http://localhost:7455", 7455)
    for origin in ("null", "", "http://127.0.0.1:7456", "https://127.0.0.1:7455", "http://evil.example",
                   "http://127.0.0.1:7455.evil.example", "file://"):
        assert not stage_guard.origin_allowed(origin, 7455), origin
    for scheme, host in (("http", "127.0.0.1"), ("ws", "localhost"), ("http", "::1"), ("data", ""),
                         ("blob", ""), ("about", "")):
        assert stage_guard.web_request_allowed(scheme, host), (scheme, host)
    for scheme, host in (("http", "192.0.2.1"), ("https", "example.com"), ("http", "beacon.localhost"),
                         ("ws", "evil.example"), ("ftp", "127.0.0.1"), ("file", ""), ("http", "127.0.0.2")):
        assert not stage_guard.web_request_allowed(scheme, host), (scheme, host)
    page = '<script type="importmap">{"imports": {}}</script><script src="/x.js"></script><script>a()</script>'
    assert len(stage_guard.inline_script_hashes(page)) == 2
    assert stage_guard.inline_script_hashes('<script type="module" src="/m.js"></script>') == ()


def test_only_loopback_names_of_its_own_port_are_answered():
    """DNS rebinding: a page whose name now points at 127.0.0.1 sends its own name as Host."""
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        try:
            async with aiohttp.ClientSession() as s:
                for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
                    async with s.get(server.url(), headers={"Host": host}) as r:
                        assert r.status == 200, host
                for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}",
                             f"localhost.:{port}", f"bea.localhost:{port}", f"127.0.0.1:{port}.evil.example"):
                    for path in ("/stage", "/stage/main.js", "/stage/ws", "/"):
                        async with s.get(f"http://127.0.0.1:{port}{path}", headers={"Host": host},
                                         allow_redirects=False) as r:
                            assert r.status == 403, (host, path)
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await s.ws_connect(f"ws://127.0.0.1:{port}/stage/ws", headers={"Host": "evil.example"})
            assert await raw_status(port, b"GET /stage HTTP/1.0\r\n\r\n") == 403     # no Host at all
            assert await raw_status(port, b"GET /stage HTTP/1.1\r\nHost: rebound.example\r\n\r\n") == 403
            assert server.pages == []
        finally:
            await server.stop()
    run(main())


def test_a_web_socket_from_a_null_or_foreign_origin_is_refused_its_own_and_none_are_taken():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        url = f"ws://127.0.0.1:{port}/stage/ws"
        try:
            async with aiohttp.ClientSession() as s:
                for origin in ("null", "https://evil.example", f"http://127.0.0.1:{port + 1}",
                               f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port}.evil.example", "file://"):
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await s.ws_connect(url, headers={"Origin": origin})
                    assert refused.value.status == 403, origin
                assert server.pages == []   # nothing to read captions from, nothing to send to the dock
                for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://[::1]:{port}",
                               None):
                    ws = await s.ws_connect(url, headers={"Origin": origin} if origin else {})
                    await ws.close()
        finally:
            await server.stop()
    run(main())


def test_every_response_carries_a_strict_content_security_policy():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        server.model_path = HAPPY_VRM
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as s:
                policies = {}
                for path in ("/stage", "/stage/captions", "/stage/main.js", "/stage/stage.css",
                             "/stage/vendor/three/build/three.module.js", "/stage/model/1.vrm", "/stage/nothing",
                             "/"):
                    async with s.get(base + path, allow_redirects=False) as r:
                        assert r.status in (200, 302, 404), path
                        policies[path] = r.headers.get("Content-Security-Policy", "")
                        assert r.headers.get("X-Content-Type-Options") == "nosniff", path
                async with s.get(base + "/stage", headers={"Host": "evil.example"}) as r:
                    assert r.status == 403 and "default-src 'self'" in r.headers["Content-Security-Policy"]
                async with s.get(server.url(), headers={"Host": f"localhost:{port}"}) as r:
                    assert f"connect-src 'self' ws://localhost:{port} " in r.headers["Content-Security-Policy"]
            for path, policy in policies.items():
                rules = dict(rule.strip().partition(" ")[::2] for rule in policy.split(";"))
                assert rules["default-src"] == "'self'", path
                assert rules["img-src"] == "'self' data: blob:", path
                assert rules["connect-src"] == f"'self' ws://127.0.0.1:{port} data: blob:", path
                assert rules["object-src"] == "'none'" and rules["base-uri"] == "'none'", path
                assert "unsafe" not in policy and "http:" not in policy and "*" not in policy, path
            # the stage page's one inline script (its import map) runs by its hash, and nothing else inline
            html = (stage_dir() / "index.html").read_text(encoding="utf-8")
            hashes = re.findall(r"'sha256-[^']+'", policies["/stage"])
            assert hashes == list(stage_guard.inline_script_hashes(html)) and len(hashes) == 1
            for page in ("index.html", "captions.html"):   # no inline handlers (the policy would stop them)
                assert not re.search(r"\son[a-z]+\s*=", (stage_dir() / page).read_text(encoding="utf-8")), page
            assert "sha256" not in policies["/stage/captions"]
        finally:
            await server.stop()
    run(main())
