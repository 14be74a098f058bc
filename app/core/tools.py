"""What a tool is: a name, a description, a JSON-schema for its arguments, and whether it reaches people.

A Tool is plain data; its handler is the effect, supplied by the skill that owns it. `reaches` marks tools
whose call puts something in front of people (speak, send_message): seed 004 counts only those when it
decides whether a turn said anything.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

Handler = Callable[..., Awaitable[str]]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    reaches: bool = False
    handler: Handler | None = None

    def schema(self) -> dict[str, Any]:
        """The OpenAI-style function schema the model sees."""
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}
