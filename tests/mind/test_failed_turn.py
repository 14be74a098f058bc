"""A failed turn loses nothing: the composed mind over a real pool whose every model is a closed port on
loopback, a real Stream and Turn Log on the encrypted store, then a turn that works and sees those lines."""

import asyncio
import socket

import pytest

from app.core.chat import Role
from app.core.events import EventKind
from app.core.turn_record import FAILED
from app.memory.window_store import WindowStore
from app.senses.llm.base import LLMError
from app.senses.llm.pool import ModelPool, ModelPoolError
from app.skills.chat.dock import problem_line
from tests.fakes import FakeLLMClient, says
from tests.mind.harness import Mind, chat


def closed_port() -> int:
    """A port on loopback that nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_turn_no_model_can_answer_keeps_its_lines_and_the_next_turn_sees_them(bea):
    models = ["ollama:qwen-test", "llamacpp:tiny-test"]
    bea.settings.update({"mind.models": models, "mind.base_urls": {
        "ollama": f"http://127.0.0.1:{closed_port()}/v1", "llamacpp": f"http://127.0.0.1:{closed_port()}/v1"}})
    first = chat("Hi Bea, what's your name?", who="marco")
    second = chat("are you there?", who="marco")

    async def go():
        bea.mind.start()
        mind = bea.mind.consciousness
        assert isinstance(mind.llm, ModelPool) and mind.llm.models == models
        failed = await mind.turn([first])
        window_after_failure = bea.mind.context.messages()
        rows = [rec for _id, rec in await bea.mind.turn_log.search()]
        shown = bea.skills["chat"].problems.get("mind")
        mind.llm = FakeLLMClient([says("I'm Bea!")])
        answered = await mind.turn([second])
        await bea.mind.stop()
        return failed, window_after_failure, rows, shown, answered, mind.llm

    failed, window, rows, shown, answered, llm = asyncio.run(go())

    # the failed turn: a Turn Log row that names the models and why, and an ERROR that says so
    assert failed.outcome == FAILED and failed.failed
    assert [name for name, _why in failed.failures] == models
    assert failed.model == ", ".join(models)
    assert failed.error.startswith("ollama:qwen-test: ") and "(and 1 more model failed)" in failed.error
    assert failed.ms > 0 and failed.perceptions == ["[marco] Hi Bea, what's your name?"]
    assert len(rows) == 1 and rows[0].outcome == FAILED and rows[0].failures == failed.failures
    errors = [e for e in bea.bus.recent([EventKind.ERROR]) if e.data.get("failed_turn")]
    assert [e.text for e in errors] == [f"She couldn't answer: {failed.error}"]
    assert errors[0].data["models"] == models and errors[0].data["setting"] == "mind"
    # the line entered the window as heard, once
    assert window == [("them", "twitch:#bea", "[marco] Hi Bea, what's your name?")]
    # the next turn sees it in the window replay, not as a new perception in its frame
    messages = llm.calls[0][0]
    frame = messages[-1]
    assert frame.role is Role.USER and "are you there?" in frame.content
    assert "what's your name" not in frame.content
    replayed = [m.content for m in messages[:-1] if m.role is Role.USER]
    assert replayed == ["[marco] Hi Bea, what's your name?"]
    assert answered.outcome == "spoke" and len(llm.calls) == 1
    # the append-only stream holds every line exactly once, in order
    lines = bea.mind.stream.session_lines(bea.mind.stream.session_id)
    assert [(ln.kind, ln.text) for ln in lines] == [
        ("heard", "[marco] Hi Bea, what's your name?"), ("heard", "[marco] are you there?"), ("spoke", "I'm Bea!")]
    # and the window on disk has them for the next start
    stored = WindowStore(bea.db, clock=bea.clock.time).load()
    assert [row[2] for row in stored["entries"]] == [
        "[marco] Hi Bea, what's your name?", "[marco] are you there?", "I'm Bea!"]
    # the Chat skill heard the failure, and cleared it once she spoke
    assert shown is not None and problem_line(shown) == ("She couldn't answer: nothing answers at the address of "
                                                         "her model ollama:qwen-test. Is its server (Ollama, LM "
                                                         f"Studio…) running? (detail: {failed.error})")
    assert "mind" not in bea.skills["chat"].problems


class Refusing:
    """A pool member that always fails the way a client does: with an LLMError."""

    def __init__(self, name: str, reason: str) -> None:
        self.name, self.reason, self.calls = name, reason, 0

    async def complete(self, messages, tools=(), *, on_delta=None, options=None):
        self.calls += 1
        raise LLMError(self.name, self.reason)

    async def aclose(self) -> None:
        return None


def test_the_loop_goes_on_after_a_failed_turn_and_answers_nothing_twice():
    async def go():
        m = Mind()
        refusing = Refusing("ollama:gone", "could not connect to http://127.0.0.1:9/v1: connection refused")
        m.mind.llm = ModelPool("mind", [refusing], clock=m.clock.now)
        task = asyncio.ensure_future(m.mind.run())
        m.bus.put(chat("first line"))
        await m.clock.advance(1.5)
        await m.until(lambda: m.records)
        m.llm = m.mind.llm = FakeLLMClient([says("sorry, I was away")])
        m.bus.put(chat("second line"))
        await m.clock.advance(1.5)
        await m.until(lambda: len(m.records) == 2)
        await m.quiet()
        task.cancel()
        return m, refusing

    m, refusing = asyncio.run(go())
    assert [r.outcome for r in m.records] == [FAILED, "spoke"]
    assert m.records[0].error == "ollama:gone: could not connect to http://127.0.0.1:9/v1: connection refused"
    assert refusing.calls == 1                      # no retry of the failed batch
    assert len(m.llm.calls) == 1                    # one turn for the second line, not one more for the first
    frame = m.llm.user_texts(0).rsplit("[WHERE YOU ARE]", 1)[1]
    assert "second line" in frame and "first line" not in frame
    assert "[marco] first line" in m.llm.user_texts(0)   # the window replay
    assert [text for who, _c, text in m.mind.context.messages() if who == "them"] == [
        "[marco] first line", "[marco] second line"]


def test_a_cancelled_turn_is_not_swallowed():
    async def go():
        m = Mind()
        started = asyncio.Event()

        async def hangs(_messages, _tools):
            started.set()
            await asyncio.Event().wait()
        m.llm.script = [hangs]
        turn = asyncio.ensure_future(m.mind.turn([chat("hello")]))
        await started.wait()
        turn.cancel()
        with pytest.raises(asyncio.CancelledError):
            await turn
        return m

    m = asyncio.run(go())
    assert m.records == [] and not [e for e in m.events.recent([EventKind.ERROR]) if e.data.get("failed_turn")]


def test_a_turn_that_breaks_before_the_model_keeps_the_batch_as_it_came():
    async def go():
        m = Mind([says("never called")])

        def broken(_batch):
            raise RuntimeError("a skill's relabel broke")
        m.briefing.relabel = broken
        return m, await m.mind.turn([chat("still here")])

    m, record = asyncio.run(go())
    assert record.outcome == FAILED and record.error == "a skill's relabel broke" and record.failures == []
    assert m.llm.calls == [] and m.records == [record]
    assert m.mind.context.messages() == [("them", "twitch:#bea", "[marco] still here")]


def test_the_reason_is_short_and_readable():
    from app.mind.consciousness import REASON_LIMIT, failure_reason
    pool = ModelPoolError("mind", [("openai:gpt-4o-mini", "no API key for OpenAI: add one in the model settings"),
                                   ("ollama:a", "x"), ("ollama:b", "y")])
    assert failure_reason(pool) == ("openai:gpt-4o-mini: no API key for OpenAI: add one in the model settings "
                                    "(and 2 more models failed)")
    long = failure_reason(ModelPoolError("mind", [("m", "html " * 200)]))
    assert len(long) == REASON_LIMIT and long.endswith("…")
    assert failure_reason(RuntimeError("  two\n lines ")) == "two lines"
    assert failure_reason(KeyError()) == "KeyError"
