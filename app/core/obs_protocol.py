"""The obs-websocket 5.x protocol as pure data: op codes, enums, authentication, messages and validation.

Written from the protocol document (shared/fixtures/obs_websocket/protocol.md); no sockets, no event loop,
no I/O. What is implemented:

- OpCode, CloseCode, RequestStatus, EventSubscription (bit flags, with All and the high-volume bits),
  and BatchExecutionType, with the values the document gives.
- EVENT_SUBSCRIPTIONS: each of the document's 60 event types mapped to the subscription bit that a client
  needs in order to receive it (its eventIntent).
- Authentication: auth_secret(password, salt) = base64(sha256(password + salt)), and
  auth_string(password, salt, challenge) = base64(sha256(secret + challenge)).
- RPC version negotiation: choose_rpc_version() picks what a client sends in Identify for the server's
  Hello (the server's version when supported, else the closest one the client has).
- One frozen dataclass per message (Hello, Identify, Identified, Reidentify, Event, Request,
  RequestResponse, RequestBatch, RequestBatchResponse). Each builds its wire form with to_message() and is
  parsed from the "d" object with from_data(), which validates field presence and types.
- encode(message) -> JSON text; decode(text) -> the message dataclass, raising ProtocolError whose
  close_code is the WebSocketCloseCode the server would close with (4002 bad JSON, 4003 missing field, 4004
  wrong type, 4005 bad value, 4006 unknown op, 4010 a pre-v5 "request-type" message).
- identify_for(hello, password): the Identify a client answers a Hello with (raising AuthenticationRequired
  when the server wants a password and none was given).
- Human-readable text: describe_close(code, reason) for any close code (obs-websocket's 4000-4012 and the
  standard 1000-1015), should_reconnect(code) (False after bad auth, a kick, an RPC mismatch or an unsupported
  feature), and describe_status(code, comment) for RequestStatus codes.

Notes from the fixture README that the parsers honour: obsws-python sends requestId as an int (accepted and
mirrored as given), and a failing request carries its code with a comment.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum, IntFlag
from typing import Any, ClassVar

RPC_VERSION = 1
SUBPROTOCOL_JSON = "obswebsocket.json"
SUBPROTOCOL_MSGPACK = "obswebsocket.msgpack"
DEFAULT_PORT = 4455


class OpCode(IntEnum):
    HELLO = 0
    IDENTIFY = 1
    IDENTIFIED = 2
    REIDENTIFY = 3
    EVENT = 5
    REQUEST = 6
    REQUEST_RESPONSE = 7
    REQUEST_BATCH = 8
    REQUEST_BATCH_RESPONSE = 9


SERVER_OPS = frozenset({OpCode.HELLO, OpCode.IDENTIFIED, OpCode.EVENT, OpCode.REQUEST_RESPONSE,
                        OpCode.REQUEST_BATCH_RESPONSE})


class CloseCode(IntEnum):
    DONT_CLOSE = 0
    UNKNOWN_REASON = 4000
    MESSAGE_DECODE_ERROR = 4002
    MISSING_DATA_FIELD = 4003
    INVALID_DATA_FIELD_TYPE = 4004
    INVALID_DATA_FIELD_VALUE = 4005
    UNKNOWN_OP_CODE = 4006
    NOT_IDENTIFIED = 4007
    ALREADY_IDENTIFIED = 4008
    AUTHENTICATION_FAILED = 4009
    UNSUPPORTED_RPC_VERSION = 4010
    SESSION_INVALIDATED = 4011
    UNSUPPORTED_FEATURE = 4012


class RequestStatus(IntEnum):
    UNKNOWN = 0
    NO_ERROR = 10
    SUCCESS = 100
    MISSING_REQUEST_TYPE = 203
    UNKNOWN_REQUEST_TYPE = 204
    GENERIC_ERROR = 205
    UNSUPPORTED_REQUEST_BATCH_EXECUTION_TYPE = 206
    NOT_READY = 207
    MISSING_REQUEST_FIELD = 300
    MISSING_REQUEST_DATA = 301
    INVALID_REQUEST_FIELD = 400
    INVALID_REQUEST_FIELD_TYPE = 401
    REQUEST_FIELD_OUT_OF_RANGE = 402
    REQUEST_FIELD_EMPTY = 403
    TOO_MANY_REQUEST_FIELDS = 404
    OUTPUT_RUNNING = 500
    OUTPUT_NOT_RUNNING = 501
    OUTPUT_PAUSED = 502
    OUTPUT_NOT_PAUSED = 503
    OUTPUT_DISABLED = 504
    STUDIO_MODE_ACTIVE = 505
    STUDIO_MODE_NOT_ACTIVE = 506
    RESOURCE_NOT_FOUND = 600
    RESOURCE_ALREADY_EXISTS = 601
    INVALID_RESOURCE_TYPE = 602
    NOT_ENOUGH_RESOURCES = 603
    INVALID_RESOURCE_STATE = 604
    INVALID_INPUT_KIND = 605
    RESOURCE_NOT_CONFIGURABLE = 606
    INVALID_FILTER_KIND = 607
    RESOURCE_CREATION_FAILED = 700
    RESOURCE_ACTION_FAILED = 701
    REQUEST_PROCESSING_FAILED = 702
    CANNOT_ACT = 703


class EventSubscription(IntFlag):
    NONE = 0
    GENERAL = 1 << 0
    CONFIG = 1 << 1
    SCENES = 1 << 2
    INPUTS = 1 << 3
    TRANSITIONS = 1 << 4
    FILTERS = 1 << 5
    OUTPUTS = 1 << 6
    SCENE_ITEMS = 1 << 7
    MEDIA_INPUTS = 1 << 8
    VENDORS = 1 << 9
    UI = 1 << 10
    CANVASES = 1 << 11
    ALL = (GENERAL | CONFIG | SCENES | INPUTS | TRANSITIONS | FILTERS | OUTPUTS | SCENE_ITEMS | MEDIA_INPUTS
           | VENDORS | UI | CANVASES)
    # high-volume events: never part of ALL, each must be asked for by name
    INPUT_VOLUME_METERS = 1 << 16
    INPUT_ACTIVE_STATE_CHANGED = 1 << 17
    INPUT_SHOW_STATE_CHANGED = 1 << 18
    SCENE_ITEM_TRANSFORM_CHANGED = 1 << 19


class BatchExecutionType(IntEnum):
    NONE = -1
    SERIAL_REALTIME = 0
    SERIAL_FRAME = 1
    PARALLEL = 2


_ES = EventSubscription
_EVENTS_BY_SUBSCRIPTION: dict[EventSubscription, tuple[str, ...]] = {
    _ES.GENERAL: ("ExitStarted", "CustomEvent"),
    _ES.CONFIG: ("CurrentSceneCollectionChanging", "CurrentSceneCollectionChanged",
                 "SceneCollectionListChanged", "CurrentProfileChanging", "CurrentProfileChanged",
                 "ProfileListChanged"),
    _ES.SCENES: ("SceneCreated", "SceneRemoved", "SceneNameChanged", "CurrentProgramSceneChanged",
                 "CurrentPreviewSceneChanged", "SceneListChanged"),
    _ES.INPUTS: ("InputCreated", "InputRemoved", "InputNameChanged", "InputSettingsChanged",
                 "InputMuteStateChanged", "InputVolumeChanged", "InputAudioBalanceChanged",
                 "InputAudioSyncOffsetChanged", "InputAudioTracksChanged", "InputAudioMonitorTypeChanged"),
    _ES.TRANSITIONS: ("CurrentSceneTransitionChanged", "CurrentSceneTransitionDurationChanged",
                      "SceneTransitionStarted", "SceneTransitionEnded", "SceneTransitionVideoEnded"),
    _ES.FILTERS: ("SourceFilterListReindexed", "SourceFilterCreated", "SourceFilterRemoved",
                  "SourceFilterNameChanged", "SourceFilterSettingsChanged", "SourceFilterEnableStateChanged"),
    _ES.OUTPUTS: ("StreamStateChanged", "RecordStateChanged", "RecordFileChanged", "ReplayBufferStateChanged",
                  "VirtualcamStateChanged", "ReplayBufferSaved"),
    _ES.SCENE_ITEMS: ("SceneItemCreated", "SceneItemRemoved", "SceneItemListReindexed",
                      "SceneItemEnableStateChanged", "SceneItemLockStateChanged", "SceneItemSelected"),
    _ES.MEDIA_INPUTS: ("MediaInputPlaybackStarted", "MediaInputPlaybackEnded", "MediaInputActionTriggered"),
    _ES.VENDORS: ("VendorEvent",),
    _ES.UI: ("StudioModeStateChanged", "ScreenshotSaved"),
    _ES.CANVASES: ("CanvasCreated", "CanvasRemoved", "CanvasNameChanged"),
    _ES.INPUT_VOLUME_METERS: ("InputVolumeMeters",),
    _ES.INPUT_ACTIVE_STATE_CHANGED: ("InputActiveStateChanged",),
    _ES.INPUT_SHOW_STATE_CHANGED: ("InputShowStateChanged",),
    _ES.SCENE_ITEM_TRANSFORM_CHANGED: ("SceneItemTransformChanged",),
}
EVENT_SUBSCRIPTIONS: dict[str, EventSubscription] = {
    name: sub for sub, names in _EVENTS_BY_SUBSCRIPTION.items() for name in names}


def event_subscription(event_type: str) -> EventSubscription:
    """The subscription bit needed to receive event_type; KeyError for an event the document does not list."""
    return EVENT_SUBSCRIPTIONS[event_type]


# ---- errors ---------------------------------------------------------------------------------------------


class ProtocolError(ValueError):
    """A message that breaks the protocol; close_code is what obs-websocket would close the socket with."""

    def __init__(self, close_code: CloseCode, message: str) -> None:
        super().__init__(message)
        self.close_code = CloseCode(close_code)


class AuthenticationRequired(ValueError):
    """The server's Hello asks for a password and the client has none."""


