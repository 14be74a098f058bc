"""The OBS connection: obsws-python's blocking clients driven from asyncio, kept alive with backoff.

Theory of operation:
1. The handshake is ours (app.core.obs_protocol over websocket-client): Hello, Identify, then Identified or
   OBS's close frame, whose code says why (4009: the password was refused). obsws-python's own handshake
   could do neither: it dropped the close code and left the socket of a refused login open, one more on
   OBS's side at each try. A failed handshake closes its socket; an identified one is handed to
   obsws-python's ReqClient and EventClient (_AdoptedReqClient, _AdoptedEventClient), which only send
   requests and read events on it.
   Those block. Every call to them (connecting, each request, closing) runs on one worker thread of our
   own ("obs"), so requests are serialised: a ReqClient sends and then reads the next frame, and two
   callers at once would read each other's answers.
2. The EventClient reads on a thread of its own and calls our callbacks there; each callback hands the
   event to the loop with call_soon_threadsafe. Nothing else crosses threads.
3. The EventClient's thread ends silently when the socket goes (it logs at DEBUG and returns). A small
   watcher thread joins it and tells the loop, so a dead connection is noticed at once, without polling.
   A request that fails on a dead socket says the same.
4. One asyncio task owns the life cycle: connect, read the state (scenes, current scene, outputs), wait
   until the connection is lost or the settings change, close, and try again after a backoff of 1, 2, 4, 8,
   then every 10 seconds: OBS is found at most 10 s after it is back. After a try that timed out (a hung
   OBS, rule 8) the wait counts from the try's start, since the try was itself a wait for OBS's answer. While
   nobody listens on OBS's port (connection refused: OBS not started yet) the port is knocked on every
   second, and the wait ends when it opens. A changed setting retries at once.
5. A refused password (4009), or any close code after which retrying cannot help, and a password OBS asks
   for but that is not set, stop the retries until reconnect() (the settings changed): state REFUSED, with
   the sentence describe_close() gives for it.
6. Scene collections: OBS says CurrentSceneCollectionChanging, removes and creates scenes, then
   CurrentSceneCollectionChanged, and need not say CurrentProgramSceneChanged (OBS 29 does not after
   Scene Collection → New). From Changing on, the scenes and the current scene are unknown (so nothing acts
   on a scene that is gone) and no request is sent (the document calls requests then undefined behaviour);
   Changed re-reads the collection, its scenes and its current scene.
7. Every state change is a new ObsStatus handed to the status listeners, on the loop's thread: what the
   dock shows and what the skill reads to decide which tools she has.
8. A hung OBS (its process frozen, its sockets open: its kernel still accepts and acknowledges, so nothing
   fails) is noticed by what it does not answer. Every request has the request socket's timeout
   (answer_timeout); while connected, a watchdog asks OBS for its version when nothing was asked for
   probe_after seconds, and gives up on a request the obs thread has been in for longer than answer_timeout
   plus a grace (the socket's timeout did not end it). Either is state HUNG ("not answering"), so her tools
   go, and a connection attempt that times out is HUNG too. Worst case: probe_after + answer_timeout + a
   watchdog step (12 s). Closing never waits on OBS nor on websocket-client's locks (its close() waits for the
   frame lock the event thread holds while it reads, for ever when OBS says nothing): a close frame is written
   if the socket takes it at once, then both sockets are shut down, which wakes every thread blocked on them,
   from a thread that is not the obs thread. Should the obs thread still be in a request after that, a new
   obs thread takes over.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import struct
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import obsws_python as obsws
import websocket
from obsws_python.baseclient import ObsClient
from obsws_python.callback import Callback
from obsws_python.error import OBSSDKRequestError, OBSSDKTimeoutError

from app.core import obs_protocol as proto
from app.core.failures import summary
from app.core.words import QT_TRANSLATE_NOOP
from app.process.executors import BoundedExecutor
from app.process.tasks import spawn
from app.senses.netgate import NetworkGate, connect_to
from app.skills.obs import words as w
from app.skills.platform.link import Link, State

log = logging.getLogger(__name__)
# The adapter reports every failure itself, in words for the streamer. obsws-python would also log the
# password at INFO on every connect and a full traceback for every refused request.
logging.getLogger("obsws_python").setLevel(logging.CRITICAL)

T = TypeVar("T")

RETRY_BASE, RETRY_CAP = 1.0, 10.0   # rule 4: a local OBS is tried again soon, and every 10 s at most
CONNECT_TIMEOUT = 5.0
ANSWER_TIMEOUT = 6.0   # rule 8: OBS answers a request in milliseconds; one unanswered this long means it hangs
PROBE_AFTER = 5.0      # rule 8: seconds without a request before the watchdog asks OBS something itself
WATCH_STEP = 1.0       # rule 8: how often the watchdog looks
WATCH_GRACE = 2.0      # rule 8: past the socket's own timeout, before the obs thread counts as stuck
KNOCK_EVERY = 1.0      # rule 4: while nobody listens on OBS's port, it is knocked on this often
CLOSE_TIMEOUT = 2.0
_ES = proto.EventSubscription
SUBSCRIPTIONS = _ES.GENERAL | _ES.CONFIG | _ES.SCENES | _ES.OUTPUTS
EVENTS = ("CurrentProgramSceneChanged", "SceneListChanged", "SceneCreated", "SceneRemoved",
          "SceneNameChanged", "StreamStateChanged", "RecordStateChanged", "ExitStarted",
          "CurrentSceneCollectionChanging", "CurrentSceneCollectionChanged")
_SCENE_LIST_EVENTS = {"SceneListChanged", "SceneCreated", "SceneRemoved", "SceneNameChanged"}


STATE_LABELS = {State.OFF: QT_TRANSLATE_NOOP("obs_dock", "off"),
                State.CONNECTING: QT_TRANSLATE_NOOP("obs_dock", "connecting…"),
                State.CONNECTED: QT_TRANSLATE_NOOP("obs_dock", "connected"),
                State.RETRYING: QT_TRANSLATE_NOOP("obs_dock", "not connected"),
                State.HUNG: QT_TRANSLATE_NOOP("obs_dock", "not answering"),
                State.REFUSED: QT_TRANSLATE_NOOP("obs_dock", "refused")}


@dataclass(frozen=True)
class ObsStatus:
    state: State = State.OFF
    message: str = ""
    address: str = ""
    retry_in: float | None = None
    close_code: int | None = None
    words: tuple[str, ...] = ()                 # the message's sentences marked for the window (obs.words)
    args: tuple[tuple[str, str], ...] = ()      # their {names}' values
    obs_version: str = ""
    scene_collection: str = ""          # "" while OBS changes collection
    scenes: tuple[str, ...] = ()        # as OBS's Scenes panel lists them, top first
    current_scene: str = ""
    streaming: bool = False
    recording: bool = False

    @property
    def connected(self) -> bool:
        return self.state is State.CONNECTED


@dataclass(frozen=True)
class Target:
    host: str
    port: int
    password: str = field(default="", repr=False)

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


class ObsError(Exception):
    """A request that did not go through; the message is a sentence for her or the streamer."""


class NotConnected(ObsError):
    pass


class _Refused(Exception):
    """Connecting again with the same settings cannot help."""

    def __init__(self, message: str, code: int | None = None, words: w.Said | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.words = words   # the sentence for the window and its values (obs.words)


class _Failed(Exception):
    """Worth another try later."""

    def __init__(self, message: str, code: int | None = None, words: w.Said | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.words = words


class _AdoptedReqClient(obsws.ReqClient):
    """obsws-python's request client on a socket our handshake identified."""

    def __init__(self, base: ObsClient) -> None:
        self.logger = logging.getLogger("obsws_python.reqs").getChild("ReqClient")
        self.base_client = base


