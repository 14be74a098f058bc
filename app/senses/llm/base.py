"""The LLM client contract: the protocol every backend speaks, its errors, and the streamed HTTP exchange.

A client turns wire-neutral Messages and Tools into one AssistantMessage, streaming fragments to an optional
on_delta listener as they arrive. Every failure is an LLMError subclass, so a pool can tell a transient
failure (try the next model) from a configuration one (a model that rejects tools, a missing key) without
knowing any provider's wire format.

Every call runs under deadlines that nothing the server sends can push back (Deadlines): one for the first
real content (text, reasoning or a tool call; SSE comments and empty keep-alive chunks do not count) and one
for the whole call. A server that pings for ever, never answers, or streams an endless line fails within
them with a ModelTimeout naming the deadline that passed. The first-token deadline is the client's Pace for this
prompt (app.core.model_pace: the prompt's size over the server's learnt speed) when it has one; each call tells
the Pace how long the server took to begin, or that it did not begin in time, and a refusal that names the
server's context tells it that size. Leaving a call early (a deadline, a barge-in) closes its connection, which
is how these servers hear that nobody waits for the answer any more.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import aiohttp

from app.core import model_pace, strict_json
from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, ToolCall
from app.core.cooldown import http_date, retry_after_seconds
from app.core.sse import SSEEvent, SSEParser, SSETooLarge
from app.core.tools import Tool
from app.senses.netgate import NetworkGate, PrivacyRefused

OnDelta = Callable[[Delta], None]
# "auto", "required", "none", or the name of one of the tools sent, to force a call to that tool
ToolChoice = Literal["auto", "required", "none"] | str
TOOL_CHOICE_KEYWORDS = ("auto", "required", "none")
_MESSAGE_LIMIT = 300


@dataclass(frozen=True)
class CallOptions:
    temperature: float | None = None
    max_tokens: int | None = None
    tool_choice: ToolChoice = "auto"


@dataclass(frozen=True)
class Timeouts:
    """Seconds. connect: to open the connection. first_token: from the request to the first real content
    (a local model on a CPU may read a long prompt for a while). total: the whole call, however the server
    keeps it alive. read: the longest silence on the socket (no bytes at all, not even a keep-alive),
    None for no limit beyond the other two."""
    connect: float = 10.0
    first_token: float = 60.0
    total: float = 180.0
    read: float | None = None


DEFAULT_TIMEOUTS = Timeouts()


class Pace(Protocol):
    """What a client learns about its server's speed and size, and asks before each call (app.senses.llm.figures
    keeps them per model)."""

    def first_token(self, model: str, prompt_tokens: int) -> float:
        """Seconds the server may take to begin answering a prompt of `prompt_tokens`."""
        ...

    def began(self, model: str, prompt_tokens: int, seconds: float, timings: Mapping[str, Any] | None) -> None:
        """The server began answering after `seconds` (its own timings, when it sent them)."""
        ...

    def timed_out(self, model: str, prompt_tokens: int, waited: float) -> None: ...

    def context(self, model: str, tokens: int) -> None:
        """The server said it holds `tokens` at once."""
        ...


class LLMClient(Protocol):
    name: str

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage: ...

    async def aclose(self) -> None: ...


class LLMError(Exception):
    """retry_after: the seconds the server asked to wait before asking again (Retry-After), if it said."""

    def __init__(self, model: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(f"{model}: {message}")
        self.model = model
        self.reason = message
        self.retry_after = retry_after


class RateLimited(LLMError):
    pass


class ServerError(LLMError):
    def __init__(self, model: str, message: str, status: int | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(model, message, retry_after)
        self.status = status


class ModelTimeout(LLMError):
    pass


class MalformedStream(LLMError):
    pass


class Unreachable(LLMError):
    """Nothing answered at the base URL (connection refused, unknown host)."""


class PrivacyBlocked(Unreachable):
    """Privacy mode refused the base URL before any connection was made."""


class ToolsUnsupported(LLMError):
    pass


class AuthError(LLMError):
    pass


class RequestRejected(LLMError):
    """Any other refusal of the request itself: an unknown model, a bad parameter."""


class ContextExceeded(RequestRejected):
    """The prompt is larger than the server's context, which the refusal named: `context` tokens."""

    def __init__(self, model: str, message: str, context: int) -> None:
        super().__init__(model, message)
        self.context = context


