"""The stage server: the stage pages over HTTP on 127.0.0.1 and one WebSocket that every page listens to.

Theory of operation:
1. The same page is served to OBS as a browser source, http://127.0.0.1:<port>/stage (the avatar) and
   /stage/captions (the captions overlay), and to the in-app view. A browser's page connects to /stage/ws; the
   in-app view's page is a local page (open_local_page): its files come from resource() through the view's own
   URL scheme (LOCAL_SCHEME) and its messages through a Qt web channel, so the view never opens a socket (a
   socket would start Chromium's resolver, which probes the internet for IPv6 first). Every page is fed from
   one queue per page, in the same order: they cannot drift apart.
2. Only the files assets.py names are served (the pages, their modules, the schema, the npm modules the
   import maps point at), plus the current avatar at /stage/model/<serial>.vrm and the streamer's animation
   clips at /stage/clips/<name>.vrma (only the files in `clips`, by name). Nothing else on disk is reachable,
   whatever the path says.
3. It binds 127.0.0.1 only. Requests naming another Host than 127.0.0.1, localhost or [::1] with its port
   are refused (a DNS-rebinding page cannot reach it), and a WebSocket opened from any Origin but its own
   (`null` included: a sandboxed iframe on any site) is refused, so another site in the streamer's browser
   can neither read her captions nor feed the stage (app.core.stage_guard decides both).
   Every response carries a strict Content-Security-Policy (app.core.stage_guard): a page fetches nothing
   but from this server, whatever a model file asks for, in the app and in OBS alike.
4. send() validates a message against the schema and queues it for every page. The last config, model,
   clip list, expression and caption are kept, and a page that says `ready` gets them first, so a browser source
   added mid-stream shows her as she is now. Mouth levels are not kept: they are stale in 50 ms, and a
   page with a backlog drops them rather than falling behind.
5. What pages send (ready, loaded, error, pong, stats) is validated and handed to the listeners with the
   page it came from; an invalid frame is logged and dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

from aiohttp import WSMsgType, web

from app.core import stage_guard
from app.core.failures import summary
from app.process.serving import GuardedSite, runner_options
from app.process.tasks import spawn
from app.stage import messages as msgs
from app.stage.assets import NPM_HINT, PAGE_FILES, VENDOR_FILES, stage_dir

if TYPE_CHECKING:
    from app.process.clock import Clock

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
STICKY_ORDER = ("config", "model", "clips", "expression", "caption")
MOUTH_BACKLOG = 8          # queued frames beyond which a page skips mouth levels
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".json": "application/json",
                 ".css": "text/css", ".vrm": "model/gltf-binary", ".vrma": "model/gltf-binary",
                 "": "text/plain"}


LOCAL_SCHEME = stage_guard.LOCAL_SCHEME   # the in-app view's own URL scheme (rule 1): bea-stage://app/stage
LOCAL_HOST = "app"


@dataclass(eq=False)
class Page:
    """One connected page: over a WebSocket, or in this process (`sink` takes each message's text)."""
    ident: int
    ws: web.WebSocketResponse | None
    peer: str
    sink: Callable[[str], None] | None = None
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    page: str = ""
    client: str = ""
    ready: bool = False
    fps: float = 0.0
    webgl: str = ""          # what draws the stage page, as it said when ready ("": nothing can)
    loaded: dict[str, Any] | None = None
    error: dict[str, Any] | None = None

    def put(self, text: str, droppable: bool = False) -> None:
        if droppable and self.queue.qsize() > MOUTH_BACKLOG:
            return
        self.queue.put_nowait(text)


Listener = Callable[[Page, dict[str, Any]], None]


@dataclass(frozen=True)
class Resource:
    """A file as the server would answer it: what it is, its bytes and the headers that go with them."""
    content_type: str
    body: bytes
    headers: dict[str, str]


class LocalPage:
    """The in-app view's page on this server (rule 1): what it says goes in with receive(); close() ends it."""

    def __init__(self, server: StageServer, page: Page) -> None:
        self._server, self.page = server, page
        self._writer = spawn(server._writer(page))
        self.closed = False

    def receive(self, text: str) -> None:
        if self.closed:
            return
        try:
            message = msgs.parse_up(text)
        except msgs.MessageError as exc:
            log.warning("the stage page %s sent a bad message: %s", self.page.ident, summary(exc))
            return
        if message["type"] == "ready" and self.page.ready:   # the view reloaded: a new page, as a browser's is
            self._renew()
        self._server._received(self.page, message)

    def _renew(self) -> None:
        self._writer.cancel()
        old, self.page = self.page, Page(next(self._server._ids), None, LOCAL_HOST, sink=self.page.sink)
        self._server._swap(old, self.page)
        self._writer = spawn(self._server._writer(self.page))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._writer.cancel()
        self._server._gone(self.page)


class StageServer:
    def __init__(self, root: Path | None = None, port: int = 0, *, clock: Clock) -> None:
        """`clock`: monotonic time ages a held caption, wall time stamps a ping for the page's one-way latency."""
        self.clock = clock
        self.root = root or stage_dir()
        self.requested_port = port
        self.port = 0
        self.model_path: Path | None = None
        self.clips: dict[str, Path] = {}      # name -> .vrma file: all /stage/clips/ serves
        self.sticky: dict[str, tuple[dict[str, Any], float]] = {}
        self.pages: list[Page] = []
        self._local: list[LocalPage] = []
        self._listeners: list[Listener] = []
        self._runner: web.AppRunner | None = None
        self._ids = itertools.count(1)
        self._pings: dict[int, float] = {}
        self._ping_ids = itertools.count(1)
        self.latencies: list[float] = []      # one-way ms, as the pages measured them
        self.round_trips: list[float] = []    # ms

    # ---- life cycle ------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._runner is not None

    async def start(self, port: int | None = None) -> int:
        """Listen on 127.0.0.1 (OSError when the port is taken); returns the port."""
        if self._runner is not None:
            return self.port
        app = web.Application(middlewares=[self._local_only])
        r = app.router
        r.add_get("/", self._root)
        r.add_get("/stage", self._page("index.html"))
        r.add_get("/stage/", self._page("index.html"))
        r.add_get("/stage/captions", self._page("captions.html"))
        r.add_get("/stage/ws", self._socket)
        for route in ("/stage/model/{serial}.vrm", "/stage/clips/{name}.vrma", "/stage/vendor/{path:.+}",
                      "/stage/{name}"):
            r.add_get(route, self._located)
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0, **runner_options())
        await runner.setup()
        site = GuardedSite(runner, HOST, self.requested_port if port is None else port, clock=self.clock.monotonic)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        log.info("the stage is served at %s", self.url())
        return self.port

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is None:
            return
        for page in list(self.pages):
            if page.ws is not None:
                with contextlib.suppress(Exception):
                    await page.ws.close(code=1001, message=b"Bea is closing")
        await runner.cleanup()
        for local in list(self._local):
            local.close()
        self.pages.clear()

    def local_url(self, page: str = "stage", client: str = "app") -> str:
        """The in-app view's address for a page (rule 1); it names the port, so a restart on another reloads it."""
        path = "/stage" if page == "stage" else f"/stage/{page}"
        return f"{LOCAL_SCHEME}://{LOCAL_HOST}{path}?client={client}&serves={self.port}"

    def open_local_page(self, sink: Callable[[str], None]) -> LocalPage:
        """A page in this process: each message's text goes to `sink`, in order (rule 1)."""
        local = LocalPage(self, Page(next(self._ids), None, LOCAL_HOST, sink=sink))
        self.pages.append(local.page)
        self._local.append(local)
        return local

    def resource(self, path: str) -> Resource | None:
        """What a GET of `path` answers with, for the in-app view's scheme (the same files and policy as over
        HTTP, with no socket to connect to); None where HTTP would answer 404."""
        if path in ("/stage", "/stage/", "/stage/captions"):
            name = "captions.html" if path.endswith("captions") else "index.html"
            try:
                html = (self.root / name).read_bytes()
            except OSError:
                return None
            hashes = stage_guard.inline_script_hashes(html.decode("utf-8", "replace"))
            headers = self._guard_headers(None, hashes)
            # the policy goes in the page itself: Qt lower-cases a scheme's header values, and a script's hash
            # is case-sensitive
            policy = headers.pop("Content-Security-Policy", None)
            if policy is not None:
                meta = f'<meta http-equiv="Content-Security-Policy" content="{policy.replace(chr(34), "&quot;")}">'
                html = html.replace(b"<head>", b"<head>\n  " + meta.encode(), 1) if b"<head>" in html \
                    else meta.encode() + html
            return Resource("text/html; charset=utf-8", html, headers)
        found = self._locate(path)
        if found is None or not found.is_file():
            return None
        headers = self._guard_headers(None)
        headers.pop("Content-Security-Policy", None)   # a policy only matters for a page: it is in the page
        return Resource(CONTENT_TYPES.get(found.suffix, "application/octet-stream"), found.read_bytes(), headers)

    def _locate(self, path: str) -> Path | None:
        """The file behind a path that is not a page (rule 2), or None."""
        if path.startswith("/stage/vendor/"):
            rest = path.removeprefix("/stage/vendor/")
            return self.root / "node_modules" / rest if rest in VENDOR_FILES else None
        if path.startswith("/stage/model/") and path.endswith(".vrm"):
            return self.model_path
        if path.startswith("/stage/clips/") and path.endswith(".vrma"):
            return self.clips.get(unquote(path.removeprefix("/stage/clips/").removesuffix(".vrma")))
        name = path.removeprefix("/stage/")
        return self.root / name if path.startswith("/stage/") and name in PAGE_FILES else None

    def url(self, page: str = "stage", client: str | None = None) -> str:
        path = "/stage" if page == "stage" else f"/stage/{page}"
        query = f"?client={client}" if client else ""
        return f"http://{HOST}:{self.port}{path}{query}"

    # ---- sending ---------------------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for every page (validated against the schema first)."""
        if problem := msgs.validate(message, msgs.DOWN):
            raise msgs.MessageError(problem)
        kind = message["type"]
        slot = {"load": "model", "unload": "model"}.get(kind, kind)
        if slot in STICKY_ORDER:
            self.sticky[slot] = (message, self.clock.monotonic())
        text = msgs.encode(message)
        for page in self.pages:
            if page.ready:
                page.put(text, droppable=kind == "mouth")

    def ping(self) -> int:
        ident = next(self._ping_ids)
        self._pings[ident] = time.perf_counter()
        self.send(msgs.ping(ident, self.clock.time() * 1000.0))
        return ident

    def on_message(self, fn: Listener) -> Callable[[], None]:
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _replay(self, page: Page) -> None:
        now = self.clock.monotonic()
        for slot in STICKY_ORDER:
            if slot not in self.sticky:
                continue
            message, at = self.sticky[slot]
            if slot == "caption":
                left = message["hold_ms"] - int((now - at) * 1000)
                if not message["text"] or (message["hold_ms"] and left <= 0):
                    continue
                message = {**message, "hold_ms": max(left, 0) if message["hold_ms"] else 0}
            page.put(msgs.encode(message))

    # ---- HTTP ----------------------------------------------------------------------------------------------
    @web.middleware
    async def _local_only(self, request: web.Request, handler: Any) -> web.StreamResponse:
        host = request.headers.get("Host")
        if not stage_guard.host_allowed(host, self.port):
            return web.Response(status=403, text="The stage answers only at " + self.url(),
                                headers=self._guard_headers(f"{HOST}:{self.port}"))
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            exc.headers.update(self._guard_headers(str(host)))
            raise
        if not response.prepared:   # a WebSocket has sent its headers already
            for name, value in self._guard_headers(str(host)).items():
                response.headers.setdefault(name, value)
        return response

    @staticmethod
    def _guard_headers(host: str | None, script_hashes: tuple[str, ...] = ()) -> dict[str, str]:
        return {"Content-Security-Policy": stage_guard.content_security_policy(host, script_hashes),
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                "Cross-Origin-Resource-Policy": "same-origin"}

    def _send_file(self, path: Path, cache: bool = True) -> web.StreamResponse:
        if not path.is_file():
            return web.Response(status=404, text=f"{path.name} is missing: {NPM_HINT}")
        headers = {"Content-Type": CONTENT_TYPES.get(path.suffix, "application/octet-stream"),
                   "Cache-Control": "no-cache" if cache else "no-store"}
        return web.FileResponse(path, headers=headers)

    def _page(self, name: str) -> Callable[[web.Request], Any]:
        """A page, with its inline script (the import map) allowed by its hash in its policy."""
        async def handler(request: web.Request) -> web.StreamResponse:
            path = self.root / name
            try:
                html = path.read_bytes()
            except OSError:
                return web.Response(status=404, text=f"{name} is missing: {NPM_HINT}")
            hashes = stage_guard.inline_script_hashes(html.decode("utf-8", "replace"))
            return web.Response(body=html, headers={"Content-Type": "text/html; charset=utf-8",
                                                    "Cache-Control": "no-cache",
                                                    **self._guard_headers(request.host, hashes)})
        return handler

    async def _root(self, _request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound("/stage")

    async def _located(self, request: web.Request) -> web.StreamResponse:
        """A file that is not a page, found by the same rules as the in-app view's (rule 2)."""
        path = request.rel_url.raw_path   # still quoted, as the in-app view's scheme gives it
        found = self._locate(path)
        if found is None and path.startswith("/stage/model/"):
            raise web.HTTPNotFound(text="No avatar is chosen.")
        if path.startswith("/stage/clips/"):
            if found is None:
                raise web.HTTPNotFound(text="No such clip.")
            if not found.is_file():
                raise web.HTTPNotFound(text=f"The clip {found.name} is no longer there.")
        if found is None:
            raise web.HTTPNotFound()
        # her avatar and clips are the streamer's files, changed in place: never kept by a cache
        return self._send_file(found, cache=not path.startswith(("/stage/model/", "/stage/clips/")))

    def clip_url(self, name: str, version: str = "") -> str:
        """Where a page fetches the clip `name` (version: anything that changes when the file does)."""
        return f"/stage/clips/{quote(name, safe='')}.vrma" + (f"?v={quote(version, safe='')}" if version else "")

    # ---- the WebSocket -------------------------------------------------------------------------------------
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not stage_guard.origin_allowed(request.headers.get("Origin"), self.port):
            return web.Response(status=403, text="Only the stage's own pages may connect.")
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=1 << 20)
        await ws.prepare(request)
        page = Page(next(self._ids), ws, request.remote or "")
        self.pages.append(page)
        writer = spawn(self._writer(page))
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                try:
                    message = msgs.parse_up(frame.data)
                except msgs.MessageError as exc:
                    log.warning("the stage page %s sent a bad message: %s", page.ident, summary(exc))
                    continue
                self._received(page, message)
        finally:
            writer.cancel()
            self._gone(page)
        return ws

    def _swap(self, old: Page, new: Page) -> None:
        if old in self.pages:
            self.pages.remove(old)
        self.pages.append(new)
        self._notify(old, {"type": "gone"})

    def _gone(self, page: Page) -> None:
        if page in self.pages:
            self.pages.remove(page)
        self._local = [local for local in self._local if local.page is not page]
        self._notify(page, {"type": "gone"})

    async def _writer(self, page: Page) -> None:
        try:
            while True:
                text = await page.queue.get()
                if page.sink is not None:
                    page.sink(text)
                elif page.ws is not None:
                    await page.ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass

    def _received(self, page: Page, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ready":
            page.page, page.client, page.ready = message["page"], message["client"], True
            page.webgl = str(message.get("webgl") or "")
            if message["version"] != msgs.schema().version:
                log.warning("a stage page speaks schema %s, this app %s", message["version"],
                            msgs.schema().version)
            self._replay(page)
        elif kind == "stats":
            page.fps = float(message["fps"])
        elif kind == "loaded":
            page.loaded, page.error = message, None
        elif kind == "error":
            page.error = message
        elif kind == "pong":
            sent = self._pings.pop(message["id"], None)
            if sent is not None:
                self.round_trips.append((time.perf_counter() - sent) * 1000.0)
                self.latencies.append(float(message["latency_ms"]))
        self._notify(page, message)

    def _notify(self, page: Page, message: dict[str, Any]) -> None:
        for fn in list(self._listeners):
            try:
                fn(page, message)
            except Exception:
                log.exception("a stage listener failed on %s", message.get("type"))