# ---- authentication -------------------------------------------------------------------------------------


def auth_secret(password: str, salt: str) -> str:
    """base64(sha256(password + salt)): the secret a server keeps instead of the password."""
    return base64.b64encode(hashlib.sha256((password + salt).encode("utf-8")).digest()).decode("ascii")


def auth_string(password: str, salt: str, challenge: str) -> str:
    """The Identify authentication string: base64(sha256(base64(sha256(password + salt)) + challenge))."""
    secret = auth_secret(password, salt)
    return base64.b64encode(hashlib.sha256((secret + challenge).encode("utf-8")).digest()).decode("ascii")


def choose_rpc_version(server_version: int, supported: Iterable[int] = (RPC_VERSION,)) -> int:
    """What a client puts in Identify: the server's rpcVersion when the client supports it, else the client's
    newest version below it, else the client's oldest (the server then closes with 4010 if it cannot)."""
    versions = sorted(set(supported))
    if not versions:
        raise ValueError("no supported RPC versions given")
    if server_version in versions:
        return server_version
    below = [v for v in versions if v < server_version]
    return below[-1] if below else versions[0]


# ---- field validation -----------------------------------------------------------------------------------

_MISSING = object()


def _get(d: Mapping[str, Any], key: str, kind: str, *, required: bool, default: Any = None,
         where: str) -> Any:
    value = d.get(key, _MISSING)
    if value is _MISSING:
        if required:
            raise ProtocolError(CloseCode.MISSING_DATA_FIELD, f"{where}: missing field {key!r}")
        return default
    ok = {
        "str": lambda v: isinstance(v, str),
        "int": lambda v: (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer()),
        "bool": lambda v: isinstance(v, bool),
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
        "id": lambda v: isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)),
        "object?": lambda v: v is None or isinstance(v, dict),
        "str?": lambda v: v is None or isinstance(v, str),
    }[kind](value)
    if not ok:
        names = {"str": "a string", "int": "an integer", "bool": "a boolean", "object": "an object",
                 "array": "an array", "id": "a string (or integer)", "object?": "an object",
                 "str?": "a string"}
        raise ProtocolError(CloseCode.INVALID_DATA_FIELD_TYPE,
                            f"{where}: field {key!r} must be {names[kind]}, got {type(value).__name__}")
    if kind == "int":
        return int(value)
    return value