# The sentences servers use to refuse tools: Ollama "does not support tools", OpenRouter "No endpoints found
# that support tool use", vLLM "auto tool choice requires --enable-auto-tool-choice", llama.cpp "tools param
# requires --jinja flag", and the generic "tool calling is not supported".
_TOOL_WORDS = r"(?:tools?|tool[ _-]?(?:use|calls?|calling|choice)|function[ _-]?call(?:s|ing)?)"
_TOOLS_REFUSED = re.compile(
    rf"(?i)(?:does ?n[o']t support|not support(?:ed)?|unsupported|no endpoints found that support)[^.]{{0,40}}?"
    rf"\b{_TOOL_WORDS}\b|\b{_TOOL_WORDS}\b[^.]{{0,40}}?(?:not supported|unsupported|not enabled|not available|"
    r"requires --)")


def refuses_tools(message: str) -> bool:
    return _TOOLS_REFUSED.search(message) is not None


def error_text(body: str) -> str:
    """The human sentence inside an error body (OpenAI, Anthropic, Ollama and FastAPI shapes), shortened."""
    text = body.strip()
    try:
        doc = strict_json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict):
        err = doc.get("error")
        if isinstance(err, dict):
            text = str(err.get("message") or err.get("type") or text)
        elif isinstance(err, str):
            text = err
        elif doc.get("message") or doc.get("detail"):
            text = str(doc.get("message") or doc.get("detail"))
    text = " ".join(text.split())
    return (text[:_MESSAGE_LIMIT] + "...") if len(text) > _MESSAGE_LIMIT else (text or "(no details)")


def error_for_status(model: str, status: int, body: str, sent_tools: bool,
                     retry_after: str | None = None, date: str | None = None) -> LLMError:
    """The error an answer with `status` means; `retry_after` and `date` are its headers of those names."""
    text = error_text(body)
    wait = retry_after_seconds(retry_after, http_date(date))
    if sent_tools and status >= 400 and refuses_tools(text):
        return ToolsUnsupported(model, f"rejects tool calling, so it cannot serve a pool that needs tools "
                                       f"({status}: {text})")
    if status == 429:
        return RateLimited(model, f"rate limited (429): {text}", wait)
    if status in (401, 403):
        return AuthError(model, f"the server refused the API key ({status}): {text}")
    if status >= 500 or status == 408:
        return ServerError(model, f"server error ({status}): {text}", status, wait)
    if (context := model_pace.context_from_error(body)) is not None:   # the body: llama.cpp says n_ctx beside
        return ContextExceeded(model, f"the prompt is larger than the server's context of {context:,} tokens "
                                      f"({status}: {text})", context)
    return RequestRejected(model, f"request refused ({status}): {text}")


def _shape(data: str) -> str:
    """What a bad piece of a stream looked like, without quoting it (it may hold chat or her draft reply)."""
    head = data.lstrip()[:1]
    return f"{len(data)} characters" + (f", starting with {head!r}" if head and not head.isalnum() else "")


def decode_json(model: str, event: SSEEvent) -> dict[str, Any]:
    try:
        doc = strict_json.loads(event.data)
    except ValueError:
        raise MalformedStream(model, f"the stream carried something that is not JSON ({_shape(event.data)})") from None
    if not isinstance(doc, dict):
        raise MalformedStream(model, f"the stream carried JSON that is not an object ({_shape(event.data)})")
    return doc


class Deadlines:
    """The first-token and total deadlines of one call, as an async context around the whole exchange.

    Until began() is called the call must show real content by start + first_token; after it, only the total
    deadline (start + total) holds. Whichever passes cancels the exchange and leaves as a ModelTimeout saying
    which one it was. Nothing the server sends moves either deadline later."""

    def __init__(self, model: str, timeouts: Timeouts) -> None:
        self._model = model
        self._timeouts = timeouts
        self._began = False
        self._start = 0.0
        self._scope: asyncio.Timeout | None = None
        self.waited: float | None = None     # seconds from the request to the first real content
        self.first_token_passed = False      # the call ended because the first-token deadline passed

    def _first_token_first(self) -> bool:
        return not self._began and self._timeouts.first_token < self._timeouts.total

    async def __aenter__(self) -> Deadlines:
        self._start = asyncio.get_running_loop().time()
        self._scope = asyncio.timeout_at(self._start + min(self._timeouts.first_token, self._timeouts.total))
        await self._scope.__aenter__()
        return self

    def began(self) -> None:
        """The first real content arrived: from now on only the total deadline holds."""
        if not self._began:
            self._began = True
            self.waited = asyncio.get_running_loop().time() - self._start
            assert self._scope is not None
            self._scope.reschedule(self._start + self._timeouts.total)

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> bool | None:
        assert self._scope is not None
        first_token = self._first_token_first()
        try:
            return await self._scope.__aexit__(kind, exc, tb)
        except TimeoutError as e:
            self.first_token_passed = first_token
            if first_token:
                why = (f"no answer began within {self._timeouts.first_token:g} s (the first-token deadline; "
                       f"keep-alives do not count)")
            else:
                why = f"the answer was not finished within {self._timeouts.total:g} s (the total deadline)"
            raise ModelTimeout(self._model, why) from e


