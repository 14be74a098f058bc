"""The local HTTP API server: aiohttp on the app's loop, bearer-token auth, bounded bodies, JSON errors.

Theory of operation:
1. A feature describes each endpoint as a Route (method, path under /api/v1, handler, its OpenAPI operation,
   the JSON Schema of its body) and hands it to ApiServer.add before start(); the server adds GET
   /api/v1/openapi.json, built from those same routes, so the document always matches what is served.
2. Every route needs `Authorization: Bearer <token>` unless it says auth=False (the document itself; later a
   webhook that checks its own signature). The token is checked by the injected, blocking `verify` in the
   app's executor; a missing, malformed, unknown or revoked token gets the same 401, with no detail. The
   device it belongs to is request[DEVICE]: its owner is the only owner a handler may act for.
3. A body is read only after auth, never beyond max_body bytes (413, by Content-Length or while reading, after
   any decompression), must be UTF-8 JSON (400), declared as JSON if declared at all (415), and must fit its
   route's schema (400 naming the field). The handler sees request[BODY] or nothing at all, so a refused
   request can never have stored anything.
4. Every error is JSON: {"error": <code>, "message": <sentence>}. A handler's unexpected exception is logged
   and answered with 500 and no detail. Tokens and bodies are never logged; there is no access log.
5. It binds the one host it is given (the service passes 127.0.0.1 unless the LAN setting says otherwise, and
   then serves TLS only) and sends no CORS headers: a web page in the streamer's browser cannot read its
   replies.
6. Before any handler (app.core.api_guard): a Host other than 127.0.0.1, localhost or [::1] with our port (or,
   in LAN mode, this computer's own address or name) is refused with 421, so a page that rebinds its DNS name
   to 127.0.0.1 reaches nothing; `Origin: null`, or an Origin on another host, is refused with 403. Only a
   route marked any_host (a webhook that proves its sender with its own secret, which a tunnel forwards under
   its public name) skips the Host rule; never the Origin rule.
7. A wrong token is checked without a write (app.api.tokens) and counted per client address: after LIMIT
   wrong tokens in a minute that address gets 429 with Retry-After before its token is looked at, and
   on_flood is called once (the service tells the streamer).
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import logging
import socket
import ssl
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import Any

from aiohttp import web, web_app

from app.api import openapi
from app.api.route import Handler, Route
from app.api.schema_check import SchemaMismatch, check
from app.config.api_settings import API_PREFIX
from app.core.api_guard import FailureThrottle, host_allowed, origin_allowed
from app.process.executors import ExecutorBusy
from app.process.serving import GuardedSite, runner_options

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
MAX_TOKEN_CHARS = 512
SHUTDOWN_SECONDS = 1.0

DEVICE = web.RequestKey("device", object)
BODY = web.RequestKey("body", object)
_EXECUTOR = web.AppKey("executor", Executor)


class ApiError(Exception):
    """Raised by a handler (or the server) to answer with a JSON error."""

    def __init__(self, status: int, error: str, message: str, headers: Mapping[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(message)
        self.status, self.error, self.message = status, error, message
        self.headers = dict(headers or {})
        self.extra = extra

    def response(self) -> web.Response:
        return reply({"error": self.error, "message": self.message, **self.extra}, self.status, self.headers)


def reply(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    body = json.dumps(data, ensure_ascii=False, allow_nan=False)
    response = web.Response(text=body, status=status, content_type="application/json", headers=headers)
    response.headers["Cache-Control"] = "no-store"
    return response


UNAUTHORIZED = (401, "unauthorized", "a valid bearer token is required (Authorization: Bearer <token>)")
MISDIRECTED = (421, "misdirected", "this server answers only under the names of this computer (127.0.0.1, "
                                   "localhost or [::1], with its port)")
FOREIGN_ORIGIN = (403, "forbidden", "requests from web pages are not served")
_GENERIC = {404: ("not_found", "there is nothing at this address"),
            405: ("method_not_allowed", "this address does not answer that method"),
            413: ("too_large", "the request body is too large"),
            500: ("internal", "something went wrong on this computer; the log has the details")}


async def blocking(request: web.Request, fn: Callable[..., Any], *args: Any) -> Any:
    """Run a blocking call (every store call) in the app's executor; 503 when it is full or shut down."""
    executor = request.app[_EXECUTOR]
    try:
        return await asyncio.get_running_loop().run_in_executor(executor, functools.partial(fn, *args))
    except ExecutorBusy:
        raise ApiError(503, "busy", "Bea is busy; try again in a moment", {"Retry-After": "1"}) from None
    except RuntimeError as exc:
        if "shut down" not in str(exc):
            raise
        raise ApiError(503, "stopping", "Bea is stopping") from None


