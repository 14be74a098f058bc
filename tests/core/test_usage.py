"""Usage a server did not report is counted from what went out and came back, and says it is an estimate."""

import json

from app.core.chat import AssistantMessage, Message, ToolCall, Usage
from app.core.context_window import MESSAGE_OVERHEAD
from app.core.tools import Tool
from app.core.usage import completion_tokens, prompt_tokens, reported, usage_of


def words(text: str) -> int:
    """A counter that is easy to check by eye: one token a word."""
    return len(text.split())


SPEAK = Tool("speak", "say it out loud", {"type": "object", "properties": {"message": {"type": "string"}}})
CALL = ToolCall("c1", "speak", json.dumps({"message": "hi there"}))
MESSAGES = [Message.system("you are Bea"), Message.user("[marco] hello Bea"), Message.assistant("", [CALL]),
            Message.tool_result(CALL, "said out loud")]


def test_a_reported_usage_is_believed():
    answer = AssistantMessage("x", usage=Usage(1200, 30, 5))
    assert usage_of(MESSAGES, [SPEAK], answer, words) == (Usage(1200, 30, 5), False)
    assert reported(Usage(0, 3)) and reported(Usage(3, 0)) and not reported(Usage())


def test_no_usage_is_counted_from_the_messages_the_tools_and_the_answer():
    answer = AssistantMessage("a thought", "some reasoning here", (ToolCall("c2", "speak", '{"message": "ciao"}'),))
    used, estimated = usage_of(MESSAGES, [SPEAK], answer, words)
    assert estimated
    sent = 3 + 3 + (1 + 3) + 3 + 4 * MESSAGE_OVERHEAD   # texts, the call's name and arguments, overheads
    schema = words(json.dumps([SPEAK.schema()]))
    assert used.prompt == sent + schema == prompt_tokens(MESSAGES, [SPEAK], words)
    assert used.completion == 2 + 3 + 1 + 2 == completion_tokens(answer, words)


def test_no_tools_add_no_schema():
    assert prompt_tokens([Message.user("one two")], [], words) == 2 + MESSAGE_OVERHEAD