def _subscriptions(d: Mapping[str, Any], where: str) -> int:
    subs = _get(d, "eventSubscriptions", "int", required=False, default=int(EventSubscription.ALL),
                where=where)
    if subs < 0:
        raise ProtocolError(CloseCode.INVALID_DATA_FIELD_VALUE, f"{where}: eventSubscriptions must be >= 0")
    return subs


def _rpc(d: Mapping[str, Any], key: str, where: str) -> int:
    version = _get(d, key, "int", required=True, where=where)
    if version < 1:
        raise ProtocolError(CloseCode.INVALID_DATA_FIELD_VALUE, f"{where}: {key} must be >= 1, got {version}")
    return version


# ---- messages -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuthChallenge:
    challenge: str
    salt: str


@dataclass(frozen=True)
class Hello:
    """The server's greeting. obsStudioVersion came to Hello after obs-websocket 5.1.0 (OBS 29.0 sends only
    obsWebSocketVersion, rpcVersion and authentication, seen on a real OBS 29.0.2), so it is optional here and ""
    when absent; every 5.x sends obsWebSocketVersion and rpcVersion."""
    op: ClassVar[OpCode] = OpCode.HELLO
    obs_studio_version: str = ""
    obs_websocket_version: str = ""
    rpc_version: int = RPC_VERSION
    authentication: AuthChallenge | None = None

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"obsStudioVersion": self.obs_studio_version} if self.obs_studio_version else {}
        d |= {"obsWebSocketVersion": self.obs_websocket_version, "rpcVersion": self.rpc_version}
        if self.authentication is not None:
            d["authentication"] = {"challenge": self.authentication.challenge,
                                   "salt": self.authentication.salt}
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Hello:
        w = "Hello"
        auth = _get(d, "authentication", "object", required=False, where=w)
        return cls(obs_studio_version=_get(d, "obsStudioVersion", "str", required=False, default="", where=w),
                   obs_websocket_version=_get(d, "obsWebSocketVersion", "str", required=True, where=w),
                   rpc_version=_rpc(d, "rpcVersion", w),
                   authentication=None if auth is None else AuthChallenge(
                       challenge=_get(auth, "challenge", "str", required=True, where="Hello.authentication"),
                       salt=_get(auth, "salt", "str", required=True, where="Hello.authentication")))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Identify:
    op: ClassVar[OpCode] = OpCode.IDENTIFY
    rpc_version: int = RPC_VERSION
    authentication: str | None = None
    event_subscriptions: int = int(EventSubscription.ALL)

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"rpcVersion": self.rpc_version}
        if self.authentication is not None:
            d["authentication"] = self.authentication
        d["eventSubscriptions"] = int(self.event_subscriptions)
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Identify:
        w = "Identify"
        return cls(rpc_version=_rpc(d, "rpcVersion", w),
                   authentication=_get(d, "authentication", "str", required=False, where=w),
                   event_subscriptions=_subscriptions(d, w))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Identified:
    op: ClassVar[OpCode] = OpCode.IDENTIFIED
    negotiated_rpc_version: int = RPC_VERSION

    def data(self) -> dict[str, Any]:
        return {"negotiatedRpcVersion": self.negotiated_rpc_version}

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Identified:
        return cls(negotiated_rpc_version=_rpc(d, "negotiatedRpcVersion", "Identified"))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Reidentify:
    op: ClassVar[OpCode] = OpCode.REIDENTIFY
    event_subscriptions: int = int(EventSubscription.ALL)

    def data(self) -> dict[str, Any]:
        return {"eventSubscriptions": int(self.event_subscriptions)}

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Reidentify:
        return cls(event_subscriptions=_subscriptions(d, "Reidentify"))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Event:
    op: ClassVar[OpCode] = OpCode.EVENT
    event_type: str
    event_intent: int
    event_data: dict[str, Any] | None = None

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"eventType": self.event_type, "eventIntent": int(self.event_intent)}
        if self.event_data is not None:
            d["eventData"] = self.event_data
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Event:
        w = "Event"
        return cls(event_type=_get(d, "eventType", "str", required=True, where=w),
                   event_intent=_get(d, "eventIntent", "int", required=True, where=w),
                   event_data=_get(d, "eventData", "object?", required=False, where=w))

    @classmethod
    def of(cls, event_type: str, event_data: dict[str, Any] | None = None) -> Event:
        """An event with its intent looked up from the document's table."""
        return cls(event_type, int(event_subscription(event_type)), event_data)

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Request:
    op: ClassVar[OpCode] = OpCode.REQUEST
    request_type: str
    request_id: str | int
    request_data: dict[str, Any] | None = None

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"requestType": self.request_type, "requestId": self.request_id}
        if self.request_data is not None:
            d["requestData"] = self.request_data
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any], *, where: str = "Request", id_required: bool = True) -> Request:
        return cls(request_type=_get(d, "requestType", "str", required=True, where=where),
                   request_id=_get(d, "requestId", "id", required=id_required, default="", where=where),
                   request_data=_get(d, "requestData", "object?", required=False, where=where))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class Status:
    """A RequestResponse's requestStatus: result is True exactly when code is RequestStatus.SUCCESS."""
    result: bool
    code: int
    comment: str | None = None

    @classmethod
    def success(cls) -> Status:
        return cls(True, int(RequestStatus.SUCCESS))

    @classmethod
    def failure(cls, code: int, comment: str | None = None) -> Status:
        return cls(False, int(code), comment)

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"result": self.result, "code": self.code}
        if self.comment is not None:
            d["comment"] = self.comment
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> Status:
        w = "requestStatus"
        return cls(result=_get(d, "result", "bool", required=True, where=w),
                   code=_get(d, "code", "int", required=True, where=w),
                   comment=_get(d, "comment", "str?", required=False, where=w))


