"""A fake Streamlabs socket server, written from the Engine.IO 3 and Socket.IO 2 protocol documents (not from
any client): GET /socket.io/?EIO=3&transport=websocket&token=... upgrades to a websocket, sends the open
packet and the namespace connect, answers pings with pongs, and pushes "event" events when told to."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMsgType, web


class FakeStreamlabs:
    def __init__(self, token: str = "good-token", *, ping_interval_ms: int = 25000, ping_timeout_ms: int = 5000,
                 refuse: str = "http") -> None:
        self.token = token
        self.ping_interval_ms, self.ping_timeout_ms = ping_interval_ms, ping_timeout_ms
        self.refuse = refuse                 # how a bad token is refused: "http" (401) or "packet" (an error)
        self.sockets: list[web.WebSocketResponse] = []
        self.pings = 0
        self.queries: list[dict[str, str]] = []
        self.connected = asyncio.Event()
        self.answer_pings = True
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self, port: int = 0) -> None:
        app = web.Application()
        app.router.add_get("/socket.io/", self._socket)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.connected.clear()

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        query = dict(request.query)
        self.queries.append(query)
        if query.get("EIO") != "3" or query.get("transport") != "websocket":
            return web.Response(status=400, text="Transport unknown")
        if query.get("token") != self.token and self.refuse == "http":
            return web.Response(status=401, text="Unauthorized")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        open_packet = {"sid": f"sid{len(self.queries)}", "upgrades": [], "pingInterval": self.ping_interval_ms,
                       "pingTimeout": self.ping_timeout_ms}
        await ws.send_str("0" + json.dumps(open_packet))
        if query.get("token") != self.token:
            await ws.send_str('44"Unauthorized: the socket token is not valid"')
            await ws.close()
            return ws
        await ws.send_str("40")
        self.sockets.append(ws)
        self.connected.set()
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT and message.data == "2":
                    self.pings += 1
                    if self.answer_pings:
                        await ws.send_str("3")
        finally:
            if ws in self.sockets:
                self.sockets.remove(ws)
        return ws

    async def emit(self, data: Any, raw: str | None = None) -> None:
        """One "event" to every client (or a raw text frame)."""
        frame = raw if raw is not None else "42" + json.dumps(["event", data])
        for ws in list(self.sockets):
            await ws.send_str(frame)

    async def drop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        self.connected.clear()


def donation(_id: str = "5f0c1", name: str = "Giulia", amount: Any = "13.37", currency: str = "EUR",
             message: str = "ciao Bea!", **extra: Any) -> dict[str, Any]:
    """A donation event as the Streamlabs socket API sends one."""
    item = {"id": 96164121, "name": name, "amount": amount, "formatted_amount": f"€{amount}",
            "formattedAmount": f"€{amount}", "message": message, "currency": currency, "emotes": None,
            "iconClassName": "fab paypal", "to": {"name": "streamer"}, "from": name, "from_user_id": 1,
            "_id": _id, **extra}
    return {"type": "donation", "message": [item], "event_id": f"evt_{_id}"}
