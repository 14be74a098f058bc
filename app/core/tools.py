"""What a tool is, how the toolbox is assembled, and how a tool's answer is read.

Theory of operation:
1. A Tool is data: name, description (this IS prompt), JSON-Schema parameters, a handler (sync or async,
   returning the observation string), reaches (its success puts something in front of people), ends_turn.
2. The toolbox is assembled on every read from the skills' current tools; a name offered twice is an error
   naming both owners, because the model could not tell them apart.
3. Every tool named in backticks in an active prompt section must be in the toolbox: a model told to call a
   tool it was not given invents the call. broken_promises() lists the names that are missing.
4. An observation that starts with "ERROR" or "FAILED" is a failure: published as an error, and it never
   counts as having answered anybody.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Handler = Callable[..., Any]  # returns str, or an awaitable of str

_FAILURE = re.compile(r"^\s*(ERROR|FAILED)\b")
_BACKTICKED = re.compile(r"`([a-z][a-z0-9_]*)(?:\([^`]*\))?`")


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    handler: Handler | None = None
    reaches: bool = False
    ends_turn: bool = False   # speak, stay_silent, say_nothing: the turn is over once it succeeds

    def schema(self) -> dict[str, Any]:
        """The OpenAI-style function schema the model sees."""
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}


class ToolboxConflict(ValueError):
    pass


def assemble(offers: Mapping[str, Iterable[Tool]]) -> dict[str, Tool]:
    """offers: owner (skill key) -> the tools it exposes right now. Returns name -> Tool, in offer order."""
    box: dict[str, Tool] = {}
    owner_of: dict[str, str] = {}
    for owner, tools in offers.items():
        for tool in tools:
            if tool.name in box:
                raise ToolboxConflict(f"the tool {tool.name} is offered by both {owner_of[tool.name]} and {owner}")
            box[tool.name] = tool
            owner_of[tool.name] = owner
    return box


def named_tools(prompt: str) -> set[str]:
    """Tool-like names a prompt mentions in backticks: `speak` or `speak(message, mood)`."""
    return set(_BACKTICKED.findall(prompt))


def broken_promises(sections: Mapping[str, str], toolbox: Iterable[str]) -> dict[str, set[str]]:
    """owner -> tool names its prompt section names in backticks that the toolbox does not carry."""
    have = set(toolbox)
    out = {owner: named_tools(text) - have for owner, text in sections.items()}
    return {owner: missing for owner, missing in out.items() if missing}


def is_failure(observation: str) -> bool:
    return bool(_FAILURE.match(observation))
