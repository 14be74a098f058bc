"""Grammar-forced tool calls for the built-in model: the schema, the flattened chat, and strict reading."""

import json

import pytest

from app.core.chat import Message, ToolCall
from app.core.local_calls import LocalCallError, call_schema, flatten, read_call
from app.core.tools import Tool

SPEAK = Tool("speak", "Say it.", {"type": "object", "properties": {"message": {"type": "string"}},
                                  "required": ["message"]})
SILENT = Tool("stay_silent", "Be quiet.", {"type": "object", "properties": {}})


def test_one_branch_per_tool():
    schema = call_schema([SPEAK, SILENT])
    assert [b["properties"]["tool"]["enum"] for b in schema["anyOf"]] == [["speak"], ["stay_silent"]]
    assert schema["anyOf"][0]["properties"]["arguments"] == SPEAK.parameters
    assert call_schema([SPEAK])["properties"]["tool"]["enum"] == ["speak"]


def test_flatten_hoists_leading_system_and_rewrites_tool_turns():
    call = ToolCall("c1", "speak", '{"message": "ciao"}')
    msgs = flatten([Message.system("soul"), Message.system("manual"), Message.user("hi"),
                    Message.assistant("", [call]), Message.tool_result(call, "said out loud"),
                    Message.assistant("just thinking"), Message.system("[NOW] 16:00")], [SPEAK])
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert msgs[0]["content"].startswith("soul\n\nmanual\n\nYou act only by calling")
    assert msgs[-1]["content"] == "[SYSTEM]\n[NOW] 16:00"  # the briefing below the window stays below it
    assert "- speak(message): Say it." in msgs[0]["content"]
    assert msgs[2]["content"] == '(called speak {"message": "ciao"})'
    assert msgs[3]["content"] == "[speak answered] said out loud"


@pytest.mark.parametrize("text,error", [
    ('{"tool": "speak", "arguments": {"message": "ciao"}}', None),
    ('{"tool": "dance", "arguments": {}}', "not one of"),
    ('{"tool": "speak"}', "not a tool call"),
    ('["speak"]', "not a tool call"),
    ('{"tool": "speak", "arguments": {"message": "ci', "not JSON"),
])
def test_read_call(text, error):
    if error is None:
        call = read_call(text, [SPEAK, SILENT], "local-1")
        assert call == ToolCall("local-1", "speak", json.dumps({"message": "ciao"}))
    else:
        with pytest.raises(LocalCallError, match=error):
            read_call(text, [SPEAK, SILENT], "local-1")
