"""A real local LLM server for tests: OpenAI Chat Completions and Anthropic Messages streams, scripted per model.

Each test scripts, per model name, the replies the server gives to successive requests (a stream of real
wire-format bytes, an error status, a stream cut or stalled, a keep-alive trickle that never ends), and reads
back every request it received. silent_port() is a port that accepts connections and never answers.
Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass(frozen=True)
class Stream:
    """Event-stream bytes, written as they are or re-cut every `rechunk` bytes so lines split across writes."""
    chunks: list[bytes]
    rechunk: int = 0
    pause: float = 0.0            # before each write: a slow model
    prompt: int = 0               # the first writes that go out without the pause (a model quick to begin)
    abort: bool = False           # drop the connection after the last write: a stream cut short
    content_type: str = "text/event-stream"


@dataclass(frozen=True)
class Trickle:
    """Opening bytes, then `ping` every `every` seconds until the client hangs up: a server that keeps the
    connection alive for ever without finishing (SSE comments, empty chunks, or even real text)."""
    head: list[bytes]
    ping: bytes = b": keep-alive\n\n"
    every: float = 0.1


@dataclass(frozen=True)
class Status:
    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0            # before answering at all: a server reading a long prompt


@dataclass(frozen=True)
class Request:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]


class LLMServer:
    def __init__(self) -> None:
        self._scripts: dict[str, deque[Stream | Status | Trickle]] = defaultdict(deque)
        self.requests: list[Request] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.props: dict[str, Any] | None = None   # llama.cpp's /props, when the test sets one

    def script(self, model: str, *replies: Stream | Status | Trickle) -> None:
        self._scripts[model].extend(replies)

    def calls(self, model: str) -> int:
        return sum(1 for r in self.requests if r.body.get("model") == model)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def __aenter__(self) -> LLMServer:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._handle)
        app.router.add_post("/v1/messages", self._handle)
        app.router.add_get("/v1/models", self._models)
        app.router.add_get("/props", self._props)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *_exc: object) -> None:
        assert self._runner is not None
        await self._runner.cleanup()

    async def _models(self, _request: web.Request) -> web.Response:
        """The scripted models, as an OpenAI-compatible server lists what it serves."""
        return web.json_response({"object": "list", "data": [{"id": m, "object": "model"} for m in self._scripts]})

    async def _props(self, _request: web.Request) -> web.Response:
        if self.props is None:
            return web.json_response({"error": {"message": "File Not Found"}}, status=404)
        return web.json_response(self.props)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(Request(request.path, body, dict(request.headers)))
        script = self._scripts.get(body.get("model"))
        if not script:
            return web.json_response({"error": {"message": f"model {body.get('model')!r} not found"}}, status=404)
        reply = script.popleft()
        if isinstance(reply, Status):
            await asyncio.sleep(reply.delay)
            if isinstance(reply.body, str):
                return web.Response(status=reply.status, text=reply.body, headers=reply.headers)
            return web.json_response(reply.body, status=reply.status, headers=reply.headers)
        if isinstance(reply, Trickle):
            return await self._trickle(request, reply)
        resp = web.StreamResponse(headers={"Content-Type": reply.content_type})
        await resp.prepare(request)
        chunks = reply.chunks
        if reply.rechunk:
            joined = b"".join(chunks)
            chunks = [joined[i:i + reply.rechunk] for i in range(0, len(joined), reply.rechunk)]
        for n, chunk in enumerate(chunks):
            if reply.pause and n >= reply.prompt:
                await asyncio.sleep(reply.pause)
            await resp.write(chunk)
        if reply.abort:
            assert request.transport is not None
            request.transport.abort()
            return resp
        await resp.write_eof()
        return resp

    async def _trickle(self, request: web.Request, reply: Trickle) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await resp.prepare(request)
        with contextlib.suppress(ConnectionError):
            for chunk in reply.head:
                await resp.write(chunk)
            while True:
                await asyncio.sleep(reply.every)
                await resp.write(reply.ping)
        return resp


@contextlib.asynccontextmanager
async def silent_port() -> AsyncIterator[str]:
    """A base URL whose server accepts the connection, reads the request and never says a word."""
    held: list[asyncio.StreamWriter] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)
        with contextlib.suppress(ConnectionError):
            while await reader.read(65536):
                pass

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1"
    finally:
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()


def sse(data: Any, event: str | None = None) -> bytes:
    head = f"event: {event}\n" if event else ""
    text = data if isinstance(data, str) else json.dumps(data)
    return f"{head}data: {text}\n\n".encode()


def split(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or [""]


# --- OpenAI Chat Completions ------------------------------------------------------------------------------------

def openai_chunk(model: str, delta: dict[str, Any] | None = None, finish: str | None = None,
                 usage: dict[str, Any] | None = None) -> bytes:
    doc: dict[str, Any] = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": model,
                           "choices": [] if delta is None else
                           [{"index": 0, "delta": delta, "finish_reason": finish}]}
    if usage is not None:
        doc["usage"] = usage
    return sse(doc)


def openai_stream(model: str, *, text: Sequence[str] = (), reasoning: Sequence[str] = (),
                  tool_calls: Sequence[tuple[str, str, str]] = (), split_args: int = 5,
                  usage: tuple[int, int, int] | None = (12, 7, 0), finish: str | None = None,
                  done: bool = True) -> list[bytes]:
    """A whole stream: role, reasoning, text, tool calls with arguments cut every `split_args` characters
    and the calls interleaved, the finish chunk, a usage chunk and [DONE]."""
    out = [openai_chunk(model, {"role": "assistant", "content": ""})]
    out += [openai_chunk(model, {"reasoning_content": r}) for r in reasoning]
    out += [openai_chunk(model, {"content": t}) for t in text]
    streams = []
    for index, (call_id, name, args) in enumerate(tool_calls):
        first = {"index": index, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}
        streams.append([first] + [{"index": index, "function": {"arguments": p}} for p in split(args, split_args)])
    while any(streams):
        for s in streams:
            if s:
                out.append(openai_chunk(model, {"tool_calls": [s.pop(0)]}))
    out.append(openai_chunk(model, {}, finish or ("tool_calls" if tool_calls else "stop")))
    if usage is not None:
        prompt, completion, reasoning_tokens = usage
        out.append(openai_chunk(model, usage={
            "prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "completion_tokens_details": {"reasoning_tokens": reasoning_tokens}}))
    if done:
        out.append(sse("[DONE]"))
    return out


def openai_error(status: int, message: str, **headers: str) -> Status:
    return Status(status, {"error": {"message": message, "type": "invalid_request_error", "code": None}}, headers)


# --- Anthropic Messages -------------------------------------------------------------------------------------------

def anthropic_stream(model: str, *, text: Sequence[str] = (), thinking: Sequence[str] = (),
                     tool_calls: Sequence[tuple[str, str, str]] = (), split_args: int = 5,
                     usage: tuple[int, int] = (25, 9), stop_reason: str | None = None) -> list[bytes]:
    def ev(kind: str, **data: Any) -> bytes:
        return sse({"type": kind, **data}, event=kind)

    out = [ev("message_start", message={
        "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": model, "stop_reason": None,
        "usage": {"input_tokens": usage[0], "output_tokens": 1}}), ev("ping")]
    index = 0
    if thinking:
        out.append(ev("content_block_start", index=index, content_block={"type": "thinking", "thinking": ""}))
        out += [ev("content_block_delta", index=index, delta={"type": "thinking_delta", "thinking": t})
                for t in thinking]
        out.append(ev("content_block_delta", index=index, delta={"type": "signature_delta", "signature": "c2ln"}))
        out.append(ev("content_block_stop", index=index))
        index += 1
    if text:
        out.append(ev("content_block_start", index=index, content_block={"type": "text", "text": ""}))
        out += [ev("content_block_delta", index=index, delta={"type": "text_delta", "text": t}) for t in text]
        out.append(ev("content_block_stop", index=index))
        index += 1
    for call_id, name, args in tool_calls:
        out.append(ev("content_block_start", index=index,
                      content_block={"type": "tool_use", "id": call_id, "name": name, "input": {}}))
        out += [ev("content_block_delta", index=index, delta={"type": "input_json_delta", "partial_json": p})
                for p in split(args, split_args)]
        out.append(ev("content_block_stop", index=index))
        index += 1
    out.append(ev("message_delta", delta={"stop_reason": stop_reason or ("tool_use" if tool_calls else "end_turn"),
                                          "stop_sequence": None}, usage={"output_tokens": usage[1]}))
    out.append(ev("message_stop"))
    return out


def anthropic_error(kind: str, message: str) -> bytes:
    return sse({"type": "error", "error": {"type": kind, "message": message}}, event="error")