class _AdoptedEventClient(obsws.EventClient):
    """obsws-python's event client on a socket our handshake identified; subscribe() starts its thread."""

    def __init__(self, base: ObsClient) -> None:
        self.logger = logging.getLogger("obsws_python.events").getChild("EventClient")
        self.base_client = base
        self.callback = Callback()


def _adopt(ws: websocket.WebSocket, target: Target, subs: int, timeout: float) -> ObsClient:
    base = ObsClient.__new__(ObsClient)   # its __init__ would connect again, with obsws-python's handshake
    base.logger = logging.getLogger("obsws_python.baseclient").getChild("ObsClient")
    base.host, base.port, base.password, base.subs, base.timeout = target.host, target.port, "", subs, timeout
    base.ws = ws
    return base


@dataclass(eq=False)
class _Session:
    events: Any
    req: Any
    lost: asyncio.Event = field(default_factory=asyncio.Event)
    hung: bool = False          # lost because OBS stopped answering (rule 8), not because the socket went
    started: float = 0.0        # when the obs thread began its latest request, on the loop's clock
    finished: float = 0.0       # when it ended it: started > finished while a request is out

    @property
    def asking(self) -> bool:
        return self.started > self.finished


def timed_out(exc: BaseException) -> bool:
    """OBS said nothing in time (rule 8), as opposed to refusing or going away."""
    return isinstance(exc, TimeoutError | socket.timeout | websocket.WebSocketTimeoutException | OBSSDKTimeoutError)


