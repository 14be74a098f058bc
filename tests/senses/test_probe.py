"""Test connection and Ollama detection, against real local servers."""

import asyncio

from aiohttp import web

from app.core.events import EventBus
from app.core.model_spec import parse
from app.senses.llm.openai_compat import OpenAICompatClient
from app.senses.llm.probe import detect_ollama, probe
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Stream, openai_error, openai_stream

GATE = NetworkGate(lambda: True, EventBus(lambda: 0.0))


def run_probe(*replies, model="m"):
    async def go():
        async with LLMServer() as server:
            server.script(model, *replies)
            client = OpenAICompatClient(parse(f"ollama:{model}"), server.base_url, GATE)
            try:
                return await probe(client), server.requests
            finally:
                await client.aclose()
    return asyncio.run(go())


def test_a_model_that_calls_the_tool_works():
    result, requests = run_probe(Stream(openai_stream("m", tool_calls=[("call_1", "ping", '{"ok": true}')])))
    assert result.ok and result.tools is True and result.sentence().startswith("Works: answered in")
    assert result.honours_tools is True and len(requests) == 1
    assert requests[0].body["tools"][0]["function"]["name"] == "ping" and requests[0].body["tool_choice"] == "auto"


PING = [("call_1", "ping", '{"ok": true}')]
PONG = Stream(openai_stream("m", text=["pong"], usage=None))


def test_a_server_that_drops_the_tools_is_told_apart_from_a_model_that_does_not_call_them():
    # llama-cpp-python's server with a plain chat format: tools ignored, even when a call is required
    dropped, requests = run_probe(PONG, PONG)
    assert dropped.ok and dropped.tools is False and dropped.honours_tools is False
    assert "the server drops the tools it is sent" in dropped.sentence()
    assert "--chat_format chatml-function-calling" in dropped.sentence()
    assert [r.body["tool_choice"] for r in requests] == ["auto", "required"]

    # a server that passes tools on: the forced call comes back as a call, so the model chose plain text
    shy, _ = run_probe(PONG, Stream(openai_stream("m", tool_calls=PING)))
    assert shy.ok and shy.tools is False and shy.honours_tools is True
    assert "the server passes tools on, but the model did not call the test tool unless forced" in shy.sentence()


def test_a_server_that_cannot_take_required_is_forced_by_the_tool_name():
    # llama-cpp-python's chatml-function-calling closes a "required" stream empty, and fails it unstreamed
    result, requests = run_probe(PONG, Stream([b""]), openai_error(500, "AssertionError"),
                                 Stream(openai_stream("m", tool_calls=PING)))
    assert result.honours_tools is True and "unless forced" in result.detail
    assert [r.body["stream"] for r in requests] == [True, True, False, True]
    assert requests[3].body["tool_choice"] == {"type": "function", "function": {"name": "ping"}}


def test_prompt_tokens_show_the_tools_reached_a_model_on_a_server_that_ignores_tool_choice():
    # Ollama ignores tool_choice, so the forced call is plain text too; the tool made the prompt longer
    with_tool = Stream(openai_stream("m", text=["pong"], usage=(180, 3, 0)))
    plain = Stream(openai_stream("m", text=["p"], usage=(40, 1, 0)))
    result, requests = run_probe(with_tool, with_tool, plain)
    assert result.honours_tools is True and result.tools is False
    assert "the tools reach the model (140 more prompt tokens with the tool)" in result.detail
    assert "tools" not in requests[2].body


def test_the_same_prompt_tokens_with_and_without_the_tool_mean_the_server_dropped_it():
    same = Stream(openai_stream("m", text=["pong"], usage=(40, 3, 0)))
    result, _ = run_probe(same, same, Stream(openai_stream("m", text=["p"], usage=(40, 1, 0))))
    assert result.honours_tools is False and "drops the tools" in result.detail


def test_unknown_when_nothing_can_force_a_call():
    result, _ = run_probe(PONG, openai_error(400, "tool_choice must be auto"),
                          openai_error(400, "tool_choice must be auto"))
    assert result.ok and result.honours_tools is None and "unknown" in result.detail


def test_a_model_that_rejects_tools_cannot_be_her_mind():
    result, requests = run_probe(openai_error(400, "this model does not support tools"),
                                 Stream(openai_stream("m", text=["pong"])))
    assert result.ok and result.tools is False and "cannot be her mind" in result.detail
    assert "tools" not in requests[1].body


def test_an_error_says_why():
    result, _ = run_probe(openai_error(404, "model 'm' not found"))
    assert not result.ok and "not found" in result.sentence()


def test_ollama_detection_lists_models_and_copes_with_none():
    async def go():
        async def tags(_request):
            return web.json_response({"models": [{"name": "qwen2.5:7b"}, {"name": "llama3.1:8b"}, {"x": 1}]})

        app = web.Application()
        app.router.add_get("/api/tags", tags)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            found = await detect_ollama(GATE, f"http://127.0.0.1:{port}")
        finally:
            await runner.cleanup()
        nothing = await detect_ollama(GATE, f"http://127.0.0.1:{port}")  # the server is gone now
        return found, nothing

    found, nothing = asyncio.run(go())
    assert found == ["llama3.1:8b", "qwen2.5:7b"] and nothing == []
