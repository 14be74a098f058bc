"""Each OpenAI-compatible server's own way of streaming, written from its documented wire format (and, for
Ollama, its openai/openai.go), served by a real local server: what Bea sends each one, and what she reads back.

Ollama: every delta repeats role "assistant" and sends content "" beside tool calls; a tool call comes whole
in one chunk (its arguments already a JSON text) with an index and an id; older versions finish with "stop"
after tool calls; usage comes only when stream_options.include_usage asks for it, in a last chunk with no
choices; reasoning comes in a "reasoning" field; tool_choice is not a field it reads.
LM Studio: the call's name and id (a string of digits) come first with empty arguments, the arguments then in
pieces; "content": null beside tool deltas; reasoning in "reasoning_content"; "system_fingerprint" on chunks.
vLLM: tool_choice "auto" needs --enable-auto-tool-choice and --tool-call-parser, else a 400 with its own
sentence; with them, the first tool delta has the name and no arguments key; "usage": null on every chunk.
llama-cpp-python: a tool call the model chooses itself under "auto" cannot be streamed (the stream is closed
empty); the same request without streaming answers it; an assistant message with "content": null is a 500.
"""

import asyncio
import json

import pytest

from app.core.chat import Message, ToolCall, Usage
from app.core.events import EventBus
from app.core.model_spec import parse
from app.core.tools import Tool
from app.process.clock import SYSTEM
from app.senses.llm.base import CallOptions, Timeouts, ToolsUnsupported
from app.senses.llm.openai_compat import OpenAICompatClient
from app.senses.llm.pool import ModelPool
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Status, Stream, sse

SPEAK = Tool("speak", "Say something out loud.",
             {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]}, reaches=True)
QUICK = Timeouts(connect=2, first_token=5, total=10)
ARGS = '{"message": "ciao a tutti!"}'