def event_fields(data: Any) -> dict[str, Any]:
    """obsws-python hands a callback a dataclass type whose attributes are the event's fields (snake_case)."""
    names = data.attrs() if hasattr(data, "attrs") else []
    return {name: getattr(data, name) for name in names}


def request_comment(exc: OBSSDKRequestError) -> str | None:
    _, _, comment = str(exc).partition("With message: ")
    return comment.strip() or None


def describe_failure(exc: BaseException, target: Target) -> str:
    """Why connecting to OBS failed, for the streamer."""
    where = target.address
    if isinstance(exc, _Failed | _Refused):
        return str(exc)
    if isinstance(exc, ConnectionRefusedError):
        return (f"OBS is not answering at {where}. Is OBS running, with its WebSocket server on "
                f"(Tools → WebSocket Server Settings)?")
    if isinstance(exc, websocket.WebSocketBadStatusException):
        return f"Something at {where} answered, but it is not OBS's WebSocket server."
    if timed_out(exc):
        return f"OBS at {where} did not answer in time."
    if isinstance(exc, socket.gaierror):
        return f"The OBS host name {target.host!r} is not known."
    if isinstance(exc, OSError):
        return f"Could not reach OBS at {where}: {exc.strerror or exc}."
    return f"Could not connect to OBS at {where}: {exc}."


def _probe(req: Any) -> Any:
    """The watchdog's question (rule 8): the cheapest request OBS answers."""
    return req.get_version()


def _close_frame(data: bytes) -> tuple[int | None, str]:
    if len(data) < 2:
        return None, ""
    return struct.unpack("!H", data[:2])[0], data[2:].decode("utf-8", "replace")


