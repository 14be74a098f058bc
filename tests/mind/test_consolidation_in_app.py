"""A stream's lines become memories the same evening, in the composed app: the streamer tells her a fact, her turn
runs over a loopback OpenAI-compatible server, and ending the stream (or quitting, or a long pause) turns the
line into a memory that the Memory dock shows, the You dock holds, and recall finds after a restart. The
background model is the built-in demo, so the memory is the streamer's own words (the dreamer's verbatim rule);
a capable background model dreams it, once."""

import asyncio
import json
import time

from app import compose
from app.core.perception import OWNER, Meta, Perception, PerceptionKind
from app.memory.memories import MemoryStore
from app.memory.stream import Line
from tests.fakes import HashingEmbedder
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND, BACKGROUND = "mind-test", "background-test"
FACT = "my cat is called Pistacchio"


def build(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    # her memory loaded (a stand-in embedder)
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    return bea


def use(bea, server, background: str = "local:smollm2") -> None:
    bea.settings.update({"mind.models": [f"llamacpp:{MIND}"], "mind.background_models": [background],
                         "mind.base_urls": {"llamacpp": server.base_url}})


def told(text: str) -> Perception:
    """The streamer typing in the Chat dock, as the Chat skill delivers it."""
    return Perception(PerceptionKind.CHAT, "app", f"[{OWNER.display_name}] {text}", salience=0.9,
                      meta={Meta.CONVERSATION_KEY: "app:chat", Meta.TEXT: text}, author=OWNER, ts=time.time())


async def tell(bea, server, text: str = FACT) -> None:
    args = json.dumps({"mood": "happy", "message": "che bel nome!"})
    server.script(MIND, Stream(openai_stream(MIND, tool_calls=[("call_0", "speak", args)])))
    await asyncio.sleep(0.05)
    bea.mind.start()
    await bea.mind.consciousness.turn([told(text)])


def recalled(bea, query: str = "what is my cat called Pistacchio") -> list[str]:
    return [m.text for m in bea.mind.memories.recall(query, 5, "person")]


def test_a_fact_told_is_remembered_when_the_stream_ends_shown_and_kept_after_a_restart(data_dir, env, qtbot):
    from app.ui.memory_dock import MemoryDock

    async def evening():
        bea = build(data_dir, env)
        try:
            async with LLMServer() as server:
                use(bea, server)
                await tell(bea, server)
                dock = MemoryDock(bea.mind, bea.bus, clock=bea.clock.time)
                qtbot.addWidget(dock)
                before = dock.news.text()
                kept = await bea.mind.consolidation.end_stream()
                after = (dock.news.text(), [m.text for m in dock.view.memories])
                you = [(e.section, e.summary, e.quote) for e in bea.person_store.entries()]
                await bea.mind.stop()
                return before, kept, after, recalled(bea), you, bea.mind.stream.session_id
        finally:
            compose.close(bea)

    before, kept, (news, shown), found, you, open_session = asyncio.run(evening())
    assert before == ("She will remember this stream's lines when the stream ends, after 20 quiet minutes, "
                      "or tonight.")
    assert kept == 1 and open_session is None
    assert news == "Remembered 1 thing from this stream." and shown == [f"Streamer: {FACT}"]
    assert found == [f"Streamer: {FACT}"]
    assert you == [("relationships", FACT, FACT)]                 # the You dock: what she learned about you
    again = build(data_dir, env)
    try:
        assert recalled(again) == [f"Streamer: {FACT}"]           # after a restart, recall finds it
        assert again.mind.dreamer.waiting() == {}                 # and the night has nothing left to read twice
        dock = MemoryDock(again.mind, again.bus, clock=again.clock.time)                  # and the Memory dock shows it
        qtbot.addWidget(dock)
        assert [m.text for m in dock.view.memories] == [f"Streamer: {FACT}"]
        assert dock.news.text() == "Remembered 1 thing from this stream."
    finally:
        compose.close(again)


def test_quitting_remembers_the_stream_and_a_capable_model_dreams_it_once(data_dir, env):
    async def quit_then_dream():
        bea = build(data_dir, env)
        async with LLMServer() as server:
            use(bea, server, f"llamacpp:{BACKGROUND}")
            server.script(BACKGROUND, Stream(openai_stream(BACKGROUND, text=["PERSON: the streamer's cat is "
                                                                             "called Pistacchio"])))
            await tell(bea, server)
            await compose.stop(bea)                               # File → Quit: stop() remembers, bounded
            asked = server.calls(BACKGROUND)
        again = build(data_dir, env)
        try:
            found = recalled(again)
            night = await again.mind.dreamer.dream()              # the night's dream after the quit
            return asked, found, night
        finally:
            compose.close(again)

    asked, found, night = asyncio.run(quit_then_dream())
    assert asked == 1 and found == ["the streamer's cat is called Pistacchio"]
    assert night == 0                                             # the line was consolidated exactly once


def test_a_long_pause_remembers_the_open_stream(bea):
    consolidation = bea.mind.consolidation
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.settings.set("skills.memory.remember_after_minutes", 20)
    bea.mind.stream.append_sync([Line("heard", f"[Streamer] {FACT}", time.time() - 19 * 60, OWNER.identity)])
    assert asyncio.run(consolidation.after_pause()) == 0          # 19 quiet minutes: not yet
    bea.mind.stream.append_sync([Line("heard", "[Streamer] I also have a dog named Fido", time.time() - 21 * 60,
                                      OWNER.identity)])
    assert asyncio.run(consolidation.after_pause()) == 2          # the newest line is 21 minutes old
    assert bea.mind.stream.session_id is not None                 # a pause does not end the stream
    assert consolidation.news().waiting == 0 and consolidation.news().remembered == 2
    bea.settings.set("skills.memory.remember_after_minutes", 0)   # 0: only the end of a stream and the night
    bea.mind.stream.append_sync([Line("heard", "[Streamer] my sister lives in Rome now", time.time() - 3600,
                                      OWNER.identity)])
    assert asyncio.run(consolidation.after_pause()) == 0


def test_a_night_missed_while_she_was_off_is_dreamt_once_her_memory_is_ready(data_dir, env):
    """At start the overdue night is due at once, before her memory has loaded: it waits for it, unmarked."""
    from app.memory import meta

    async def start_late():
        bea = compose.build(data_dir, env=env, log_to_stderr=False)     # her memory not loaded yet
        try:
            week_ago = time.time() - 7 * 86400
            bea.mind.stream.append_sync([Line("heard", f"[Streamer] {FACT}", week_ago, OWNER.identity)])
            bea.db.write(lambda c: meta.put(c, "last_dream", str(week_ago)))   # she was off for nights
            night = asyncio.create_task(bea.mind.dream_nightly(lambda: 4, memory_poll=0.05))
            await asyncio.sleep(0.3)
            waited = bea.mind.dreamer.last_dream()
            bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)   # now it is there
            for _ in range(100):
                if bea.mind.dreamer.last_dream() != waited:
                    break
                await asyncio.sleep(0.05)
            night.cancel()
            return waited, week_ago, bea.mind.dreamer.last_dream(), recalled(bea)
        finally:
            compose.close(bea)

    waited, week_ago, dreamt, found = asyncio.run(start_late())
    assert waited == week_ago                       # not marked as dreamt while there was no memory to dream into
    assert dreamt > time.time() - 60
    assert any("Pistacchio" in text for text in found), found   # the night's lines became a memory