def bearer(header: str | None) -> str | None:
    """The token in an Authorization header, or None when there is none to speak of."""
    scheme, _, token = (header or "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_CHARS or " " in token:
        return None
    return token


def _is_json(content_type: str) -> bool:
    return content_type == "application/json" or (content_type.startswith("application/")
                                                  and content_type.endswith("+json"))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


async def read_raw(request: web.Request) -> bytes:
    """The body's bytes, never more than the server's limit (413 otherwise)."""
    limit = request.client_max_size
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, "too_large", f"the request body may be at most {limit // 1024} KB")
    try:
        return await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise ApiError(413, "too_large", f"the request body may be at most {limit // 1024} KB") from None


async def read_json(request: web.Request, schema: Mapping[str, Any] | None = None,
                    components: Mapping[str, Any] | None = None) -> Any:
    if "Content-Type" in request.headers and not _is_json(request.content_type):
        raise ApiError(415, "unsupported_media_type",
                       "send the body as JSON (Content-Type: application/json)")
    raw = await read_raw(request)
    if not raw.strip():
        raise ApiError(400, "malformed_json", "a JSON body is required")
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ApiError(400, "malformed_json", f"the body is not valid JSON: {exc}") from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, "malformed_json", "the body holds a lone surrogate: not text") from None
    if schema is not None:
        try:
            check(value, schema, components)
        except SchemaMismatch as exc:
            raise ApiError(400, "invalid", str(exc)) from None
    return value


@web.middleware
async def _json_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except ApiError as exc:
        return exc.response()
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        error, message = _GENERIC.get(exc.status, ("error", exc.reason))
        headers = {k: v for k, v in exc.headers.items() if k.lower() in ("allow", "retry-after")}
        return ApiError(exc.status, error, message, headers).response()
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("the API failed answering %s %s", request.method, request.path)
        return ApiError(500, *_GENERIC[500]).response()


class ThisComputer:
    """The names this computer has on the network (rule 6, LAN mode): its host name (and name.local), and any
    address one of its interfaces holds (an address we can bind to), as lowercase Host names."""

    def __init__(self) -> None:
        name = socket.gethostname().lower()
        self._names = {name, f"{name}.local"} if name else set()
        self._addresses: dict[str, bool] = {}

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name in self._names:
            return True
        literal = name[1:-1] if name.startswith("[") and name.endswith("]") else name
        try:
            ip = ipaddress.ip_address(literal)
        except ValueError:
            return False
        if ip.is_unspecified or ip.is_multicast:
            return False
        if literal not in self._addresses:
            if len(self._addresses) > 256:
                self._addresses.clear()
            self._addresses[literal] = _bindable(ip)
        return self._addresses[literal]


