"""Servers that misbehave get a clear LLMError within the deadlines: keep-alives for ever, a silent port, an
endless line, HTML, garbage. Real servers on 127.0.0.1, small deadlines so each case takes a second or less."""

import asyncio
import time

import pytest

from app.core.chat import Message
from app.core.events import EventBus
from app.core.model_spec import parse
from app.core.tools import Tool
from app.senses.llm.anthropic import AnthropicClient
from app.senses.llm.base import LLMError, MalformedStream, ModelTimeout, Timeouts
from app.senses.llm.openai_compat import OpenAICompatClient
from app.senses.netgate import NetworkGate
from tests.senses.llm_server import (
    LLMServer,
    Status,
    Stream,
    Trickle,
    anthropic_stream,
    openai_chunk,
    silent_port,
)

MODEL = "qwen2.5:7b"
SPEAK = Tool("speak", "Say something out loud.",
             {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}, reaches=True)
SMALL = Timeouts(connect=2, first_token=0.6, total=1.5)
EMPTY_CHUNK = openai_chunk(MODEL, {})                            # a choice with an empty delta, no finish
ROLE_CHUNK = openai_chunk(MODEL, {"role": "assistant", "content": ""})


def gate():
    return NetworkGate(lambda: False, EventBus(lambda: 0.0))


def call(reply, timeouts=SMALL, wire="openai"):
    """One call against a server scripted with `reply`: (error, seconds it took)."""
    async def go():
        async with LLMServer() as server:
            server.script(MODEL, reply)
            if wire == "anthropic":
                client = AnthropicClient(parse(f"anthropic:{MODEL}"), server.base_url, gate(), "sk-ant",
                                         timeouts=timeouts)
            else:
                client = OpenAICompatClient(parse(f"ollama:{MODEL}"), server.base_url, gate(), timeouts=timeouts)
            started = time.perf_counter()
            try:
                await client.complete([Message.user("ciao")], [SPEAK])
            except LLMError as e:
                return e, time.perf_counter() - started
            finally:
                await client.aclose()
            raise AssertionError("the call succeeded")
    return asyncio.run(go())


TRICKLES = [
    # name, reply, wire, error class, words, deadline it must respect
    ("sse comments for ever", Trickle([]), "openai", "no answer began within 0.6 s", 0.6),
    ("a role chunk, then comments for ever", Trickle([ROLE_CHUNK]), "openai", "first-token deadline", 0.6),
    ("empty keep-alive chunks for ever", Trickle([ROLE_CHUNK], ping=EMPTY_CHUNK), "openai",
     "first-token deadline", 0.6),
    ("text, then comments for ever", Trickle([ROLE_CHUNK, openai_chunk(MODEL, {"content": "Ciao"})]), "openai",
     "not finished within 1.5 s (the total deadline)", 1.5),
    ("text that never finishes", Trickle([ROLE_CHUNK], ping=openai_chunk(MODEL, {"content": " la"})), "openai",
     "not finished within 1.5 s (the total deadline)", 1.5),
    ("anthropic pings for ever", Trickle(anthropic_stream(MODEL, text=["x"])[:2],
                                         ping=b'event: ping\ndata: {"type": "ping"}\n\n'), "anthropic",
     "first-token deadline", 0.6),
]


@pytest.mark.parametrize("name,reply,wire,words,deadline", TRICKLES, ids=[t[0] for t in TRICKLES])
def test_keep_alives_do_not_hold_off_the_deadlines(name, reply, wire, words, deadline):
    error, seconds = call(reply, wire=wire)
    assert isinstance(error, ModelTimeout) and words in error.reason
    # the words name the deadline that fired; the time only shows it was not a later one (generous: a loaded CI)
    assert deadline - 0.05 <= seconds < deadline + 5


def test_content_keeps_a_slow_answer_alive_past_the_first_token_deadline():
    async def go():
        async with LLMServer() as server:
            words = [openai_chunk(MODEL, {"content": f" w{i}"}) for i in range(6)]
            # the first word at once, then one every 0.3 s: the answer outlives the first-token deadline by far
            # (1.8 s against 0.6 s) and the first word beats it by the whole deadline, however loaded the machine
            server.script(MODEL, Stream([ROLE_CHUNK, *words, openai_chunk(MODEL, {}, "stop"), b"data: [DONE]\n\n"],
                                        pause=0.3, prompt=2))
            client = OpenAICompatClient(parse(f"ollama:{MODEL}"), server.base_url, gate(),
                                        timeouts=Timeouts(connect=2, first_token=0.6, total=10))
            try:
                return await client.complete([Message.user("ciao")])
            finally:
                await client.aclose()

    answer = asyncio.run(go())
    assert answer.text == "w0 w1 w2 w3 w4 w5"


def test_a_silent_port_fails_on_the_first_token_deadline():
    async def go():
        async with silent_port() as url:
            client = OpenAICompatClient(parse(f"ollama:{MODEL}"), url, gate(), timeouts=SMALL)
            started = time.perf_counter()
            try:
                await client.complete([Message.user("ciao")], [SPEAK])
            except ModelTimeout as e:
                return e, time.perf_counter() - started
            finally:
                await client.aclose()

    error, seconds = asyncio.run(go())
    assert "no answer began within 0.6 s" in str(error) and seconds < 6


BAD_BYTES = [
    # name, reply, words
    ("an endless line with no newline", Trickle([b"data: "], ping=b"x" * 65536, every=0.001),
     "the server sent a line larger than 1048576 bytes"),
    ("one event of many lines", Stream([b"data: " + b"y" * 1000 + b"\n"] * 1100),
     "the server sent an event larger than 1048576 bytes"),
    ("HTML with status 200", Stream([b"<!doctype html><title>Login</title>"], content_type="text/html"),
     "expected an event stream, got text/html"),
    ("HTML labelled as an event stream", Stream([b"<!doctype html>\n<html><body>Login</body></html>\n"]),
     "cut short"),
    ("garbage bytes", Stream([bytes(range(256)) * 16], rechunk=100), "cut short"),
    ("garbage data", Stream([b"data: \x00\xff\xfe garbage\n\n"]), "not JSON"),
    ("an HTML error page", Status(502, "<html><body><h1>502 Bad Gateway</h1></body></html>"),
     "server error (502): <html><body><h1>502 Bad Gateway"),
]


@pytest.mark.parametrize("name,reply,words", BAD_BYTES, ids=[b[0] for b in BAD_BYTES])
def test_bad_bytes_are_a_clear_error_within_the_deadline(name, reply, words):
    error, seconds = call(reply)
    assert words in error.reason and seconds < SMALL.total + 5
    assert str(error).startswith(f"ollama:{MODEL}: ")


def test_an_endless_line_trickled_slowly_meets_the_deadline_instead():
    error, seconds = call(Trickle([b"data: "], ping=b"x" * 10, every=0.01))
    assert isinstance(error, ModelTimeout) and "first-token deadline" in error.reason and seconds < 6


def test_an_anthropic_stream_cut_short_is_malformed():
    error, _ = call(Stream(anthropic_stream(MODEL, text=["Ciao"])[:4]), wire="anthropic")
    assert isinstance(error, MalformedStream) and "cut short" in error.reason