@dataclass(frozen=True)
class RequestResponse:
    op: ClassVar[OpCode] = OpCode.REQUEST_RESPONSE
    request_type: str
    request_id: str | int
    request_status: Status
    response_data: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.request_status.result

    def data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"requestType": self.request_type, "requestId": self.request_id,
                             "requestStatus": self.request_status.data()}
        if self.response_data is not None:
            d["responseData"] = self.response_data
        return d

    @classmethod
    def from_data(cls, d: Mapping[str, Any], *, where: str = "RequestResponse",
                  id_required: bool = True) -> RequestResponse:
        status = _get(d, "requestStatus", "object", required=True, where=where)
        return cls(request_type=_get(d, "requestType", "str", required=True, where=where),
                   request_id=_get(d, "requestId", "id", required=id_required, default="", where=where),
                   request_status=Status.from_data(status),
                   response_data=_get(d, "responseData", "object?", required=False, where=where))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class RequestBatch:
    op: ClassVar[OpCode] = OpCode.REQUEST_BATCH
    request_id: str | int
    requests: tuple[Request, ...] = field(default_factory=tuple)
    halt_on_failure: bool = False
    execution_type: int = int(BatchExecutionType.SERIAL_REALTIME)

    def data(self) -> dict[str, Any]:
        reqs = []
        for r in self.requests:
            item = r.data()
            if item["requestId"] in ("", None):  # optional inside a batch
                del item["requestId"]
            reqs.append(item)
        return {"requestId": self.request_id, "haltOnFailure": self.halt_on_failure,
                "executionType": int(self.execution_type), "requests": reqs}

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> RequestBatch:
        w = "RequestBatch"
        execution = _get(d, "executionType", "int", required=False,
                         default=int(BatchExecutionType.SERIAL_REALTIME), where=w)
        if execution not in {int(t) for t in BatchExecutionType} or execution == BatchExecutionType.NONE:
            raise ProtocolError(CloseCode.INVALID_DATA_FIELD_VALUE, f"{w}: unknown executionType {execution}")
        items = _get(d, "requests", "array", required=True, where=w)
        requests = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise ProtocolError(CloseCode.INVALID_DATA_FIELD_TYPE,
                                    f"{w}: requests[{i}] must be an object")
            requests.append(Request.from_data(item, where=f"{w}.requests[{i}]", id_required=False))
        return cls(request_id=_get(d, "requestId", "id", required=True, where=w), requests=tuple(requests),
                   halt_on_failure=_get(d, "haltOnFailure", "bool", required=False, default=False, where=w),
                   execution_type=execution)

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


