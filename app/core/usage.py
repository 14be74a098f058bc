"""Token usage a server did not report, estimated by counting what went out and what came back.

Theory of operation:
1. A server that reports usage is believed: its counts are exact.
2. A server that reports none (0 prompt and 0 completion tokens) gets an estimate, and the turn says so.
3. The prompt is every message sent (its text, and the name and arguments of each tool call it carries), each
   with MESSAGE_OVERHEAD framing tokens, plus the tool schemas as the JSON the model is shown.
4. The completion is the answer: its visible text, its reasoning, and the name and arguments of its calls.
5. The counter is injected: the model's own tokenizer where one is known, the declared estimator otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from app.core.chat import AssistantMessage, Message, ToolCall, Usage
from app.core.context_window import MESSAGE_OVERHEAD
from app.core.tools import Tool

Counter = Callable[[str], int]


def reported(usage: Usage) -> bool:
    return bool(usage.prompt or usage.completion)


def _calls(calls: Sequence[ToolCall], count: Counter) -> int:
    return sum(count(c.name) + count(c.arguments) for c in calls)


def prompt_tokens(messages: Sequence[Message], tools: Sequence[Tool], count: Counter) -> int:
    sent = sum(count(m.content) + _calls(m.tool_calls, count) + MESSAGE_OVERHEAD for m in messages)
    schemas = json.dumps([t.schema() for t in tools], ensure_ascii=False) if tools else ""
    return sent + count(schemas)


def completion_tokens(answer: AssistantMessage, count: Counter) -> int:
    return count(answer.text) + count(answer.reasoning) + _calls(answer.tool_calls, count)


def usage_of(messages: Sequence[Message], tools: Sequence[Tool], answer: AssistantMessage,
             count: Counter) -> tuple[Usage, bool]:
    """The call's usage and whether it is an estimate (rule 2)."""
    if reported(answer.usage):
        return answer.usage, False
    return Usage(prompt_tokens(messages, tools, count), completion_tokens(answer, count)), True
