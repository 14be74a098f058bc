"""The local API under test: a real ApiServer on port 0 over the `bea` fixture's encrypted store, and a real
aiohttp client that speaks to it over loopback."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from app.api import person_routes
from app.api.server import ApiServer
from app.config.api_settings import API_PREFIX
from app.memory.person_store import PersonStore
from tests.her_words import EN

T0 = 1_800_000_000.0  # 2027-01-15, a fixed "now" for the store and the routes alike


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Reply:
    status: int
    body: Any
    headers: Any


class Client:
    """Requests to the API under test; `token` adds the bearer header."""

    def __init__(self, http: aiohttp.ClientSession, server: ApiServer) -> None:
        self.http, self.server = http, server

    async def call(self, method: str, path: str, token: str | None = None, **kw: Any) -> Reply:
        headers = dict(kw.pop("headers", {}))
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        async with self.http.request(method, API_PREFIX + path, headers=headers, **kw) as r:
            text = await r.text()
            body = json.loads(text) if r.content_type == "application/json" else text
            return Reply(r.status, body, r.headers)

    async def get(self, path: str, token: str | None = None, **kw: Any) -> Reply:
        return await self.call("GET", path, token, **kw)

    async def put(self, path: str, token: str | None = None, **kw: Any) -> Reply:
        return await self.call("PUT", path, token, **kw)

    async def post(self, path: str, token: str | None = None, **kw: Any) -> Reply:
        return await self.call("POST", path, token, **kw)

    async def delete(self, path: str, token: str | None = None, **kw: Any) -> Reply:
        return await self.call("DELETE", path, token, **kw)


@contextlib.asynccontextmanager
async def serving(bea, store: PersonStore, clock: Clock, max_body_kb: int = 256, throttle=None):
    server = ApiServer(store.verify, bea.blocking, max_body=max_body_kb * 1024, throttle=throttle,
                       clock=bea.clock.monotonic)
    person_routes.install(server, store, clock=clock, words=EN)
    await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as http:
            yield Client(http, server)
    finally:
        await server.stop()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(bea, clock) -> PersonStore:
    """The app's own database, through a store whose clock the test moves."""
    return PersonStore(bea.db, clock=clock, zone=bea.clock.zone)


@pytest.fixture
def run(bea, store, clock):
    """run(scenario): await scenario(api) against a live server, on a fresh event loop."""
    def go(scenario, max_body_kb: int = 256):
        async def main():
            async with serving(bea, store, clock, max_body_kb) as api:
                return await scenario(api)
        return asyncio.run(main())
    return go
