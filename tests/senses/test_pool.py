"""Model pools built by the registry, with real clients against a real local server: fallback and round robin."""

import asyncio
import logging

import pytest

from app.core.chat import AssistantMessage, DeltaKind, Message
from app.core.events import EventBus
from app.core.model_spec import ModelSpecError
from app.core.tools import Tool
from app.process.clock import SYSTEM
from app.senses.llm.base import Timeouts
from app.senses.llm.pool import ModelPool, ModelPoolError
from app.senses.llm.registry import ClientFactory, build_pool
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import LLMServer, Stream, anthropic_stream, openai_error, openai_stream

SPEAK = Tool("speak", "Say something out loud.", {"type": "object", "properties": {"text": {"type": "string"}}},
             reaches=True)
HELLO = [Message.user("ciao")]
QUICK = Timeouts(connect=2, first_token=5, total=10)


def text(model, words):
    return Stream(openai_stream(model, text=words))


def run(scenario, privacy=False, keys=None, timeouts=QUICK):
    """Start the server, hand `scenario` a factory whose every provider points at it, close the pools after."""
    async def go():
        async with LLMServer() as server:
            gate = NetworkGate(lambda: privacy, EventBus(lambda: 0.0), resolve=lambda host, port: [])
            urls = {p: server.base_url for p in ("ollama", "lmstudio", "llamacpp", "vllm", "anthropic", "groq")}
            factory = ClientFactory(gate, (keys or {}).get, base_urls=urls, timeouts=timeouts, clock=SYSTEM.monotonic)
            pools = []

            def pool(*specs, role="mind"):
                pools.append(factory.pool(role, specs))
                return pools[-1]
            try:
                return await scenario(server, pool)
            finally:
                for p in pools:
                    await p.aclose()
    return asyncio.run(go())


def test_round_robin_starts_at_the_next_model_on_each_send():
    async def scenario(server, pool):
        mind = pool("ollama:a", "lmstudio:b", "vllm:c")
        for model in "abca":
            server.script(model, text(model, [f"from {model}"]))
        return [(await mind.complete(HELLO, [SPEAK])).text for _ in range(4)], [r.body["model"] for r in
                                                                                server.requests]

    answers, asked = run(scenario)
    assert answers == ["from a", "from b", "from c", "from a"]
    assert asked == ["a", "b", "c", "a"]


def test_falls_back_on_a_429_and_starts_from_the_next_model_next_time(caplog):
    async def scenario(server, pool):
        mind = pool("ollama:a", "lmstudio:b")
        server.script("a", openai_error(429, "Rate limit reached"))
        server.script("b", text("b", ["from b"]), text("b", ["b again"]))
        first = await mind.complete(HELLO, [SPEAK])
        second = await mind.complete(HELLO, [SPEAK])
        return first, second, [r.body["model"] for r in server.requests]

    with caplog.at_level(logging.WARNING, logger="app.senses.llm.pool"):
        first, second, asked = run(scenario)
    assert (first.text, first.model) == ("from b", "b") and second.text == "b again"
    assert asked == ["a", "b", "b"]
    [record] = caplog.records
    assert record.levelno == logging.WARNING and "ollama:a failed" in record.getMessage()


def test_falls_back_on_a_cut_stream_and_tells_the_listener_to_reset():
    deltas = []

    async def scenario(server, pool):
        mind = pool("ollama:a", "lmstudio:b")
        server.script("a", Stream(openai_stream("a", text=["half ", "an ans", "wer"])[:3], abort=True))
        server.script("b", text("b", ["whole answer"]))
        return await mind.complete(HELLO, [SPEAK], on_delta=deltas.append)

    answer = run(scenario)
    assert answer.text == "whole answer"
    kinds = [d.kind for d in deltas]
    assert kinds == [DeltaKind.TEXT, DeltaKind.TEXT, DeltaKind.RESET, DeltaKind.TEXT]
    assert "ollama:a failed mid-answer" in deltas[2].text and "cut short" in deltas[2].text


