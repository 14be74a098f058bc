"""The OpenAI Chat Completions client (streamed), for OpenAI and every server that copies its wire format.

Ollama, LM Studio, the llama.cpp server, llama-cpp-python's server, vLLM, OpenRouter, Groq and Gemini's
compatible endpoint all speak it. Reasoning arrives either in its own field (reasoning_content, reasoning) or
inline as <think> blocks; both are kept out of the visible text.

What every one of them accepts (each rule fixes a real server):
1. tool_choice is sent whenever tools are, "auto" included: llama-cpp-python's server drops the tools
   without it (and vLLM without its tool flags then says so, which is ToolsUnsupported).
2. An assistant message with tool calls carries "content": "" when it said nothing, never null
   (llama-cpp-python's server answers null with HTTP 500).
3. A stream is complete only once a choice carried a finish_reason; one that ends without it, [DONE] or
   not, was cut short (llama-cpp-python's server ends a stream early when a second request arrives).
4. A stream that ends without a single byte is asked once more without streaming: llama-cpp-
   python's function-calling format cannot stream a tool call the model chose itself ("Automatic streaming
   tool choice is not supported") and closes such a stream empty; SSE comments (": ping") are not bytes of
   an answer, so a stream that carried only them was empty too. When that whole answer brings a tool
   call, calls with tools are made without streaming from then on (her voice then starts once the answer is
   complete instead of on its first words). The same server streams nothing either for a prompt larger than
   its context, and says so (with the size) only when asked without streaming. Any other stream cut short
   fails the call.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from contextlib import aclosing
from typing import Any

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, Role, Usage
from app.core.context_window import estimate_tokens
from app.core.model_spec import ModelSpec
from app.core.numbers import whole
from app.core.think import ThinkSplitter
from app.core.tool_stream import ToolCallAccumulator
from app.core.tools import Tool
from app.senses.llm.base import (
    DEFAULT_TIMEOUTS,
    TOOL_CHOICE_KEYWORDS,
    AuthError,
    CallOptions,
    ContextExceeded,
    MalformedStream,
    ModelTimeout,
    OnDelta,
    Pace,
    RequestRejected,
    StreamingHTTP,
    Timeouts,
    close_stream,
    decode_json,
    emit,
    error_for_status,
)
from app.senses.netgate import NetworkGate

log = logging.getLogger(__name__)


def wire_message(message: Message) -> dict[str, Any]:
    out: dict[str, Any] = {"role": message.role.value, "content": message.content}
    if message.tool_calls:
        out["content"] = message.content or ""
        out["tool_calls"] = [{"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                             for c in message.tool_calls]
    if message.role is Role.TOOL:
        out["tool_call_id"] = message.tool_call_id
    if message.name and message.role in (Role.USER, Role.TOOL):
        out["name"] = message.name
    return out


def request_body(model: str, messages: Sequence[Message], tools: Sequence[Tool], options: CallOptions,
                 include_usage: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "messages": [wire_message(m) for m in messages], "stream": True}
    if include_usage:
        body["stream_options"] = {"include_usage": True}
    if tools:
        body["tools"] = [t.schema() for t in tools]
        choice = options.tool_choice
        body["tool_choice"] = choice if choice in TOOL_CHOICE_KEYWORDS else {"type": "function",
                                                                            "function": {"name": choice}}
    if options.temperature is not None:
        body["temperature"] = options.temperature
    if options.max_tokens is not None:
        body["max_tokens"] = options.max_tokens
    return body


class ChunkReader:
    """Folds the stream's chunks into one AssistantMessage, telling the listener as it goes."""

    def __init__(self, name: str, on_delta: OnDelta | None, sent_tools: bool,
                 think_starts_inside: bool = False) -> None:
        self._name = name
        self._sent_tools = sent_tools
        self._on_delta = on_delta
        self._think = ThinkSplitter(think_starts_inside)
        self._field_reasoning: list[str] = []
        self._tools = ToolCallAccumulator()
        self._usage = Usage()
        self._model = ""
        self._finish: str | None = None
        self.timings: Mapping[str, Any] | None = None   # llama.cpp's own prompt_n, prompt_ms...
        self.done = False
        self.began = False     # real content arrived (text, reasoning or a tool call), not just keep-alives

    def chunk(self, doc: dict[str, Any]) -> None:
        if doc.get("error"):
            err = doc["error"]
            code = err.get("code") if isinstance(err, dict) else None
            status = code if isinstance(code, int) and code >= 400 else 500
            raise error_for_status(self._name, status, json.dumps(doc), self._sent_tools)
        try:
            self._model = doc.get("model") or self._model
            # Groq reports usage inside x_groq
            usage = doc.get("usage") or (doc.get("x_groq") or {}).get("usage")
            if isinstance(usage, dict):
                self._usage = _usage(usage)
            if isinstance(doc.get("timings"), dict):
                self.timings = doc["timings"]
            for choice in doc.get("choices") or []:
                self._choice(choice)
        except (AttributeError, KeyError, TypeError, ValueError, OverflowError, RecursionError) as e:
            raise MalformedStream(self._name, f"a chunk had an unexpected shape ({type(e).__name__}; keys: "
                                              f"{', '.join(sorted(map(str, doc)))[:120]})") from e

    def _choice(self, choice: dict[str, Any]) -> None:
        delta = choice.get("delta") or {}
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        if isinstance(reasoning, str) and reasoning:
            self.began = True
            self._field_reasoning.append(reasoning)
            emit(self._on_delta, Delta(DeltaKind.REASONING, reasoning))
        content = delta.get("content")
        if isinstance(content, str) and content:
            self.began = True
            piece = self._think.feed(content)
            emit(self._on_delta, Delta(DeltaKind.REASONING, piece.reasoning))
            emit(self._on_delta, Delta(DeltaKind.TEXT, piece.visible))
        for call in delta.get("tool_calls") or []:
            self.began = True
            frag = self._tools.add_openai(call)
            emit(self._on_delta, Delta(DeltaKind.TOOL_ARGUMENTS, frag.arguments, frag.index, frag.call_id or None,
                                       frag.name or None))
        self._finish = choice.get("finish_reason") or self._finish

    def result(self) -> AssistantMessage:
        if self._finish is None:
            ended = " with [DONE]" if self.done else ""
            raise MalformedStream(self._name, f"the stream ended{ended} but never carried a finish_reason: the "
                                              f"answer was cut short")
        calls = close_stream(self._name, self._think, self._tools, self._on_delta)
        reasoning = "".join(self._field_reasoning) + self._think.reasoning
        # some servers (older Ollama) say "stop" after tool calls; the neutral answer says what happened
        finish = "tool_calls" if calls and self._finish == "stop" else self._finish
        return AssistantMessage(self._think.visible.strip(), reasoning.strip(), calls, self._usage,
                                self._model or self._name, finish)


