"""The OpenAI-compatible client against a real local server streaming real wire-format chunks."""

import asyncio
import json

import pytest

from app.core.chat import DeltaKind, Message, ToolCall, Usage
from app.core.events import EventBus, EventKind
from app.core.model_spec import ModelSpec, parse
from app.core.tools import Tool
from app.senses.llm.base import (
    AuthError,
    CallOptions,
    MalformedStream,
    ModelTimeout,
    PrivacyBlocked,
    RateLimited,
    RequestRejected,
    ServerError,
    Timeouts,
    ToolsUnsupported,
    Unreachable,
    error_for_status,
)
from app.senses.llm.openai_compat import OpenAICompatClient
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Status, Stream, openai_chunk, openai_error, openai_stream, sse

MODEL = "llama3.1:8b"
SPEAK = Tool("speak", "Say something out loud.",
             {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}, reaches=True)
SPEAK_ARGS = '{"text": "ciao \\"marco\\", tutto bene? \\u00e8 \U0001F600"}'
NOTE_ARGS = '{"about": "marco", "note": "likes {braces} and [brackets]"}'


def make_gate(privacy=False):
    bus = EventBus(lambda: 0.0)
    return NetworkGate(lambda: privacy, bus, resolve=lambda host, port: []), bus


QUICK = Timeouts(connect=2, first_token=5, total=10)


def run(replies, call=None, spec=f"ollama:{MODEL}", api_key=None, timeouts=QUICK, base_url=None):
    """Serve `replies` for the model, make one client call (or `call(client)`), return (result, server)."""
    async def go():
        async with LLMServer() as server:
            parsed = parse(spec)
            server.script(parsed.model, *replies)
            gate, _ = make_gate()
            client = OpenAICompatClient(parsed, base_url or server.base_url, gate, api_key, timeouts=timeouts)
            try:
                result = await (call(client) if call else client.complete([Message.user("ciao")], [SPEAK]))
            finally:
                await client.aclose()
            return result, server
    return asyncio.run(go())


def test_text_with_reasoning_in_a_field_and_in_think_tags():
    deltas = []
    stream = openai_stream(MODEL, reasoning=["they ", "greet me"],
                           text=["<thi", "nk>also this</th", "ink>\n\nCiao ", "a tutti!"], usage=(40, 11, 3))

    async def call(client):
        return await client.complete([Message.system("be kind"), Message.user("ciao")], on_delta=deltas.append)

    answer, server = run([Stream(stream, rechunk=7)], call)
    assert answer.text == "Ciao a tutti!"
    assert answer.reasoning == "they greet mealso this"
    assert answer.usage == Usage(40, 11, 3)
    assert (answer.model, answer.finish_reason, answer.tool_calls) == (MODEL, "stop", ())
    texts = "".join(d.text for d in deltas if d.kind is DeltaKind.TEXT)
    assert texts.strip() == "Ciao a tutti!" and "also" not in texts and "greet" not in texts
    assert "".join(d.text for d in deltas if d.kind is DeltaKind.REASONING) == "they greet mealso this"
    [request] = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.body["stream"] is True and request.body["stream_options"] == {"include_usage": True}
    assert request.body["messages"] == [{"role": "system", "content": "be kind"},
                                        {"role": "user", "content": "ciao"}]
    assert "tools" not in request.body and "authorization" not in {k.lower() for k in request.headers}


@pytest.mark.parametrize("rechunk", [1, 2, 3, 5, 13, 64, 0])
def test_tool_calls_split_mid_json_and_interleaved(rechunk):
    deltas = []
    calls = [("call_1", "speak", SPEAK_ARGS), ("call_2", "remember", NOTE_ARGS)]
    stream = openai_stream(MODEL, tool_calls=calls, split_args=4)

    async def call(client):
        return await client.complete([Message.user("ciao")], [SPEAK], on_delta=deltas.append)

    answer, _ = run([Stream(stream, rechunk=rechunk)], call)
    assert answer.tool_calls == tuple(ToolCall(*c) for c in calls)
    assert answer.tool_calls[0].parsed()["text"] == 'ciao "marco", tutto bene? \u00e8 \U0001F600'
    assert answer.finish_reason == "tool_calls" and answer.text == ""
    for index, (call_id, name, args) in enumerate(calls):
        mine = [d for d in deltas if d.kind is DeltaKind.TOOL_ARGUMENTS and d.index == index]
        assert "".join(d.text for d in mine) == args
        assert {(d.call_id, d.name) for d in mine} == {(call_id, name)}


