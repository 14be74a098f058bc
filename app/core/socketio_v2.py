"""Socket.IO 2 over Engine.IO 3, websocket transport only: the frames read (pure; a client sends only PING).

This is the protocol the Streamlabs socket API still speaks (its clients pin socket.io-client 2), written from
the Engine.IO 3 and Socket.IO 2 protocol documents:

1. A websocket text frame is one Engine.IO packet: a digit for its type, then its payload.
   0 open (JSON: sid, upgrades, pingInterval and pingTimeout in ms), 1 close, 2 ping, 3 pong, 4 message,
   5 upgrade, 6 noop. In Engine.IO 3 the client pings every pingInterval and the server answers pong; a
   server silent for pingInterval + pingTimeout is gone.
2. A message's payload is one Socket.IO packet: a digit for its type (0 connect, 1 disconnect, 2 event, 3 ack,
   4 error, 5 binary event, 6 binary ack), then for binary types "<count>-", then an optional namespace
   "/name," (the default namespace "/" is written as nothing), an optional ack id (digits), and JSON data.
   An event's data is a JSON array whose first item is the event's name.
3. Anything else is a ProtocolError saying what was wrong; nothing here raises anything else, whatever the
   frame (and whatever a parse_json given raises, as long as it is a ValueError or a RecursionError). Digits
   are ASCII only ("²" and "٣" are digits to str.isdigit, not to the protocol); an attachment count or an ack
   id has at most 18 of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OPEN, CLOSE, PING, PONG, MESSAGE, UPGRADE, NOOP = "0123456"
CONNECT, DISCONNECT, EVENT, ACK, ERROR, BINARY_EVENT, BINARY_ACK = range(7)
ENGINE_TYPES = frozenset(OPEN + CLOSE + PING + PONG + MESSAGE + UPGRADE + NOOP)
MAX_FRAME_CHARS = 1_000_000
_NUMBER = re.compile(r"[0-9]{1,18}")
_LEADING_NUMBER = re.compile(r"[0-9]{0,18}(?![0-9])")


class ProtocolError(ValueError):
    """A frame that is not Engine.IO 3 / Socket.IO 2; str() says why."""


@dataclass(frozen=True)
class Handshake:
    sid: str
    ping_interval_s: float
    ping_timeout_s: float


@dataclass(frozen=True)
class SocketPacket:
    type: int
    namespace: str = "/"
    data: Any = None
    ack_id: int | None = None
    attachments: int = 0

    @property
    def event(self) -> tuple[str, list[Any]] | None:
        """(name, arguments) of an event packet, else None."""
        if self.type != EVENT or not isinstance(self.data, list) or not self.data or \
                not isinstance(self.data[0], str):
            return None
        return self.data[0], self.data[1:]


@dataclass(frozen=True)
class EngineFrame:
    type: str
    payload: str = ""
    socket: SocketPacket | None = field(default=None)


def parse_frame(text: str, parse_json: Callable[[str], Any] = json.loads) -> EngineFrame:
    """One websocket text frame (rules 1 and 2). parse_json decodes the JSON parts (e.g. with exact decimals).
    ProtocolError, and nothing else, for a frame that is not Engine.IO 3 / Socket.IO 2 (rule 3)."""
    if not isinstance(text, str) or not text:
        raise ProtocolError("an empty frame")
    if len(text) > MAX_FRAME_CHARS:
        raise ProtocolError(f"a frame of {len(text)} characters (at most {MAX_FRAME_CHARS})")
    kind, payload = text[0], text[1:]
    if kind not in ENGINE_TYPES:
        raise ProtocolError(f"unknown Engine.IO packet type {kind!r}")
    if kind == MESSAGE:
        return EngineFrame(kind, payload, parse_socket(payload, parse_json))
    return EngineFrame(kind, payload)


MAX_PING_MS = 3_600_000   # an hour: a server asking for pings further apart (or 10**400 ms apart) is not one to trust


def parse_handshake(payload: str) -> Handshake:
    """The open packet's JSON; ProtocolError, and nothing else, when it is not a usable handshake."""
    try:
        data = json.loads(payload)
    except (ValueError, TypeError, RecursionError):
        raise ProtocolError("the open packet is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("the open packet is not a JSON object")
    sid, interval, timeout = data.get("sid"), data.get("pingInterval"), data.get("pingTimeout")
    if not isinstance(sid, str) or not sid:
        raise ProtocolError("the open packet has no sid")
    for name, value in (("pingInterval", interval), ("pingTimeout", timeout)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_PING_MS:
            raise ProtocolError(f"the open packet's {name} is not a whole number of ms from 1 to {MAX_PING_MS}")
    return Handshake(sid, interval / 1000.0, timeout / 1000.0)


def parse_socket(payload: str, parse_json: Callable[[str], Any] = json.loads) -> SocketPacket:
    """A Socket.IO 2 packet (rule 2); ProtocolError, and nothing else, when it is not one (rule 3)."""
    if not isinstance(payload, str):
        raise ProtocolError("a packet is text")
    if not payload or payload[0] not in "0123456":
        raise ProtocolError(f"unknown Socket.IO packet type {payload[:1]!r}")
    kind, rest = int(payload[0]), payload[1:]
    attachments = 0
    if kind in (BINARY_EVENT, BINARY_ACK):
        count, dash, rest = rest.partition("-")
        if not dash or not _NUMBER.fullmatch(count):
            raise ProtocolError("a binary packet without its attachment count")
        attachments = int(count)
    namespace = "/"
    if rest.startswith("/"):
        name, comma, after = rest.partition(",")
        namespace, rest = name, (after if comma else "")
    digits = _LEADING_NUMBER.match(rest)
    if digits is None:
        raise ProtocolError("an ack id longer than 18 digits")
    ack_id = int(digits.group()) if digits.group() else None
    rest = rest[digits.end():]
    data = None
    if rest:
        try:
            data = parse_json(rest)
        except (ValueError, RecursionError):
            raise ProtocolError("the packet's data is not JSON") from None
    if kind in (EVENT, BINARY_EVENT) and (not isinstance(data, list) or not data or not isinstance(data[0], str)):
        raise ProtocolError("an event without a name")
    return SocketPacket(kind, namespace, data, ack_id, attachments)


def error_text(packet: SocketPacket) -> str:
    """What an error packet says, as plain words."""
    data = packet.data
    if isinstance(data, dict):
        data = data.get("message", data)
    return str(data) if data is not None else "refused"