@dataclass(frozen=True)
class RequestBatchResponse:
    op: ClassVar[OpCode] = OpCode.REQUEST_BATCH_RESPONSE
    request_id: str | int
    results: tuple[RequestResponse, ...] = field(default_factory=tuple)

    def data(self) -> dict[str, Any]:
        results = []
        for r in self.results:
            item = r.data()
            if item["requestId"] in ("", None):
                del item["requestId"]
            results.append(item)
        return {"requestId": self.request_id, "results": results}

    @classmethod
    def from_data(cls, d: Mapping[str, Any]) -> RequestBatchResponse:
        w = "RequestBatchResponse"
        items = _get(d, "results", "array", required=True, where=w)
        results = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise ProtocolError(CloseCode.INVALID_DATA_FIELD_TYPE, f"{w}: results[{i}] must be an object")
            results.append(RequestResponse.from_data(item, where=f"{w}.results[{i}]", id_required=False))
        return cls(request_id=_get(d, "requestId", "id", required=True, where=w), results=tuple(results))

    def to_message(self) -> dict[str, Any]:
        return {"op": int(self.op), "d": self.data()}


Message = (Hello | Identify | Identified | Reidentify | Event | Request | RequestResponse | RequestBatch
           | RequestBatchResponse)

MESSAGE_TYPES: dict[OpCode, type] = {
    OpCode.HELLO: Hello, OpCode.IDENTIFY: Identify, OpCode.IDENTIFIED: Identified,
    OpCode.REIDENTIFY: Reidentify, OpCode.EVENT: Event, OpCode.REQUEST: Request,
    OpCode.REQUEST_RESPONSE: RequestResponse, OpCode.REQUEST_BATCH: RequestBatch,
    OpCode.REQUEST_BATCH_RESPONSE: RequestBatchResponse,
}