def test_history_with_tool_calls_and_results_goes_out_in_wire_format():
    call = ToolCall("call_7", "speak", '{"text": "hi"}')
    history = [Message.system("soul"), Message.user("[marco] ciao", name="marco"), Message.assistant("", [call]),
               Message.tool_result(call, "said it")]

    async def go(client):
        return await client.complete(history, [SPEAK], options=CallOptions(0.3, 200, "required"))

    _, server = run([Stream(openai_stream(MODEL, text=["ok"]))], go, spec="openai:gpt-4o-mini", api_key="sk-test-key")
    body = server.requests[0].body
    assert body["messages"][1:] == [
        {"role": "user", "content": "[marco] ciao", "name": "marco"},
        # "" and never null: llama-cpp-python's server answers null with HTTP 500
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "call_7", "type": "function", "function": {"name": "speak", "arguments": '{"text": "hi"}'}}]},
        {"role": "tool", "content": "said it", "tool_call_id": "call_7", "name": "speak"}]
    assert body["tools"] == [SPEAK.schema()]
    assert (body["tool_choice"], body["temperature"], body["max_tokens"]) == ("required", 0.3, 200)
    assert server.requests[0].headers["Authorization"] == "Bearer sk-test-key"


ERRORS = [
    # reply, error class, words in the message
    (openai_error(429, "Rate limit reached for requests", **{"Retry-After": "2"}), RateLimited, ["429", "Rate limit"]),
    (openai_error(500, "internal error"), ServerError, ["500", "internal error"]),
    (Status(503, "<html>upstream down</html>"), ServerError, ["503", "upstream down"]),
    (openai_error(401, "Incorrect API key provided"), AuthError, ["401", "refused the API key"]),
    (openai_error(400, "registry.ollama.ai/library/gemma2:2b does not support tools"), ToolsUnsupported,
     ["rejects tool calling", "does not support tools"]),
    (openai_error(404, "model 'llama3.1:8b' not found"), RequestRejected, ["404", "not found"]),
    (Stream(openai_stream(MODEL, text=["Ciao", " a"])[:3]), MalformedStream, ["cut short"]),
    # [DONE] without any finish_reason: llama-cpp-python's server ends a stream so when a second request arrives
    (Stream(openai_stream(MODEL, text=["Ciao", " a"])[:3] + [sse("[DONE]")]), MalformedStream,
     ["with [DONE] but never carried a finish_reason", "cut short"]),
    (Stream(openai_stream(MODEL, tool_calls=[("call_1", "speak", '{"text": "ciao')])), MalformedStream,
     ["arguments of the speak tool call never became valid JSON"]),
    (Stream(openai_stream(MODEL, tool_calls=[("call_1", "speak", '["ciao"]')])), MalformedStream,
     ["a JSON list, not an object"]),
    (Stream([b"<html><body>502 Bad Gateway</body></html>"], content_type="text/html"), MalformedStream,
     ["expected an event stream, got text/html", "502 Bad Gateway"]),
    (Stream([bytes(range(256)) * 8]), MalformedStream, ["cut short"]),
    (Stream(openai_stream(MODEL, text=["Ciao", " a"])[:3], abort=True), MalformedStream, ["cut short"]),
    (Stream([openai_chunk(MODEL, {"content": "hi"}), b"data: {not json\n\n"]), MalformedStream,
     ["not JSON (9 characters, starting with '{')"]),
    (Stream([b'data: ["a list"]\n\n']), MalformedStream, ["not an object"]),
    (Stream([b'data: {"choices": [{"delta": "oops"}]}\n\n']), MalformedStream, ["unexpected shape"]),
    (Stream([b'data: {"choices": [{"delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]},'
             b' "finish_reason": "tool_calls"}]}\n\ndata: [DONE]\n\n']), MalformedStream, ["without a function name"]),
    (Stream([b'{"choices": []}'], content_type="application/json"), MalformedStream, ["expected an event stream"]),
    (Stream([sse({"error": {"message": "Provider returned 429", "code": 429}})]), RateLimited, ["Provider returned"]),
    (Stream([sse({"error": {"message": "upstream died"}})]), ServerError, ["upstream died"]),
]


def test_a_malformed_stream_never_quotes_what_it_carried():
    """Errors reach the log, and logs carry no chat text nor her draft replies."""
    secret = "my secret address is 12 Via Roma"
    for reply in (Stream([b"data: {" + secret.encode() + b"\n\n"]),
                  Stream([sse(["a list", secret])]),
                  Stream([sse({"choices": [{"delta": secret}]})])):
        with pytest.raises(MalformedStream) as info:
            run([reply])
        assert "Via Roma" not in str(info.value) and "secret" not in str(info.value)


@pytest.mark.parametrize("reply,error,words", ERRORS)
def test_failures_map_to_error_classes(reply, error, words):
    with pytest.raises(error) as info:
        run([reply])
    assert str(info.value).startswith(f"ollama:{MODEL}: ")
    for word in words:
        assert word in str(info.value)
    if error is RateLimited and isinstance(reply, Status):
        assert info.value.retry_after == 2.0