def test_every_model_failing_is_one_error_listing_each_failure():
    async def scenario(server, pool):
        mind = pool("anthropic:claude", "ollama:a", "lmstudio:b", "vllm:c")
        server.script("claude", openai_error(529, "Overloaded"))
        server.script("a", Stream(openai_stream("a", text=["slow"]), pause=0.5))
        server.script("b", Stream([b"data: <html>proxy error</html>\n\n"]))
        server.script("c", Stream(anthropic_stream("c", text=["x"])))   # the wrong wire is garbage too
        await mind.complete(HELLO, [SPEAK])

    with pytest.raises(ModelPoolError) as info:
        run(scenario, keys={"llm.anthropic.api_key": "sk-ant-x"},
            timeouts=Timeouts(connect=2, first_token=0.2, total=5))
    error = info.value
    assert [name for name, _ in error.failures] == ["anthropic:claude", "ollama:a", "lmstudio:b", "vllm:c"]
    message = str(error)
    assert message.startswith("every model in the mind pool failed: ")
    for words in ("server error (529): Overloaded", "no answer began within 0.2 s (the first-token deadline",
                  "not JSON", "cut short"):
        assert words in message


def test_a_model_that_rejects_tools_is_skipped_from_then_on_and_logged_at_error(caplog):
    async def scenario(server, pool):
        mind = pool("ollama:gemma", "lmstudio:b")
        server.script("gemma", openai_error(400, "registry.ollama.ai/library/gemma:2b does not support tools"),
                      text("gemma", ["no tools needed"]))
        server.script("b", text("b", ["one"]), text("b", ["two"]))
        answers = [(await mind.complete(HELLO, [SPEAK])).text for _ in range(2)]
        plain = await mind.complete(HELLO)   # without tools the skipped model may still serve
        return answers, plain, mind.skipped, server.calls("gemma")

    with caplog.at_level(logging.WARNING, logger="app.senses.llm.pool"):
        answers, plain, skipped, gemma_calls = run(scenario)
    assert answers == ["one", "two"] and plain.text == "no tools needed"
    assert list(skipped) == ["ollama:gemma"] and "does not support tools" in skipped["ollama:gemma"]
    assert gemma_calls == 2
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "skipping ollama:gemma" in errors[0].getMessage()


def test_every_model_skipped_is_a_pool_error():
    async def scenario(server, pool):
        mind = pool("ollama:gemma")
        server.script("gemma", openai_error(400, "does not support tools"))
        for _ in range(2):
            try:
                await mind.complete(HELLO, [SPEAK])
            except ModelPoolError as e:
                last = e
        return last, server.calls("gemma")

    error, calls = run(scenario)
    assert calls == 1 and "ollama:gemma: skipped: rejects tool calling" in str(error)


def test_privacy_mode_falls_back_from_an_outside_model_to_a_local_one():
    async def scenario(server, _pool):
        gate = NetworkGate(lambda: True, EventBus(lambda: 0.0), resolve=lambda host, port: [])
        factory = ClientFactory(gate, {"llm.groq.api_key": "gsk-secret-value"}.get,
                                base_urls={"groq": "http://198.51.100.7/openai/v1", "ollama": server.base_url},
                                timeouts=QUICK, clock=SYSTEM.monotonic)
        mind = factory.pool("mind", ["groq:llama-3.3-70b-versatile", "ollama:a"])
        server.script("a", text("a", ["local answer"]))
        try:
            return await mind.complete(HELLO, [SPEAK]), server.requests
        finally:
            await mind.aclose()

    answer, requests = run(scenario)
    assert answer.text == "local answer" and [r.body["model"] for r in requests] == ["a"]


