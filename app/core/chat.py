"""The wire-neutral conversation: messages, tool calls, token usage, stream deltas and the assistant's answer.

Theory of operation:
1. Every backend translates these values to and from its own wire format; nothing above app/senses/llm
   ever sees a provider's JSON.
2. A Message has one of four roles. Only an assistant message carries tool_calls, and only a tool message
   carries tool_call_id (the id of the call it answers); breaking either is a ValueError at construction.
3. A ToolCall keeps its arguments as the raw JSON text the model wrote, because a model can write invalid
   JSON and the loop must be able to show it that mistake; parsed() turns it into a dict or raises
   ToolArgumentsError with a sentence the model can act on. Empty arguments mean "no arguments".
4. An AssistantMessage keeps visible text and reasoning apart: reasoning never enters `text`, and
   as_message() (what goes back into the history) carries no reasoning.
5. Usage counts prompt, completion and reasoning tokens; usages add up across the calls of one turn.
6. A Delta is one streamed fragment: visible text, reasoning, a fragment of a tool call's arguments, or a
   reset telling the listener to drop every fragment so far because a pool moved on to another model.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any

_PREVIEW = 120


class Role(enum.StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class ToolArgumentsError(ValueError):
    """A tool call whose arguments are not a JSON object; the message is written for the model to read."""


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str = "{}"

    def parsed(self) -> dict[str, Any]:
        text = self.arguments.strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as e:
            raise ToolArgumentsError(
                f"the arguments of {self.name} are not valid JSON ({e.msg} at character {e.pos}): "
                f"{_preview(text)}") from None
        if not isinstance(value, dict):
            raise ToolArgumentsError(
                f"the arguments of {self.name} must be a JSON object, not {type(value).__name__}: {_preview(text)}")
        return value


@dataclass(frozen=True)
class Message:
    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        try:
            role = Role(self.role)
        except ValueError:
            raise ValueError(f"unknown message role {self.role!r}: use one of "
                             f"{', '.join(r.value for r in Role)}") from None
        object.__setattr__(self, "role", role)
        object.__setattr__(self, "tool_calls", tuple(self.tool_calls))
        if self.tool_calls and role is not Role.ASSISTANT:
            raise ValueError(f"only an assistant message can carry tool calls, not a {role} message")
        if role is Role.TOOL and not self.tool_call_id:
            raise ValueError("a tool message needs the tool_call_id of the call it answers")
        if role is not Role.TOOL and self.tool_call_id is not None:
            raise ValueError(f"only a tool message answers a tool call, not a {role} message")

    @classmethod
    def system(cls, content: str) -> Message:
        return cls(Role.SYSTEM, content)

    @classmethod
    def user(cls, content: str, name: str | None = None) -> Message:
        return cls(Role.USER, content, name=name)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: tuple[ToolCall, ...] | list[ToolCall] = ()) -> Message:
        return cls(Role.ASSISTANT, content, tuple(tool_calls))

    @classmethod
    def tool_result(cls, call: ToolCall, content: str) -> Message:
        return cls(Role.TOOL, content, tool_call_id=call.id, name=call.name)


@dataclass(frozen=True)
class Usage:
    prompt: int = 0
    completion: int = 0
    reasoning: int = 0

    @property
    def total(self) -> int:
        return self.prompt + self.completion

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.prompt + other.prompt, self.completion + other.completion,
                     self.reasoning + other.reasoning)


@dataclass(frozen=True)
class AssistantMessage:
    text: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    finish_reason: str | None = None

    def as_message(self) -> Message:
        return Message.assistant(self.text, self.tool_calls)


class DeltaKind(enum.StrEnum):
    TEXT = "text"
    REASONING = "reasoning"
    TOOL_ARGUMENTS = "tool_arguments"
    RESET = "reset"


@dataclass(frozen=True)
class Delta:
    kind: DeltaKind
    text: str
    index: int | None = None       # which tool call: its position in the final tool_calls
    call_id: str | None = None
    name: str | None = None        # the tool's name, once the model has said it


def _preview(text: str) -> str:
    return text if len(text) <= _PREVIEW else text[:_PREVIEW] + "..."
