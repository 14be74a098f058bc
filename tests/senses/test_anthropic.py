"""The Anthropic Messages client against a real local server streaming real wire-format events."""

import asyncio

import pytest

from app.core.chat import DeltaKind, Message, ToolCall, Usage
from app.core.events import EventBus
from app.core.model_spec import parse
from app.core.tools import Tool
from app.senses.llm.anthropic import AnthropicClient, wire_messages
from app.senses.llm.base import (
    AuthError,
    CallOptions,
    MalformedStream,
    ModelTimeout,
    RateLimited,
    ServerError,
    Timeouts,
)
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Status, Stream, anthropic_error, anthropic_stream

MODEL = "claude-3-5-haiku-latest"
SPEAK = Tool("speak", "Say something out loud.",
             {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}, reaches=True)
SPEAK_ARGS = '{"text": "ciao \\"marco\\" \U0001F600"}'
QUICK = Timeouts(connect=2, first_token=5, total=10)


def run(replies, call=None, api_key="sk-ant-test", timeouts=QUICK):
    async def go():
        async with LLMServer() as server:
            server.script(MODEL, *replies)
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0))
            client = AnthropicClient(parse(f"anthropic:{MODEL}"), server.base_url, gate, api_key, timeouts=timeouts)
            try:
                result = await (call(client) if call else client.complete([Message.user("ciao")], [SPEAK]))
            finally:
                await client.aclose()
            return result, server
    return asyncio.run(go())


def test_text_thinking_and_usage():
    deltas = []

    async def call(client):
        return await client.complete([Message.user("ciao")], on_delta=deltas.append)

    stream = anthropic_stream(MODEL, thinking=["they say ", "hi"], text=["Ciao", " a tutti"], usage=(30, 12))
    answer, server = run([Stream(stream, rechunk=5)], call)
    assert (answer.text, answer.reasoning) == ("Ciao a tutti", "they say hi")
    assert (answer.usage, answer.model, answer.finish_reason) == (Usage(30, 12), MODEL, "stop")
    assert "".join(d.text for d in deltas if d.kind is DeltaKind.TEXT) == "Ciao a tutti"
    request = server.requests[0]
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == "sk-ant-test" and request.headers["anthropic-version"] == "2023-06-01"
    assert request.body["stream"] is True and request.body["max_tokens"] == 4096


@pytest.mark.parametrize("rechunk", [1, 4, 17, 0])
def test_tool_use_with_input_split_mid_json(rechunk):
    deltas = []
    calls = [("toolu_1", "speak", SPEAK_ARGS), ("toolu_2", "stay_silent", "")]

    async def call(client):
        return await client.complete([Message.user("ciao")], [SPEAK], on_delta=deltas.append)

    answer, _ = run([Stream(anthropic_stream(MODEL, text=["let me answer"], tool_calls=calls, split_args=3),
                            rechunk=rechunk)], call)
    assert answer.tool_calls == (ToolCall("toolu_1", "speak", SPEAK_ARGS), ToolCall("toolu_2", "stay_silent", "{}"))
    assert answer.finish_reason == "tool_calls" and answer.text == "let me answer"
    speak = [d for d in deltas if d.kind is DeltaKind.TOOL_ARGUMENTS and d.index == 0]
    assert "".join(d.text for d in speak) == SPEAK_ARGS and {d.name for d in speak} == {"speak"}