def _bindable(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((str(ip), 0))
        return True
    except OSError:
        return False


class ApiServer:
    """One aiohttp server for every API route, on the running loop."""

    def __init__(self, verify: Callable[[str], Any | None], executor: Executor, *, host: str = LOOPBACK,
                 port: int = 0, max_body: int = 256 * 1024, title: str = "Bea local API",
                 version: str = "1", ssl_context: ssl.SSLContext | None = None,
                 on_flood: Callable[[str], None] | None = None, throttle: FailureThrottle | None = None,
                 clock: Callable[[], float]) -> None:
        self._verify = verify
        self._executor = executor
        self.host = host
        self.ssl_context = ssl_context
        self._lan_names: Any = ThisComputer() if host != LOOPBACK else ()
        self._throttle = throttle or FailureThrottle()
        self._on_flood = on_flood
        self._clock = clock
        self._wanted_port = port
        self.max_body = max_body
        self.title, self.version = title, version
        self._routes: list[Route] = []
        self._schemas: dict[str, Any] = {}
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    # ---- what it serves ------------------------------------------------------------------------------
    def add(self, *routes: Route) -> None:
        if self._runner is not None:
            raise RuntimeError("routes are added before the API server starts")
        self._routes.extend(routes)

    def add_schemas(self, schemas: Mapping[str, Any]) -> None:
        """Named JSON Schemas that routes reference as #/components/schemas/<name>."""
        self._schemas.update(schemas)

    def document(self) -> dict[str, Any]:
        return openapi.document(self._routes, self._schemas, title=self.title, version=self.version,
                                prefix=API_PREFIX)

    # ---- running ------------------------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port. OSError (the port is taken, say) propagates with nothing left open."""
        if self._runner is not None:
            return self.port or 0
        app = web.Application(middlewares=[_json_errors, self._guard], client_max_size=self.max_body)
        app[_EXECUTOR] = self._executor
        doc = self.document()
        app.router.add_route("GET", API_PREFIX + "/openapi.json", self._openapi_handler(doc))
        for route in self._routes:
            app.router.add_route(route.method, API_PREFIX + route.path, self._wrap(route))
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_SECONDS, **runner_options())
        await runner.setup()
        try:
            site = GuardedSite(runner, self.host, self._wanted_port, ssl_context=self.ssl_context, clock=self._clock)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        return self.port

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
            _forget_middleware_chains()

    # ---- each request -------------------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Rule 6, before any handler (and before a 404 or 405 says what exists)."""
        port = self.port or 0
        route_handler = getattr(request.match_info, "handler", None)
        any_host = getattr(route_handler, "any_host", False)
        default = 443 if self.ssl_context is not None else 80
        if not any_host and not host_allowed(request.headers.get("Host"), port, self._lan_names, default):
            raise ApiError(*MISDIRECTED)
        if not origin_allowed(request.headers.get("Origin"), port, self._lan_names):
            raise ApiError(*FOREIGN_ORIGIN)
        return await handler(request)

    @staticmethod
    def _openapi_handler(doc: dict[str, Any]) -> Handler:
        async def openapi_json(_request: web.Request) -> web.Response:
            return reply(doc)
        return openapi_json

    def _wrap(self, route: Route) -> Handler:
        async def handle(request: web.Request) -> web.StreamResponse:
            if route.auth:
                request[DEVICE] = await self._authenticate(request)
            if route.body is not None:
                request[BODY] = await read_json(request, route.body, self._schemas)
            return await route.handler(request)
        handle.any_host = route.any_host  # type: ignore[attr-defined]
        return handle

    async def _authenticate(self, request: web.Request) -> Any:
        """Rules 2 and 7."""
        client = request.remote or "unknown"
        token = bearer(request.headers.get("Authorization"))
        if token is None:   # no token at all costs nothing to refuse: a plain 401, never counted
            raise ApiError(*UNAUTHORIZED, {"WWW-Authenticate": 'Bearer realm="bea"'})
        device = await blocking(request, self._verify, token)   # a right token is served whoever failed before
        if device is not None:
            return device
        wait = self._throttle.wait(client, self._clock())
        if wait:
            raise ApiError(429, "too_many_wrong_tokens",
                           f"too many wrong tokens from this address; try again in {wait} s",
                           {"Retry-After": str(wait)})
        if self._throttle.failed(client, self._clock()) and self._on_flood:
            self._on_flood(client)
        raise ApiError(*UNAUTHORIZED, {"WWW-Authenticate": 'Bearer realm="bea"'})


def _forget_middleware_chains() -> None:
    """aiohttp keeps every route's middleware chain in a module-wide cache (1,024 entries) keyed on the route's
    handler and the application: a stopped server's application, its handlers and through them the whole app
    that served them (store, mind, models: 290 MB in the stream in a box) would stay alive after the app closed
    and started again in the same process. The chains are rebuilt on the next request."""
    cached = getattr(web_app, "_cached_build_middleware", None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()
