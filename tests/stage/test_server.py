"""The stage server on its own: what it serves, to whom, and the one socket every page shares."""

import asyncio
import json
from datetime import UTC, datetime, timedelta

import aiohttp
import pytest

from app.process.clock import SYSTEM
from app.stage import messages as m
from app.stage.assets import PAGE_FILES, VENDOR_FILES, stage_dir
from app.stage.server import StageServer
from tests.fakes import StoppedClock
from tests.stage.conftest import HAPPY_VRM


def run(coro, timeout=30):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def page(session, server, client="obs", kind="stage"):
    """A stand-in page: connects and says ready, as bridge.js does."""
    ws = await session.ws_connect(f"ws://127.0.0.1:{server.port}/stage/ws",
                                  headers={"Origin": f"http://127.0.0.1:{server.port}"})
    await ws.send_str(json.dumps({"type": "ready", "page": kind, "client": client, "version": 1}))
    return ws


async def ready(server, count=1):
    for _ in range(250):
        if len([p for p in server.pages if p.ready]) >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("no page said ready")


async def receive(ws, kind, timeout=5.0):
    while True:
        message = json.loads((await asyncio.wait_for(ws.receive(), timeout)).data)
        if message["type"] == kind:
            return message


def test_the_browser_source_and_the_app_get_the_same_page():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        try:
            assert server.url() == f"http://127.0.0.1:{port}/stage"
            assert server.url(client="app") == f"http://127.0.0.1:{port}/stage?client=app"
            async with aiohttp.ClientSession() as s:
                html = (stage_dir() / "index.html").read_bytes()
                for url in (server.url(), server.url(client="app"), server.url() + "/"):
                    async with s.get(url) as r:
                        assert r.status == 200 and await r.read() == html
                        assert r.headers["Content-Type"].startswith("text/html")
                async with s.get(server.url("captions")) as r:
                    assert await r.read() == (stage_dir() / "captions.html").read_bytes()
                async with s.get(f"http://127.0.0.1:{port}/", allow_redirects=False) as r:
                    assert r.status == 302 and r.headers["Location"] == "/stage"
        finally:
            await server.stop()
    run(main())


def test_only_the_named_files_are_served():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        base = f"http://127.0.0.1:{port}/stage"
        try:
            async with aiohttp.ClientSession() as s:
                for name in PAGE_FILES:
                    async with s.get(f"{base}/{name}") as r:
                        assert r.status == 200, name
                async with s.get(f"{base}/main.js") as r:
                    assert r.headers["Content-Type"].startswith("text/javascript")  # module scripts need it
                for path in VENDOR_FILES:
                    async with s.get(f"{base}/vendor/{path}") as r:
                        assert r.status == 200, path
                for path in ("package.json", "vendor/three/package.json", "vendor/../package.json",
                             "vendor/three/src/Three.js", "..%2fpyproject.toml", "model/1.vrm",
                             "vendor/%2e%2e/%2e%2e/pyproject.toml"):
                    async with s.get(f"{base}/{path}") as r:
                        assert r.status == 404, path
                server.model_path = HAPPY_VRM
                async with s.get(f"{base}/model/7.vrm") as r:
                    assert r.status == 200 and await r.read() == HAPPY_VRM.read_bytes()
                    assert r.headers["Cache-Control"] == "no-store"
        finally:
            await server.stop()
    run(main())


def test_it_binds_loopback_and_refuses_other_hosts_and_origins():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        try:
            assert [a[0] for a in server._runner.addresses] == ["127.0.0.1"]
            async with aiohttp.ClientSession() as s:
                async with s.get(server.url(), headers={"Host": "evil.example:80"}) as r:
                    assert r.status == 403
                async with s.get(server.url(), headers={"Host": f"localhost:{port}"}) as r:
                    assert r.status == 200
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await s.ws_connect(f"ws://127.0.0.1:{port}/stage/ws", headers={"Origin": "https://evil.example"})
                ws = await s.ws_connect(f"ws://127.0.0.1:{port}/stage/ws")   # no Origin: OBS, tools
                await ws.close()
        finally:
            await server.stop()
    run(main())