def test_system_hoisted_and_tool_results_as_blocks():
    call = ToolCall("toolu_9", "speak", '{"text": "hi"}')
    other = ToolCall("toolu_10", "remember", "not json")
    history = [Message.system("soul"), Message.system("manual"), Message.user("[marco] ciao"),
               Message.assistant("I'll answer", [call, other]), Message.tool_result(call, "said it"),
               Message.tool_result(other, "ERROR bad arguments"), Message.user("[anna] and me?"),
               Message.assistant("")]
    system, wire = wire_messages(history)
    assert system == "soul\n\nmanual"
    assert wire == [
        {"role": "user", "content": [{"type": "text", "text": "[marco] ciao"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "I'll answer"},
            {"type": "tool_use", "id": "toolu_9", "name": "speak", "input": {"text": "hi"}},
            {"type": "tool_use", "id": "toolu_10", "name": "remember", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_9", "content": "said it"},
            {"type": "tool_result", "tool_use_id": "toolu_10", "content": "ERROR bad arguments"},
            {"type": "text", "text": "[anna] and me?"}]}]


def test_only_leading_system_messages_are_hoisted():
    history = [Message.system("soul"), Message.user("[marco] ciao"), Message.system("[NOW] 16:00"),
               Message.user("[anna] hi")]
    system, wire = wire_messages(history)
    assert system == "soul"
    assert wire == [{"role": "user", "content": [{"type": "text", "text": "[marco] ciao"},
                                                 {"type": "text", "text": "[SYSTEM]\n[NOW] 16:00"},
                                                 {"type": "text", "text": "[anna] hi"}]}]


def test_request_carries_tools_choice_and_system():
    async def call(client):
        return await client.complete([Message.system("soul"), Message.user("hi")], [SPEAK],
                                     options=CallOptions(temperature=0.5, max_tokens=300, tool_choice="required"))

    _, server = run([Stream(anthropic_stream(MODEL, text=["ok"]))], call)
    body = server.requests[0].body
    assert body["system"] == "soul" and body["max_tokens"] == 300 and body["temperature"] == 0.5
    assert body["tools"] == [{"name": "speak", "description": SPEAK.description, "input_schema": SPEAK.parameters}]
    assert body["tool_choice"] == {"type": "any"}


CUT = anthropic_stream(MODEL, text=["Ciao", " a", " tutti"])

ERRORS = [
    # reply, error class, words
    (Status(429, {"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}},
            {"retry-after": "7"}), RateLimited, ["429", "slow down"]),
    (Status(529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}), ServerError,
     ["529", "Overloaded"]),
    (Status(401, {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}),
     AuthError, ["invalid x-api-key"]),
    (Stream(CUT[:5] + [anthropic_error("overloaded_error", "Overloaded")]), ServerError, ["overloaded_error"]),
    (Stream(CUT[:5] + [anthropic_error("rate_limit_error", "too many")]), RateLimited, ["too many"]),
    (Stream(CUT[:5]), MalformedStream, ["before message_stop"]),
    (Stream(CUT[:5], abort=True), MalformedStream, ["cut short"]),
    (Stream(CUT[:2] + [b'event: content_block_delta\ndata: {"type": "content_block_delta"}\n\n']), MalformedStream,
     ["unexpected shape"]),
    (Stream(CUT[:2] + [b'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 5, "delta": '
                       b'{"type": "input_json_delta", "partial_json": "{"}}\n\n']), MalformedStream,
     ["not a tool call"]),
]


@pytest.mark.parametrize("reply,error,words", ERRORS)
def test_failures_map_to_error_classes(reply, error, words):
    with pytest.raises(error) as info:
        run([reply])
    for word in words:
        assert word in str(info.value)
    if isinstance(reply, Status) and error is RateLimited:
        assert info.value.retry_after == 7.0


def test_a_stalled_stream_times_out_on_the_first_token_deadline():
    with pytest.raises(ModelTimeout, match="no answer began within 0.2 s"):
        run([Stream(CUT, pause=1.0)], timeouts=Timeouts(connect=2, first_token=0.2, total=5))


def test_pings_do_not_hold_off_the_first_token_deadline():
    pings = [b'event: ping\ndata: {"type": "ping"}\n\n'] * 30
    with pytest.raises(ModelTimeout, match="first-token deadline"):
        run([Stream(CUT[:1] + pings + CUT[1:], pause=0.05)], timeouts=Timeouts(connect=2, first_token=0.5, total=5))


def test_a_stream_that_keeps_going_past_the_total_deadline_times_out():
    slow = CUT[:3] + [CUT[3]] * 40   # text keeps coming, the message never stops
    with pytest.raises(ModelTimeout, match="not finished within 1 s \\(the total deadline\\)"):
        run([Stream(slow, pause=0.05)], timeouts=Timeouts(connect=2, first_token=0.5, total=1))


def test_tool_input_that_never_becomes_json_fails_the_call():
    broken = anthropic_stream(MODEL, tool_calls=[("toolu_1", "speak", '{"text": "ciao')])
    with pytest.raises(MalformedStream, match="arguments of the speak tool call never became valid JSON"):
        run([Stream(broken)])


def test_no_key_is_refused_before_any_request():
    with pytest.raises(AuthError, match="no API key for Anthropic"):
        run([], api_key=None)


def test_a_named_tool_choice_forces_that_tool():
    async def call(client):
        return await client.complete([Message.user("hi")], [SPEAK], options=CallOptions(tool_choice="speak"))

    _, server = run([Stream(anthropic_stream(MODEL, text=["ok"]))], call)
    assert server.requests[0].body["tool_choice"] == {"type": "tool", "name": "speak"}
