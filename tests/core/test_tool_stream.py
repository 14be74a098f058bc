"""Tool-call deltas accumulated into ToolCalls: interleaved, split mid-JSON at every offset, index-less."""

import json

import pytest

from app.core.chat import ToolCall
from app.core.tool_stream import ToolCallAccumulator, ToolStreamError

SPEAK_ARGS = '{"text": "ciao \\"marco\\", come stai? \\u00e8 \U0001F600", "n": -1.5e3, "ok": [true, null]}'
SEND_ARGS = '{"channel": "discord:123", "text": "{not: json} [inside] a string"}'


def deltas_for(calls, size):
    """OpenAI-style deltas for `calls`, arguments cut every `size` characters, the calls interleaved."""
    streams = []
    for index, (call_id, name, args) in enumerate(calls):
        parts = [args[i:i + size] for i in range(0, len(args), size)] or [""]
        first = {"index": index, "id": call_id, "type": "function", "function": {"name": name, "arguments": ""}}
        streams.append([first] + [{"index": index, "function": {"arguments": p}} for p in parts])
    out = []
    while any(streams):
        for s in streams:
            if s:
                out.append(s.pop(0))
    return out


def accumulate(deltas):
    acc = ToolCallAccumulator()
    for d in deltas:
        acc.add_openai(d)
    return acc.finish()


CALLS = [("call_a", "speak", SPEAK_ARGS), ("call_b", "send_message", SEND_ARGS), ("call_c", "stay_silent", "{}")]


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 13, 1000])
def test_interleaved_calls_split_mid_json(size):
    calls = accumulate(deltas_for(CALLS, size))
    assert calls == [ToolCall(*c) for c in CALLS]
    assert calls[0].parsed()["text"].startswith('ciao "marco"')


def test_arguments_split_at_every_offset():
    for cut in range(len(SPEAK_ARGS) + 1):
        acc = ToolCallAccumulator()
        acc.add_openai({"index": 0, "id": "x", "function": {"name": "speak"}})
        acc.add_openai({"index": 0, "function": {"arguments": SPEAK_ARGS[:cut]}})
        acc.add_openai({"index": 0, "function": {"arguments": SPEAK_ARGS[cut:]}})
        [call] = acc.finish()
        assert call.arguments == SPEAK_ARGS and call.parsed() == json.loads(SPEAK_ARGS), cut


SHAPES = [
    # name, deltas, expected calls
    ("indexes out of order", [
        {"index": 1, "id": "b", "function": {"name": "two", "arguments": "{}"}},
        {"index": 0, "id": "a", "function": {"name": "one", "arguments": '{"x"'}},
        {"index": 0, "function": {"arguments": ": 1}"}},
    ], [ToolCall("a", "one", '{"x": 1}'), ToolCall("b", "two", "{}")]),
    ("id and name repeated on every fragment", [
        {"index": 0, "id": "a", "function": {"name": "speak", "arguments": '{"t"'}},
        {"index": 0, "id": "a", "function": {"name": "speak", "arguments": ': "x"}'}},
    ], [ToolCall("a", "speak", '{"t": "x"}')]),
    ("no index: one call at a time, told apart by id", [
        {"id": "a", "function": {"name": "one", "arguments": '{"p":'}},
        {"function": {"arguments": " 1}"}},
        {"id": "b", "function": {"name": "two", "arguments": "{}"}},
    ], [ToolCall("a", "one", '{"p": 1}'), ToolCall("b", "two", "{}")]),
    ("no index and no id: a second name opens the next call", [
        {"function": {"name": "speak", "arguments": '{"text": "a"}'}},
        {"function": {"name": "speak", "arguments": '{"text": "b"}'}},
    ], [ToolCall("call_0", "speak", '{"text": "a"}'), ToolCall("call_1", "speak", '{"text": "b"}')]),
    ("arguments sent as an object", [
        {"index": 0, "id": "a", "function": {"name": "speak", "arguments": {"text": "\u00e8"}}},
    ], [ToolCall("a", "speak", '{"text": "\u00e8"}')]),
    ("no id and no arguments", [
        {"index": 0, "function": {"name": "stay_silent"}},
        {"index": 1, "id": "", "function": {"name": "wave", "arguments": None}},
    ], [ToolCall("call_0", "stay_silent", "{}"), ToolCall("call_1", "wave", "{}")]),
    ("nothing", [], []),
]


@pytest.mark.parametrize("name,deltas,expected", SHAPES, ids=[s[0] for s in SHAPES])
def test_shapes(name, deltas, expected):
    assert accumulate(deltas) == expected


def test_fragments_report_the_call_being_written():
    acc = ToolCallAccumulator()
    assert not acc
    first = acc.add_openai({"index": 0, "id": "a", "function": {"name": "speak", "arguments": ""}})
    assert (first.index, first.call_id, first.name, first.arguments) == (0, "a", "speak", "")
    later = acc.add_openai({"index": 0, "function": {"arguments": '{"te'}})
    assert (later.index, later.call_id, later.name, later.arguments) == (0, "a", "speak", '{"te')
    assert acc


def test_a_call_without_a_name_is_an_error():
    acc = ToolCallAccumulator()
    acc.add_openai({"index": 0, "id": "a", "function": {"arguments": "{}"}})
    with pytest.raises(ToolStreamError, match="without a function name"):
        acc.finish()