class OpenAICompatClient:
    def __init__(self, spec: ModelSpec, base_url: str, gate: NetworkGate, api_key: str | None = None, *,
                 timeouts: Timeouts = DEFAULT_TIMEOUTS, think_starts_inside: bool = False,
                 pace: Pace | None = None) -> None:
        self.name = str(spec)
        self._pace = pace
        self._spec = spec
        self.base_url = base_url.rstrip("/")
        self._url = self.base_url + "/chat/completions"
        self._api_key = api_key
        self._think_starts_inside = think_starts_inside
        self._include_usage = True
        self._stream_tools = True      # rule 4
        self._http = StreamingHTTP(gate, f"LLM {self.name}", timeouts)

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage:
        if self._spec.info.needs_key and not self._api_key:
            raise AuthError(self.name, f"no API key for {self._spec.info.label}: add one in the model settings")
        options = options or CallOptions()
        try:
            return await self._once(messages, tools, on_delta, options)
        except ContextExceeded as e:
            if self._pace is not None:
                self._pace.context(self.name, e.context)
            raise
        except RequestRejected as e:
            # a few older servers refuse stream_options; usage is a nicety, the answer is not
            if not self._include_usage or "stream_options" not in e.reason:
                raise
            log.warning("%s refuses stream_options: asking again without token usage", self.name)
            self._include_usage = False
            return await self._once(messages, tools, on_delta, options)

    async def _once(self, messages: Sequence[Message], tools: Sequence[Tool], on_delta: OnDelta | None,
                    options: CallOptions) -> AssistantMessage:
        body = request_body(self._spec.model, messages, tools, options, self._include_usage)
        headers = {"Accept": "text/event-stream"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        tokens = prompt_tokens(messages, tools)
        if tools and not self._stream_tools:
            return await self._whole(body, headers, on_delta, tokens)
        reader = ChunkReader(self.name, on_delta, bool(tools), self._think_starts_inside)
        first = self._pace.first_token(self.name, tokens) if self._pace is not None else None
        try:
            async with self._http.deadlines(self.name, first) as deadline, \
                    aclosing(self._http.events(self.name, self._url, headers, body, bool(tools))) as events:
                async for event in events:
                    if event.data.strip() == "[DONE]":
                        reader.done = True
                        break
                    reader.chunk(decode_json(self.name, event))
                    if reader.began:
                        deadline.began()
        except ModelTimeout:
            if self._pace is not None and deadline.first_token_passed and first is not None:
                self._pace.timed_out(self.name, tokens, first)
            raise
        if self._pace is not None and deadline.waited is not None:
            self._pace.began(self.name, tokens, deadline.waited, reader.timings)
        if self._http.carried:
            return reader.result()
        log.warning("%s closed a stream without a byte: asking again without streaming", self.name)
        await self._http.aclose()   # that server drops the connection after such a stream: start a fresh one
        answer = await self._whole(body, headers, on_delta, tokens)
        if answer.tool_calls and self._stream_tools:
            self._stream_tools = False
            log.warning("%s cannot stream tool calls: calls with tools are made without streaming from now on",
                        self.name)
        return answer

    async def _whole(self, body: dict[str, Any], headers: dict[str, str], on_delta: OnDelta | None,
                     tokens: int) -> AssistantMessage:
        """Rule 4: the same request without streaming, its answer read as one chunk. Only the total deadline
        holds, with the room the pace gives this prompt's reading; the whole answer's time teaches a speed no
        faster than the real one (it holds the writing too)."""
        body = {k: v for k, v in body.items() if k not in ("stream", "stream_options")} | {"stream": False}
        reader = ChunkReader(self.name, on_delta, True, self._think_starts_inside)
        first = self._pace.first_token(self.name, tokens) if self._pace is not None else None
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            async with self._http.deadlines(self.name, first) as deadline:
                deadline.began()   # nothing comes before the whole answer: only the total deadline holds
                doc = await self._http.document(self.name, self._url, headers | {"Accept": "application/json"},
                                                body, True)
        except ModelTimeout:
            if self._pace is not None:
                self._pace.timed_out(self.name, tokens, loop.time() - started)
            raise
        if self._pace is not None:
            timings = doc.get("timings")
            self._pace.began(self.name, tokens, loop.time() - started, timings if isinstance(timings, dict) else None)
        choices = doc.get("choices")
        if not isinstance(choices, list):
            raise MalformedStream(self.name, "the answer has no choices")
        reader.chunk({**doc, "choices": [{"delta": c.get("message") or {}, "finish_reason": c.get("finish_reason")}
                                         for c in choices if isinstance(c, dict)]})
        return reader.result()

    async def aclose(self) -> None:
        await self._http.aclose()


def prompt_tokens(messages: Sequence[Message], tools: Sequence[Tool]) -> int:
    """The prompt's size as the deadline reckons it: the declared estimate over what is sent (the same count
    every time, so a speed learnt in it gives back the time it measured)."""
    text = "".join(m.content or "" for m in messages) + "".join(json.dumps(t.schema()) for t in tools)
    return estimate_tokens(text)


def _usage(doc: dict[str, Any]) -> Usage:
    details = doc.get("completion_tokens_details") or {}
    counts = (doc.get("prompt_tokens"), doc.get("completion_tokens"),
              details.get("reasoning_tokens") if isinstance(details, dict) else None)
    return Usage(*(whole(n or 0, 0) or 0 for n in counts))