def chunk(model, delta=None, finish=None, **extra):
    doc = {"id": "chatcmpl-7", "object": "chat.completion.chunk", "created": 1, "model": model,
           "choices": [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
    return sse(doc)


def ollama(model, finish="tool_calls", usage=True):
    out = [chunk(model, {"role": "assistant", "content": "", "reasoning": "they greet me"}),
           chunk(model, {"role": "assistant", "content": "", "tool_calls": [
               {"id": "call_k2xw0qgs", "index": 0, "type": "function",
                "function": {"name": "speak", "arguments": ARGS}}]}),
           chunk(model, {"role": "assistant", "content": ""}, finish)]
    if usage:
        out.append(chunk(model, usage={"prompt_tokens": 312, "completion_tokens": 18, "total_tokens": 330}))
    return [*out, sse("[DONE]")]


def lmstudio(model):
    pieces = ['{"mess', 'age": "ci', 'ao a tu', 'tti!"}']
    return [chunk(model, {"role": "assistant", "content": None}, system_fingerprint=model),
            chunk(model, {"reasoning_content": "a greeting"}, system_fingerprint=model),
            chunk(model, {"content": None, "tool_calls": [{"index": 0, "id": "365174485", "type": "function",
                                                           "function": {"name": "speak", "arguments": ""}}]}),
            *[chunk(model, {"content": None, "tool_calls": [{"index": 0, "function": {"arguments": p}}]})
              for p in pieces],
            chunk(model, {}, "tool_calls"),
            chunk(model, usage={"prompt_tokens": 280, "completion_tokens": 16, "total_tokens": 296}),
            sse("[DONE]")]


def vllm(model):
    pieces = ['{"message": "', 'ciao a tutti!', '"}']
    return [chunk(model, {"role": "assistant", "content": ""}, usage=None),
            chunk(model, {"tool_calls": [{"id": "chatcmpl-tool-5f1c", "type": "function", "index": 0,
                                          "function": {"name": "speak"}}]}, usage=None),
            *[chunk(model, {"tool_calls": [{"index": 0, "function": {"arguments": p}}]}, usage=None) for p in pieces],
            chunk(model, {"content": ""}, "tool_calls", usage=None),
            chunk(model, usage={"prompt_tokens": 301, "completion_tokens": 20, "total_tokens": 321}),
            sse("[DONE]")]


VLLM_NO_FLAGS = Status(400, {"object": "error", "message": '"auto" tool choice requires --enable-auto-tool-choice '
                                                           'and --tool-call-parser to be set',
                             "type": "BadRequestError", "param": None, "code": 400})


def gate():
    return NetworkGate(lambda: False, EventBus(lambda: 0.0))


def serve(model, *replies, calls=1, tools=(SPEAK,), provider="ollama"):
    async def go():
        async with LLMServer() as server:
            server.script(model, *replies)
            client = OpenAICompatClient(parse(f"{provider}:{model}"), server.base_url, gate(), timeouts=QUICK)
            try:
                answers = [await client.complete([Message.user("ciao")], tools) for _ in range(calls)]
            finally:
                await client.aclose()
            return answers, [r.body for r in server.requests]
    return asyncio.run(go())


DIALECTS = [
    # name, model, stream, reasoning, usage
    ("ollama", "qwen3:8b", ollama("qwen3:8b"), "they greet me", Usage(312, 18)),
    ("older ollama: stop after tool calls, no usage", "llama3.1:8b", ollama("llama3.1:8b", "stop", usage=False),
     "they greet me", Usage()),
    ("lm studio", "qwen2.5-7b-instruct", lmstudio("qwen2.5-7b-instruct"), "a greeting", Usage(280, 16)),
    ("vllm with its tool flags", "Qwen/Qwen2.5-7B-Instruct", vllm("Qwen/Qwen2.5-7B-Instruct"), "", Usage(301, 20)),
]


@pytest.mark.parametrize("name,model,stream,reasoning,usage", DIALECTS, ids=[d[0] for d in DIALECTS])
@pytest.mark.parametrize("rechunk", [0, 7])
def test_a_streamed_tool_call_in_each_dialect(name, model, stream, reasoning, usage, rechunk):
    [answer], [body] = serve(model, Stream(stream, rechunk=rechunk))
    [call] = answer.tool_calls
    assert (call.name, call.parsed()) == ("speak", {"message": "ciao a tutti!"})
    assert (answer.finish_reason, answer.reasoning, answer.usage, answer.text) == ("tool_calls", reasoning, usage, "")
    assert body["tool_choice"] == "auto" and body["stream_options"] == {"include_usage": True}


def test_vllm_without_its_tool_flags_is_a_model_that_rejects_tools_and_the_pool_skips_it():
    async def go():
        async with LLMServer() as server:
            server.script("Qwen/Qwen2.5-7B-Instruct", VLLM_NO_FLAGS)
            server.script("qwen3:8b", Stream(ollama("qwen3:8b")), Stream(ollama("qwen3:8b")))
            pool = ModelPool("mind", [
                OpenAICompatClient(parse("vllm:Qwen/Qwen2.5-7B-Instruct"), server.base_url, gate(), timeouts=QUICK),
                OpenAICompatClient(parse("ollama:qwen3:8b"), server.base_url, gate(), timeouts=QUICK)],
                             clock=SYSTEM.monotonic)
            try:
                answers = [await pool.complete([Message.user("ciao")], [SPEAK]) for _ in range(2)]
            finally:
                await pool.aclose()
            return answers, pool.skipped, server.calls("Qwen/Qwen2.5-7B-Instruct")

    answers, skipped, vllm_calls = asyncio.run(go())
    assert all(a.tool_calls[0].name == "speak" for a in answers)
    assert vllm_calls == 1 and "requires --enable-auto-tool-choice" in skipped["vllm:Qwen/Qwen2.5-7B-Instruct"]


def test_vllm_refusing_auto_is_tools_unsupported():
    with pytest.raises(ToolsUnsupported, match="rejects tool calling"):
        serve("Qwen/Qwen2.5-7B-Instruct", VLLM_NO_FLAGS, provider="vllm")


def whole(model, calls=(), text=None, finish="tool_calls"):
    """llama-cpp-python's unstreamed answer (with its legacy function_call beside tool_calls)."""
    message = {"content": text, "role": "assistant", "tool_calls": [
        {"id": f"call__{i}_{name}_cmpl-1", "type": "function", "function": {"name": name, "arguments": args}}
        for i, (name, args) in enumerate(calls)] or None}
    if calls:
        message["function_call"] = {"name": f"{calls[0][0]}:", "arguments": calls[0][1]}
    return Status(200, {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": model,
                        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
                        "usage": {"prompt_tokens": 211, "completion_tokens": 19, "total_tokens": 230}})


def test_llama_cpp_python_cannot_stream_a_chosen_tool_call_so_it_is_asked_without_streaming():
    model = "smollm2"
    texts = [chunk(model, {"role": "assistant"}), chunk(model, {"content": "ok"}), chunk(model, {}, "stop"),
             sse("[DONE]")]
    deltas = []

    async def go():
        async with LLMServer() as server:
            server.script(model, Stream([b""]), whole(model, [("speak", ARGS)]), whole(model, [("speak", ARGS)]),
                          Stream(texts))
            client = OpenAICompatClient(parse(f"llamacpp:{model}"), server.base_url, gate(), timeouts=QUICK)
            try:
                first = await client.complete([Message.user("ciao")], [SPEAK], on_delta=deltas.append)
                second = await client.complete([Message.user("ciao")], [SPEAK])   # straight to the whole answer
                plain = await client.complete([Message.user("ciao")])             # no tools: streamed as ever
            finally:
                await client.aclose()
            return first, second, plain, [r.body for r in server.requests]

    first, second, plain, bodies = asyncio.run(go())
    assert first.tool_calls == (ToolCall("call__0_speak_cmpl-1", "speak", ARGS),) == second.tool_calls
    assert first.usage == Usage(211, 19) and first.finish_reason == "tool_calls" and plain.text == "ok"
    assert [b["stream"] for b in bodies] == [True, False, False, True]
    assert "stream_options" not in bodies[1]
    assert "".join(d.text for d in deltas) == ARGS   # the listener still hears the call, all at once


def test_llama_cpp_python_gets_content_as_an_empty_string_beside_tool_calls():
    # with "content": null its server fails the whole request with HTTP 500 (confirmed against the real one)
    call = ToolCall("call_1", "speak", ARGS)
    history = [Message.user("ciao"), Message.assistant("", [call]), Message.tool_result(call, "said out loud")]

    async def go():
        async with LLMServer() as server:
            server.script("smollm2", Stream(ollama("smollm2")))
            client = OpenAICompatClient(parse("llamacpp:smollm2"), server.base_url, gate(), timeouts=QUICK)
            try:
                await client.complete(history, [SPEAK], options=CallOptions(tool_choice="auto"))
            finally:
                await client.aclose()
            return server.requests[0].body

    body = asyncio.run(go())
    assert body["messages"][1]["content"] == "" and json.loads(body["messages"][1]["tool_calls"][0]["function"]
                                                               ["arguments"]) == {"message": "ciao a tutti!"}