class ObsConnection(Link):
    name = "OBS"
    jitter = False      # one client, its own OBS: nobody to keep apart from

    def __init__(self, target: Callable[[], Target], *, gate: Any = None, timeout: float = CONNECT_TIMEOUT,
                 backoff_base: float = RETRY_BASE, backoff_cap: float = RETRY_CAP,
                 answer_timeout: float = ANSWER_TIMEOUT, probe_after: float = PROBE_AFTER,
                 watch_step: float = WATCH_STEP) -> None:
        super().__init__(lambda _state, _why: None, backoff_base, backoff_cap)
        self._target = target
        self._gate = gate if gate is not None else NetworkGate(lambda: False)   # composed without one: tests
        self.timeout = timeout
        self.answer_timeout, self.probe_after, self.watch_step = answer_timeout, probe_after, watch_step
        self.watch_grace = WATCH_GRACE
        self._knock: Target | None = None   # rule 4: the OBS nobody listened for, knocked on while waiting
        self._status = ObsStatus()
        self._status_listeners: list[Callable[[ObsStatus], None]] = []
        self._event_listeners: list[Callable[[str, dict[str, Any]], None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._executor: BoundedExecutor | None = None
        self._session: _Session | None = None
        self._wake = asyncio.Event()
        self.attempts = 0   # connection attempts so far (the dock and the tests read it)
        self._changing_collection = False

    # ---- what others read and hear ---------------------------------------------------------------------
    @property
    def status(self) -> ObsStatus:
        return self._status

    def on_status(self, fn: Callable[[ObsStatus], None]) -> Callable[[], None]:
        self._status_listeners.append(fn)
        return lambda: self._status_listeners.remove(fn) if fn in self._status_listeners else None

    def on_event(self, fn: Callable[[str, dict[str, Any]], None]) -> Callable[[], None]:
        self._event_listeners.append(fn)
        return lambda: self._event_listeners.remove(fn) if fn in self._event_listeners else None

    def _tell(self, state: str, why: str, more: dict[str, Any]) -> None:
        self._update(state=state, message=why, **more)

    def _update(self, **changes: Any) -> None:
        """A new status for the listeners: a state's (through _set) or what OBS said while connected."""
        self._status = replace(self._status, **changes)
        for fn in list(self._status_listeners):
            try:
                fn(self._status)
            except Exception:
                log.exception("an OBS status listener failed")

    # ---- life cycle ----------------------------------------------------------------------------------------
    def start(self) -> None:
        if self.running:
            return
        self._loop = asyncio.get_running_loop()
        self._executor = BoundedExecutor("obs", 1, queue_size=64)
        super().start()

    async def stop(self) -> None:
        """Stop trying, close the connection (bounded in time) and go OFF."""
        await self._end_task()
        session, self._session = self._session, None
        if session is not None:
            # on a thread of its own: the obs thread may be stuck in a connect attempt
            closing = asyncio.get_running_loop().run_in_executor(None, self._close_blocking, session)
            try:
                await asyncio.wait_for(asyncio.shield(closing), CLOSE_TIMEOUT)
            except TimeoutError:
                log.warning("OBS did not close its connection in time; leaving it to the process")
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._set(State.OFF, "OBS control is off.", retry_in=None, words=(w.OFF,), args=())

    def note_scene(self, scene: str) -> None:
        """A SetCurrentProgramScene just succeeded: the scene is known before OBS's event says so."""
        if self._status.connected:
            self._update(current_scene=scene)

    def reconnect(self) -> None:
        """The settings changed (or the streamer asked): drop the connection and try again now."""
        self._wake.set()

    async def _pause(self, seconds: float) -> None:
        """The backoff's wait, ended early by new settings, or by OBS's port opening (rule 4)."""
        knock, self._knock = self._knock, None
        try:
            await asyncio.wait_for(self._woken_or_listening(knock), seconds)
        except TimeoutError:
            pass

    async def _woken_or_listening(self, knock: Target | None) -> None:
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), KNOCK_EVERY if knock is not None else None)
                return
            except TimeoutError:
                pass
            if knock is not None and await self._listening(knock):
                log.info("OBS: something listens at %s now", knock.address)
                return

    async def _listening(self, target: Target) -> bool:
        """Whether OBS's port takes a connection (closed at once; through the gate, as every connection)."""
        try:
            _reader, writer = await asyncio.wait_for(
                self._gate.open_connection(target.host, target.port, "OBS"), KNOCK_EVERY)
        except (OSError, TimeoutError):
            return False
        writer.close()
        return True

    # ---- the one task -------------------------------------------------------------------------------------
    async def _run(self) -> None:
        attempt = 0
        while True:
            self._wake.clear()
            target = self._target()
            self.attempts += 1
            assert self._loop is not None
            tried = self._loop.time()
            self._set(State.CONNECTING, f"Connecting to OBS at {target.address}…", address=target.address,
                      retry_in=None, close_code=None, words=(w.CONNECTING,), args=(("where", target.address),))
            try:
                session = await self._open_session(target)
                try:
                    snapshot = await self._blocking(self._timed, session, self._snapshot)
                except BaseException:
                    await self._close(session)
                    raise
            except asyncio.CancelledError:
                raise
            except _Refused as exc:
                log.warning("OBS refused the connection (%s): %s", exc.code, summary(exc))
                said, values = w.failure_words(exc, target.address, target.host)
                self._set(State.REFUSED, str(exc), close_code=exc.code, words=(said,), args=tuple(values.items()))
                await self._wake.wait()
                attempt = 0
                continue
            except Exception as exc:
                delay = self._delay(attempt)
                attempt += 1
                if timed_out(exc):   # the try itself waited for an answer: the wait counts from its start
                    delay = round(max(0.0, delay - (self._loop.time() - tried)), 1)
                why = describe_failure(exc, target)
                said, values = w.failure_words(exc, target.address, target.host)
                log.info("OBS: %s (retry in %g s)", why, delay)
                self._set(State.HUNG if timed_out(exc) else State.RETRYING, f"{why} Trying again in {delay:g} s.",
                          retry_in=delay, close_code=getattr(exc, "code", None), words=(said, w.AGAIN),
                          args=(*values.items(), ("delay", f"{delay:g}")))
                if isinstance(exc, ConnectionRefusedError):   # nobody listens: knocked on until OBS does
                    self._knock = target
                await self._pause(delay)
                continue
            attempt = 0
            self._session = session
            self._changing_collection = False
            version = f" {snapshot['obs_version']}" if snapshot["obs_version"] else ""
            self._set(State.CONNECTED, f"Connected to OBS{version} at {target.address}.", words=(w.CONNECTED,),
                      args=(("version", version), ("where", target.address)), **snapshot)
            woken = await self._until_lost_or_woken(session)
            self._session = None
            if woken:
                await self._close(session)
                continue
            delay = self._delay(0)
            attempt = 1
            if session.hung:   # said before closing: her tools go now, whatever the close takes
                seconds = f"{self.answer_timeout:g}"
                self._set(State.HUNG, f"OBS at {target.address} is not answering: nothing came back in {seconds} s. "
                          f"Her OBS tools are away until it answers again. Trying again in {delay:g} s.",
                          retry_in=delay, words=(w.HUNG, w.AGAIN),
                          args=(("where", target.address), ("seconds", seconds), ("delay", f"{delay:g}")))
            else:
                self._set(State.RETRYING, f"Lost the connection to OBS at {target.address}. Trying again in "
                          f"{delay:g} s.", retry_in=delay, words=(w.LOST, w.AGAIN),
                          args=(("where", target.address), ("delay", f"{delay:g}")))
            await self._close(session)
            await self._pause(delay)

    async def _blocking(self, fn: Callable[..., T], *args: Any) -> T:
        assert self._loop is not None and self._executor is not None
        return await self._loop.run_in_executor(self._executor, fn, *args)

    def _timed(self, session: _Session, fn: Callable[[Any], T]) -> T:
        """fn(ReqClient) on the obs thread, its start and end noted for the watchdog (rule 8)."""
        assert self._loop is not None
        session.started = self._loop.time()
        try:
            return fn(session.req)
        finally:
            session.finished = self._loop.time()

    async def _close(self, session: _Session) -> None:
        """Closes a session from a thread of its own (rule 8), bounded; an obs thread still stuck in a request
        afterwards is left to the process and a new one takes over."""
        closing = asyncio.get_running_loop().run_in_executor(None, self._close_blocking, session)
        try:
            await asyncio.wait_for(asyncio.shield(closing), CLOSE_TIMEOUT + 1)
        except TimeoutError:
            log.warning("OBS did not close its connection in time; leaving it to the process")
        if session.asking and self._executor is not None:
            log.warning("the OBS thread is still in a request on a closed connection; a new one takes over")
            self._executor.shutdown(wait=False)
            self._executor = BoundedExecutor("obs", 1, queue_size=64)

    async def _open_session(self, target: Target) -> _Session:
        assert self._loop is not None and self._executor is not None
        opening = self._loop.run_in_executor(self._executor, self._open, target)
        try:
            return await asyncio.shield(opening)
        except asyncio.CancelledError:  # stopped mid-connect: close what the obs thread still opens
            def closed_late(fut: asyncio.Future) -> None:
                if not fut.cancelled() and fut.exception() is None:
                    threading.Thread(target=self._close_blocking, args=(fut.result(),), daemon=True).start()
            opening.add_done_callback(closed_late)
            raise

    async def _until_lost_or_woken(self, session: _Session) -> bool:
        """True when woken (settings changed), False when the connection was lost (or OBS hangs)."""
        lost = spawn(session.lost.wait(), awaited=True)
        woken = spawn(self._wake.wait(), awaited=True)
        watchdog = spawn(self._watch(session), awaited=True)
        try:
            await asyncio.wait({lost, woken}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (lost, woken, watchdog):
                task.cancel()
        return self._wake.is_set()

    async def _watch(self, session: _Session) -> None:
        """Rule 8: OBS asked something when it has been quiet, and a request it never ends given up on."""
        assert self._loop is not None
        while not session.lost.is_set():
            await asyncio.sleep(self.watch_step)
            now = self._loop.time()
            if session.asking:
                if now - session.started > self.answer_timeout + self.watch_grace:
                    log.warning("OBS: a request has had no answer for %.0f s", now - session.started)
                    self._lose(session, hung=True)
            elif now - session.finished >= self.probe_after:
                try:
                    await asyncio.wait_for(self._request(session, _probe), self.answer_timeout + self.watch_grace)
                except TimeoutError:
                    log.warning("OBS: the watchdog's question had no answer")
                    self._lose(session, hung=True)
                except ObsError:
                    pass   # _request has marked the session

    def _mark_lost(self, session: _Session) -> None:
        session.lost.set()

    def _lose(self, session: _Session, hung: bool) -> None:
        session.hung = session.hung or hung
        session.lost.set()

    # ---- blocking side (the obs thread) ---------------------------------------------------------------
    def _open(self, target: Target) -> _Session:
        try:   # the host is resolved once: both sockets go to an address the gate vetted
            addresses = self._gate.vet_sync(target.host, target.port, "OBS")
        except ConnectionRefusedError as exc:   # privacy mode and a remote OBS: only new settings help
            raise _Refused(f"Privacy mode is on: {exc}",
                           words=(w.PRIVACY, {"where": target.address, "detail": str(exc)})) from None
        events = _AdoptedEventClient(_adopt(self._handshake(target, addresses, int(SUBSCRIPTIONS)), target,
                                            int(SUBSCRIPTIONS), self.timeout))
        events.callback.register([self._callback(name) for name in EVENTS])
        try:
            req = _AdoptedReqClient(_adopt(self._handshake(target, addresses, 0), target, 0, self.answer_timeout))
            req.base_client.ws.settimeout(self.answer_timeout)   # rule 8: every request's bound
            events.subscribe()
        except BaseException:
            self._close_socket(events.base_client.ws)
            raise
        session = _Session(events, req)
        loop = self._loop
        assert loop is not None

        def watch() -> None:  # the event thread ends silently when the socket goes
            events.worker.join()
            try:
                loop.call_soon_threadsafe(self._mark_lost, session)
            except RuntimeError:  # the loop is closed: the app is gone
                pass
        threading.Thread(target=watch, name="obs-watch", daemon=True).start()
        return session

    def _handshake(self, target: Target, addresses: Sequence[str], subscriptions: int) -> websocket.WebSocket:
        """A socket identified with OBS, or _Refused/_Failed saying why not (OBS's close code read); the socket
        of a failed handshake is closed. websocket-client is handed a socket connected to a vetted address, so
        it neither looks the name up again nor reads proxy settings (it sent CONNECT to http_proxy), and it
        follows no redirect (a redirect would open a socket of its own)."""
        ws = websocket.WebSocket()
        try:
            ws.connect(f"ws://{target.host}:{target.port}", timeout=self.timeout,
                       socket=connect_to(addresses, target.port, self.timeout), redirect_limit=0,
                       subprotocols=[proto.SUBPROTOCOL_JSON])
            hello = self._receive(ws, target)
            if not isinstance(hello, proto.Hello):
                raise _Failed(f"OBS at {target.address} did not greet as obs-websocket 5 does.",
                              words=(w.NOT_OBS5, {"where": target.address, "detail": "Hello"}))
            try:
                identify = proto.identify_for(hello, target.password or None, event_subscriptions=subscriptions)
            except proto.AuthenticationRequired as exc:
                raise _Refused(str(exc), words=(w.NO_PASSWORD, {})) from None
            ws.send(proto.encode(identify))
            if not isinstance(self._receive(ws, target), proto.Identified):
                raise _Failed(f"OBS at {target.address} did not answer Identify as obs-websocket 5 does.",
                              words=(w.NOT_OBS5, {"where": target.address, "detail": "Identify"}))
            return ws
        except BaseException:
            self._close_socket(ws)
            raise

    @staticmethod
    def _receive(ws: websocket.WebSocket, target: Target) -> proto.Message:
        """The next message; OBS's close frame becomes _Refused or _Failed with its code and sentence."""
        while True:
            opcode, frame = ws.recv_data_frame(True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                code, reason = _close_frame(frame.data)
                text = proto.describe_close(code, reason)
                said = w.closed_words(code, reason, target.address)
                raise _Failed(text, code, said) if proto.should_reconnect(code) else _Refused(text, code, said)
            if opcode in (websocket.ABNF.OPCODE_TEXT, websocket.ABNF.OPCODE_BINARY):
                try:
                    return proto.decode(frame.data)
                except proto.ProtocolError as exc:
                    raise _Failed(f"OBS at {target.address} sent what this app does not understand: {exc}.",
                                  None, (w.NOT_OBS5, {"where": target.address, "detail": str(exc)})) from None

    def _callback(self, event_type: str) -> Callable[[Any], None]:
        loop = self._loop
        assert loop is not None

        def forward(data: Any) -> None:  # on the EventClient's thread
            try:
                loop.call_soon_threadsafe(self._dispatch, event_type, event_fields(data))
            except RuntimeError:
                pass
        forward.__name__ = "on_" + re.sub(r"(?<!^)(?=[A-Z])", "_", event_type).lower()
        return forward

    def _snapshot(self, req: Any) -> dict[str, Any]:
        version = req.get_version()
        return {"obs_version": str(getattr(version, "obs_version", "")), **self._scene_state(req),
                "streaming": bool(req.get_stream_status().output_active),
                "recording": bool(req.get_record_status().output_active)}

    def _scene_state(self, req: Any) -> dict[str, Any]:
        """The scene collection, its scenes and the scene on stream."""
        collection = req.get_scene_collection_list().current_scene_collection_name
        scenes = self._scene_list(req)
        current = req.get_current_program_scene()   # obs-websocket 5.1 names it currentProgramSceneName only
        return {"scene_collection": str(collection), "scenes": scenes,
                "current_scene": getattr(current, "scene_name", None)
                or getattr(current, "current_program_scene_name", "")}

    @staticmethod
    def _scene_list(req: Any) -> tuple[str, ...]:
        listed = req.get_scene_list().scenes  # sceneIndex 0 is the bottom of OBS's list
        ordered = sorted(listed, key=lambda s: s.get("sceneIndex", 0), reverse=True)
        return tuple(str(s.get("sceneName", "")) for s in ordered)

    @staticmethod
    def _hang_up(ws: Any) -> None:
        """Rule 8: a close frame if the socket takes it at once, then the socket shut down, which wakes a thread
        blocked reading or writing on it. None of websocket-client's locks is taken, and OBS is not waited for."""
        sock = ws.sock
        if sock is None:
            return
        if ws.connected:
            ws.connected = False
            frame = websocket.ABNF.create_frame(struct.pack("!H", websocket.STATUS_NORMAL),
                                                websocket.ABNF.OPCODE_CLOSE)
            try:
                sock.settimeout(0)
                sock.send(frame.format())
            except OSError:
                pass
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    @classmethod
    def _close_socket(cls, ws: Any) -> None:
        """Hung up and its file descriptor freed."""
        cls._hang_up(ws)
        try:
            ws.shutdown()
        except Exception:
            pass

    def _close_blocking(self, session: _Session) -> None:
        """Both sockets hung up, the event thread given CLOSE_TIMEOUT to end, then the descriptors freed:
        bounded, whatever OBS or the obs thread does."""
        sockets = (session.req.base_client.ws, session.events.base_client.ws)
        for ws in sockets:
            self._hang_up(ws)
        worker = getattr(session.events, "worker", None)
        if worker is not None:
            worker.join(CLOSE_TIMEOUT)
        for ws in sockets:
            self._close_socket(ws)

    # ---- events, on the loop ------------------------------------------------------------------------------
    def _dispatch(self, event_type: str, data: dict[str, Any]) -> None:
        if event_type == "CurrentSceneCollectionChanging":
            self._changing_collection = True
            self._update(scene_collection="", scenes=(), current_scene="")
        elif event_type == "CurrentSceneCollectionChanged":
            self._changing_collection = False
            if self._session is not None:
                spawn(self._reread_scenes())
        elif self._changing_collection and event_type in _SCENE_LIST_EVENTS:
            pass   # the collection's scenes come and go; read once it has changed
        elif event_type == "CurrentProgramSceneChanged":
            self._update(current_scene=str(data.get("scene_name", "")))
        elif event_type == "StreamStateChanged":
            self._update(streaming=bool(data.get("output_active")))
        elif event_type == "RecordStateChanged":
            self._update(recording=bool(data.get("output_active")))
        elif event_type == "SceneListChanged" and isinstance(data.get("scenes"), list):
            ordered = sorted(data["scenes"], key=lambda s: s.get("sceneIndex", 0), reverse=True)
            self._update(scenes=tuple(str(s.get("sceneName", "")) for s in ordered))
        elif event_type in _SCENE_LIST_EVENTS and self._session is not None:
            spawn(self._refresh_scenes())
        elif event_type == "ExitStarted":
            self._set(self.state, "OBS is closing.", words=(w.CLOSING,), args=())
        for fn in list(self._event_listeners):
            try:
                fn(event_type, data)
            except Exception:
                log.exception("an OBS event listener failed on %s", event_type)

    async def _refresh_scenes(self) -> None:
        try:
            self._update(scenes=await self.call(self._scene_list))
        except ObsError:
            pass

    async def _reread_scenes(self) -> None:
        try:
            state = await self.call(self._scene_state)
        except ObsError:
            return
        if not self._changing_collection:   # another change began meanwhile: its end reads again
            self._update(**state)

    # ---- requests -----------------------------------------------------------------------------------------
    async def call(self, fn: Callable[[Any], T]) -> T:
        """Run fn(ReqClient) on the obs thread; ObsError with a sentence when OBS refuses, hangs or is gone."""
        session = self._session
        if session is None or not self._status.connected:
            raise NotConnected(f"OBS is not connected. {self._status.message}".strip())
        return await self._request(session, fn)

    async def _request(self, session: _Session, fn: Callable[[Any], T]) -> T:
        try:
            return await self._blocking(self._timed, session, fn)
        except OBSSDKRequestError as exc:
            raise ObsError(proto.describe_status(exc.code, request_comment(exc))) from None
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            hung = timed_out(exc)
            log.info("an OBS request failed on the connection: %s", summary(exc))
            self._lose(session, hung)
            if hung:
                raise ObsError(f"OBS is not answering (nothing came back in {self.answer_timeout:g} s); it will be "
                               "tried again by itself.") from None
            raise ObsError("The connection to OBS was lost; it will come back by itself.") from None