def encode(message: Message) -> str:
    """The JSON text frame for a message."""
    return json.dumps(message.to_message(), separators=(",", ":"), ensure_ascii=False)


def parse(obj: Any) -> Message:
    """A decoded JSON value checked against the base object {"op": number, "d": object} and its op's
    fields."""
    if not isinstance(obj, dict):
        raise ProtocolError(CloseCode.MESSAGE_DECODE_ERROR,
                            f"a message must be a JSON object, got {type(obj).__name__}")
    if "request-type" in obj:
        raise ProtocolError(CloseCode.UNSUPPORTED_RPC_VERSION,
                            "this is an obs-websocket 4.x message (request-type); OBS 28+ speaks protocol v5")
    if "op" not in obj:
        raise ProtocolError(CloseCode.UNKNOWN_OP_CODE, "the message has no 'op' field")
    op = obj["op"]
    if isinstance(op, bool) or not isinstance(op, int):
        raise ProtocolError(CloseCode.UNKNOWN_OP_CODE, f"'op' must be an integer, got {op!r}")
    try:
        code = OpCode(op)
    except ValueError:
        raise ProtocolError(CloseCode.UNKNOWN_OP_CODE, f"unknown op code {op}") from None
    if "d" not in obj:
        raise ProtocolError(CloseCode.MISSING_DATA_FIELD,
                            f"op {op} ({code.name}): the message has no 'd' field")
    d = obj["d"]
    if not isinstance(d, dict):
        raise ProtocolError(CloseCode.INVALID_DATA_FIELD_TYPE,
                            f"op {op} ({code.name}): 'd' must be an object, got {type(d).__name__}")
    return MESSAGE_TYPES[code].from_data(d)


