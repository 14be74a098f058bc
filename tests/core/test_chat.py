"""The conversation values: roles checked at construction, tool arguments parsed with readable errors."""

import pytest

from app.core.chat import AssistantMessage, Message, Role, ToolArgumentsError, ToolCall, Usage

PARSED = [
    # arguments, expected dict
    ('{"text": "ciao"}', {"text": "ciao"}),
    ('  {"n": 1, "nested": {"a": [1, 2]}}  ', {"n": 1, "nested": {"a": [1, 2]}}),
    ("{}", {}),
    ("", {}),
    ("   ", {}),
    ('{"emoji": "\\ud83d\\ude00"}', {"emoji": "\U0001F600"}),
]

BAD = [
    # arguments, words the error must contain
    ('{"text": "ciao"', ["speak", "not valid JSON", '{"text": "ciao"']),
    ("[1, 2]", ["speak", "must be a JSON object", "list"]),
    ('"hello"', ["must be a JSON object", "str"]),
    ("null", ["must be a JSON object", "NoneType"]),
    ("{'single': 'quotes'}", ["not valid JSON"]),
    ("x" * 500, ["not valid JSON", "..."]),
]


@pytest.mark.parametrize("arguments,expected", PARSED)
def test_parsed(arguments, expected):
    assert ToolCall("call_1", "speak", arguments).parsed() == expected


@pytest.mark.parametrize("arguments,words", BAD)
def test_parsed_refuses_with_a_sentence_the_model_can_read(arguments, words):
    with pytest.raises(ToolArgumentsError) as info:
        ToolCall("call_1", "speak", arguments).parsed()
    for word in words:
        assert word in str(info.value)
    assert len(str(info.value)) < 300


MESSAGES = [
    # kwargs, error fragment (None: valid)
    ({"role": "user", "content": "hi"}, None),
    ({"role": "system", "content": "be kind"}, None),
    ({"role": "assistant", "tool_calls": [ToolCall("a", "speak")]}, None),
    ({"role": "tool", "content": "ok", "tool_call_id": "a"}, None),
    ({"role": "robot", "content": "hi"}, "unknown message role 'robot'"),
    ({"role": "user", "tool_calls": [ToolCall("a", "speak")]}, "only an assistant message can carry tool calls"),
    ({"role": "tool", "content": "ok"}, "needs the tool_call_id"),
    ({"role": "user", "content": "ok", "tool_call_id": "a"}, "only a tool message answers a tool call"),
]


@pytest.mark.parametrize("kwargs,error", MESSAGES)
def test_message_construction(kwargs, error):
    if error is None:
        message = Message(**kwargs)
        assert message.role == kwargs["role"] and isinstance(message.role, Role)
        assert isinstance(message.tool_calls, tuple)
    else:
        with pytest.raises(ValueError, match=error):
            Message(**kwargs)


def test_constructors_and_history_round_trip():
    call = ToolCall("call_9", "speak", '{"text": "hi"}')
    answer = AssistantMessage(text="thinking aloud", reasoning="secret", tool_calls=(call,))
    history = answer.as_message()
    assert history == Message(Role.ASSISTANT, "thinking aloud", (call,))
    assert "secret" not in repr(history)
    result = Message.tool_result(call, "said it")
    assert (result.role, result.tool_call_id, result.name) == (Role.TOOL, "call_9", "speak")
    assert Message.user("ciao", name="marco").name == "marco"
    assert Message.system("x").role is Role.SYSTEM


def test_usage_adds_up_across_a_turn():
    total = Usage(10, 5, 2) + Usage(7, 3, 0)
    assert total == Usage(17, 8, 2) and total.total == 25
    assert AssistantMessage().usage == Usage()
