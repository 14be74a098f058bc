"""A route of the local API: what it answers, how, and what the OpenAPI document says of it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Route:
    method: str
    path: str                      # under /api/v1, with {name} or {name:regex} placeholders
    handler: Handler
    operation: Mapping[str, Any] = field(default_factory=dict)  # the OpenAPI operation object
    body: Mapping[str, Any] | None = None  # the JSON Schema of the request body; None: no body is read
    auth: bool = True
    any_host: bool = False         # rule 6: a webhook with its own secret, reached through a tunnel's name