def decode(text: str | bytes) -> Message:
    """A JSON text frame parsed and validated. ProtocolError (with its close code) when it is not valid, and
    nothing else, whatever the frame holds."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(CloseCode.MESSAGE_DECODE_ERROR, "the message is not valid UTF-8") from None
    if not isinstance(text, str):
        raise ProtocolError(CloseCode.MESSAGE_DECODE_ERROR, f"a message is text, not {type(text).__name__}")
    try:
        obj = json.loads(text)
    except ValueError as e:
        raise ProtocolError(CloseCode.MESSAGE_DECODE_ERROR, f"the message is not valid JSON: {e}") from None
    except RecursionError:
        raise ProtocolError(CloseCode.MESSAGE_DECODE_ERROR, "the message's JSON is nested too deeply") from None
    return parse(obj)


def identify_for(hello: Hello, password: str | None, *,
                 event_subscriptions: int = int(EventSubscription.ALL),
                 supported_rpc: Iterable[int] = (RPC_VERSION,)) -> Identify:
    """The Identify answering a Hello: the negotiated rpcVersion and, when asked for, the auth string."""
    authentication = None
    if hello.authentication is not None:
        if not password:
            raise AuthenticationRequired(
                "OBS asks for a WebSocket password and none is set. Copy it from OBS (Tools → WebSocket Server "
                "Settings → Show Connect Info) into Settings → OBS.")
        authentication = auth_string(password, hello.authentication.salt, hello.authentication.challenge)
    return Identify(rpc_version=choose_rpc_version(hello.rpc_version, supported_rpc),
                    authentication=authentication, event_subscriptions=int(event_subscriptions))


# ---- human text -----------------------------------------------------------------------------------------

CLOSE_MESSAGES: dict[int, str] = {
    CloseCode.UNKNOWN_REASON: "OBS closed the connection for an unknown reason.",
    CloseCode.MESSAGE_DECODE_ERROR: "OBS could not decode a message it was sent.",
    CloseCode.MISSING_DATA_FIELD: "OBS received a message with a required field missing.",
    CloseCode.INVALID_DATA_FIELD_TYPE: "OBS received a message with a field of the wrong type.",
    CloseCode.INVALID_DATA_FIELD_VALUE: "OBS received a message with an invalid field value.",
    CloseCode.UNKNOWN_OP_CODE: "OBS received a message of an unknown type.",
    CloseCode.NOT_IDENTIFIED: "OBS received a message before the connection was identified.",
    CloseCode.ALREADY_IDENTIFIED: "OBS received a second Identify on the same connection.",
    CloseCode.AUTHENTICATION_FAILED: "OBS refused the password. Copy it from OBS (Tools → WebSocket Server "
                                     "Settings → Show Connect Info) into Settings → OBS; Bea does not try again "
                                     "until then.",
    CloseCode.UNSUPPORTED_RPC_VERSION: "OBS speaks a different version of the obs-websocket protocol. "
                                       "Update OBS (28 or newer) or this app.",
    CloseCode.SESSION_INVALIDATED: "OBS ended this session (it was kicked from OBS's session list). "
                                   "Not reconnecting until you connect again.",
    CloseCode.UNSUPPORTED_FEATURE: "OBS does not support a feature this connection asked for.",
    1000: "The connection to OBS was closed.",
    1001: "OBS is shutting down or went away.",
    1002: "The connection to OBS was closed after a protocol error.",
    1003: "OBS refused a message it cannot accept.",
    1005: "The connection to OBS was closed without a reason.",
    1006: "The connection to OBS was lost.",
    1007: "OBS received malformed text.",
    1008: "OBS closed the connection (policy violation).",
    1009: "A message was too big for OBS.",
    1011: "OBS hit an internal error.",
    1012: "OBS's WebSocket server is restarting.",
    1013: "OBS is overloaded; try again later.",
    1015: "The secure connection to OBS failed.",
}

# after these, trying again with the same settings cannot help (4011: the document says never auto-reconnect)
NO_RECONNECT = frozenset({CloseCode.AUTHENTICATION_FAILED, CloseCode.UNSUPPORTED_RPC_VERSION,
                          CloseCode.SESSION_INVALIDATED, CloseCode.UNSUPPORTED_FEATURE})


def describe_close(code: int | None, reason: str = "") -> str:
    """A sentence for the user about why the connection closed, with OBS's own reason appended when given."""
    if code is None:
        text = "The connection to OBS was closed."
    elif code in CLOSE_MESSAGES:
        text = CLOSE_MESSAGES[code]
    else:
        text = f"The connection to OBS closed with code {code}."
    reason = (reason or "").strip()
    if reason and reason.rstrip(".") not in text:
        text = f"{text} (OBS said: {reason})"
    return text