def test_a_missing_key_falls_back_and_keys_are_asked_once_and_never_logged(caplog):
    asked = []

    def secrets(name):
        asked.append(name)
        return {"llm.anthropic.api_key": "sk-ant-very-secret"}.get(name)

    async def scenario(server, _pool):
        gate = NetworkGate(lambda: False, EventBus(lambda: 0.0))
        urls = {"openai": server.base_url, "anthropic": server.base_url, "ollama": server.base_url}
        mind = build_pool("mind", ["openai:gpt-4o", "anthropic:claude", "ollama:a", "ollama:b"], gate, secrets,
                          base_urls=urls, timeouts=QUICK, clock=SYSTEM.monotonic)
        server.script("claude", Stream(anthropic_stream("claude", text=["from claude"])))
        try:
            return await mind.complete(HELLO, [SPEAK]), server.requests
        finally:
            await mind.aclose()

    with caplog.at_level(logging.DEBUG):
        answer, requests = run(scenario)
    assert answer.text == "from claude" and requests[0].headers["x-api-key"] == "sk-ant-very-secret"
    assert asked == ["llm.openai.api_key", "llm.anthropic.api_key", "llm.ollama.api_key"]
    assert caplog.records and not any("sk-ant-very-secret" in r.getMessage() for r in caplog.records)
    # the log says which model failed and how (the reason itself is for the window: it may quote a server)
    assert any("openai:gpt-4o cannot be used" in r.getMessage() and "AuthError" in r.getMessage()
               and r.levelno == logging.ERROR for r in caplog.records)


def test_cancelling_a_send_stops_the_pool_at_once():
    async def scenario(server, pool):
        mind = pool("ollama:a", "lmstudio:b")
        server.script("a", Stream(openai_stream("a", text=["slow"]), pause=2.0))
        server.script("b", text("b", ["never"]))
        task = asyncio.create_task(mind.complete(HELLO, [SPEAK]))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return server.calls("b")

    assert run(scenario) == 0


class Scripted:
    """A client that is not HTTP at all: the pool needs only the protocol."""
    def __init__(self, name):
        self.name = name
        self.closed = False

    async def complete(self, messages, tools=(), *, on_delta=None, options=None):
        return AssistantMessage(text=self.name)

    async def aclose(self):
        self.closed = True


def test_the_pool_speaks_the_client_protocol_and_closes_its_clients():
    clients = [Scripted("x:1"), Scripted("x:2")]
    pool = ModelPool("background", clients, clock=SYSTEM.monotonic)

    async def go():
        answers = [(await pool.complete(HELLO)).text for _ in range(3)]
        await pool.aclose()
        return answers

    assert asyncio.run(go()) == ["x:1", "x:2", "x:1"]
    assert pool.models == ["x:1", "x:2"] and all(c.closed for c in clients)
    with pytest.raises(ValueError, match="needs at least one model"):
        ModelPool("mind", [], clock=SYSTEM.monotonic)


REGISTRY_ERRORS = [
    # specs, words
    (["gpt-4o"], ["has no provider"]),
    (["ollama:a", "ollama:a"], ["listed twice"]),
    (["local:smollm2"], ["built-in model is not available"]),
]


@pytest.mark.parametrize("specs,words", REGISTRY_ERRORS)
def test_registry_refuses_bad_configuration(specs, words):
    factory = ClientFactory(NetworkGate(lambda: False), lambda name: None, clock=SYSTEM.monotonic)
    with pytest.raises(ModelSpecError) as info:
        factory.pool("mind", specs)
    for word in words:
        assert word in str(info.value)


def test_registry_builds_the_built_in_model_through_its_factory():
    built = []

    def local(spec):
        built.append(str(spec))
        return Scripted(str(spec))

    pool = ClientFactory(NetworkGate(lambda: False), lambda name: None, local=local,
                         clock=SYSTEM.monotonic).pool("mind", ["local:smollm2"])
    assert built == ["local:smollm2"] and pool.models == ["local:smollm2"]


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def cooling_pool(factory, clock, *specs):
    """A pool that never waits for a cooling model (the waiting has its own test, test_server_pace)."""
    return ModelPool("mind", [factory.client(s) for s in specs], clock=clock, patience=0)


def run_with_factory(scenario):
    async def go():
        async with LLMServer() as server:
            gate = NetworkGate(lambda: False, EventBus(lambda: 0.0))
            urls = {p: server.base_url for p in ("ollama", "lmstudio", "vllm")}
            factory = ClientFactory(gate, lambda name: None, base_urls=urls, timeouts=QUICK, clock=SYSTEM.monotonic)
            return await scenario(server, factory)
    return asyncio.run(go())


