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
    assert requests[0].body["tools"][0]["function"]["name"] == "ping"


def test_a_model_that_answers_in_text_is_flagged():
    result, _ = run_probe(Stream(openai_stream("m", text=["pong"])))
    assert result.ok and result.tools is False and "plain text" in result.detail


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
