"""A fake OBS: an obs-websocket 5.x server for tests, written from shared/fixtures/obs_websocket/protocol.md.

It does not import the app: its op codes, authentication and validation are its own, so a mistake in
app/core/obs_protocol.py cannot be mirrored here and pass unnoticed. It speaks JSON text frames only and
binds 127.0.0.1 only (port 0 by default; `port` holds the bound port, kept across restarts).

What is implemented:
- Connection: the subprotocol obswebsocket.json is selected when offered (a client offering none gets JSON,
  as OBS does; one offering only msgpack is closed with 4012). Hello at once, with `authentication`
  {challenge, salt} when a password is set (a fresh challenge per connection unless one is fixed). Hello
  carries obsStudioVersion, as the document shows, except for websocket_version 5.1.x and older: a real OBS
  29.0.2 (obs-websocket 5.1.0) sends only obsWebSocketVersion, rpcVersion and authentication (OBS_29 is that
  server's versions).
- Identify: rpcVersion negotiation (versions 1..rpc_version are accepted, others closed with 4010), the
  SHA-256 challenge (missing or wrong authentication closes with 4009), eventSubscriptions (default All),
  Identified with negotiatedRpcVersion. Reidentify updates the subscriptions and answers Identified.
- Session rules: invalid JSON or a binary frame 4002, missing field 4003, wrong type 4004, bad value 4005,
  unknown or server-only op 4006, anything but Identify first 4007, a second Identify 4008, a 4.x
  "request-type" message 4010.
- Requests (op 6) and batches (op 8, haltOnFailure honoured, results in order): GetVersion, GetSceneList,
  GetCurrentProgramScene, SetCurrentProgramScene, GetSceneCollectionList, SetCurrentSceneCollection,
  CreateSceneCollection, GetSceneItemList, GetSceneItemId, GetSceneItemEnabled,
  SetSceneItemEnabled, GetInputList, GetInputSettings, SetInputSettings (overlay or replace), GetStreamStatus,
  StartStream, StopStream, GetRecordStatus, StartRecord, StopRecord. Failures carry requestStatus codes with
  a comment: 204 unknown request, 300 missing field, 301 missing requestData, 401 wrong field type, 402 out
  of range, 403 empty field, 500/501 output (not) running, 600 unknown scene/input/scene item/scene
  collection, 601 a scene collection that exists already. A field
  sent as null counts as absent, as in obs-websocket (obsws-python sends unset optionals as null).
- Events to identified sessions whose eventSubscriptions include the event's intent:
  CurrentProgramSceneChanged (Scenes), SceneItemEnableStateChanged (SceneItems), InputSettingsChanged
  (Inputs), StreamStateChanged and RecordStateChanged (Outputs: STARTING then STARTED, STOPPING then
  STOPPED), ExitStarted (General), and any event through emit(). A request's events are sent after its
  response (so are a scene collection change's, as OBS 29 sends them).
- Scene collections, each with its own scenes, inputs and current scene (the first is "Untitled", as in a
  fresh OBS). A change sends what OBS 29.0.2 was seen sending: CurrentSceneCollectionChanging (Config) with
  the old name, SceneRemoved for each old scene and SceneCreated for each new one (Scenes),
  SceneCollectionListChanged when one was created, then CurrentSceneCollectionChanged with the new name.
  Switching to an existing collection also sends CurrentProgramSceneChanged before the end; creating one
  (Scene Collection → New: one empty scene named "Scene") does not, so a client that only follows
  CurrentProgramSceneChanged keeps a scene that is gone.
- Test hooks, callable from any thread: switch_scene, new_scene_collection, switch_scene_collection,
  set_input_settings, set_text, set_item_enabled,
  start_stream, stop_stream, start_record, stop_record, exit_started, emit, kick (close every session, 4011
  by default), freeze and thaw (OBS stopped as SIGSTOP stops it: connections are accepted, as the kernel
  accepts them, but no websocket handshake, request, event or close frame is answered until thaw(); what came
  in meanwhile is answered then, in order). Records: requests (every request received, batches included),
  emitted events, close_codes the server sent, connections (websocket handshakes), sessions(); wait_until /
  wait_until_async poll a predicate.
- Lifecycle: `async with FakeOBS(...)` (start/stop/restart on the running loop), or `with FakeOBS(...)` which
  runs it in a background thread with its own event loop (start_in_thread / stop_in_thread /
  restart_in_thread / close_thread), for blocking clients such as obsws-python. stop() closes every session
  with 1001 (going away) and frees the port; start() binds the same port again.

The scene layout: `scenes` maps scene names, in OBS's scene-list order (top first), to their sources, in the
Sources panel's order (top first); `inputs` maps input names to (inputKind, settings). A source named in a
scene but not in `inputs` becomes a color_source_v3. Scene item ids count from 1 per scene in the order given;
sceneItemIndex 0 is the bottom item. GetSceneList returns scenes from the bottom of the list up, sceneIndex 0
at the bottom.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hashlib
import hmac
import json
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

HOST = "127.0.0.1"
SUBPROTOCOL = "obswebsocket.json"

# WebSocketOpCode
OP_HELLO, OP_IDENTIFY, OP_IDENTIFIED, OP_REIDENTIFY = 0, 1, 2, 3
OP_EVENT, OP_REQUEST, OP_REQUEST_RESPONSE, OP_REQUEST_BATCH, OP_REQUEST_BATCH_RESPONSE = 5, 6, 7, 8, 9
_KNOWN_OPS = {0, 1, 2, 3, 5, 6, 7, 8, 9}

# WebSocketCloseCode
CLOSE_MESSAGE_DECODE_ERROR = 4002
CLOSE_MISSING_DATA_FIELD = 4003
CLOSE_INVALID_DATA_FIELD_TYPE = 4004
CLOSE_INVALID_DATA_FIELD_VALUE = 4005
CLOSE_UNKNOWN_OP_CODE = 4006
CLOSE_NOT_IDENTIFIED = 4007
CLOSE_ALREADY_IDENTIFIED = 4008
CLOSE_AUTHENTICATION_FAILED = 4009
CLOSE_UNSUPPORTED_RPC_VERSION = 4010
CLOSE_SESSION_INVALIDATED = 4011
CLOSE_UNSUPPORTED_FEATURE = 4012
CLOSE_GOING_AWAY = 1001

# RequestStatus
STATUS_SUCCESS = 100
STATUS_MISSING_REQUEST_TYPE = 203
STATUS_UNKNOWN_REQUEST_TYPE = 204
STATUS_MISSING_REQUEST_FIELD = 300
STATUS_MISSING_REQUEST_DATA = 301
STATUS_INVALID_REQUEST_FIELD_TYPE = 401
STATUS_REQUEST_FIELD_OUT_OF_RANGE = 402
STATUS_REQUEST_FIELD_EMPTY = 403
STATUS_OUTPUT_RUNNING = 500
STATUS_OUTPUT_NOT_RUNNING = 501
STATUS_RESOURCE_NOT_FOUND = 600
STATUS_RESOURCE_ALREADY_EXISTS = 601

# EventSubscription
SUB_GENERAL = 1 << 0
SUB_CONFIG = 1 << 1
SUB_SCENES = 1 << 2
SUB_INPUTS = 1 << 3
SUB_OUTPUTS = 1 << 6
SUB_SCENE_ITEMS = 1 << 7
SUB_ALL = (1 << 12) - 1  # General .. Canvases; the high-volume bits (16-19) are never included

EVENT_INTENTS = {
    "ExitStarted": SUB_GENERAL,
    "CurrentSceneCollectionChanging": SUB_CONFIG,
    "CurrentSceneCollectionChanged": SUB_CONFIG,
    "SceneCollectionListChanged": SUB_CONFIG,
    "CurrentProgramSceneChanged": SUB_SCENES,
    "SceneListChanged": SUB_SCENES,
    "SceneCreated": SUB_SCENES,
    "SceneRemoved": SUB_SCENES,
    "InputSettingsChanged": SUB_INPUTS,
    "StreamStateChanged": SUB_OUTPUTS,
    "RecordStateChanged": SUB_OUTPUTS,
    "SceneItemEnableStateChanged": SUB_SCENE_ITEMS,
}

TEXT_KINDS = {"text_gdiplus_v2", "text_gdiplus_v3", "text_ft2_source", "text_ft2_source_v2"}

DEFAULT_SCENES: dict[str, list[str]] = {
    "Starting Soon": ["Starting Text"],
    "Main": ["Captions", "Avatar", "Webcam"],
    "BRB": ["BRB Text"],
}
DEFAULT_INPUTS: dict[str, tuple[str, dict[str, Any]]] = {
    "Starting Text": ("text_ft2_source_v2", {"text": "Starting soon"}),
    "Captions": ("text_ft2_source_v2", {"text": ""}),
    "Avatar": ("browser_source", {"url": "http://127.0.0.1:8080/stage", "width": 1920, "height": 1080}),
    "Webcam": ("v4l2_input", {}),
    "BRB Text": ("text_ft2_source_v2", {"text": "Be right back"}),
}

# the versions a real OBS Studio 29.0.2 reports (Debian 12's obs-studio): FakeOBS(**OBS_29)
OBS_29 = {"obs_version": "29.0.2", "websocket_version": "5.1.0"}
FIRST_COLLECTION = "Untitled"
NEW_COLLECTION_SCENE = "Scene"

_NS = uuid.UUID("6f0b2f3e-3c1a-4d4e-9a51-0b5e0c0ffee0")


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(_NS, f"{kind}:{name}"))


def _b64sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _timecode(ms: int) -> str:
    s, ms = divmod(ms, 1000)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def _has(data: dict[str, Any], name: str) -> bool:
    """A request field counts as given when present and not null (obs-websocket ignores nulls; obsws-python
    sends its unset optional arguments as null)."""
    return data.get(name) is not None


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Fail(Exception):
    def __init__(self, code: int, comment: str) -> None:
        super().__init__(comment)
        self.code, self.comment = code, comment


class _Close(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


@dataclass
class Input:
    name: str
    kind: str
    settings: dict[str, Any]
    uuid: str


@dataclass
class SceneItem:
    id: int
    source: str
    enabled: bool = True


@dataclass
class Scene:
    name: str
    uuid: str
    items: list[SceneItem]  # bottom first: the list position is the sceneItemIndex


@dataclass
class Collection:
    """A scene collection put aside while another is current."""
    scenes: list[Scene]
    inputs: dict[str, Input]
    current_scene: str


@dataclass(frozen=True)
class ReceivedRequest:
    request_type: str
    request_id: Any
    request_data: dict[str, Any] | None
    batch_id: Any = None  # the RequestBatch's requestId when it came in a batch


@dataclass(frozen=True)
class SessionInfo:
    identified: bool
    rpc_version: int | None
    event_subscriptions: int
    subprotocol: str | None


@dataclass(eq=False)
class _Session:
    ws: web.WebSocketResponse
    challenge: str | None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    identified: bool = False
    rpc_version: int | None = None
    subscriptions: int = 0
    closing: bool = False

    def send(self, op: int, d: dict[str, Any]) -> None:
        if not self.closing:
            self.outbox.put_nowait(json.dumps({"op": op, "d": d}))

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait((code, reason))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class FakeOBS:
    def __init__(self, password: str | None = None, *, port: int = 0,
                 scenes: Mapping[str, Iterable[str]] | None = None,
                 inputs: Mapping[str, tuple[str, Mapping[str, Any]]] | None = None,
                 current_scene: str | None = None, rpc_version: int = 1,
                 obs_version: str = "31.0.2", websocket_version: str = "5.5.4",
                 salt: str | None = None, challenge: str | None = None, close_timeout: float = 0.5) -> None:
        self.password = password or None
        self.port = port
        self.rpc_version = rpc_version
        self.obs_version = obs_version
        self.websocket_version = websocket_version
        self.salt = salt if salt is not None else base64.b64encode(secrets.token_bytes(32)).decode("ascii")
        self.fixed_challenge = challenge
        self.close_timeout = close_timeout

        self.inputs: dict[str, Input] = {}
        for name, (kind, settings) in (DEFAULT_INPUTS if inputs is None else inputs).items():
            self.inputs[name] = Input(name, kind, dict(settings), _uuid("input", name))
        self.scenes: list[Scene] = []  # OBS's scene-list order, top first
        for scene_name, sources in (DEFAULT_SCENES if scenes is None else scenes).items():
            top_first = list(sources)
            items = []
            for i, source in enumerate(top_first):
                if source not in self.inputs:
                    self.inputs[source] = Input(source, "color_source_v3", {}, _uuid("input", source))
                items.append(SceneItem(i + 1, source))
            self.scenes.append(Scene(scene_name, _uuid("scene", scene_name), items[::-1]))
        if not self.scenes:
            raise ValueError("a fake OBS needs at least one scene")
        self.current_scene = current_scene or (
            "Main" if scenes is None else self.scenes[0].name)
        self._scene(self.current_scene)
        self.scene_collection = FIRST_COLLECTION
        self._collections: dict[str, Collection | None] = {FIRST_COLLECTION: None}  # None: the current one

        self.streaming = False
        self.recording = False
        self._stream_started = 0.0
        self._record_started = 0.0
        self._recordings = 0
        self.last_recording: str | None = None

        self.requests: list[ReceivedRequest] = []
        self.emitted: list[tuple[str, dict[str, Any] | None]] = []
        self.close_codes: list[int] = []
        self.connections = 0

        self._sessions: set[_Session] = set()
        self._pending_events: list[tuple[str, dict[str, Any] | None, int]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._handlers: set[asyncio.Task] = set()
        self._thread: threading.Thread | None = None
        self._thread_loop: asyncio.AbstractEventLoop | None = None
        self._thawed: asyncio.Event | None = None   # cleared while frozen; made on the server's loop

    # ---- lifecycle: on the running loop -----------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    async def start(self) -> int:
        """Listen on 127.0.0.1 (the port chosen on the first start, reused afterwards); returns the port."""
        if self._runner is not None:
            return self.port
        self._loop = asyncio.get_running_loop()
        if self._thawed is None:
            self._thawed = asyncio.Event()
            self._thawed.set()
        app = web.Application()
        app.router.add_get("/{tail:.*}", self._handle)
        runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, HOST, self.port, reuse_address=True)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        return self.port

    async def stop(self) -> None:
        """Close every session with 1001 (going away), as OBS does when it exits, and stop listening."""
        if self._runner is None:
            return
        if self._thawed is not None:   # a stopped process answers nothing more, frozen or not: it goes
            self._thawed.set()
        for s in list(self._sessions):
            s.close(CLOSE_GOING_AWAY, "Server stopping.")
        if self._handlers:
            await asyncio.wait(set(self._handlers), timeout=self.close_timeout + 2.0)
        runner, self._runner = self._runner, None
        await runner.cleanup()

    async def restart(self, down_for: float = 0.0) -> int:
        await self.stop()
        if down_for:
            await asyncio.sleep(down_for)
        return await self.start()

    async def __aenter__(self) -> FakeOBS:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ---- lifecycle: in a background thread --------------------------------------------------------------

    def start_in_thread(self, timeout: float = 10.0) -> int:
        """Start (or start again) on a background thread's own event loop; returns the port."""
        if self._thread is None:
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()
                loop.close()

            thread = threading.Thread(target=run, name="fake-obs", daemon=True)
            thread.start()
            if not ready.wait(timeout):
                raise TimeoutError("the fake OBS thread did not start")
            self._thread, self._thread_loop = thread, loop
        assert self._thread_loop is not None
        return asyncio.run_coroutine_threadsafe(self.start(), self._thread_loop).result(timeout)

    def stop_in_thread(self, timeout: float = 10.0) -> None:
        """Stop serving (sessions closed, port freed); the thread stays for start_in_thread()."""
        if self._thread_loop is not None:
            asyncio.run_coroutine_threadsafe(self.stop(), self._thread_loop).result(timeout)

    def restart_in_thread(self, down_for: float = 0.0, timeout: float = 10.0) -> int:
        self.stop_in_thread(timeout)
        if down_for:
            time.sleep(down_for)
        return self.start_in_thread(timeout)

    def close_thread(self, timeout: float = 10.0) -> None:
        """Stop serving and end the background thread."""
        if self._thread is None or self._thread_loop is None:
            return
        self.stop_in_thread(timeout)
        self._thread_loop.call_soon_threadsafe(self._thread_loop.stop)
        self._thread.join(timeout)
        self._thread = self._thread_loop = None

    def __enter__(self) -> FakeOBS:
        self.start_in_thread()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close_thread()

    def _on_loop(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run fn on the server's loop and return its result, from whichever thread calls."""
        loop = self._loop
        if loop is None or loop.is_closed() or not loop.is_running() or _running_loop() is loop:
            return fn(*args)
        done: concurrent.futures.Future = concurrent.futures.Future()

        def call() -> None:
            try:
                done.set_result(fn(*args))
            except BaseException as e:  # handed to the calling thread
                done.set_exception(e)

        loop.call_soon_threadsafe(call)
        return done.result(timeout=10)

    # ---- waiting and looking ----------------------------------------------------------------------------

    def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0,
                   what: str = "condition") -> None:
        """Poll predicate from a thread that is not the server's (the threaded mode)."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"fake OBS: timed out waiting for {what}")
            time.sleep(0.01)

    async def wait_until_async(self, predicate: Callable[[], bool], timeout: float = 5.0,
                               what: str = "condition") -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"fake OBS: timed out waiting for {what}")
            await asyncio.sleep(0.01)

    def sessions(self) -> list[SessionInfo]:
        return [SessionInfo(s.identified, s.rpc_version, s.subscriptions, s.ws.ws_protocol)
                for s in list(self._sessions)]

    @property
    def identified_count(self) -> int:
        return sum(1 for s in list(self._sessions) if s.identified)

    def request_types(self) -> list[str]:
        return [r.request_type for r in list(self.requests)]

    def requests_of(self, request_type: str) -> list[ReceivedRequest]:
        return [r for r in list(self.requests) if r.request_type == request_type]

    def clear_requests(self) -> None:
        self.requests.clear()

    def input_settings(self, input_name: str) -> dict[str, Any]:
        return dict(self.inputs[input_name].settings)

    def text_of(self, input_name: str) -> str:
        return self.inputs[input_name].settings.get("text", "")

    def item_enabled(self, scene_name: str, source_name: str) -> bool:
        return next(i for i in self._scene(scene_name).items if i.source == source_name).enabled

    def scene_names(self) -> list[str]:
        return [s.name for s in self.scenes]

    # ---- test hooks: things happening in OBS ------------------------------------------------------------

    def switch_scene(self, scene_name: str) -> None:
        """The streamer switches scene in OBS."""
        self._on_loop(self._hook, self._set_program_scene, scene_name)

    def new_scene_collection(self, name: str) -> None:
        """The streamer picks Scene Collection → New in OBS: an empty collection with one scene, "Scene"."""
        self._on_loop(self._hook, self._create_collection, name)

    def switch_scene_collection(self, name: str) -> None:
        """The streamer picks another scene collection in OBS's Scene Collection menu."""
        self._on_loop(self._hook, self._switch_collection, name)

    def set_input_settings(self, input_name: str, settings: Mapping[str, Any], overlay: bool = True) -> None:
        self._on_loop(self._hook, self._apply_input_settings, self.inputs.get(input_name), input_name,
                      dict(settings), overlay)

    def set_text(self, input_name: str, text: str) -> None:
        self.set_input_settings(input_name, {"text": text})

    def set_item_enabled(self, scene_name: str, source_name: str, enabled: bool) -> None:
        def run() -> None:
            scene = self._scene(scene_name)
            item = next((i for i in scene.items if i.source == source_name), None)
            if item is None:
                raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No source `{source_name}` in scene `{scene_name}`.")
            self._set_item_enabled(scene, item, enabled)
        self._on_loop(self._hook, run)

    def start_stream(self) -> None:
        self._on_loop(self._hook, self._start_output, "stream")

    def stop_stream(self) -> None:
        self._on_loop(self._hook, self._stop_output, "stream")

    def start_record(self) -> None:
        self._on_loop(self._hook, self._start_output, "record")

    def stop_record(self) -> None:
        self._on_loop(self._hook, self._stop_output, "record")

    def exit_started(self) -> None:
        """OBS has begun shutting down (the sessions stay open: call stop() to finish the exit)."""
        self.emit("ExitStarted")

    def emit(self, event_type: str, event_data: dict[str, Any] | None = None,
             intent: int | None = None) -> None:
        """Send any event to the sessions subscribed to its intent (looked up for known events)."""
        if intent is None:
            intent = EVENT_INTENTS[event_type]
        self._on_loop(self._emit, event_type, event_data, intent)

    def freeze(self) -> None:
        """OBS stops answering (SIGSTOP): sockets stay open, nothing is read or sent until thaw()."""
        self._on_loop(lambda: self._thawed.clear() if self._thawed is not None else None)

    def thaw(self) -> None:
        """OBS runs again (SIGCONT): what waited is answered, in order."""
        self._on_loop(lambda: self._thawed.set() if self._thawed is not None else None)

    @property
    def frozen(self) -> bool:
        return self._thawed is not None and not self._thawed.is_set()

    async def _awake(self) -> None:
        if self._thawed is not None:
            await self._thawed.wait()

    def kick(self, code: int = CLOSE_SESSION_INVALIDATED,
             reason: str = "Your session has been invalidated.") -> None:
        """Close every session with a code (4011: kicked from OBS's session list)."""
        def run() -> None:
            for s in list(self._sessions):
                self._close(s, code, reason)
        self._on_loop(run)

    @staticmethod
    def _hook(fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except _Fail as e:
            raise ValueError(f"fake OBS: {e.comment} (status {e.code})") from None

    # ---- connection handling ----------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        header = request.headers.get("Sec-WebSocket-Protocol", "")
        offered = [p.strip() for p in header.split(",") if p.strip()]
        await self._awake()   # a frozen OBS accepts the connection (its kernel does) but not the handshake
        ws = web.WebSocketResponse(protocols=(SUBPROTOCOL,), timeout=self.close_timeout, autoping=True)
        await ws.prepare(request)
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        self.connections += 1
        challenge = None
        if self.password:
            challenge = self.fixed_challenge or base64.b64encode(secrets.token_bytes(32)).decode("ascii")
        session = _Session(ws, challenge)
        self._sessions.add(session)
        writer = asyncio.create_task(self._writer(session))
        try:
            if offered and SUBPROTOCOL not in offered:
                self._close(session, CLOSE_UNSUPPORTED_FEATURE,
                            "This fake OBS speaks obswebsocket.json only.")
            else:
                hello: dict[str, Any] = {"obsStudioVersion": self.obs_version} if self._hello_names_obs() else {}
                hello |= {"obsWebSocketVersion": self.websocket_version, "rpcVersion": self.rpc_version}
                if challenge is not None:
                    hello["authentication"] = {"challenge": challenge, "salt": self.salt}
                session.send(OP_HELLO, hello)
                async for msg in ws:
                    await self._awake()
                    if session.closing:
                        break
                    if msg.type == WSMsgType.TEXT:
                        try:
                            self._on_text(session, msg.data)
                        except _Close as c:
                            self._close(session, c.code, c.reason)
                    elif msg.type == WSMsgType.BINARY:
                        self._close(session, CLOSE_MESSAGE_DECODE_ERROR,
                                    "Binary frames are not accepted with obswebsocket.json.")
                    else:
                        break
                    if session.closing:
                        break
        finally:
            self._sessions.discard(session)
            session.outbox.put_nowait(None)
            await writer
            self._handlers.discard(task)
        return ws

    def _hello_names_obs(self) -> bool:
        """Whether Hello carries obsStudioVersion: not from obs-websocket 5.1.x or older (OBS 29)."""
        try:
            major, minor = (int(part) for part in self.websocket_version.split(".")[:2])
        except ValueError:
            return True
        return (major, minor) > (5, 1)

    async def _writer(self, s: _Session) -> None:
        while True:
            item = await s.outbox.get()
            await self._awake()
            if item is None:
                if not s.ws.closed:
                    await s.ws.close()
                return
            if isinstance(item, tuple):
                code, reason = item
                await s.ws.close(code=code, message=reason.encode("utf-8"))
                return
            try:
                await s.ws.send_str(item)
            except (ConnectionError, RuntimeError):
                return

    def _close(self, s: _Session, code: int, reason: str) -> None:
        if not s.closing:
            self.close_codes.append(code)
        s.close(code, reason)

    def _on_text(self, s: _Session, text: str) -> None:
        try:
            obj = json.loads(text)
        except ValueError:
            raise _Close(CLOSE_MESSAGE_DECODE_ERROR, "Unable to decode JSON.") from None
        if not isinstance(obj, dict):
            raise _Close(CLOSE_MESSAGE_DECODE_ERROR, "The message is not a JSON object.")
        if not s.identified and "request-type" in obj:
            raise _Close(CLOSE_UNSUPPORTED_RPC_VERSION,
                         "You are attempting to use the 4.x protocol with 5.x.")
        if "op" not in obj:
            raise _Close(CLOSE_UNKNOWN_OP_CODE, "Your request is missing an `op`.")
        op = obj["op"]
        if not _is_int(op):
            raise _Close(CLOSE_UNKNOWN_OP_CODE, "Your `op` is not a number.")
        if op not in _KNOWN_OPS or op in (OP_HELLO, OP_IDENTIFIED, OP_EVENT, OP_REQUEST_RESPONSE,
                                          OP_REQUEST_BATCH_RESPONSE):
            raise _Close(CLOSE_UNKNOWN_OP_CODE, f"Unknown OpCode: {op}")
        if "d" not in obj:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your request is missing a `d`.")
        d = obj["d"]
        if not isinstance(d, dict):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `d` is not an object.")
        if not s.identified and op != OP_IDENTIFY:
            raise _Close(CLOSE_NOT_IDENTIFIED, "You must identify before sending other messages.")
        if op == OP_IDENTIFY:
            self._identify(s, d)
        elif op == OP_REIDENTIFY:
            s.subscriptions = self._subscriptions(d)
            s.send(OP_IDENTIFIED, {"negotiatedRpcVersion": s.rpc_version})
        elif op == OP_REQUEST:
            self._on_request(s, d)
        elif op == OP_REQUEST_BATCH:
            self._on_batch(s, d)

    def _identify(self, s: _Session, d: dict[str, Any]) -> None:
        if s.identified:
            raise _Close(CLOSE_ALREADY_IDENTIFIED, "You are already identified.")
        if "rpcVersion" not in d:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your payload's data is missing an `rpcVersion`.")
        rpc = d["rpcVersion"]
        if not _is_int(rpc):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `rpcVersion` is not a number.")
        if self.password:
            auth = d.get("authentication")
            assert s.challenge is not None
            expected = _b64sha256(_b64sha256(self.password + self.salt) + s.challenge)
            if not isinstance(auth, str) or not hmac.compare_digest(auth.encode("utf-8"), expected.encode()):
                raise _Close(CLOSE_AUTHENTICATION_FAILED, "Authentication failed.")
        if not 1 <= rpc <= self.rpc_version:
            raise _Close(CLOSE_UNSUPPORTED_RPC_VERSION,
                         f"Your requested RPC version ({rpc}) is not supported.")
        s.subscriptions = self._subscriptions(d)
        s.rpc_version = rpc
        s.identified = True
        s.send(OP_IDENTIFIED, {"negotiatedRpcVersion": rpc})

    @staticmethod
    def _subscriptions(d: dict[str, Any]) -> int:
        subs = d.get("eventSubscriptions", SUB_ALL)
        if not _is_int(subs):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `eventSubscriptions` is not a number.")
        if subs < 0:
            raise _Close(CLOSE_INVALID_DATA_FIELD_VALUE, "Your `eventSubscriptions` is negative.")
        return subs

    # ---- requests ---------------------------------------------------------------------------------------

    def _on_request(self, s: _Session, d: dict[str, Any]) -> None:
        if "requestType" not in d:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your payload's data is missing a `requestType`.")
        if "requestId" not in d:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your payload's data is missing a `requestId`.")
        if not isinstance(d["requestType"], str):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `requestType` is not a string.")
        if not isinstance(d["requestId"], str) and not _is_int(d["requestId"]):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `requestId` is not a string.")
        if d.get("requestData") is not None and not isinstance(d["requestData"], dict):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `requestData` is not an object.")
        self._pending_events = []
        try:
            response = self._run_request(d, batch_id=None)
            s.send(OP_REQUEST_RESPONSE, response)
        finally:
            pending, self._pending_events = self._pending_events, None
            for event in pending:
                self._emit(*event)

    def _on_batch(self, s: _Session, d: dict[str, Any]) -> None:
        if "requestId" not in d:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your payload's data is missing a `requestId`.")
        if "requests" not in d:
            raise _Close(CLOSE_MISSING_DATA_FIELD, "Your payload's data is missing a `requests`.")
        if not isinstance(d["requests"], list):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `requests` is not an array.")
        halt = d.get("haltOnFailure", False)
        if not isinstance(halt, bool):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `haltOnFailure` is not a boolean.")
        execution = d.get("executionType", 0)
        if not _is_int(execution):
            raise _Close(CLOSE_INVALID_DATA_FIELD_TYPE, "Your `executionType` is not a number.")
        if execution not in (0, 1, 2):
            raise _Close(CLOSE_INVALID_DATA_FIELD_VALUE, f"Your `executionType` ({execution}) is not valid.")
        results = []
        self._pending_events = []
        try:
            for item in d["requests"]:
                if not isinstance(item, dict):
                    item = {}
                result = self._run_request(item, batch_id=d["requestId"])
                results.append(result)
                if halt and not result["requestStatus"]["result"]:
                    break
            s.send(OP_REQUEST_BATCH_RESPONSE, {"requestId": d["requestId"], "results": results})
        finally:
            pending, self._pending_events = self._pending_events, None
            for event in pending:
                self._emit(*event)

    def _run_request(self, d: dict[str, Any], batch_id: Any) -> dict[str, Any]:
        request_type = d.get("requestType")
        out: dict[str, Any] = {"requestType": request_type}
        if "requestId" in d:
            out["requestId"] = d["requestId"]
        data = d.get("requestData")
        self.requests.append(ReceivedRequest(str(request_type), d.get("requestId"),
                                             dict(data) if isinstance(data, dict) else None, batch_id))
        try:
            if not isinstance(request_type, str) or not request_type:
                raise _Fail(STATUS_MISSING_REQUEST_TYPE, "Your request is missing a `requestType`.")
            handler = self._HANDLERS.get(request_type)
            if handler is None:
                raise _Fail(STATUS_UNKNOWN_REQUEST_TYPE, f"Your request type `{request_type}` is not valid.")
            if data is not None and not isinstance(data, dict):
                raise _Fail(STATUS_MISSING_REQUEST_DATA, "Your request data is not an object.")
            response_data = handler(self, data)
        except _Fail as e:
            out["requestStatus"] = {"result": False, "code": e.code, "comment": e.comment}
            return out
        out["requestStatus"] = {"result": True, "code": STATUS_SUCCESS}
        if response_data is not None:
            out["responseData"] = response_data
        return out

    # field checks, in the order obs-websocket documents them
    @staticmethod
    def _need_data(data: dict[str, Any] | None) -> dict[str, Any]:
        if data is None:
            raise _Fail(STATUS_MISSING_REQUEST_DATA, "Your request data is missing or invalid (non-object).")
        return data

    @staticmethod
    def _field(data: dict[str, Any], name: str, kind: type, what: str) -> Any:
        if not _has(data, name):
            raise _Fail(STATUS_MISSING_REQUEST_FIELD, f"Your request is missing the `{name}` field.")
        value = data[name]
        ok = _is_int(value) if kind is int else isinstance(value, kind)
        if not ok:
            raise _Fail(STATUS_INVALID_REQUEST_FIELD_TYPE, f"The field value of `{name}` must be {what}.")
        if kind is str and not value:
            raise _Fail(STATUS_REQUEST_FIELD_EMPTY, f"The field value of `{name}` must not be empty.")
        return value

    def _scene(self, name: str) -> Scene:
        for scene in self.scenes:
            if scene.name == name:
                return scene
        raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No scene was found by the name of `{name}`.")

    def _scene_from(self, data: dict[str, Any] | None) -> Scene:
        data = self._need_data(data)
        if _has(data, "sceneName"):
            return self._scene(self._field(data, "sceneName", str, "a string"))
        if _has(data, "sceneUuid"):
            wanted = self._field(data, "sceneUuid", str, "a string")
            for scene in self.scenes:
                if scene.uuid == wanted:
                    return scene
            raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No scene was found by the UUID of `{wanted}`.")
        raise _Fail(STATUS_MISSING_REQUEST_FIELD, "Your request must contain at least one of the following "
                                                  "fields: `sceneName` or `sceneUuid`.")

    def _input_from(self, data: dict[str, Any]) -> Input:
        if _has(data, "inputName"):
            name = self._field(data, "inputName", str, "a string")
            if name not in self.inputs:
                raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No source was found by the name of `{name}`.")
            return self.inputs[name]
        if _has(data, "inputUuid"):
            wanted = self._field(data, "inputUuid", str, "a string")
            for inp in self.inputs.values():
                if inp.uuid == wanted:
                    return inp
            raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No source was found by the UUID of `{wanted}`.")
        raise _Fail(STATUS_MISSING_REQUEST_FIELD, "Your request must contain at least one of the following "
                                                  "fields: `inputName` or `inputUuid`.")

    def _req_get_version(self, data: dict[str, Any] | None) -> dict[str, Any]:
        return {"obsVersion": self.obs_version, "obsWebSocketVersion": self.websocket_version,
                "rpcVersion": self.rpc_version, "availableRequests": sorted(self._HANDLERS),
                "supportedImageFormats": ["bmp", "jpeg", "jpg", "png"], "platform": "ubuntu",
                "platformDescription": "Fake OBS for tests"}

    def _req_get_scene_list(self, data: dict[str, Any] | None) -> dict[str, Any]:
        current = self._scene(self.current_scene)
        bottom_first = self.scenes[::-1]
        return {"currentProgramSceneName": current.name, "currentProgramSceneUuid": current.uuid,
                "currentPreviewSceneName": None, "currentPreviewSceneUuid": None,
                "scenes": [{"sceneIndex": i, "sceneName": s.name, "sceneUuid": s.uuid}
                           for i, s in enumerate(bottom_first)]}

    def _req_get_current_program_scene(self, data: dict[str, Any] | None) -> dict[str, Any]:
        current = self._scene(self.current_scene)
        return {"sceneName": current.name, "sceneUuid": current.uuid,
                "currentProgramSceneName": current.name, "currentProgramSceneUuid": current.uuid}

    def _req_set_current_program_scene(self, data: dict[str, Any] | None) -> None:
        self._set_program_scene(self._scene_from(data).name)

    def _set_program_scene(self, scene_name: str) -> None:
        scene = self._scene(scene_name)
        if scene.name != self.current_scene:
            self.current_scene = scene.name
            self._emit("CurrentProgramSceneChanged", {"sceneName": scene.name, "sceneUuid": scene.uuid},
                       SUB_SCENES)

    def _req_get_scene_collection_list(self, data: dict[str, Any] | None) -> dict[str, Any]:
        return {"currentSceneCollectionName": self.scene_collection,
                "sceneCollections": sorted(self._collections)}

    def _req_set_current_scene_collection(self, data: dict[str, Any] | None) -> None:
        self._switch_collection(self._field(self._need_data(data), "sceneCollectionName", str, "a string"))

    def _req_create_scene_collection(self, data: dict[str, Any] | None) -> None:
        self._create_collection(self._field(self._need_data(data), "sceneCollectionName", str, "a string"))

    def _create_collection(self, name: str) -> None:
        if name in self._collections:
            raise _Fail(STATUS_RESOURCE_ALREADY_EXISTS, "That scene collection already exists.")
        self._collections[name] = Collection([Scene(NEW_COLLECTION_SCENE, _uuid("scene", f"{name}/Scene"), [])],
                                             {}, NEW_COLLECTION_SCENE)
        self._change_collection(name, created=True)

    def _switch_collection(self, name: str) -> None:
        if name not in self._collections:
            raise _Fail(STATUS_RESOURCE_NOT_FOUND, "No scene collection was found by that name.")
        if name != self.scene_collection:
            self._change_collection(name, created=False)

    def _change_collection(self, name: str, *, created: bool) -> None:
        self._emit("CurrentSceneCollectionChanging", {"sceneCollectionName": self.scene_collection}, SUB_CONFIG)
        for scene in self.scenes:
            self._emit("SceneRemoved", {"sceneName": scene.name, "sceneUuid": scene.uuid, "isGroup": False},
                       SUB_SCENES)
        self._collections[self.scene_collection] = Collection(self.scenes, self.inputs, self.current_scene)
        chosen = self._collections[name]
        assert chosen is not None
        self._collections[name] = None
        self.scene_collection = name
        self.scenes, self.inputs, self.current_scene = chosen.scenes, chosen.inputs, chosen.current_scene
        for scene in self.scenes:
            self._emit("SceneCreated", {"sceneName": scene.name, "sceneUuid": scene.uuid, "isGroup": False},
                       SUB_SCENES)
        if created:
            self._emit("SceneCollectionListChanged", {"sceneCollections": sorted(self._collections)}, SUB_CONFIG)
        else:
            current = self._scene(self.current_scene)
            self._emit("CurrentProgramSceneChanged", {"sceneName": current.name, "sceneUuid": current.uuid},
                       SUB_SCENES)
        self._emit("CurrentSceneCollectionChanged", {"sceneCollectionName": name}, SUB_CONFIG)

    def _item_data(self, item: SceneItem, index: int) -> dict[str, Any]:
        source = self.inputs[item.source]
        return {"inputKind": source.kind, "isGroup": False, "sceneItemBlendMode": "OBS_BLEND_NORMAL",
                "sceneItemEnabled": item.enabled, "sceneItemId": item.id, "sceneItemIndex": index,
                "sceneItemLocked": False, "sceneItemTransform": {}, "sourceName": source.name,
                "sourceType": "OBS_SOURCE_TYPE_INPUT", "sourceUuid": source.uuid}

    def _req_get_scene_item_list(self, data: dict[str, Any] | None) -> dict[str, Any]:
        scene = self._scene_from(data)
        return {"sceneItems": [self._item_data(item, i) for i, item in enumerate(scene.items)]}

    def _req_get_scene_item_id(self, data: dict[str, Any] | None) -> dict[str, Any]:
        scene = self._scene_from(data)
        assert data is not None
        source = self._field(data, "sourceName", str, "a string")
        offset = 0
        if _has(data, "searchOffset"):
            offset = self._field(data, "searchOffset", int, "a number")
            if offset < -1:
                raise _Fail(STATUS_REQUEST_FIELD_OUT_OF_RANGE,
                            "The field value of `searchOffset` is below the minimum of `-1`.")
        matches = [item for item in scene.items if item.source == source]
        if offset == -1 and matches:
            return {"sceneItemId": matches[-1].id}
        if 0 <= offset < len(matches):
            return {"sceneItemId": matches[offset].id}
        raise _Fail(STATUS_RESOURCE_NOT_FOUND,
                    "No scene items were found in the specified scene by that name or offset.")

    def _item_from(self, scene: Scene, data: dict[str, Any]) -> SceneItem:
        item_id = self._field(data, "sceneItemId", int, "a number")
        if item_id < 0:
            raise _Fail(STATUS_REQUEST_FIELD_OUT_OF_RANGE, "The field value of `sceneItemId` is below the "
                                                           "minimum of `0`.")
        for item in scene.items:
            if item.id == item_id:
                return item
        raise _Fail(STATUS_RESOURCE_NOT_FOUND,
                    f"Scene item {item_id} was not found in the scene `{scene.name}`.")

    def _req_get_scene_item_enabled(self, data: dict[str, Any] | None) -> dict[str, Any]:
        scene = self._scene_from(data)
        assert data is not None
        return {"sceneItemEnabled": self._item_from(scene, data).enabled}

    def _req_set_scene_item_enabled(self, data: dict[str, Any] | None) -> None:
        scene = self._scene_from(data)
        assert data is not None
        item = self._item_from(scene, data)
        enabled = self._field(data, "sceneItemEnabled", bool, "a boolean")
        self._set_item_enabled(scene, item, enabled)

    def _set_item_enabled(self, scene: Scene, item: SceneItem, enabled: bool) -> None:
        if item.enabled != enabled:
            item.enabled = enabled
            self._emit("SceneItemEnableStateChanged", {"sceneName": scene.name, "sceneUuid": scene.uuid,
                                                       "sceneItemId": item.id, "sceneItemEnabled": enabled},
                       SUB_SCENE_ITEMS)

    def _req_get_input_list(self, data: dict[str, Any] | None) -> dict[str, Any]:
        kind = None
        if data and _has(data, "inputKind"):
            kind = self._field(data, "inputKind", str, "a string")
        def unversioned(k: str) -> str:
            return k.rsplit("_v", 1)[0] if k[-1:].isdigit() and "_v" in k else k
        return {"inputs": [{"inputName": i.name, "inputUuid": i.uuid, "inputKind": i.kind,
                            "unversionedInputKind": unversioned(i.kind)}
                           for i in self.inputs.values() if kind is None or i.kind == kind]}

    def _req_get_input_settings(self, data: dict[str, Any] | None) -> dict[str, Any]:
        inp = self._input_from(self._need_data(data))
        return {"inputSettings": json.loads(json.dumps(inp.settings)), "inputKind": inp.kind}

    def _req_set_input_settings(self, data: dict[str, Any] | None) -> None:
        data = self._need_data(data)
        inp = self._input_from(data)
        settings = self._field(data, "inputSettings", dict, "an object")
        overlay = True
        if _has(data, "overlay"):
            overlay = self._field(data, "overlay", bool, "a boolean")
        self._apply_input_settings(inp, inp.name, settings, overlay)

    def _apply_input_settings(self, inp: Input | None, name: str, settings: dict[str, Any],
                              overlay: bool) -> None:
        if inp is None:
            raise _Fail(STATUS_RESOURCE_NOT_FOUND, f"No source was found by the name of `{name}`.")
        inp.settings = {**inp.settings, **settings} if overlay else dict(settings)
        copy = json.loads(json.dumps(inp.settings))
        self._emit("InputSettingsChanged",
                   {"inputName": inp.name, "inputUuid": inp.uuid, "inputSettings": copy}, SUB_INPUTS)

    def _output_status(self, kind: str) -> dict[str, Any]:
        active = self.streaming if kind == "stream" else self.recording
        started = self._stream_started if kind == "stream" else self._record_started
        ms = int((time.monotonic() - started) * 1000) if active else 0
        status: dict[str, Any] = {"outputActive": active, "outputTimecode": _timecode(ms),
                                  "outputDuration": ms, "outputBytes": ms * 750 if active else 0}
        if kind == "stream":
            status |= {"outputReconnecting": False, "outputCongestion": 0.0, "outputSkippedFrames": 0,
                       "outputTotalFrames": ms * 60 // 1000}
        else:
            status |= {"outputPaused": False}
        return status

    def _req_get_stream_status(self, data: dict[str, Any] | None) -> dict[str, Any]:
        return self._output_status("stream")

    def _req_get_record_status(self, data: dict[str, Any] | None) -> dict[str, Any]:
        return self._output_status("record")

    def _start_output(self, kind: str) -> None:
        event = "StreamStateChanged" if kind == "stream" else "RecordStateChanged"
        if self.streaming if kind == "stream" else self.recording:
            raise _Fail(STATUS_OUTPUT_RUNNING, f"The {kind} output is already running.")
        extra = {} if kind == "stream" else {"outputPath": None}
        self._emit(event, {"outputActive": False, "outputState": "OBS_WEBSOCKET_OUTPUT_STARTING", **extra},
                   SUB_OUTPUTS)
        if kind == "stream":
            self.streaming, self._stream_started = True, time.monotonic()
        else:
            self.recording, self._record_started = True, time.monotonic()
        self._emit(event, {"outputActive": True, "outputState": "OBS_WEBSOCKET_OUTPUT_STARTED", **extra},
                   SUB_OUTPUTS)

    def _stop_output(self, kind: str) -> str | None:
        event = "StreamStateChanged" if kind == "stream" else "RecordStateChanged"
        if not (self.streaming if kind == "stream" else self.recording):
            raise _Fail(STATUS_OUTPUT_NOT_RUNNING, f"The {kind} output is not running.")
        extra: dict[str, Any] = {} if kind == "stream" else {"outputPath": None}
        self._emit(event, {"outputActive": True, "outputState": "OBS_WEBSOCKET_OUTPUT_STOPPING", **extra},
                   SUB_OUTPUTS)
        path = None
        if kind == "stream":
            self.streaming = False
        else:
            self.recording = False
            self._recordings += 1
            path = self.last_recording = f"fake-obs-recording-{self._recordings}.mkv"
            extra = {"outputPath": path}
        self._emit(event, {"outputActive": False, "outputState": "OBS_WEBSOCKET_OUTPUT_STOPPED", **extra},
                   SUB_OUTPUTS)
        return path

    def _req_start_stream(self, data: dict[str, Any] | None) -> None:
        self._start_output("stream")

    def _req_stop_stream(self, data: dict[str, Any] | None) -> None:
        self._stop_output("stream")

    def _req_start_record(self, data: dict[str, Any] | None) -> None:
        self._start_output("record")

    def _req_stop_record(self, data: dict[str, Any] | None) -> dict[str, Any]:
        return {"outputPath": self._stop_output("record")}

    _HANDLERS: dict[str, Callable[[FakeOBS, dict[str, Any] | None], dict[str, Any] | None]] = {
        "GetVersion": _req_get_version,
        "GetSceneList": _req_get_scene_list,
        "GetCurrentProgramScene": _req_get_current_program_scene,
        "SetCurrentProgramScene": _req_set_current_program_scene,
        "GetSceneCollectionList": _req_get_scene_collection_list,
        "SetCurrentSceneCollection": _req_set_current_scene_collection,
        "CreateSceneCollection": _req_create_scene_collection,
        "GetSceneItemList": _req_get_scene_item_list,
        "GetSceneItemId": _req_get_scene_item_id,
        "GetSceneItemEnabled": _req_get_scene_item_enabled,
        "SetSceneItemEnabled": _req_set_scene_item_enabled,
        "GetInputList": _req_get_input_list,
        "GetInputSettings": _req_get_input_settings,
        "SetInputSettings": _req_set_input_settings,
        "GetStreamStatus": _req_get_stream_status,
        "StartStream": _req_start_stream,
        "StopStream": _req_stop_stream,
        "GetRecordStatus": _req_get_record_status,
        "StartRecord": _req_start_record,
        "StopRecord": _req_stop_record,
    }

    # ---- events -----------------------------------------------------------------------------------------

    def _emit(self, event_type: str, event_data: dict[str, Any] | None, intent: int) -> None:
        if self._pending_events is not None:  # inside a request: after its response
            self._pending_events.append((event_type, event_data, intent))
            return
        self.emitted.append((event_type, event_data))
        d: dict[str, Any] = {"eventType": event_type, "eventIntent": intent}
        if event_data is not None:
            d["eventData"] = event_data
        for s in list(self._sessions):
            if s.identified and s.subscriptions & intent:
                s.send(OP_EVENT, d)
