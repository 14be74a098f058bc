"""Server-Sent Events, parsed incrementally from byte chunks that may be split anywhere.

Theory of operation (the WHATWG event-stream rules, with one lenient exception in rule 7 and the size caps of
rule 8):
1. Bytes are buffered until a line ending: "\\r\\n", "\\n" or a lone "\\r". A "\\r" that ends a chunk ends
   the line, and a "\\n" opening the next chunk is then swallowed as its other half.
2. Each complete line is decoded as UTF-8 (bad bytes become U+FFFD). Lines are cut on ASCII bytes, so a
   multi-byte character split across chunks is whole again before decoding. A byte-order mark opening the
   stream is dropped.
3. A line starting with ":" is a comment (servers send them as keep-alives) and is ignored; `fields` counts
   the lines that are neither comments nor blank, so a caller can tell a stream of keep-alives from content.
4. Otherwise the line is "field:value" with one space after the colon removed, or just "field" with an empty
   value. data lines append to the data buffer, event sets the event name, id sets the last event id
   (unless it contains NUL), retry sets retry_ms (digits only). Unknown fields are ignored.
5. A blank line dispatches an event: its data lines joined by "\\n", its name ("message" when none was
   given) and the last event id. With no data lines nothing is dispatched. Name and data then reset.
6. feed() returns the events its chunk completed, in order; the parser never looks ahead further.
7. close() ends the stream. A last line without its ending is still a line, and an event left without
   its blank line is dispatched anyway, because some servers omit the final blank line; whether the
   stream was complete is the caller's judgement, made on content (a [DONE] or a stop event).
8. Feeding costs time linear in the bytes fed: each chunk's bytes are searched for a line ending once,
   never again however long the unfinished line grows. A line longer than max_line bytes, or an event
   whose data lines add up to more than max_event bytes, raises SSETooLarge (the stream is unusable
   after it): a server that sends an endless line or an endless event cannot exhaust memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_EOL = re.compile(rb"[\r\n]")
_BOM = "\ufeff"
MAX_LINE = 1 << 20
MAX_EVENT = 1 << 20


class SSETooLarge(ValueError):
    """A line or an event over its cap (rule 8); `what` is "line" or "event", `limit` the cap in bytes."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"{'an' if what == 'event' else 'a'} {what} larger than {limit} bytes")
        self.what = what
        self.limit = limit


@dataclass(frozen=True)
class SSEEvent:
    data: str
    event: str = "message"
    id: str | None = None


class SSEParser:
    def __init__(self, max_line: int = MAX_LINE, max_event: int = MAX_EVENT) -> None:
        self._max_line = max_line
        self._max_event = max_event
        self._buf = bytearray()
        self._swallow_lf = False
        self._first_line = True
        self._data: list[str] = []
        self._data_bytes = 0
        self._event = ""
        self.last_event_id: str | None = None
        self.retry_ms: int | None = None
        self.fields = 0

    def feed(self, chunk: bytes) -> list[SSEEvent]:
        """The events `chunk` completed (rule 6); SSETooLarge (rule 8) is the only error, whatever the bytes."""
        if not chunk:
            return []
        if self._swallow_lf:
            self._swallow_lf = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
        # what is already buffered holds no line ending (every complete line was taken), so only the new
        # bytes are searched (rule 8)
        scan = len(self._buf)
        self._buf += chunk
        events: list[SSEEvent] = []
        buf, start = self._buf, 0
        while (m := _EOL.search(buf, scan)) is not None:
            end = m.start()
            if end - start > self._max_line:
                raise SSETooLarge("line", self._max_line)
            line = bytes(buf[start:end])
            if buf[end] == 0x0D:  # "\r": maybe half of "\r\n"
                if end + 1 < len(buf):
                    start = end + 2 if buf[end + 1] == 0x0A else end + 1
                else:
                    start = end + 1
                    self._swallow_lf = True
            else:
                start = end + 1
            scan = start
            self._line(line, events)
        del buf[:start]
        if len(buf) > self._max_line:
            raise SSETooLarge("line", self._max_line)
        return events

    def close(self) -> list[SSEEvent]:
        """What the end of the stream completes (rule 7); SSETooLarge is the only error."""
        events: list[SSEEvent] = []
        if self._buf:
            self._line(bytes(self._buf), events)
            self._buf.clear()
        self._line(b"", events)
        return events

    def _line(self, raw: bytes, events: list[SSEEvent]) -> None:
        line = raw.decode("utf-8", errors="replace")
        if self._first_line:
            self._first_line = False
            line = line.removeprefix(_BOM)
        if not line:
            self._dispatch(events)
            return
        if line.startswith(":"):
            return
        self.fields += 1
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data_bytes += len(raw) + 1
            if self._data_bytes > self._max_event:
                raise SSETooLarge("event", self._max_event)
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id":
            if "\0" not in value:
                self.last_event_id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            self.retry_ms = int(value)

    def _dispatch(self, events: list[SSEEvent]) -> None:
        if self._data:
            events.append(SSEEvent("\n".join(self._data), self._event or "message", self.last_event_id))
        self._data = []
        self._data_bytes = 0
        self._event = ""
