"""The LLM client contract: the protocol every backend speaks, its errors, and the streamed HTTP exchange.

A client turns wire-neutral Messages and Tools into one AssistantMessage, streaming fragments to an optional
on_delta listener as they arrive. Every failure is an LLMError subclass, so a pool can tell a transient
failure (try the next model) from a configuration one (a model that rejects tools, a missing key) without
knowing any provider's wire format.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import aiohttp

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, ToolCall
from app.core.sse import SSEEvent, SSEParser
from app.core.tools import Tool
from app.senses.netgate import NetworkGate, PrivacyRefused

OnDelta = Callable[[Delta], None]
ToolChoice = Literal["auto", "required", "none"]
_MESSAGE_LIMIT = 300


@dataclass(frozen=True)
class CallOptions:
    temperature: float | None = None
    max_tokens: int | None = None
    tool_choice: ToolChoice = "auto"


@dataclass(frozen=True)
class Timeouts:
    connect: float = 10.0
    # between two reads, so it also bounds the wait for the first token: local models on a CPU can take a
    # while to read a long prompt
    read: float = 120.0


DEFAULT_TIMEOUTS = Timeouts()


class LLMClient(Protocol):
    name: str

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage: ...

    async def aclose(self) -> None: ...


class LLMError(Exception):
    def __init__(self, model: str, message: str) -> None:
        super().__init__(f"{model}: {message}")
        self.model = model
        self.reason = message


class RateLimited(LLMError):
    def __init__(self, model: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(model, message)
        self.retry_after = retry_after


class ServerError(LLMError):
    def __init__(self, model: str, message: str, status: int | None = None) -> None:
        super().__init__(model, message)
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
        doc = json.loads(text)
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
                     retry_after: str | None = None) -> LLMError:
    text = error_text(body)
    if sent_tools and status >= 400 and refuses_tools(text):
        return ToolsUnsupported(model, f"rejects tool calling, so it cannot serve a pool that needs tools "
                                       f"({status}: {text})")
    if status == 429:
        return RateLimited(model, f"rate limited (429): {text}", _seconds(retry_after))
    if status in (401, 403):
        return AuthError(model, f"the server refused the API key ({status}): {text}")
    if status >= 500 or status == 408:
        return ServerError(model, f"server error ({status}): {text}", status)
    return RequestRejected(model, f"request refused ({status}): {text}")


def _seconds(value: str | None) -> float | None:
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None


def decode_json(model: str, event: SSEEvent) -> dict[str, Any]:
    try:
        doc = json.loads(event.data)
    except ValueError:
        raise MalformedStream(model, f"the stream carried something that is not JSON: {event.data[:80]!r}") from None
    if not isinstance(doc, dict):
        raise MalformedStream(model, f"the stream carried JSON that is not an object: {event.data[:80]!r}")
    return doc


class StreamingHTTP:
    """One aiohttp session per client, opened through the network gate on first use, and the POST that streams
    Server-Sent Events back with every transport failure turned into an LLMError."""

    def __init__(self, gate: NetworkGate, purpose: str, timeouts: Timeouts) -> None:
        self._gate = gate
        self._purpose = purpose
        self._timeouts = timeouts
        self._session: aiohttp.ClientSession | None = None

    async def events(self, model: str, url: str, headers: Mapping[str, str], body: dict[str, Any],
                     sent_tools: bool) -> AsyncIterator[SSEEvent]:
        if self._session is None or self._session.closed:
            self._session = self._gate.http_session(self._purpose)
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=self._timeouts.connect,
                                        sock_read=self._timeouts.read)
        answered = False
        try:
            async with self._session.post(url, json=body, headers=dict(headers), timeout=timeout) as resp:
                answered = True
                if resp.status >= 400:
                    raise error_for_status(model, resp.status, await resp.text(errors="replace"), sent_tools,
                                           resp.headers.get("Retry-After"))
                kind = resp.headers.get("Content-Type", "")
                if "json" in kind or "html" in kind:
                    raise MalformedStream(model, f"expected an event stream, got {kind}: "
                                                 f"{error_text(await resp.text(errors='replace'))}")
                parser = SSEParser()
                async for chunk in resp.content.iter_any():
                    for event in parser.feed(chunk):
                        yield event
                for event in parser.close():
                    yield event
        except PrivacyRefused as e:
            raise PrivacyBlocked(model, str(e)) from e
        except TimeoutError as e:
            raise ModelTimeout(model, f"{url} sent nothing for too long (connect timeout "
                                      f"{self._timeouts.connect:g} s, read timeout {self._timeouts.read:g} s)") from e
        except (aiohttp.ClientPayloadError, aiohttp.ClientConnectionError, OSError) as e:
            if answered:
                raise MalformedStream(model, f"the stream was cut short ({e or type(e).__name__})") from e
            raise Unreachable(model, f"cannot reach {url}: {e or type(e).__name__}") from e

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def emit(on_delta: OnDelta | None, delta: Delta) -> None:
    if on_delta is not None and (delta.text or delta.kind in (DeltaKind.TOOL_ARGUMENTS, DeltaKind.RESET)):
        on_delta(delta)



def close_stream(name: str, think: Any, tools: Any, on_delta: OnDelta | None) -> tuple[ToolCall, ...]:
    """The end of every streamed answer: flush what the think splitter still holds, then close the tool calls
    (a call whose arguments never became valid JSON makes the whole stream malformed)."""
    from app.core.tool_stream import ToolStreamError
    tail = think.close()
    emit(on_delta, Delta(DeltaKind.REASONING, tail.reasoning))
    emit(on_delta, Delta(DeltaKind.TEXT, tail.visible))
    try:
        return tuple(tools.finish())
    except ToolStreamError as e:
        raise MalformedStream(name, str(e)) from e
