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
5. A schema is grammar-ready when every value in it says what it is (a type, an enum, a const, a $ref, or
   anyOf/oneOf of branches that do) and it uses no keyword a grammar cannot enforce (not, if/then/else,
   allOf, patternProperties, ...). grammar_problems() names each breach by its property path, so a tool
   that cannot be constrained is refused by name instead of being sampled as free JSON.
6. A tiny demo model gets a conversation it can follow (demo_chat): a short system prompt, two worked
   examples in exactly the shape the grammar forces, the last few lines of the window, and the lines just
   heard without the frame's headers. It is offered only `speak` and `stay_silent`, with their required
   arguments and a short message (demo_tools); a line addressed to her leaves only `speak`. A tiny model
   likes to repeat what it was told: an answer that only echoes the line heard is_echo, and is asked again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.core.chat import Message, Role, ToolCall
from app.core.frame import WORDS as FRAME_WORDS
from app.core.tools import Tool


class LocalCallError(ValueError):
    pass


# keywords that change what a value may be but that a grammar cannot enforce (llama.cpp ignores them)
UNSUPPORTED = ("not", "if", "then", "else", "allOf", "patternProperties", "dependentSchemas",
               "dependentRequired", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames")
_SAYS_WHAT = ("type", "enum", "const", "$ref")


def grammar_problems(schema: Any, path: str = "") -> list[str]:
    """Each place in `schema` a grammar cannot be built from, as "<property path>: <why>" (path "" is the
    root, "a.b" a nested property, "a[]" the items of a)."""
    where = path or "(the root)"
    if not isinstance(schema, dict):
        return [f"{where}: a schema must be an object, not {type(schema).__name__}"]
    problems = [f"{where}: uses {key!r}, which a grammar cannot enforce" for key in UNSUPPORTED if key in schema]
    branches = schema.get("anyOf", schema.get("oneOf"))
    if branches is not None:
        if not isinstance(branches, list) or not branches:
            return [*problems, f"{where}: anyOf/oneOf needs a list of schemas"]
        for i, branch in enumerate(branches):
            problems += grammar_problems(branch, f"{path}<{i}>")
    elif not any(key in schema for key in _SAYS_WHAT):
        problems.append(f"{where}: has no type (nor enum, const or anyOf of typed branches)")
    for name, sub in (schema.get("properties") or {}).items():
        problems += grammar_problems(sub, f"{path}.{name}" if path else name)
    for key, suffix in (("items", "[]"), ("additionalProperties", "{*}")):
        sub = schema.get(key)
        if isinstance(sub, dict):
            problems += grammar_problems(sub, f"{path}{suffix}")
    return problems


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
    # the answer is never quoted in the error: it may hold chat or her draft reply, and errors reach the log;
    # raw control characters inside strings (a tiny model writes newlines there) are let through
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise LocalCallError(f"the model's answer is not JSON ({exc.msg} at character {exc.pos} of "
                             f"{len(text)})") from None
    if not isinstance(value, dict) or not isinstance(value.get("arguments"), dict):
        raise LocalCallError(f"the model's answer is not a tool call (a JSON {type(value).__name__} without "
                             "an arguments object)")
    names = {t.name for t in tools}
    if value.get("tool") not in names:
        raise LocalCallError(f"the model called {value.get('tool')!r}, which is not one of {sorted(names)}")
    return ToolCall(call_id, value["tool"], json.dumps(value["arguments"], ensure_ascii=False))


# ---- the tiny demo model (rule 6) ----------------------------------------------------------------------------
DEMO_TOOLS = ("speak", "stay_silent")
DEMO_MAX_CHARS = 160   # one or two sentences out loud
DEMO_HISTORY = 0       # window messages she sees besides the lines just heard: a 135M model copies them
_PERSONA = re.compile(r"\bYou are ([^,.;:\n]{1,40})[,.;:]")
_TO_YOU = "|".join(re.escape(w.to_you) for w in FRAME_WORDS.values())   # "(to you)", "(a te)": every language
_HEARD = re.compile(rf"^- \[via [^\]]*\](?P<to> (?:{_TO_YOU}))? (?P<text>.*)$")
DEMO_SYSTEM = ("You are {name}, a cheerful co-host on a live stream. You chat with the streamer and the viewers. "
               "Answer in one short, friendly sentence, in the language you were spoken to.")
# the loop's nudges, in every language of her prompts ("[STILL WAITING]", "[NOBODY HEARD YOU]"...): the grammar
# already forces a call
_NUDGES = tuple(text[:text.index("]") + 1] for w in FRAME_WORDS.values()
                for text in (w.nudge_follow_up, w.nudge_no_tool))
# one worked example in each language: the shape of an answer, and (in the other language from most lines) not
# a sentence a 135M model would copy; three or more, or examples in the line's own language, get copied
_EXAMPLES = (("[Streamer] hey, how are you today?", "I'm great, thanks! Ready for a fun stream?"),
             ("[Streamer] ciao! come va?", "Ciao! Tutto bene, grazie, e tu?"))


def persona_name(messages: Sequence[Message], default: str = "Bea") -> str:
    """Her name as the leading system prompt says it ("You are Bea, ..."), else `default`."""
    for m in messages:
        if m.role is not Role.SYSTEM:
            break
        if found := _PERSONA.search(m.content):
            return found.group(1).strip()
    return default


def demo_tools(tools: Sequence[Tool], addressed: bool) -> list[Tool]:
    """speak (and stay_silent unless she was addressed) with only their required arguments, strings capped;
    the tools unchanged when speak is not among them (a probe, an interview)."""
    by_name = {t.name: t for t in tools}
    if "speak" not in by_name:
        return list(tools)
    names = ["speak"] if addressed else [n for n in DEMO_TOOLS if n in by_name]
    return [replace(by_name[n], parameters=_required_only(by_name[n].parameters)) for n in names]


def _required_only(schema: dict[str, Any]) -> dict[str, Any]:
    required = list(schema.get("required", []))
    props = {}
    for name in required:
        prop = dict(schema.get("properties", {}).get(name, {}))
        if prop.get("type") == "string":
            prop["maxLength"] = min(int(prop.get("maxLength", DEMO_MAX_CHARS)), DEMO_MAX_CHARS)
        props[name] = prop
    return {"type": "object", "properties": props, "required": required}


def heard_lines(frame: str) -> tuple[list[str], bool]:
    """The lines of a perception frame without its headers and provenance, and whether one was to her."""
    lines, addressed = [], False
    for row in frame.splitlines():
        if found := _HEARD.match(row):
            lines.append(found.group("text"))
            addressed = addressed or bool(found.group("to"))
    return lines, addressed


def _demo_call(name: str, arguments: dict[str, Any]) -> str:
    return json.dumps({"tool": name, "arguments": arguments}, ensure_ascii=False)


def demo_chat(messages: Sequence[Message], name: str) -> tuple[list[dict[str, str]], bool]:
    """The conversation for the tiny demo model, and whether the newest lines were addressed to her."""
    body: list[dict[str, str]] = []
    addressed = False
    for m in messages:
        if m.role is Role.USER:
            lines, to_her = heard_lines(m.content)
            if lines:
                addressed = to_her
            text = "\n".join(lines) if lines else m.content
            if text and not text.startswith(_NUDGES):
                body.append({"role": "user", "content": text})
        elif m.role is Role.ASSISTANT:
            for c in m.tool_calls:
                if c.name == "speak":
                    try:
                        said = json.loads(c.arguments).get("message", "")
                    except (json.JSONDecodeError, AttributeError):
                        said = ""
                    if said:
                        body.append({"role": "assistant", "content": _demo_call("speak", {"message": said})})
    # the newest lines, and before them at most DEMO_HISTORY messages, starting with a line she heard
    newest = max((i for i, m in enumerate(body) if m["role"] == "user"), default=len(body))
    before = body[max(0, newest - DEMO_HISTORY):newest] if DEMO_HISTORY > 0 else []
    while before and before[0]["role"] == "assistant":
        before = before[1:]
    out = [{"role": "system", "content": DEMO_SYSTEM.format(name=name)}]
    for said, answer in _EXAMPLES:
        out += [{"role": "user", "content": said},
                {"role": "assistant", "content": _demo_call("speak", {"message": answer})}]
    return out + _merged(before + body[newest:]), addressed



def _merged(body: list[dict[str, str]]) -> list[dict[str, str]]:
    """Consecutive lines of one role as one message: the template alternates user and assistant."""
    out: list[dict[str, str]] = []
    for m in body:
        if out and out[-1]["role"] == m["role"]:
            out[-1] = {"role": m["role"], "content": out[-1]["content"] + "\n" + m["content"]}
        else:
            out.append(m)
    return out


def _letters(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def is_echo(said: str, heard: str) -> bool:
    """`said` is nothing but (a part of) the line she heard, give or take punctuation and case."""
    words = _letters(said)
    return not words or words in _letters(heard)
