"""Tool calling for a small local model that has no native tool calls: the model fills in a JSON object
whose shape is forced by a grammar, and the object is read back as one tool call.

Theory of operation:
1. The tools become one JSON schema: anyOf, one branch per tool, {"tool": <its name>, "arguments": <its
   parameters>}. Constrained decoding can then only produce a call that names a real tool with arguments
   of the right shape.
2. The conversation is flattened to the roles every chat template knows (system, user, assistant): her
   earlier calls become a short assistant line, and tool answers a user line, so a template that has no
   tool role still reads the history.
3. Only the leading system messages are hoisted into the one system message (with the tools and the answer
   format appended: some templates accept only one system message, and only first); a system message further
   down, like the per-turn briefing below the window, stays in place as a marked user line, so the prefix
   before it stays the same from turn to turn.
4. The reply is parsed strictly; anything but one object naming a known tool is a malformed answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from app.core.chat import Message, Role, ToolCall
from app.core.tools import Tool


class LocalCallError(ValueError):
    pass


def call_schema(tools: Sequence[Tool]) -> dict[str, Any]:
    branches = [{"type": "object",
                 "properties": {"tool": {"type": "string", "enum": [t.name]}, "arguments": t.parameters},
                 "required": ["tool", "arguments"]} for t in tools]
    return branches[0] if len(branches) == 1 else {"anyOf": branches}


def tool_guide(tools: Sequence[Tool]) -> str:
    lines = ["You act only by calling one of these tools. Reply with one JSON object: "
             '{"tool": "<name>", "arguments": {...}}.']
    for t in tools:
        props = ", ".join(t.parameters.get("properties", {})) or "no arguments"
        lines.append(f"- {t.name}({props}): {t.description}")
    return "\n".join(lines)


def flatten(messages: Sequence[Message], tools: Sequence[Tool]) -> list[dict[str, str]]:
    lead = 0
    while lead < len(messages) and messages[lead].role is Role.SYSTEM:
        lead += 1
    system = [m.content for m in messages[:lead] if m.content]
    if tools:
        system.append(tool_guide(tools))
    out: list[dict[str, str]] = [{"role": "system", "content": "\n\n".join(system)}] if system else []
    for m in messages[lead:]:
        if m.role is Role.SYSTEM:
            out.append({"role": "user", "content": f"[SYSTEM]\n{m.content}"})
            continue
        if m.role is Role.ASSISTANT:
            said = [f"(called {c.name} {c.arguments})" for c in m.tool_calls]
            text = "\n".join([m.content, *said]).strip()
            out.append({"role": "assistant", "content": text or "(thought silently)"})
        elif m.role is Role.TOOL:
            out.append({"role": "user", "content": f"[{m.name or 'tool'} answered] {m.content}"})
        else:
            out.append({"role": "user", "content": m.content})
    return out


def read_call(text: str, tools: Sequence[Tool], call_id: str) -> ToolCall:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LocalCallError(f"the model's answer is not JSON ({exc.msg}): {text[:120]}") from None
    if not isinstance(value, dict) or not isinstance(value.get("arguments"), dict):
        raise LocalCallError(f"the model's answer is not a tool call: {text[:120]}")
    names = {t.name for t in tools}
    if value.get("tool") not in names:
        raise LocalCallError(f"the model called {value.get('tool')!r}, which is not one of {sorted(names)}")
    return ToolCall(call_id, value["tool"], json.dumps(value["arguments"], ensure_ascii=False))
