"""Every tool she can be offered, and every schema of the local API, is valid JSON Schema and grammar-ready:
it passes the 2020-12 metaschema, every value says what it is (a type, an enum, a const, or branches that
do), llama.cpp's converter turns it into GBNF, and llama.cpp's own parser accepts that GBNF. The tools come
from the app as it is composed, in every state that arms more of them (a plan, memory loaded, OBS
connected with everything allowed), with the mind's own expression tools, the interview's and the probe's.
A breach fails by name: the tool (or API schema) and the property path."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from app.api import registry as api_registry
from app.api.server import ApiServer
from app.core import plan as P
from app.core.local_calls import call_schema, grammar_problems
from app.core.model_spec import parse
from app.core.tools import Tool, assemble
from app.memory.memories import MemoryStore
from app.mind.expression import TurnState, expression_tools
from app.senses.llm.base import LLMError
from app.senses.llm.local_llama import GrammarError, LocalLlamaClient, parse_gbnf, tools_gbnf
from tests.fakes import HashingEmbedder
from tests.her_words import DEMO, EN
from tests.obs_server import FakeOBS
from tests.skills.obs.test_client import run
from tests.skills.obs.test_skill import ALLOW, connected, running

MODEL = "local:smollm2"


@pytest.fixture(scope="module")
def llama():
    """The built-in model, loaded once: llama.cpp checks a grammar against its vocabulary."""
    client = LocalLlamaClient(parse(MODEL), DEMO)
    yield client._load()


def every_tool(bea) -> list[tuple[str, Tool]]:
    """(owner, tool) for every tool the composed app can offer, in the states that arm them all."""
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)       # memory loaded: recall
    plan = bea.skills["plan"]
    assert plan.change(P.new_plan, "Finish the castle") == "" and plan.change(P.add, "the roof") == ""
    offers: dict[str, list[Tool]] = {}

    async def with_obs():
        with FakeOBS(password="pw") as obs:
            async with running(bea, obs) as skill:
                await connected(skill)
                bea.settings.update(ALLOW)
                offers.update({"mind": expression_tools(TurnState(EN), bea.mind.outlets),
                               **{key: s.tools() for key, s in bea.skills.items()}})
    run(with_obs())
    from app.senses.llm.probe import _PING
    from app.skills.person.interview import ASK
    offers["probe"], offers["interview"] = [_PING], [ASK]
    assemble({k: v for k, v in offers.items() if k not in ("probe", "interview")})  # no name offered twice
    return [(owner, tool) for owner, tools in offers.items() for tool in tools]


def api_schemas(bea) -> list[tuple[str, dict]]:
    """(where, schema) for every schema in the local API's OpenAPI document, refs resolvable."""
    server = ApiServer(lambda _t: None, bea.blocking, clock=bea.clock.monotonic)
    for installer in api_registry.installers().values():
        installer(bea, server)
    doc = server.document()
    components = doc["components"]
    found = [(f"components.schemas.{name}", schema) for name, schema in components["schemas"].items()]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            where = f"{method.upper()} {path}"
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body is not None:
                found.append((f"{where} request body", body))
            for status, reply in op.get("responses", {}).items():
                for media in reply.get("content", {}).values():
                    found.append((f"{where} {status}", media["schema"]))
            for param in op.get("parameters", []):
                found.append((f"{where} parameter {param['name']}", param["schema"]))
    # under anyOf: llama.cpp's converter resolves no $ref beside a $ref at the root
    return [(where, {"anyOf": [schema], "components": components}) for where, schema in found]


def breaches(where: str, schema: dict, llama) -> list[str]:
    """What is wrong with one schema, each line naming `where` and the property path."""
    out: list[str] = []
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        out.append(f"{where}: not valid JSON Schema at {'/'.join(map(str, exc.path))}: {exc.message}")
    body = {k: v for k, v in schema.items() if k != "components"}
    out += [f"{where}: {p}" for p in grammar_problems(body)]
    if not out:
        try:
            parse_gbnf(where, llama, _gbnf(schema))
        except Exception as exc:
            out.append(f"{where}: {exc}")
    return out


def _gbnf(schema: dict) -> str:
    from llama_cpp.llama_grammar import json_schema_to_gbnf
    return json_schema_to_gbnf(json.dumps(schema))


def test_every_tool_is_valid_and_grammar_ready(bea, llama):
    tools = every_tool(bea)
    names = {tool.name for _owner, tool in tools}
    assert {"speak", "send_message", "stay_silent", "person_observe", "person_model", "recall", "remember_person",
            "recall_person", "objective_start", "switch_scene", "show_source", "set_text", "ask_streamer",
            "ping"} <= names
    problems = [line for owner, tool in tools
                for line in breaches(f"{owner}/{tool.name}", tool.parameters, llama)]
    assert not problems, "\n".join(problems)
    offered = [tool for owner, tool in tools if owner not in ("probe", "interview")]
    parse_gbnf(MODEL, llama, tools_gbnf(MODEL, offered))     # the combined call of the whole toolbox
    Draft202012Validator.check_schema(call_schema(offered))


def test_every_api_schema_is_valid_and_grammar_ready(bea, llama):
    schemas = api_schemas(bea)
    assert any("Entry" in where for where, _ in schemas) and len(schemas) > 20
    problems = [line for where, schema in schemas for line in breaches(where, schema, llama)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("prop,why", [
    ({"description": "any value"}, "value: has no type"),
    ({"anyOf": [{"type": "string"}, {"description": "x"}]}, "value<1>: has no type"),
    ({"type": "object", "properties": {"inner": {}}}, "value.inner: has no type"),
    ({"type": "array", "items": {"description": "x"}}, "value[]: has no type"),
    ({"not": {"type": "string"}, "type": "number"}, "value: uses 'not'"),
])
def test_an_untyped_or_unsupported_property_is_named(prop, why):
    tool = Tool("person_observe", "x", {"type": "object", "properties": {"value": prop}})
    assert any(p.startswith(why) for p in grammar_problems(tool.parameters))
    with pytest.raises(GrammarError,
                       match=f"the tool person_observe cannot be turned into a grammar: .*{re.escape(why)}"):
        tools_gbnf(MODEL, [tool])


def test_a_grammar_llama_cpp_refuses_is_an_error_not_free_json(llama):
    with pytest.raises(GrammarError, match="llama.cpp refused the grammar"):
        parse_gbnf(MODEL, llama, 'root ::= "{" undefined-rule "}"')


def test_the_builtin_model_fails_the_call_when_its_tools_cannot_become_a_grammar():
    """Where llama-cpp-python would quietly sample free JSON, the call fails with a reason that names the
    tool and the property; the mind publishes it as an ERROR."""
    untyped = Tool("person_observe", "Record something.",
                   {"type": "object", "properties": {"value": {"description": "anything"}}})
    speak = Tool("speak", "Say it.", {"type": "object", "properties": {"message": {"type": "string"}},
                                      "required": ["message"]})

    async def go():
        client = LocalLlamaClient(parse("local:/nonexistent.gguf"), DEMO)
        try:
            await client.complete([], [speak, untyped])
        finally:
            await client.aclose()

    with pytest.raises(LLMError, match="person_observe cannot be turned into a grammar: value: has no type"):
        asyncio.run(go())
