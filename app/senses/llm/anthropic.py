"""The Anthropic Messages client (streamed): system text hoisted, tool results as blocks, thinking kept apart."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import aclosing
from typing import Any

from app.core.chat import (
    AssistantMessage,
    Delta,
    DeltaKind,
    Message,
    Role,
    ToolArgumentsError,
    ToolCall,
    Usage,
)
from app.core.model_spec import ModelSpec
from app.core.think import ThinkSplitter
from app.core.tool_stream import Fragment, ToolCallAccumulator
from app.core.tools import Tool
from app.senses.llm.base import (
    DEFAULT_TIMEOUTS,
    AuthError,
    CallOptions,
    LLMError,
    MalformedStream,
    OnDelta,
    RateLimited,
    ServerError,
    StreamingHTTP,
    Timeouts,
    close_stream,
    decode_json,
    emit,
    error_for_status,
)
from app.senses.netgate import NetworkGate

API_VERSION = "2023-06-01"
# The Messages API requires max_tokens; this is room for a few spoken lines and their tool calls.
DEFAULT_MAX_TOKENS = 4096
_STOP_REASONS = {"end_turn": "stop", "stop_sequence": "stop", "tool_use": "tool_calls", "max_tokens": "length",
                 "refusal": "content_filter"}
_TOOL_CHOICE = {"required": {"type": "any"}, "none": {"type": "none"}}


def wire_messages(messages: Sequence[Message]) -> tuple[str, list[dict[str, Any]]]:
    """(system, messages): the LEADING system messages hoisted into `system`, consecutive same-role turns merged,
    as the API requires. A system message further down (the per-turn briefing below the window) stays where
    it is, as a marked user block: hoisting it would change the cached prefix on every turn."""
    system: list[str] = []
    out: list[dict[str, Any]] = []
    leading = True
    for m in messages:
        if m.role is Role.SYSTEM and leading:
            system.append(m.content)
            continue
        leading = False
        blocks: list[dict[str, Any]] = []
        if m.role is Role.SYSTEM:
            if m.content:
                blocks.append({"type": "text", "text": f"[SYSTEM]\n{m.content}"})
        elif m.role is Role.TOOL:
            blocks.append({"type": "tool_result", "tool_use_id": m.tool_call_id, "content": m.content})
        elif m.content:
            blocks.append({"type": "text", "text": m.content})
        for call in m.tool_calls:
            blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": _input(call)})
        if not blocks:
            continue
        role = "assistant" if m.role is Role.ASSISTANT else "user"  # tool results and late system: user
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    return "\n\n".join(s for s in system if s), out


def _input(call: ToolCall) -> dict[str, Any]:
    # the API wants an object; a call the model botched was already answered with an ERROR observation
    try:
        return call.parsed()
    except ToolArgumentsError:
        return {}


def request_body(model: str, messages: Sequence[Message], tools: Sequence[Tool],
                 options: CallOptions) -> dict[str, Any]:
    system, wire = wire_messages(messages)
    body: dict[str, Any] = {"model": model, "max_tokens": options.max_tokens or DEFAULT_MAX_TOKENS,
                            "messages": wire, "stream": True}
    if system:
        body["system"] = system
    if tools:
        body["tools"] = [{"name": t.name, "description": t.description, "input_schema": t.parameters}
                         for t in tools]
        if options.tool_choice in _TOOL_CHOICE:
            body["tool_choice"] = _TOOL_CHOICE[options.tool_choice]
        elif options.tool_choice != "auto":
            body["tool_choice"] = {"type": "tool", "name": options.tool_choice}
    if options.temperature is not None:
        body["temperature"] = options.temperature
    return body


def stream_error(name: str, doc: dict[str, Any], sent_tools: bool) -> LLMError:
    err = doc.get("error") if isinstance(doc.get("error"), dict) else {}
    kind, text = str(err.get("type") or "error"), str(err.get("message") or "")
    if kind == "rate_limit_error":
        return RateLimited(name, f"rate limited: {text}")
    if kind in ("overloaded_error", "api_error"):
        return ServerError(name, f"server error ({kind}): {text}")
    if kind in ("authentication_error", "permission_error"):
        return AuthError(name, f"the server refused the API key ({kind}): {text}")
    if kind == "invalid_request_error":
        return error_for_status(name, 400, json.dumps(doc), sent_tools)
    return ServerError(name, f"the stream reported {kind}: {text}")


class EventReader:
    """Folds message_start ... message_stop into one AssistantMessage, telling the listener as it goes."""

    def __init__(self, name: str, on_delta: OnDelta | None, sent_tools: bool) -> None:
        self._name = name
        self._on_delta = on_delta
        self._sent_tools = sent_tools
        self._think = ThinkSplitter()
        self._thinking: list[str] = []
        self._tools = ToolCallAccumulator()
        self._tool_of_block: dict[int, int] = {}
        self._prompt = self._completion = 0
        self._model = ""
        self._stop: str | None = None
        self.done = False
        self.began = False     # real content arrived (text, thinking or a tool call), not just pings

    def event(self, doc: dict[str, Any]) -> None:
        kind = doc.get("type")
        if kind == "error":
            raise stream_error(self._name, doc, self._sent_tools)
        try:
            if kind == "message_start":
                self._start(doc["message"])
            elif kind == "content_block_start":
                self._block_start(int(doc["index"]), doc["content_block"])
            elif kind == "content_block_delta":
                self._block_delta(int(doc["index"]), doc["delta"])
            elif kind == "message_delta":
                self._stop = (doc.get("delta") or {}).get("stop_reason") or self._stop
                self._completion = int((doc.get("usage") or {}).get("output_tokens") or self._completion)
            elif kind == "message_stop":
                self.done = True
        except (AttributeError, KeyError, TypeError, ValueError, OverflowError, RecursionError) as e:
            raise MalformedStream(self._name, f"a {kind} event had an unexpected shape ({type(e).__name__})") from e

    def _start(self, message: dict[str, Any]) -> None:
        self._model = message.get("model") or self._model
        usage = message.get("usage") or {}
        self._prompt = sum(int(usage.get(k) or 0) for k in
                           ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
        self._completion = int(usage.get("output_tokens") or 0)

    def _block_start(self, index: int, block: dict[str, Any]) -> None:
        kind = block.get("type")
        if kind == "tool_use":
            self.began = True
            ordinal = self._tool_of_block.setdefault(index, len(self._tool_of_block))
            arguments = block.get("input") or None  # the API opens with {} and streams the real input
            self._fragment(self._tools.add(ordinal, block.get("id"), block.get("name"), arguments))
        elif kind == "text" and block.get("text"):
            self._text(block["text"])
        elif kind == "thinking" and block.get("thinking"):
            self._reasoning(block["thinking"])

    def _block_delta(self, index: int, delta: dict[str, Any]) -> None:
        kind = delta.get("type")
        if kind == "text_delta":
            self._text(delta["text"])
        elif kind == "thinking_delta":
            self._reasoning(delta["thinking"])
        elif kind == "input_json_delta":
            self.began = True
            if index not in self._tool_of_block:
                raise MalformedStream(self._name, f"tool input for block {index}, which is not a tool call")
            self._fragment(self._tools.add(self._tool_of_block[index], arguments=delta["partial_json"]))

    def _text(self, text: str) -> None:
        self.began = self.began or bool(text)
        piece = self._think.feed(text)
        emit(self._on_delta, Delta(DeltaKind.REASONING, piece.reasoning))
        emit(self._on_delta, Delta(DeltaKind.TEXT, piece.visible))

    def _reasoning(self, text: str) -> None:
        self.began = self.began or bool(text)
        self._thinking.append(text)
        emit(self._on_delta, Delta(DeltaKind.REASONING, text))

    def _fragment(self, frag: Fragment) -> None:
        emit(self._on_delta, Delta(DeltaKind.TOOL_ARGUMENTS, frag.arguments, frag.index, frag.call_id or None,
                                   frag.name or None))

    def result(self) -> AssistantMessage:
        if not self.done:
            raise MalformedStream(self._name, "the stream ended before message_stop (cut short)")
        calls = close_stream(self._name, self._think, self._tools, self._on_delta)
        reasoning = "".join(self._thinking) + self._think.reasoning
        stop = _STOP_REASONS.get(self._stop or "", self._stop)
        return AssistantMessage(self._think.visible.strip(), reasoning.strip(), calls,
                                Usage(self._prompt, self._completion), self._model or self._name, stop)


class AnthropicClient:
    def __init__(self, spec: ModelSpec, base_url: str, gate: NetworkGate, api_key: str | None = None, *,
                 timeouts: Timeouts = DEFAULT_TIMEOUTS) -> None:
        self.name = str(spec)
        self._spec = spec
        self._url = base_url.rstrip("/") + "/messages"
        self._api_key = api_key
        self._http = StreamingHTTP(gate, f"LLM {self.name}", timeouts)

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage:
        if not self._api_key:
            raise AuthError(self.name, "no API key for Anthropic: add one in the model settings")
        body = request_body(self._spec.model, messages, tools, options or CallOptions())
        headers = {"Accept": "text/event-stream", "x-api-key": self._api_key, "anthropic-version": API_VERSION}
        reader = EventReader(self.name, on_delta, bool(tools))
        async with self._http.deadlines(self.name) as deadline, \
                aclosing(self._http.events(self.name, self._url, headers, body, bool(tools))) as events:
            async for event in events:
                reader.event(decode_json(self.name, event))
                if reader.began:
                    deadline.began()
                if reader.done:
                    break
        return reader.result()

    async def aclose(self) -> None:
        await self._http.aclose()