CANARY = "canary-7f3a9c-tel-+39-347-5550199"


def test_a_canary_quoted_by_a_failing_model_reaches_no_log_line(data_dir, env):
    """A model server's error body that echoes the prompt (the streamer's phone number, a canary) fails a turn,
    the recap of her window, a person's profile and the night's dream: each failure is logged by what it was,
    and the canary is in no line of bea.log."""
    from app.memory import meta
    from app.process.logs import log_path
    from tests.senses.llm_server import openai_error

    talk = f"call me at {CANARY}, " + "the boss in the second castle has two phases " * 4

    async def failing_evening():
        bea = build(data_dir, env)
        async with LLMServer() as server:
            use(bea, server, f"llamacpp:{BACKGROUND}")
            bea.settings.update({"mind.handoff_trigger_tokens": 600, "mind.hot_tokens": 200})
            echo = f"the prompt was: [Streamer] call me at {CANARY}"
            server.script(MIND, openai_error(400, echo), *(Stream(openai_stream(MIND, tool_calls=[(
                f"call_{n}", "speak", json.dumps({"mood": "happy", "message": f"{n}: {talk}"}))])) for n in range(6)))
            server.script(BACKGROUND, *(openai_error(500, echo) for _ in range(12)))
            bea.mind.start()
            for n in range(7):                                      # the first fails, the rest fill her window
                await bea.mind.consciousness.turn([told(f"{n}: {talk}")])
            for _ in range(200):                                    # the recap is asked after a turn
                if bea.mind.handoff.status.failures:
                    break
                await asyncio.sleep(0.05)
            viewer = "twitch:4711"
            bea.mind.stream.append_sync([Line("heard", f"[Anna] {talk}", time.time() - 60 + i, viewer)
                                         for i in range(25)])
            profiled = await bea.mind.profiler.maybe_profile(viewer)
            week_ago = time.time() - 7 * 86400
            bea.mind.stream.append_sync([Line("heard", f"[Streamer] call me at {CANARY}", week_ago,
                                              OWNER.identity)])
            bea.db.write(lambda c: meta.put(c, "last_dream", str(week_ago)))
            before = server.calls(BACKGROUND)
            night = asyncio.create_task(bea.mind.dream_nightly(lambda: 4, memory_poll=0.05))
            for _ in range(200):
                if server.calls(BACKGROUND) > before:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            night.cancel()
            calls = server.calls(MIND), server.calls(BACKGROUND), bea.mind.handoff.status.failures, profiled
        compose.close(bea)
        return calls

    mind_calls, background_calls, recaps_failed, profiled = asyncio.run(failing_evening())
    assert mind_calls >= 7 and background_calls >= 3 and recaps_failed >= 1 and not profiled
    log = log_path(data_dir).read_text(encoding="utf-8")
    for failure in ("a turn failed", "the handoff failed", "a profile could not be written", "the dream failed"):
        assert failure in log, failure
    assert CANARY not in log and "347-5550199" not in log
