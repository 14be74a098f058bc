"""A canary quoted by what fails inside the local servers and the event bus reaches no line of bea.log: a route of
the local API that raises with chat in its message (a 500 for the device), a stage listener that raises on a
page's message, and a bus listener that raises on an event holding chat. Each failure is logged, by what it was.
(The mind's failure paths are tests/mind/test_consolidation_in_app.py's canary test.)"""

from __future__ import annotations

import asyncio

import aiohttp

from app.api.route import Route
from app.api.server import ApiServer
from app.core.events import EventKind
from app.process.clock import SYSTEM
from app.process.logs import log_path
from app.stage.server import StageServer

CANARY = "canary-srv-51c2-my-phone-is-+39-347-5550123"


def test_a_canary_raised_inside_the_servers_and_the_bus_reaches_no_log_line(bea, data_dir):
    async def raises(_request):
        raise ValueError(f"the device sent {CANARY}")

    def listener(_page, message):
        if message.get("type") == "ready":
            raise RuntimeError(f"a listener quoting {CANARY}")

    async def scenario():
        api = ApiServer(lambda _token: None, bea.blocking, clock=bea.clock.monotonic)
        api.add(Route("GET", "/canary", raises, auth=False))
        await api.start()
        stage = StageServer(clock=SYSTEM)
        await stage.start()
        stage.on_message(listener)
        try:
            async with aiohttp.ClientSession() as http, \
                    http.get(f"http://127.0.0.1:{api.port}/api/v1/canary") as answer:
                status = answer.status
            local = stage.open_local_page(lambda _text: None)
            local.receive('{"type": "ready", "page": "stage", "client": "app", "version": 1}')
            await asyncio.sleep(0.05)
            local.close()
        finally:
            await stage.stop()
            await api.stop()
        return status

    def bus_listener(event):
        raise KeyError(f"a bus listener quoting {event.text}")

    assert asyncio.run(scenario()) == 500
    bea.bus.subscribe(bus_listener, kinds=[EventKind.SYSTEM], replay=False)
    bea.bus.publish(EventKind.SYSTEM, "chat", f"someone said {CANARY}")
    log = log_path(data_dir).read_text(encoding="utf-8")
    assert "the API failed answering GET /api/v1/canary" in log
    assert "a stage listener failed on ready" in log
    assert "an event subscriber failed on system" in log
    assert CANARY not in log and "347-5550123" not in log
