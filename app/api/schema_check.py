"""Checks a decoded JSON body against the JSON Schema the OpenAPI document publishes for it.

The API's request schemas are the one statement of what a body may hold: the document shows them and this
module enforces them, so the two cannot drift. Only the keywords those schemas use are understood (type,
enum, minLength/maxLength, pattern, minimum/maximum, properties, required,
additionalProperties: false, items, minItems/maxItems, minProperties/maxProperties, $ref to
#/components/schemas; format is left to the handler); an unknown keyword is a programming error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

KNOWN = frozenset({"type", "enum", "minLength", "maxLength", "pattern", "minimum", "maximum", "properties",
                   "required", "additionalProperties", "items", "minItems", "maxItems",
                   "minProperties", "maxProperties", "$ref", "description", "title", "example", "examples",
                   "default", "format"})


def _ecma(pattern: str) -> str:
    """A closing `$` is the end of the text, as in ECMA-262 (Python also matches it before a final \\n)."""
    return pattern[:-1] + r"\Z" if pattern.endswith("$") and not pattern.endswith("\\$") else pattern


class SchemaMismatch(ValueError):
    """The body breaks its schema; the message names where and how."""


def _is_type(value: Any, name: str) -> bool:
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or \
            (isinstance(value, float) and math.isfinite(value) and value.is_integer())
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if name == "string":
        return isinstance(value, str)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    raise KeyError(f"unknown JSON Schema type {name!r}")


def check(value: Any, schema: Mapping[str, Any], components: Mapping[str, Any] | None = None,
          where: str = "body") -> None:
    """Raise SchemaMismatch at the first rule `value` breaks."""
    unknown = set(schema) - KNOWN
    if unknown:
        raise KeyError(f"schema_check does not understand {sorted(unknown)}")
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        check(value, (components or {})[name], components, where)
        return
    types = schema.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else list(types)
        if not any(_is_type(value, n) for n in names):
            raise SchemaMismatch(f"{where} must be {' or '.join(names)}")
    if "enum" in schema and value not in schema["enum"]:
        raise SchemaMismatch(f"{where} must be one of {', '.join(map(str, schema['enum']))}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            raise SchemaMismatch(f"{where} must be at least {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            raise SchemaMismatch(f"{where} must be at most {schema['maxLength']} characters")
        if "pattern" in schema and not re.search(_ecma(schema["pattern"]), value):
            raise SchemaMismatch(f"{where} does not have the expected form")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise SchemaMismatch(f"{where} must be at least {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            raise SchemaMismatch(f"{where} must be at most {schema['maximum']}")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        low, high = schema.get("minProperties", 0), schema.get("maxProperties", math.inf)
        if not low <= len(value) <= high:
            how_many = f"exactly {low}" if low == high else f"at least {low}" if len(value) < low else \
                f"at most {high}"
            names = " or ".join(repr(n) for n in properties)
            raise SchemaMismatch(f"{where} must have {how_many} field(s): {names}")
        for name in schema.get("required", ()):
            if name not in value:
                raise SchemaMismatch(f"{where} needs a {name!r} field")
        for name, item in value.items():
            if name in properties:
                check(item, properties[name], components, f"{where}.{name}")
            elif schema.get("additionalProperties", True) is False:
                raise SchemaMismatch(f"{where} has an unknown field {name!r}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            raise SchemaMismatch(f"{where} needs at least {schema['minItems']} item(s)")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            raise SchemaMismatch(f"{where} may hold at most {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                check(item, schema["items"], components, f"{where}[{i}]")