ERROR_BODY_LIMIT = 64 * 1024       # an error's sentence is near the start; the rest is never read
ANSWER_LIMIT = 32 * 2 ** 20        # a whole (not streamed) answer: far above any turn's


async def read_capped(resp: aiohttp.ClientResponse, limit: int) -> tuple[str, bool]:
    """At most `limit` bytes of a body as text, and whether that was all of it."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        piece = await resp.content.read(limit + 1 - size)
        if not piece:
            break
        chunks.append(piece)
        size += len(piece)
    data = b"".join(chunks)
    try:
        text = data[:limit].decode(resp.charset or "utf-8", errors="replace")
    except LookupError:          # a charset Python does not know
        text = data[:limit].decode("utf-8", errors="replace")
    return text, size <= limit


class StreamingHTTP:
    """One aiohttp session per client, opened through the network gate on first use, and the POST that streams
    Server-Sent Events back with every transport failure turned into an LLMError. The caller runs it inside
    deadlines() so the whole exchange is bounded in time."""

    def __init__(self, gate: NetworkGate, purpose: str, timeouts: Timeouts) -> None:
        self._gate = gate
        self._purpose = purpose
        self._timeouts = timeouts
        self._session: aiohttp.ClientSession | None = None
        self.carried = 0   # lines the last stream brought that were not SSE comments (": ping" keep-alives)

    def deadlines(self, model: str, first_token: float | None = None) -> Deadlines:
        """The deadlines of one call; `first_token` (seconds) replaces the configured one, and the total keeps the
        answer's own room after it (app.core.model_pace rule 6)."""
        timeouts = self._timeouts
        if first_token is not None:
            timeouts = dataclasses.replace(timeouts, first_token=first_token, total=model_pace.total_deadline(
                first_token, timeouts.first_token, timeouts.total))
        return Deadlines(model, timeouts)

    async def events(self, model: str, url: str, headers: Mapping[str, str], body: dict[str, Any],
                     sent_tools: bool) -> AsyncIterator[SSEEvent]:
        async with self._post(model, url, headers, body, sent_tools) as resp:
            kind = resp.headers.get("Content-Type", "")
            if "json" in kind or "html" in kind:
                raise MalformedStream(model, f"expected an event stream, got {kind}: "
                                             f"{error_text(await resp.text(errors='replace'))}")
            parser = SSEParser()
            self.carried = 0
            async for chunk in resp.content.iter_any():
                events = parser.feed(chunk)
                self.carried = parser.fields
                for event in events:
                    yield event
            for event in parser.close():
                yield event
            self.carried = parser.fields

    async def document(self, model: str, url: str, headers: Mapping[str, str], body: dict[str, Any],
                       sent_tools: bool) -> dict[str, Any]:
        """The same POST for a whole JSON answer (a request with "stream": false)."""
        async with self._post(model, url, headers, body, sent_tools) as resp:
            text, whole = await read_capped(resp, ANSWER_LIMIT)
        if not whole:
            raise MalformedStream(model, f"the answer was larger than {ANSWER_LIMIT // 2**20} MB")
        try:
            doc = strict_json.loads(text)
        except ValueError:
            raise MalformedStream(model, f"expected a JSON answer, got: {error_text(text)}") from None
        if not isinstance(doc, dict):
            raise MalformedStream(model, "the answer was JSON but not an object")
        return doc

    @contextlib.asynccontextmanager
    async def _post(self, model: str, url: str, headers: Mapping[str, str], body: dict[str, Any],
                    sent_tools: bool) -> AsyncIterator[aiohttp.ClientResponse]:
        if self._session is None or self._session.closed:
            self._session = self._gate.http_session(self._purpose)
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=self._timeouts.connect,
                                        sock_read=self._timeouts.read)
        answered = False
        try:
            async with self._session.post(url, json=body, headers=dict(headers), timeout=timeout) as resp:
                answered = True
                if resp.status >= 400:
                    body_text, _whole = await read_capped(resp, ERROR_BODY_LIMIT)
                    raise error_for_status(model, resp.status, body_text, sent_tools,
                                           resp.headers.get("Retry-After"), resp.headers.get("Date"))
                yield resp
        except PrivacyRefused as e:
            raise PrivacyBlocked(model, str(e)) from e
        except SSETooLarge as e:
            raise MalformedStream(model, f"the server sent {e}") from e
        except TimeoutError as e:
            connecting = getattr(aiohttp, "ConnectionTimeoutError", ())
            if self._timeouts.read is None or isinstance(e, connecting):
                raise ModelTimeout(model, f"could not connect to {url} within {self._timeouts.connect:g} s") from e
            raise ModelTimeout(model, f"{url} sent nothing at all for {self._timeouts.read:g} s") from e
        except (aiohttp.ClientPayloadError, aiohttp.ClientConnectionError, OSError) as e:
            if answered:
                raise MalformedStream(model, f"the stream was cut short ({e or type(e).__name__})") from e
            raise Unreachable(model, unreachable_reason(url, e)) from e

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def unreachable_reason(url: str, error: BaseException) -> str:
    """Why nothing answered at `url`, in words a streamer can act on (not aiohttp's own message)."""
    host = getattr(error, "host", None)
    port = getattr(error, "port", None)
    where = f"{host}:{port}" if host and port else url
    os_error = getattr(error, "os_error", None)
    if isinstance(os_error, ConnectionRefusedError):
        return f"cannot reach {url}: nothing is listening at {where} (is the server running?)"
    dns = getattr(aiohttp, "ClientConnectorDNSError", None)
    if (dns is not None and isinstance(error, dns)) or "Name or service not known" in str(error):
        return f"cannot reach {url}: the host name {host or where} is unknown (check the base URL)"
    if os_error is not None and getattr(os_error, "strerror", None):
        return f"cannot reach {url}: {os_error.strerror.lower()} ({where})"
    return f"cannot reach {url}: {error or type(error).__name__}"