def test_a_429_with_retry_after_is_skipped_for_that_long_then_asked_again():
    clock = Clock()

    async def scenario(server, factory):
        mind = cooling_pool(factory, clock, "ollama:a", "lmstudio:b")
        server.script("a", openai_error(429, "Rate limit reached", **{"Retry-After": "30"}), text("a", ["a is back"]))
        server.script("b", *[text("b", [f"b{i}"]) for i in range(4)])
        try:
            # round robin starts at a, b, a: a fails, then it is skipped on its turn while it cools
            answers = [(await mind.complete(HELLO, [SPEAK])).text for _ in range(3)]
            clock.now += 31
            answers += [(await mind.complete(HELLO, [SPEAK])).text for _ in range(2)]   # b's turn, then a's again
            return answers, [r.body["model"] for r in server.requests]
        finally:
            await mind.aclose()

    answers, asked = run_with_factory(scenario)
    assert answers == ["b0", "b1", "b2", "b3", "a is back"]
    assert asked == ["a", "b", "b", "b", "b", "a"]


def test_a_skipped_cooling_member_is_named_with_its_reason_and_the_wait_grows():
    clock = Clock()

    async def scenario(server, factory):
        mind = cooling_pool(factory, clock, "ollama:a", "lmstudio:b")
        server.script("a", *[openai_error(500, "CUDA out of memory")] * 3)
        server.script("b", *[openai_error(503, "loading")] * 2)
        errors = []
        try:
            for advance in (0, 6, 0):
                clock.now += advance
                with pytest.raises(ModelPoolError) as info:
                    await mind.complete(HELLO, [SPEAK])
                errors.append(info.value)
        finally:
            await mind.aclose()
        return errors, [r.body["model"] for r in server.requests]

    errors, asked = run_with_factory(scenario)
    # 1st send: both fail (5 s each). 2nd, 6 s later, starting at b: both due, both fail again (10 s each).
    # 3rd, at once: both cooling and due together, so a (round robin's pick) is asked anyway; b is listed as cooling
    assert asked == ["a", "b", "b", "a", "a"]
    assert errors[2].failures == [
        ("ollama:a", "server error (500): CUDA out of memory"),
        ("lmstudio:b", "cooling down for 10 s more after: server error (503): loading")]


def test_a_success_resets_the_back_off():
    clock = Clock()

    async def scenario(server, factory):
        mind = cooling_pool(factory, clock, "ollama:a")
        server.script("a", openai_error(500, "boom"), openai_error(500, "boom"), text("a", ["ok"]),
                      openai_error(500, "boom"), text("a", ["ok again"]))
        results = []
        for advance in (0, 1, 1, 1, 6):
            clock.now += advance
            try:
                results.append((await mind.complete(HELLO)).text)
            except ModelPoolError as e:
                results.append(e.failures[0][1])
        return results

    results = run_with_factory(scenario)
    # a lone member that is cooling is still asked (it is the one due first), each failure doubles its wait,
    # a success clears it: the failure after it starts again at 5 s
    assert results == ["server error (500): boom", "server error (500): boom", "ok", "server error (500): boom",
                       "ok again"]


def test_tool_arguments_that_never_became_json_fall_over_to_the_next_model():
    deltas = []

    async def scenario(server, pool):
        mind = pool("ollama:a", "lmstudio:b")
        server.script("a", Stream(openai_stream("a", tool_calls=[("call_1", "speak", '{"text": "ciao')])))
        server.script("b", Stream(openai_stream("b", tool_calls=[("call_1", "speak", '{"text": "ciao!"}')])))
        return await mind.complete(HELLO, [SPEAK], on_delta=deltas.append)

    answer = run(scenario)
    assert answer.model == "b" and answer.tool_calls[0].parsed() == {"text": "ciao!"}
    [reset] = [d for d in deltas if d.kind is DeltaKind.RESET]
    assert "ollama:a failed mid-answer: the arguments of the speak tool call never became valid JSON" in reset.text
