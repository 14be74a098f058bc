"""The local servers under a connection flood, on loopback: the API (as the app runs it) and the stage server each
take hundreds of connections from one address that send a header byte now and then, and both keep answering a
real client within 1 s; the flood's connections past the cap per address are closed as they come, the rest once
they stay idle past the header timeout; the log says so in a line or two, not one per connection."""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import aiohttp
import pytest

from app.process import serving
from app.process.clock import SYSTEM
from app.process.logs import BurstFilter
from app.stage.server import StageServer
from tests.api.test_guard import _up

FLOOD = 400            # connections from the flooding address
SOURCE = "127.0.0.2"   # loopback, but another peer than the real client's 127.0.0.1


async def _flood(port: int, stop: threading.Event) -> tuple[int, int]:
    """(connections opened, connections the server closed) while `stop` is not set. Run on its own loop in
    another thread, as a flooding peer is another program: the real client's times then measure the servers,
    not the test's own 800 coroutines sharing the servers' loop."""
    async def one() -> bool:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(SOURCE, 0))
        except OSError:
            return True
        try:
            for byte in b"GET /stage HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000:
                if stop.is_set():
                    return False
                writer.write(bytes([byte]))
                try:
                    await asyncio.wait_for(reader.read(1), 0.5)   # b"" once the server closed us
                    return True
                except TimeoutError:
                    continue
                except OSError:
                    return True
            return False
        finally:
            writer.close()
    done = await asyncio.gather(*(one() for _ in range(FLOOD)))
    return len(done), sum(done)


async def _answer_time(url: str) -> float:
    started = time.perf_counter()
    async with aiohttp.ClientSession() as http, http.get(url, headers={"Host": url.split("/")[2]}) as r:
        await r.read()
        assert r.status == 200, r.status
    return time.perf_counter() - started


@pytest.fixture
def few_descriptors():
    """The process starts with a soft limit on open files below what the flood needs (a Linux session's is
    1,024); serving must raise it to the hard limit."""
    resource = pytest.importorskip("resource", reason="the open-file limit is a POSIX resource limit")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 5 * FLOOD:   # two floods, both ends in this process
        pytest.skip(f"the hard open-file limit here ({hard}) leaves no room for a flood of {FLOOD}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (FLOOD, hard))
    yield resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.timeout(120)
def test_a_flood_from_one_address_leaves_the_api_and_the_stage_answering_within_a_second(bea, monkeypatch, caplog,
                                                                                       few_descriptors):
    bea.settings.update({"api.port": 0})

    async def flooded(port: int, url: str) -> tuple[list[float], float, int, int]:
        stop = threading.Event()
        flood = asyncio.ensure_future(asyncio.to_thread(asyncio.run, _flood(port, stop)))
        await asyncio.sleep(1.0)                      # the flood is in
        during = [await _answer_time(url) for _ in range(5)]
        await asyncio.sleep(serving.IDLE_SECONDS + 1)  # the idle ones time out
        after = await _answer_time(url)
        stop.set()
        opened, closed = await flood
        return during, after, opened, closed

    async def scenario():
        service = await _up(bea)
        stage = StageServer(clock=SYSTEM)
        await stage.start()
        try:   # both at once, as one flooding peer may hit both
            api, staged = await asyncio.gather(
                flooded(service.port, f"http://127.0.0.1:{service.port}/api/v1/openapi.json"),
                flooded(stage.port, f"http://127.0.0.1:{stage.port}/stage"))
        finally:
            await stage.stop()
            await service.stop()
        return {"api": api, "stage": staged}

    with caplog.at_level(logging.WARNING, logger="app.process.serving"):
        results = asyncio.run(scenario())
    soft, hard = few_descriptors.getrlimit(few_descriptors.RLIMIT_NOFILE)
    assert soft == hard, (soft, hard)                  # raised when the servers started
    for name, (during, after, opened, closed) in results.items():
        assert max(during) < 1.0 and after < 1.0, (name, during, after)
        assert opened == FLOOD and closed == FLOOD, (name, opened, closed)   # capped at once, or timed out
    refused = [r for r in caplog.records if "connections refused" in r.getMessage()]
    assert 1 <= len(refused) <= 2, [r.getMessage() for r in refused]       # once per server, not per connection


def test_a_burst_of_one_line_is_written_a_few_times_then_counted():
    now = [0.0]
    burst = BurstFilter(lambda: now[0], burst=3, seconds=60)

    def record(msg, *args):
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, msg, args, None)

    written = [burst.filter(record("socket.accept() out of system resource")) for _ in range(1000)]
    assert written.count(True) == 4 - 1                # the first three
    assert burst.filter(record("another line %s", "x"))  # another kind is not held back
    now[0] = 61.0
    late = record("socket.accept() out of system resource")
    assert burst.filter(late) and late.getMessage() == \
        "socket.accept() out of system resource [997 more like this were left out]"
    with_args = record("peer %s failed: %d%%", "a", 5)
    now[0] = 200.0
    assert burst.filter(with_args) and with_args.getMessage() == "peer a failed: 5%"