def test_a_retry_after_date_is_measured_from_the_servers_own_date():
    """A server whose clock is a year off still means "in 45 seconds": the wait is its two dates apart."""
    reply = openai_error(429, "Rate limit reached", **{"Date": "Mon, 01 Jan 2024 10:00:00 GMT",
                                                      "Retry-After": "Mon, 01 Jan 2024 10:00:45 GMT"})
    with pytest.raises(RateLimited) as info:
        run([reply])
    assert info.value.retry_after == 45.0


def test_a_tools_complaint_without_tools_sent_is_an_ordinary_refusal():
    async def call(client):
        return await client.complete([Message.user("ciao")])

    with pytest.raises(RequestRejected):
        run([openai_error(400, "model does not support tools")], call)


def test_garbage_lines_and_comments_are_ignored():
    stream = openai_stream(MODEL, text=["Ciao"])
    noisy = [b": OPENROUTER PROCESSING\n\n", b"garbage without a colon\n", b"retry: x\n", b"\n"] + stream[:2] + \
            [b": keep-alive\r\n\r\n"] + stream[2:]
    answer, _ = run([Stream(noisy, rechunk=3)])
    assert answer.text == "Ciao"


def chunk(delta=None, finish=None, **extra):
    doc = {"model": MODEL, "choices": [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return sse({**doc, **extra})


DIALECTS = [
    # name, chunks, text, tool calls, finish, usage
    ("ollama: whole calls without index, finish stop", [
        chunk({"role": "assistant", "content": "", "tool_calls": [
            {"id": "call_a", "function": {"name": "speak", "arguments": '{"text":"a"}'}},
            {"id": "call_b", "function": {"name": "speak", "arguments": '{"text":"b"}'}}]}),
        chunk({"content": ""}, "stop"), sse("[DONE]")],
     "", (ToolCall("call_a", "speak", '{"text":"a"}'), ToolCall("call_b", "speak", '{"text":"b"}')), "tool_calls",
     Usage()),
    ("groq: usage under x_groq", [
        chunk({"content": "hi"}), chunk({}, "stop", x_groq={"usage": {"prompt_tokens": 9, "completion_tokens": 2}}),
        sse("[DONE]")],
     "hi", (), "stop", Usage(9, 2)),
    ("openrouter: reasoning field, keep-alive comments, usage with reasoning tokens", [
        b": OPENROUTER PROCESSING\n\n", chunk({"reasoning": "hmm"}), chunk({"content": "ok"}), chunk({}, "stop"),
        chunk(usage={"prompt_tokens": 5, "completion_tokens": 4, "completion_tokens_details": {"reasoning_tokens": 3}}),
        sse("[DONE]")],
     "ok", (), "stop", Usage(5, 4, 3)),
    ("vllm: usage null on every chunk, then the usage chunk", [
        chunk({"content": "a"}, usage=None), chunk({}, "length", usage=None),
        chunk(usage={"prompt_tokens": 1, "completion_tokens": 1}), sse("[DONE]")],
     "a", (), "length", Usage(1, 1)),
]


@pytest.mark.parametrize("name,chunks,text,calls,finish,usage", DIALECTS, ids=[d[0] for d in DIALECTS])
def test_server_dialects(name, chunks, text, calls, finish, usage):
    answer, _ = run([Stream(chunks, rechunk=11)])
    assert (answer.text, answer.tool_calls, answer.finish_reason, answer.usage) == (text, calls, finish, usage)


def test_a_stream_without_done_but_finished_is_complete():
    answer, _ = run([Stream(openai_stream(MODEL, text=["fine"], done=False))])
    assert answer.text == "fine" and answer.usage == Usage(12, 7, 0)


def test_a_stalled_server_times_out_on_socket_silence_when_asked_to():
    stream = openai_stream(MODEL, text=["late"])
    with pytest.raises(ModelTimeout, match="sent nothing at all for 0.2 s"):
        run([Stream(stream[:2] + [stream[2]], pause=1.0)], timeouts=Timeouts(connect=2, read=0.2))


def test_servers_refusing_stream_options_are_asked_again_without_it():
    answer, server = run([openai_error(400, "Unrecognized request argument supplied: stream_options"),
                          Stream(openai_stream(MODEL, text=["ok"], usage=None))])
    assert answer.text == "ok" and answer.usage == Usage()
    assert "stream_options" in server.requests[0].body and "stream_options" not in server.requests[1].body


def test_a_missing_key_is_refused_before_any_request():
    async def go():
        async with LLMServer() as server:
            client = OpenAICompatClient(parse("openai:gpt-4o"), server.base_url, make_gate()[0])
            with pytest.raises(AuthError, match="no API key for OpenAI"):
                await client.complete([Message.user("ciao")], [SPEAK])
            await client.aclose()
            return server.requests

    assert asyncio.run(go()) == []


def test_nothing_listening_is_unreachable():
    async def free_port():
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        server.close()
        await server.wait_closed()
        return port

    port = asyncio.run(free_port())
    with pytest.raises(Unreachable) as info:
        run([], base_url=f"http://127.0.0.1:{port}/v1")
    assert info.value.reason == (f"cannot reach http://127.0.0.1:{port}/v1/chat/completions: nothing is "
                                 f"listening at 127.0.0.1:{port} (is the server running?)")


def test_an_unknown_host_name_is_said_plainly():
    with pytest.raises(Unreachable) as info:
        run([], base_url="http://no-such-host.invalid/v1")
    assert "the host name no-such-host.invalid is unknown (check the base URL)" in info.value.reason


def test_privacy_mode_refuses_an_outside_base_url_before_connecting():
    resolved = []
    bus = EventBus(lambda: 0.0)
    gate = NetworkGate(lambda: True, bus, resolve=lambda host, port: resolved.append(host) or [])
    errors = []
    bus.subscribe(errors.append, kinds=[EventKind.ERROR])
    client = OpenAICompatClient(ModelSpec("vllm", "qwen"), "http://198.51.100.7:8000/v1", gate)

    async def go():
        try:
            await client.complete([Message.user("ciao")], [SPEAK])
        finally:
            await client.aclose()

    with pytest.raises(PrivacyBlocked, match="privacy mode is on: 198.51.100.7:8000"):
        asyncio.run(go())
    assert resolved == [] and len(errors) == 1 and errors[0].data["purpose"] == "LLM vllm:qwen"


CLASSIFY = [
    # status, body, tools sent, class
    (400, '{"error": {"message": "registry.ollama.ai/library/phi:2.7b does not support tools"}}', True,
     ToolsUnsupported),
    (404, '{"error": {"message": "No endpoints found that support tool use.", "code": 404}}', True, ToolsUnsupported),
    (400, '{"object": "error", "message": "\\"auto\\" tool choice requires --enable-auto-tool-choice and '
          '--tool-call-parser to be set"}', True, ToolsUnsupported),
    (500, '{"error": {"code": 500, "message": "tools param requires --jinja flag"}}', True, ToolsUnsupported),
    (400, '{"error": "Tool calling is not supported for this model"}', True, ToolsUnsupported),
    (400, '{"detail": "this model doesn\'t support function calling"}', True, ToolsUnsupported),
    (400, '{"error": {"message": "does not support tools"}}', False, RequestRejected),
    (400, '{"error": {"message": "Invalid schema for function \'speak\': \'format\' is not supported"}}', True,
     RequestRejected),
    (400, '{"error": {"message": "tools[0].function.parameters: invalid. Expected object"}}', True,
     RequestRejected),
    (429, "slow down", True, RateLimited),
    (403, "forbidden", False, AuthError),
    (408, "", False, ServerError),
    (529, '{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}', False, ServerError),
    (422, "unprocessable", False, RequestRejected),
]


@pytest.mark.parametrize("status,body,tools,cls", CLASSIFY)
def test_error_classification(status, body, tools, cls):
    error = error_for_status("m:x", status, body, tools)
    assert type(error) is cls, str(error)
    assert len(str(error)) < 400


def test_error_messages_are_shortened_and_never_empty():
    assert "(no details)" in str(error_for_status("m:x", 500, "", False))
    assert len(str(error_for_status("m:x", 500, json.dumps({"error": {"message": "x" * 5000}}), False))) < 400


TOOL_CHOICES = [
    # option, on the wire
    ("auto", "auto"),   # llama-cpp-python's server drops the tools when tool_choice is left out
    ("required", "required"),
    ("none", "none"),
    ("speak", {"type": "function", "function": {"name": "speak"}}),
]


@pytest.mark.parametrize("option,wire", TOOL_CHOICES)
def test_tool_choice_is_always_sent_with_tools(option, wire):
    async def go(client):
        await client.complete([Message.user("ciao")], [SPEAK], options=CallOptions(tool_choice=option))
        return await client.complete([Message.user("ciao")], options=CallOptions(tool_choice=option))

    _, server = run([Stream(openai_stream(MODEL, text=["ok"]))] * 2, go)
    with_tools, without = (r.body for r in server.requests)
    assert with_tools["tool_choice"] == wire
    assert "tool_choice" not in without and "tools" not in without


def test_raw_control_characters_inside_argument_strings_are_repaired_not_failed():
    # small models under a grammar write a real newline inside a JSON string; every parser but a strict one
    # reads it, so the call is kept with its arguments re-serialised
    answer, _ = run([Stream(openai_stream(MODEL, tool_calls=[("call_1", "speak", '{"text": "ciao\nmarco\t!"}')]))])
    [call] = answer.tool_calls
    assert call.parsed() == {"text": "ciao\nmarco\t!"} and "\n" not in call.arguments
