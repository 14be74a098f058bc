"""A client's deadlines follow its server's pace, and what a server shows about itself is learnt: against the
local fake server streaming real wire-format bytes (keep-alive comments, llama.cpp's refusal and timings)."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.core.chat import Message
from app.core.events import EventBus
from app.core.model_spec import parse
from app.core.tools import Tool
from app.senses.llm.base import ContextExceeded, ModelTimeout, Timeouts
from app.senses.llm.figures import Figures, ServerFigures
from app.senses.llm.openai_compat import OpenAICompatClient, prompt_tokens
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Status, Stream, Trickle, openai_chunk, openai_stream

MODEL = "smollm2"
SPEC = f"llamacpp:{MODEL}"
SPEAK = Tool("speak", "Say something out loud.",
             {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}, reaches=True)
LONG = [Message.system("You are Bea. " + "The stream is about a cooking game with many long rules. " * 120),
        Message.user("ciao")]
QUICK = Timeouts(connect=2, first_token=5, total=10)


def run(replies, figures=None, messages=LONG, tools=(SPEAK,), timeouts=QUICK):
    async def go():
        async with LLMServer() as server:
            server.script(MODEL, *replies)
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0), resolve=lambda host, port: [])
            client = OpenAICompatClient(parse(SPEC), server.base_url, gate, timeouts=timeouts, pace=figures)
            started = time.monotonic()
            try:
                answer = await client.complete(messages, list(tools))
            except Exception as exc:   # the error is the result some tests want
                answer = exc
            finally:
                await client.aclose()
            return answer, server, time.monotonic() - started
    return asyncio.run(go())


def test_a_tool_stream_of_keep_alives_only_is_asked_again_without_streaming():
    pings = Stream([b": ping\n\n", b": ping\n\n"])
    whole = Status(200, {"id": "x", "object": "chat.completion", "model": MODEL, "choices": [{
        "index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "speak", "arguments": '{"text": "ciao"}'}}]}}]})
    answer, server, _ = run([pings, whole])
    assert [c.name for c in answer.tool_calls] == ["speak"]
    assert [r.body["stream"] for r in server.requests] == [True, False]


def test_a_refusal_that_names_the_context_teaches_it():
    said = []
    figures = ServerFigures(on_learnt=lambda model, f: said.append((model, f.context)))
    llama_cpp = Status(400, {"error": {"code": 400, "message": "the request exceeds the available context size, try "
                                       "increasing it", "type": "exceed_context_size_error",
                                       "n_prompt_tokens": 1843, "n_ctx": 1024}})
    error, _, _ = run([llama_cpp], figures)
    assert isinstance(error, ContextExceeded) and error.context == 1024
    assert "1,024 tokens" in str(error)
    assert figures.of(SPEC).context == 1024 and said == [(SPEC, 1024)]


def test_the_first_token_deadline_is_the_paces_and_a_timeout_slows_the_learnt_speed():
    figures = ServerFigures({SPEC: Figures(speed=5000.0)}, override=lambda: 0.5)
    error, _, took = run([Trickle([])], figures)
    assert isinstance(error, ModelTimeout) and "within 0.5 s" in str(error)
    assert took < 3
    tokens = prompt_tokens(LONG, [SPEAK])
    assert figures.of(SPEC).speed == pytest.approx(0.8 * tokens / 0.5)


def test_the_time_to_the_first_content_and_the_servers_timings_teach_the_speed():
    said = []
    figures = ServerFigures(on_learnt=lambda model, f: said.append(f.speed))
    slow = Stream(openai_stream(MODEL, text=["Ciao", "!"]), pause=0.25)
    answer, _, _ = run([slow], figures)
    assert answer.text == "Ciao!"
    tokens = prompt_tokens(LONG, [SPEAK])
    # two pauses before the first text: the role chunk's and the text's own
    assert tokens / 1.0 < figures.of(SPEC).speed < tokens / 0.45
    timed = openai_stream(MODEL, text=["Ciao"])
    timed.insert(-1, openai_chunk(MODEL) .replace(b'"choices": []', b'"choices": [], "timings": {"prompt_n": 1000, '
                                                                     b'"prompt_ms": 4000.0}'))
    figures = ServerFigures()
    run([Stream(timed)], figures)
    assert figures.of(SPEC).speed == pytest.approx(250.0)
    assert len(said) == 1


def test_a_pool_waits_for_a_model_whose_cooldown_ends_within_its_patience():
    from app.senses.llm.pool import ModelPool, ModelPoolError
    from app.senses.llm.registry import ClientFactory
    from tests.senses.llm_server import openai_error

    class Clock:
        now = 1000.0

        def __call__(self):
            return self.now

        async def sleep(self, seconds):
            slept.append(seconds)
            self.now += seconds

    slept: list[float] = []
    clock = Clock()

    async def go():
        async with LLMServer() as server:
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0), resolve=lambda host, port: [])
            urls = {"ollama": server.base_url, "lmstudio": server.base_url}
            factory = ClientFactory(gate, lambda name: None, base_urls=urls, timeouts=QUICK, clock=clock)
            patient = ModelPool("mind", [factory.client("ollama:a"), factory.client("lmstudio:b")], clock=clock,
                                patience=15, sleep=clock.sleep)
            server.script("b", openai_error(503, "loading"), Stream(openai_stream("b", text=["b is back"])))
            server.script("a", openai_error(500, "busy"), openai_error(500, "busy again"))
            try:
                with pytest.raises(ModelPoolError):
                    await patient.complete(HELLO, [SPEAK])        # a, then b: both fail; both cool 5 s
                clock.now += 1
                patient._next = 0                                 # a's turn; a and b both cool 4 s more
                patient._cooldowns.succeeded("ollama:a")          # a is ready now, and fails again
                answer = await patient.complete(HELLO, [SPEAK])
                return answer, [r.body["model"] for r in server.requests]
            finally:
                await patient.aclose()

    answer, asked = asyncio.run(go())
    assert answer.text == "b is back"
    assert asked == ["a", "b", "a", "b"]
    assert slept == [pytest.approx(4.0)]


HELLO = [Message.user("ciao")]


def test_an_answer_asked_without_streaming_gets_the_paces_room_and_teaches_the_speed():
    # once a server cannot stream tool calls, calls with tools wait for the whole answer: only the total deadline
    # holds, so it must keep the room this prompt's reading needs, and the whole answer's time is a measure too
    figures = ServerFigures(override=lambda: 2.0)
    empty = Stream([])
    whole = {"id": "x", "object": "chat.completion", "model": MODEL, "choices": [{
        "index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "speak", "arguments": '{"text": "ciao"}'}}]}}]}
    tight = Timeouts(connect=2, first_token=0.2, total=0.5)

    async def go():
        async with LLMServer() as server:
            server.script(MODEL, empty, Status(200, whole), Status(200, whole, delay=1.0))
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0), resolve=lambda host, port: [])
            client = OpenAICompatClient(parse(SPEC), server.base_url, gate, timeouts=tight, pace=figures)
            try:
                await client.complete(LONG, [SPEAK])            # empty stream, then the whole answer
                quick = figures.of(SPEC).speed
                answer = await client.complete(LONG, [SPEAK])
                return answer, [r.body["stream"] for r in server.requests], quick
            finally:
                await client.aclose()

    slow, streamed, quick = asyncio.run(go())
    assert [c.name for c in slow.tool_calls] == ["speak"]        # 1 s, past the configured 0.5 s total
    assert streamed == [True, False, False]
    tokens = prompt_tokens(LONG, [SPEAK])
    # the slow whole answer moved the learnt speed half way down to what it showed (rule 3)
    assert figures.of(SPEC).speed < quick
    assert figures.of(SPEC).speed == pytest.approx((quick + tokens / 1.0) / 2, rel=0.1)