def emit(on_delta: OnDelta | None, delta: Delta) -> None:
    if on_delta is not None and (delta.text or delta.kind in (DeltaKind.TOOL_ARGUMENTS, DeltaKind.RESET)):
        on_delta(delta)


def close_stream(name: str, think: Any, tools: Any, on_delta: OnDelta | None) -> tuple[ToolCall, ...]:
    """The end of every streamed answer: flush what the think splitter still holds, then close the tool calls
    (a call without a name, or whose arguments never became a valid JSON object, makes the whole stream
    malformed, so a pool asks the next model)."""
    from app.core.tool_stream import ToolStreamError
    tail = think.close()
    emit(on_delta, Delta(DeltaKind.REASONING, tail.reasoning))
    emit(on_delta, Delta(DeltaKind.TEXT, tail.visible))
    try:
        calls = tuple(tools.finish())
    except ToolStreamError as e:
        raise MalformedStream(name, str(e)) from e
    return tuple(_checked(name, call) for call in calls)


def _checked(name: str, call: ToolCall) -> ToolCall:
    """The call as it came, or with its arguments re-serialised when they were JSON but for raw control
    characters inside strings (small models under a grammar write real newlines); a MalformedStream otherwise.
    The arguments are never quoted in the error: they may hold what chat said."""
    try:
        value = strict_json.loads(call.arguments)
    except ValueError as e:
        try:
            value = strict_json.loads(call.arguments, strict=False)
        except ValueError:
            where = f" ({e.msg} at character {e.pos})" if isinstance(e, json.JSONDecodeError) else ""
            raise MalformedStream(name, f"the arguments of the {call.name} tool call never became valid JSON"
                                        f"{where}") from None
        call = ToolCall(call.id, call.name, json.dumps(value, ensure_ascii=False))
    if not isinstance(value, dict):
        raise MalformedStream(name, f"the arguments of the {call.name} tool call are a JSON "
                                    f"{type(value).__name__}, not an object")
    return call