def should_reconnect(code: int | None) -> bool:
    """Whether automatic reconnection makes sense after this close code."""
    return code not in NO_RECONNECT


STATUS_MESSAGES: dict[int, str] = {
    RequestStatus.SUCCESS: "Done.",
    RequestStatus.MISSING_REQUEST_TYPE: "The request has no type.",
    RequestStatus.UNKNOWN_REQUEST_TYPE: "OBS does not know this request (is OBS up to date?).",
    RequestStatus.GENERIC_ERROR: "OBS reported an error.",
    RequestStatus.UNSUPPORTED_REQUEST_BATCH_EXECUTION_TYPE: "OBS does not support this batch execution type.",
    RequestStatus.NOT_READY: "OBS is not ready (it may be changing scene collection or exiting); try again.",
    RequestStatus.MISSING_REQUEST_FIELD: "A required field is missing from the request.",
    RequestStatus.MISSING_REQUEST_DATA: "The request has no data.",
    RequestStatus.INVALID_REQUEST_FIELD: "A request field is invalid.",
    RequestStatus.INVALID_REQUEST_FIELD_TYPE: "A request field has the wrong type.",
    RequestStatus.REQUEST_FIELD_OUT_OF_RANGE: "A request field is out of range.",
    RequestStatus.REQUEST_FIELD_EMPTY: "A request field is empty.",
    RequestStatus.TOO_MANY_REQUEST_FIELDS: "The request has too many fields.",
    RequestStatus.OUTPUT_RUNNING: "That output is already running.",
    RequestStatus.OUTPUT_NOT_RUNNING: "That output is not running.",
    RequestStatus.OUTPUT_PAUSED: "That output is paused.",
    RequestStatus.OUTPUT_NOT_PAUSED: "That output is not paused.",
    RequestStatus.OUTPUT_DISABLED: "That output is disabled.",
    RequestStatus.STUDIO_MODE_ACTIVE: "Studio mode is on.",
    RequestStatus.STUDIO_MODE_NOT_ACTIVE: "Studio mode is off.",
    RequestStatus.RESOURCE_NOT_FOUND: "OBS has no scene or source by that name.",
    RequestStatus.RESOURCE_ALREADY_EXISTS: "That already exists in OBS.",
    RequestStatus.INVALID_RESOURCE_TYPE: "That scene or source is of the wrong type.",
    RequestStatus.NOT_ENOUGH_RESOURCES: "There are not enough of that resource.",
    RequestStatus.INVALID_RESOURCE_STATE: "That resource is in a state that does not allow this.",
    RequestStatus.INVALID_INPUT_KIND: "That source is of the wrong kind.",
    RequestStatus.RESOURCE_NOT_CONFIGURABLE: "That resource cannot be configured.",
    RequestStatus.INVALID_FILTER_KIND: "That filter is of the wrong kind.",
    RequestStatus.RESOURCE_CREATION_FAILED: "OBS failed to create it.",
    RequestStatus.RESOURCE_ACTION_FAILED: "OBS failed to perform the action.",
    RequestStatus.REQUEST_PROCESSING_FAILED: "OBS failed to process the request.",
    RequestStatus.CANNOT_ACT: "That combination of request fields cannot be acted on.",
}


def describe_status(code: int, comment: str | None = None) -> str:
    """A sentence for a RequestStatus code, with OBS's comment appended when given."""
    text = STATUS_MESSAGES.get(code, f"OBS answered with status {code}.")
    if comment:
        text = f"{text} ({comment})"
    return text