def test_a_page_that_comes_late_gets_the_current_state_first():
    async def main():
        server = StageServer(clock=SYSTEM)
        await server.start()
        try:
            server.send(m.config(camera="face"))
            server.send(m.mouth(0.4))                          # not kept: stale at once
            server.send(m.load("/stage/model/1.vrm", "One", 1))
            server.send(m.load("/stage/model/2.vrm", "Two", 2))  # the newest model wins
            server.send(m.expression("happy", 0.8, "excited"))
            server.send(m.caption("hello", "happy", 60_000))
            async with aiohttp.ClientSession() as s:
                ws = await page(s, server)
                got = [json.loads((await ws.receive(timeout=5)).data) for _ in range(4)]
                assert [g["type"] for g in got] == ["config", "load", "expression", "caption"]
                assert got[0]["camera"] == "face" and got[1]["serial"] == 2
                assert 0 < got[3]["hold_ms"] <= 60_000
                server.send(m.mouth(0.7, "oh"))
                assert (await receive(ws, "mouth"))["viseme"] == "oh"
                await ws.close()
        finally:
            await server.stop()
    run(main())


def test_a_held_caption_counts_down_on_the_clock_the_server_was_given():
    clock = StoppedClock(datetime(2031, 5, 17, 21, 30, tzinfo=UTC))

    async def main():
        server = StageServer(clock=clock)
        await server.start()
        try:
            server.send(m.caption("hello", "happy", 5_000))
            clock.at += timedelta(seconds=3)
            async with aiohttp.ClientSession() as s:
                ws = await page(s, server)
                held = (await receive(ws, "caption"))["hold_ms"]
                await ws.close()
            return held
        finally:
            await server.stop()
    assert run(main()) == 2_000


def test_what_pages_say_reaches_the_listeners_and_bad_frames_are_dropped():
    async def main():
        server = StageServer(clock=SYSTEM)
        await server.start()
        heard = []
        server.on_message(lambda p, message: heard.append((p.client, message["type"])))
        try:
            async with aiohttp.ClientSession() as s:
                ws = await page(s, server, client="app")
                await ws.send_str("{not json")
                await ws.send_str(json.dumps({"type": "mouth", "level": 0.2}))   # a down message sent up
                await ws.send_str(json.dumps({"type": "stats", "fps": 58.0, "frames": 300}))
                await ready(server)
                ident = server.ping()
                ping = await receive(ws, "ping")
                assert ping["id"] == ident
                await ws.send_str(json.dumps({"type": "pong", "id": ident, "latency_ms": 0.6}))
                for _ in range(100):
                    if len(heard) >= 3:
                        break
                    await asyncio.sleep(0.02)
                assert heard == [("app", "ready"), ("app", "stats"), ("app", "pong")]
                assert server.pages[0].fps == 58.0 and server.latencies == [0.6]
                assert len(server.round_trips) == 1
                await ws.close()
                for _ in range(100):
                    if not server.pages:
                        break
                    await asyncio.sleep(0.02)
                assert server.pages == [] and heard[-1] == ("app", "gone")
        finally:
            await server.stop()
    run(main())


def test_a_page_that_falls_behind_skips_mouth_levels_not_state():
    async def main():
        server = StageServer(clock=SYSTEM)
        await server.start()
        try:
            async with aiohttp.ClientSession() as s:
                ws = await page(s, server)
                await ready(server)
                p = server.pages[0]
                for i in range(200):   # no await in between: the writer cannot drain
                    server.send(m.mouth(i / 200))
                server.send(m.expression("happy", 1.0))
                assert p.queue.qsize() < 20
                assert (await receive(ws, "expression"))["name"] == "happy"
                await ws.close()
        finally:
            await server.stop()
    run(main())


def test_send_refuses_an_invalid_message_and_a_taken_port_is_an_os_error():
    async def main():
        server = StageServer(clock=SYSTEM)
        port = await server.start()
        try:
            with pytest.raises(m.MessageError):
                server.send({"type": "mouth", "level": 3})
            with pytest.raises(m.MessageError):
                server.send({"type": "stats", "fps": 1, "frames": 1})
            with pytest.raises(OSError):
                await StageServer(port=port, clock=SYSTEM).start()
        finally:
            await server.stop()
    run(main())
