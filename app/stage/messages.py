"""The stage's message schema, Python side: stage/messages.schema.json, validated with the same rules as
stage/messages.js, and one constructor per message Python sends.

Theory of operation:
1. The schema file is the single source of truth for both ends. Each message is one JSON object whose
   `type` names its definition; x-direction says who sends it ("down": Python to page, "up": page to Python).
2. Only the JSON Schema keywords in KEYWORDS are understood, the same set messages.js accepts; compiling a
   schema with any other keyword fails, so the two validators cannot drift apart silently. The tests run both
   validators (and an independent JSON Schema implementation) over the same samples.
3. The constructors build a message and validate it before it leaves: a bad value is a bug here, not
   something a page should have to survive.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from app.stage.assets import stage_dir

KEYWORDS = frozenset({"description", "x-direction", "type", "properties", "required", "additionalProperties",
                      "const", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "items",
                      "maxItems"})
DOWN, UP = "down", "up"
VISEMES = ("aa", "ih", "ou", "ee", "oh")
BACKGROUNDS = ("transparent", "chroma", "color")
CAMERAS = ("full", "upper", "face")


class MessageError(ValueError):
    """A message that breaks the schema (or a frame that is not JSON); str() says what is wrong."""


def _type_ok(kind: str, value: Any) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "number":  # an int of any size is finite (math.isfinite would overflow converting a huge one)
        return isinstance(value, int | float) and not isinstance(value, bool) and (
            isinstance(value, int) or math.isfinite(value))
    if kind == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer())
    raise MessageError(f"unknown type {kind}")


def _js(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b or (_type_ok("number", a) and _type_ok("number", b) and a == b)


def _check_keywords(node: Mapping[str, Any], where: str) -> None:
    for key in node:
        if key not in KEYWORDS:
            raise MessageError(f"{where}: the schema keyword {key} is not supported")
    for name, sub in node.get("properties", {}).items():
        _check_keywords(sub, f"{where}.{name}")
    if "items" in node:
        _check_keywords(node["items"], f"{where}[]")


def check(node: Mapping[str, Any], value: Any, where: str) -> str | None:
    """The first problem with value against node, as a sentence, or None (the same order as messages.js)."""
    if "type" in node and not _type_ok(node["type"], value):
        return f"{where} must be of type {node['type']}"
    if "const" in node and not _same(node["const"], value):
        return f"{where} must be {_js(node['const'])}"
    if "enum" in node and not any(_same(option, value) for option in node["enum"]):
        return f"{where} must be one of {', '.join(_js(o) for o in node['enum'])}"
    if _type_ok("number", value):
        if "minimum" in node and value < node["minimum"]:
            return f"{where} must be >= {_js(node['minimum'])}"
        if "maximum" in node and value > node["maximum"]:
            return f"{where} must be <= {_js(node['maximum'])}"
    if isinstance(value, str):
        if "minLength" in node and len(value) < node["minLength"]:
            return f"{where} is shorter than {node['minLength']}"
        if "maxLength" in node and len(value) > node["maxLength"]:
            return f"{where} is longer than {node['maxLength']}"
        if "pattern" in node and re.search(node["pattern"], value) is None:
            return f"{where} does not match {node['pattern']}"
    if isinstance(value, list):
        if "maxItems" in node and len(value) > node["maxItems"]:
            return f"{where} has more than {node['maxItems']} items"
        if "items" in node:
            for i, item in enumerate(value):
                if problem := check(node["items"], item, f"{where}[{i}]"):
                    return problem
    if isinstance(value, dict):
        for name in node.get("required", ()):
            if name not in value:
                return f"{where}.{name} is missing"
        properties = node.get("properties", {})
        for name, item in value.items():
            if name not in properties:
                if node.get("additionalProperties") is False:
                    return f"{where}.{name} is not allowed"
                continue
            if problem := check(properties[name], item, f"{where}.{name}"):
                return problem
    return None


class Schema:
    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.raw = schema
        self.version = int(schema["x-version"])
        self.defs: dict[str, Mapping[str, Any]] = {}
        for ref in schema["oneOf"]:
            name = ref["$ref"].removeprefix("#/$defs/")
            if name not in schema["$defs"]:
                raise MessageError(f"the schema refers to a missing definition {name}")
            definition = schema["$defs"][name]
            _check_keywords(definition, name)
            if definition["properties"]["type"].get("const") != name:
                raise MessageError(f'{name}: its type must be the constant "{name}"')
            self.defs[name] = definition

    @property
    def types(self) -> list[str]:
        return list(self.defs)

    def direction(self, kind: str) -> str | None:
        definition = self.defs.get(kind)
        return None if definition is None else definition.get("x-direction")

    def validate(self, message: Any, direction: str | None = None) -> str | None:
        """None for a valid message, else the sentence saying what is wrong."""
        if not isinstance(message, dict):
            return "a message must be an object"
        if "type" not in message:
            return "the message has no type"
        definition = self.defs.get(message["type"]) if isinstance(message["type"], str) else None
        if definition is None:
            return f"unknown message type {_js(message.get('type'))}"
        if direction and definition.get("x-direction") != direction:
            return f"{message['type']} is never sent {direction}"
        return check(definition, message, message["type"])


def schema_path() -> Path:
    return stage_dir() / "messages.schema.json"


@cache
def schema() -> Schema:
    return Schema(json.loads(schema_path().read_text(encoding="utf-8")))


def validate(message: Any, direction: str | None = None) -> str | None:
    return schema().validate(message, direction)


def parse_up(text: str) -> dict[str, Any]:
    """A frame a page sent, parsed and checked; MessageError with the reason otherwise, and nothing else
    whatever the frame holds."""
    if not isinstance(text, str | bytes | bytearray):
        raise MessageError(f"a frame is text, not {type(text).__name__}")
    try:
        message = json.loads(text)
    except ValueError as exc:
        raise MessageError(f"not JSON: {exc}") from None
    except RecursionError:
        raise MessageError("not JSON a page sends: nested too deeply") from None
    if problem := validate(message, UP):
        raise MessageError(problem)
    return message


def _down(message: dict[str, Any]) -> dict[str, Any]:
    if problem := validate(message, DOWN):
        raise MessageError(problem)
    return message


def encode(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


# ---- what Python sends ------------------------------------------------------------------------------------

def config(*, background: str = "transparent", color: str = "#00ff00", camera: str = "upper",
           blink: bool = True, idle: bool = True, fps_limit: int = 60,
           lip_gain: float = 1.0) -> dict[str, Any]:
    return _down({"type": "config", "background": background, "color": color, "camera": camera,
                  "blink": blink, "idle": idle, "fps_limit": int(fps_limit), "lip_gain": float(lip_gain)})


def load(url: str, name: str, serial: int) -> dict[str, Any]:
    return _down({"type": "load", "url": url, "name": name[:512], "serial": serial})


def unload() -> dict[str, Any]:
    return _down({"type": "unload"})


def expression(name: str, weight: float, mood: str = "", fade_ms: int = 300) -> dict[str, Any]:
    return _down({"type": "expression", "name": name, "weight": round(min(1.0, max(0.0, weight)), 4),
                  "mood": mood[:128], "fade_ms": int(fade_ms)})


def mouth(level: float, viseme: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "mouth", "level": round(min(1.0, max(0.0, float(level))), 4)}
    if viseme is not None:
        message["viseme"] = viseme
    return _down(message)


def caption(text: str, mood: str = "", hold_ms: int = 8000) -> dict[str, Any]:
    return _down({"type": "caption", "text": text[:2000], "mood": mood[:128], "hold_ms": int(hold_ms)})


def ping(ident: int, t_ms: float) -> dict[str, Any]:
    return _down({"type": "ping", "id": ident, "t": t_ms})


MAX_CLIPS = 64
CLIP_NAME_MAX = 128


def clips(items: list[tuple[str, str, bool]]) -> dict[str, Any]:
    """The animation clips, all of them: (name, url, idle) each."""
    return _down({"type": "clips", "clips": [{"name": name, "url": url, "idle": bool(idle)}
                                             for name, url, idle in items[:MAX_CLIPS]]})


def play(name: str, fade_ms: int = 300) -> dict[str, Any]:
    """Play the clip `name` once ("" stops the one playing)."""
    return _down({"type": "play", "name": name, "fade_ms": int(fade_ms)})
