"""Against a REAL OpenAI-compatible server: llama-cpp-python's own (`python -m llama_cpp.server`) with the shipped
GGUF, started on 127.0.0.1 for this module and stopped after it, reached through the `llamacpp` provider's
settings like any server a streamer would run. What is asserted is wire behaviour (a tool call comes back, the
step after a tool result is accepted, a cut stream fails, a composed turn speaks, Test connection tells the
chat formats apart), not the tiny model's wisdom: the wire test forces the tool by name where the model would
be free to answer in plain text. The composed turn runs the mind exactly as it runs, with tool_choice "auto".
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.chat import Message, Role
from app.core.events import EventBus
from app.core.tools import Tool
from app.process.clock import SYSTEM
from app.senses.llm.base import CallOptions, ContextExceeded, MalformedStream, Pace, Timeouts
from app.senses.llm.figures import ServerFigures
from app.senses.llm.pool import ModelPool
from app.senses.llm.probe import probe
from app.senses.llm.registry import ClientFactory
from app.senses.netgate import NetworkGate

pytest.importorskip("llama_cpp.server.app", reason="llama_cpp.server (the llama-cpp-python[server] extra) is not "
                                                    "installed")

from app.senses.llm.local_llama import builtin_model_path  # noqa: E402

SPEAK = Tool("speak", "Say something out loud to the streamer.",
             {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]},
             reaches=True)
HELLO = [Message.system("You are Bea, a co-host on a live stream. Answer by calling the speak tool."),
         Message.user("[Streamer] Hi Bea, what's your name?")]
TIMEOUTS = Timeouts(connect=5, first_token=30, total=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PROCESSES: dict[str, subprocess.Popen] = {}   # each running server by its base URL


@contextlib.contextmanager
def llama_server(chat_format: str) -> Iterator[str]:
    port = free_port()
    # llama.cpp's CPU code is a library per instruction set, loaded as the app loads it (the server never asks)
    start = ("import runpy; from app.senses.llm import llama_backends; llama_backends.load(); "
             "runpy.run_module('llama_cpp.server', run_name='__main__', alter_sys=True)")
    command = [sys.executable, "-c", start, "--model", str(builtin_model_path()), "--chat_format",
               chat_format, "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096"]
    log = tempfile.TemporaryFile()   # llama.cpp logs a lot: a pipe nobody reads would fill up and stall it
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=Path(__file__).resolve().parents[2])
    base = f"http://127.0.0.1:{port}/v1"
    PROCESSES[base] = process
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"llama_cpp.server exited: {log.read().decode(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=1) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("llama_cpp.server did not answer /v1/models within 60 s")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with llama_server("chatml-function-calling") as base:
        yield base


def factory(base: str, pace: Pace | None = None) -> ClientFactory:
    gate = NetworkGate(lambda: False, EventBus(lambda: 0.0))
    return ClientFactory(gate, lambda _name: None, base_urls={"llamacpp": base}, timeouts=TIMEOUTS,
                         clock=SYSTEM.monotonic, pace=pace)


def test_a_tool_call_and_the_step_after_its_result(server):
    async def go():
        client = factory(server).client("llamacpp:smollm2")
        try:
            first = await client.complete(HELLO, [SPEAK], options=CallOptions(max_tokens=48, tool_choice="speak"))
            [call] = first.tool_calls
            history = [*HELLO, first.as_message(), Message.tool_result(call, "said out loud")]
            # the step after a tool result: the assistant message goes out with "content": "" (null was a 500)
            second = await client.complete(history, [SPEAK], options=CallOptions(max_tokens=24))
            # with "auto" this server cannot stream a tool call the model picks itself: it closes the stream empty
            # and the client asks again without streaming; either way the answer must be complete
            third = await client.complete(HELLO, [SPEAK], options=CallOptions(max_tokens=48))
            return first, call, history, second, third
        finally:
            await client.aclose()

    first, call, history, second, third = asyncio.run(go())
    assert call.name == "speak" and isinstance(call.parsed().get("message"), str)
    assert first.finish_reason == "tool_calls"
    assert history[2].role is Role.ASSISTANT and history[2].content == ""
    assert second.finish_reason in ("stop", "length", "tool_calls")
    assert third.finish_reason in ("stop", "length", "tool_calls")
    assert all(c.name == "speak" for c in third.tool_calls)


def test_a_stream_the_server_cuts_short_for_a_second_request_is_a_failed_call(server):
    # this server interrupts a stream when another request arrives, and ends it without a finish_reason:
    # that is a failure (the pool asks the next model), never a short answer taken as complete
    async def go():
        client = factory(server).client("llamacpp:smollm2")
        other = factory(server).client("llamacpp:smollm2")
        started = asyncio.Event()
        story = [Message.user("Tell me a very long story about a dragon.")]

        def listen(_delta):
            started.set()

        async def second():
            await started.wait()
            return await other.complete([Message.user("Hi")], options=CallOptions(max_tokens=4))

        try:
            first = asyncio.create_task(client.complete(story, on_delta=listen,
                                                        options=CallOptions(max_tokens=400, temperature=0.8)))
            results = await asyncio.gather(first, second(), return_exceptions=True)
        finally:
            await client.aclose()
            await other.aclose()
        return results

    cut, answered = asyncio.run(go())
    assert isinstance(cut, MalformedStream) and "cut short" in cut.reason, cut
    assert answered.finish_reason in ("stop", "length")


def test_a_composed_turn_speaks(server):
    # the mind as it runs (its own tools, prompt frame, tool_choice "auto"), with a real pool of this server
    from tests.mind.harness import Mind, chat

    async def go():
        m = Mind()
        pool = ModelPool("mind", [factory(server).client("llamacpp:smollm2")], clock=SYSTEM.monotonic)
        m.mind.llm = pool
        try:
            m.bus.put(chat("Hi Bea, what's your name?", who="marco"))
            started = time.perf_counter()
            record = await m.mind.turn(m.bus.take_all())
            return m, record, time.perf_counter() - started
        finally:
            await pool.aclose()

    m, record, seconds = asyncio.run(go())
    assert record.outcome == "spoke", (record.outcome, record.model_calls)
    assert record.model_calls >= 1 and m.spoken() and all(line.strip() for line in m.spoken())
    assert seconds < 30


def test_test_connection_tells_a_server_that_drops_tools_from_one_that_passes_them(server):
    async def run_probe(base):
        client = factory(base).client("llamacpp:smollm2")
        try:
            return await probe(client)
        finally:
            await client.aclose()

    passes = asyncio.run(run_probe(server))
    with llama_server("chatml") as plain:   # the same server with a chat format that ignores tools
        drops = asyncio.run(run_probe(plain))
    assert passes.ok and passes.honours_tools is True, passes.sentence()
    assert drops.ok and drops.honours_tools is False, drops.sentence()
    assert "the server drops the tools it is sent" in drops.sentence()


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads a process's CPU time from /proc")
def test_an_abandoned_answer_stops_on_the_server(server):
    # a barge-in (or a deadline) leaves the call: its connection is closed, and this server stops generating at
    # its next token, so it is idle for whatever comes next instead of writing 400 tokens nobody reads
    pid = PROCESSES[server].pid

    async def go():
        client = factory(server).client("llamacpp:smollm2")
        started = asyncio.Event()
        try:
            story = asyncio.create_task(client.complete(
                [Message.user("Tell me a very long story about a dragon.")], on_delta=lambda _d: started.set(),
                options=CallOptions(max_tokens=400, temperature=0.8)))
            await asyncio.wait_for(started.wait(), 30)
            story.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await story
            await asyncio.sleep(0.5)
            before = cpu_seconds(pid)
            await asyncio.sleep(1.5)
            busy = cpu_seconds(pid) - before
            began = time.perf_counter()
            answer = await client.complete([Message.user("Hi")], options=CallOptions(max_tokens=4))
            return busy, time.perf_counter() - began, answer
        finally:
            await client.aclose()

    busy, next_call, answer = asyncio.run(go())
    assert busy < 0.3, f"the server used {busy:.2f} s of CPU in 1.5 s after the answer was abandoned"
    assert answer.finish_reason in ("stop", "length") and next_call < 5


def test_a_prompt_larger_than_the_servers_context_teaches_its_size(server):
    # streamed, this server answers such a prompt with an empty stream; asked again without streaming it says
    # its context in a 400, which the client's pace keeps
    figures = ServerFigures()

    async def go():
        client = factory(server, figures).client("llamacpp:smollm2")
        try:
            return await client.complete([Message.user("hello " * 6000)], [SPEAK], options=CallOptions(max_tokens=4))
        except ContextExceeded as exc:
            return exc
        finally:
            await client.aclose()

    refused = asyncio.run(go())
    assert isinstance(refused, ContextExceeded) and refused.context == 4096, refused
    assert figures.of("llamacpp:smollm2").context == 4096
