"""Seed 004's suite: one batch, one frame, one turn, counted in model calls with a scripted model."""

import asyncio
import json
from pathlib import Path

from app.core.events import EventKind
from app.core.perception import PerceptionKind
from app.core.tools import Tool
from tests.fakes import call, says, thinks, uses
from tests.mind.harness import Mind, chat, noise, voice

CHAT_LOG = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "chat" / "2016-12-19_20.raw.txt"


def run(coro):
    return asyncio.run(coro)


def test_three_lines_typed_in_a_row_get_one_call_and_one_reply():
    async def go():
        m = Mind([says("sto bene, grazie!")])
        task = asyncio.ensure_future(m.mind.run())
        for text in ("hey", "come stai", "tutto bene?"):
            m.bus.put(chat(text))
            await m.clock.advance(0.06)
        await m.clock.advance(1.2)
        await m.until(lambda: m.records)
        await m.clock.advance(5)
        await m.quiet()
        task.cancel()
        return m

    m = run(go())
    assert len(m.llm.calls) == 1
    assert m.spoken() == ["sto bene, grazie!"]
    frame = m.llm.user_texts(0)
    assert "[marco] hey" in frame and "[marco] come stai" in frame and "[marco] tutto bene?" in frame


def test_thirty_real_chat_lines_cost_one_model_call():
    lines = [ln.split("] ", 1)[-1] for ln in CHAT_LOG.read_text(errors="replace").splitlines() if ln.strip()][:30]
    assert len(lines) == 30

    async def go():
        m = Mind([says("what a chat!")])
        task = asyncio.ensure_future(m.mind.run())
        for i, text in enumerate(lines):
            m.bus.put(chat(text, who=f"user{i % 7}"))
            await m.clock.advance(0.1)
        await m.clock.advance(1.2)
        await m.until(lambda: m.records)
        await m.clock.advance(3)
        await m.quiet()
        task.cancel()
        return m

    m = run(go())
    assert len(m.llm.calls) == 1 and len(m.records) == 1
    assert len(m.records[0].perceptions) == 30


def test_a_line_from_the_same_conversation_mid_turn_becomes_the_next_turn():
    async def go():
        m = Mind()

        def first(messages, tools):
            m.bus.put(chat("and also, what's your name?"))  # lands while she is reasoning
            return says("ciao marco!")

        m.llm.script = [first, says("I'm Bea!")]
        task = asyncio.ensure_future(m.mind.run())
        m.bus.put(chat("ciao bea"))
        await m.clock.advance(1.3)
        await m.until(lambda: len(m.records) == 1)
        await m.clock.advance(1.3)
        await m.until(lambda: len(m.records) == 2)
        task.cancel()
        return m

    m = run(go())
    assert m.spoken() == ["ciao marco!", "I'm Bea!"]
    assert len(m.llm.calls) == 2
    assert "what's your name" not in m.llm.user_texts(0)
    assert "what's your name" in m.llm.user_texts(1)


def test_a_voice_line_from_elsewhere_steers_the_turn_in_flight():
    async def go():
        m = Mind()
        looked = []

        def first(messages, tools):
            m.bus.put(voice("Bea, say hi to the new followers too"))
            return uses(call("look", at="chat"))

        async def look(at: str) -> str:
            looked.append(at)
            return "12 people in chat"

        m.briefing.skill_tools = lambda: {"eyes": [Tool("look", "Look at something.", handler=look)]}
        m.llm.script = [first, says("hi marco, and hi new followers!")]
        task = asyncio.ensure_future(m.mind.run())
        m.bus.put(chat("ciao bea"))
        await m.clock.advance(1.3)
        await m.until(lambda: m.records)
        task.cancel()
        return m, looked

    m, looked = run(go())
    assert looked == ["chat"]
    assert len(m.records) == 1 and len(m.llm.calls) == 2
    second = m.llm.user_texts(1)
    assert "[WHILE YOU WERE THINKING]" in second and "new followers" in second
    assert m.bus.pending() == []


def test_a_chat_that_never_stops_is_cut_at_max_window():
    async def go():
        m = Mind([says("so many messages")])
        task = asyncio.ensure_future(m.mind.run())
        for i in range(20):  # a line every 0.5 s for 10 s: never a 1.2 s gap
            m.bus.put(chat(f"spam {i}", who=f"u{i}"))
            await m.clock.advance(0.5)
            if m.llm.calls:
                break
        await m.until(lambda: m.records)
        task.cancel()
        return m

    m = run(go())
    assert len(m.records[0].perceptions) == 16  # lines at 0, 0.5 ... 7.5: the batch closed at 8 s


def test_silence_gives_idle_and_noise_never_counts():
    async def go():
        m = Mind([says("it's quiet in here...")], idle_after=240)
        task = asyncio.ensure_future(m.mind.run())
        for i in range(23):  # a heartbeat every 10 s, all noise
            m.bus.put(noise(i))
            await m.clock.advance(10)
        assert m.llm.calls == []
        await m.clock.advance(11)
        await m.until(lambda: m.records)
        task.cancel()
        return m

    m = run(go())
    assert len(m.llm.calls) == 1
    said = m.llm.user_texts(0)
    assert "[via idle] Nobody has said anything for 4 minutes" in said and "heartbeat" not in said


def test_plain_text_is_a_thought_never_spoken_and_earns_one_rescue():
    async def go():
        m = Mind([thinks("Marco seems nice. Hello Marco!"), says("Hello Marco!")])
        await m.mind.turn([chat("ciao bea")])
        m2 = Mind([thinks("hmm"), thinks("still just thinking")])
        await m2.mind.turn([chat("ciao bea")])
        return m, m2

    m, m2 = run(go())
    assert m.spoken() == ["Hello Marco!"]
    assert m.kinds(EventKind.THOUGHT) == ["Marco seems nice. Hello Marco!"]
    assert m.records[0].rescued and "[NOBODY HEARD YOU]" in m.llm.user_texts(1)
    assert len(m2.llm.calls) == 2 and m2.spoken() == [] and m2.records[0].outcome == "mute"


def test_a_written_answer_suppresses_the_rescue_even_if_text_follows():
    async def go():
        m = Mind([uses(call("send_message", platform="app", channel="dm", text="ciao!")),
                  thinks("that went well")])
        await m.mind.turn([chat("ciao bea", conv="app:dm", written=True)])
        await m.outlets.drain(1)
        return m

    m = run(go())
    assert len(m.llm.calls) == 2 and not m.records[0].rescued
    assert m.written == [("dm", "ciao!")] and m.spoken() == []


def test_one_answer_per_conversation_per_turn():
    async def go():
        m = Mind([uses(call("send_message", platform="app", channel="dm", text="one"),
                       call("send_message", platform="app", channel="dm", text="two")),
                  uses(call("stay_silent"))])
        await m.mind.turn([chat("ciao", conv="app:dm", written=True)])
        await m.outlets.drain(1)
        return m

    m = run(go())
    assert m.written == [("dm", "one")]
    assert any("already answered app:dm" in e for e in m.kinds(EventKind.ERROR))


def test_tool_errors_come_back_as_observations_and_the_loop_goes_on():
    async def go():
        m = Mind()

        def boom() -> str:
            raise RuntimeError("the scene vanished")

        m.briefing.skill_tools = lambda: {"obs": [Tool("switch_scene", "Switch.", handler=boom)]}
        m.llm.script = [uses(call("no_such_tool"), call("switch_scene"),
                             call("speak", message="")),
                        uses(call("speak", message="sorry, no scene change today"))]
        await m.mind.turn([chat("bea switch scene")])
        return m

    m = run(go())
    outcomes = [t.observation for t in m.records[0].tools]
    assert outcomes[0].startswith("ERROR: there is no tool called no_such_tool")
    assert outcomes[1] == "ERROR: switch_scene failed: the scene vanished"
    assert outcomes[2].startswith("ERROR: speak needs a message")
    assert len(m.kinds(EventKind.ERROR)) == 3
    assert m.spoken() == ["sorry, no scene change today"]
    tool_msgs = [msg for msg in m.llm.calls[1][0] if msg.role == "tool"]
    assert [msg.content[:5] for msg in tool_msgs] == ["ERROR", "ERROR", "ERROR"]


def test_bad_json_arguments_are_shown_to_her():
    from app.core.chat import AssistantMessage, ToolCall
    async def go():
        m = Mind([AssistantMessage(tool_calls=(ToolCall("c1", "speak", '{"message": "hi'),)),
                  says("hi")])
        await m.mind.turn([chat("hello")])
        return m

    m = run(go())
    assert m.records[0].tools[0].observation.startswith("ERROR: the arguments of speak are not valid JSON")
    assert m.spoken() == ["hi"]


def test_a_follow_up_in_a_written_conversation_waits_for_the_quiet_gap_and_is_shown_once():
    async def go():
        m = Mind()

        def first(messages, tools):
            m.bus.put(chat("also", conv="app:dm", written=True))
            return uses(call("send_message", platform="app", channel="dm", text="ciao!"))

        async def second(messages, tools):
            return uses(call("send_message", platform="app", channel="dm", text="also to you!"))

        m.llm.script = [first, second, thinks("done")]
        turn = asyncio.ensure_future(m.mind.turn([chat("ciao", conv="app:dm", written=True)]))
        await m.quiet()
        m.bus.put(chat("how are you?", conv="app:dm", written=True))  # still typing at the step boundary
        await m.clock.advance(1.3)
        record = await asyncio.wait_for(turn, 3)
        await m.outlets.drain(1)
        return m, record

    m, record = run(go())
    shown = m.llm.user_texts(1)
    assert "[THE NEXT THING THEY SAID]" in shown and "also" in shown and "how are you?" in shown
    assert shown.count("how are you?") == 1
    assert m.written == [("dm", "ciao!"), ("dm", "also to you!")]
    assert not record.rescued


def test_in_a_voice_turn_lines_from_an_answered_conversation_go_back_to_the_bus():
    async def go():
        m = Mind()

        def first(messages, tools):
            m.bus.put(chat("thanks!", conv="app:dm", written=True))
            return uses(call("send_message", platform="app", channel="dm", text="on it"))

        m.llm.script = [first, says("done, boss")]
        await m.mind.turn([voice("Bea, answer the dm"), chat("can you help?", conv="app:dm", written=True)])
        return m

    m = run(go())
    assert "thanks!" not in m.llm.user_texts(1)
    assert [p.content for p in m.bus.pending()] == ["[marco] thanks!"]


def test_every_tool_named_in_a_prompt_section_must_be_in_the_schema():
    async def go():
        m = Mind([says("ok")])
        m.briefing.static_prompt = lambda: {"soul": "You are Bea.", "plan": "Close items with `objective_done`."}
        await m.mind.turn([chat("hi")])
        return m

    m = run(go())
    assert any("objective_done" in e for e in m.kinds(EventKind.ERROR))


def test_the_turn_log_records_the_whole_turn():
    async def go():
        m = Mind([thinks("let me think"), says("hello!", mood="happy")])
        m.briefing.static_prompt = lambda: {"soul": "You are Bea."}
        m.briefing.dynamic_prompt = lambda batch: "[NOW] 16:00"
        await m.mind.turn([chat("hi bea")])
        return m

    m = run(go())
    rec = m.records[0]
    assert rec.prompt == "You are Bea." and rec.briefing == "[NOW] 16:00"
    assert rec.perceptions == ["[marco] hi bea"] and rec.thoughts == ["let me think"]
    assert [(t.name, json.loads(t.arguments)["mood"]) for t in rec.tools] == [("speak", "happy")]
    assert rec.model_calls == 2 and rec.prompt_tokens == 200 and rec.rescued and rec.outcome == "spoke"
    first_call = m.llm.calls[0][0]
    assert [msg.role for msg in first_call] == ["system", "system", "user"]
    assert first_call[0].content == "You are Bea." and first_call[1].content == "[NOW] 16:00"


def test_a_slow_briefing_is_dropped_after_its_timeout_and_the_turn_goes_on():
    import threading
    release = threading.Event()

    async def go():
        m = Mind([says("ciao")], dynamic_timeout=0.05, warm_up_timeout=0.05)
        m.briefing.dynamic_prompt = lambda batch: (release.wait(5), "[SLOW RAG]")[1]
        record = await m.mind.turn([chat("hi")])
        release.set()
        return m, record

    m, record = run(go())
    assert record.briefing == "" and m.spoken() == ["ciao"]
    assert any("briefing took too long" in e for e in m.kinds(EventKind.ERROR))
    assert all("[SLOW RAG]" not in msg.content for msg in m.llm.calls[0][0])


def test_barge_in_stops_her_voice_on_anything_but_idle():
    from app.core.perception import Perception

    async def go():
        stops = []
        m = Mind([says("a"), says("b")])
        m.mind.is_speaking = lambda: True
        m.mind.barge_in = lambda: stops.append("stop")
        await m.mind.turn([Perception(PerceptionKind.IDLE, "idle", "[idle] quiet")])
        after_idle = list(stops)
        await m.mind.turn([voice("wait, Bea")])
        return after_idle, stops

    after_idle, stops = run(go())
    assert after_idle == [] and stops == ["stop"]


def test_a_follow_up_she_lets_drop_earns_the_one_rescue():
    async def go():
        m = Mind()

        def first(messages, tools):
            m.bus.put(chat("and tomorrow?", conv="app:dm", written=True))
            return uses(call("send_message", platform="app", channel="dm", text="tonight at 9"))

        m.llm.script = [first, says("hi stream!"),  # speaks to the stage, ignores the dm follow-up
                        uses(call("send_message", platform="app", channel="dm", text="tomorrow too"))]
        turn = asyncio.ensure_future(m.mind.turn([chat("when do you stream?", conv="app:dm", written=True),
                                                  chat("hello bea")]))
        await m.quiet()
        await m.clock.advance(1.3)
        record = await asyncio.wait_for(turn, 3)
        await m.outlets.drain(1)
        return m, record

    m, record = run(go())
    assert "[THE NEXT THING THEY SAID]" in m.llm.user_texts(1)
    assert "[STILL WAITING]" in m.llm.user_texts(2)
    assert record.rescued and len(m.llm.calls) == 4  # a written answer does not end the turn: she closes it
    assert m.written == [("dm", "tonight at 9"), ("dm", "tomorrow too")] and m.spoken() == ["hi stream!"]
    assert record.outcome == "spoke"


def test_a_turn_waits_for_what_its_briefing_needs_to_load_then_is_briefed():
    """A line typed right after a start: her memory still loading, the briefing waits for it (bounded), then
    goes with the turn; never the "took too long" of a briefing queued behind the load."""
    async def go():
        m = Mind([says("ciao")], dynamic_timeout=0.05)
        loaded = asyncio.Event()
        m.briefing.warm_up = loaded.wait
        m.briefing.dynamic_prompt = lambda batch: "[WHAT PEOPLE TOLD YOU] cat" if loaded.is_set() else ""
        asyncio.get_running_loop().call_later(0.3, loaded.set)
        record = await m.mind.turn([chat("hi")])
        return m, record

    m, record = run(go())
    assert record.briefing == "[WHAT PEOPLE TOLD YOU] cat" and m.spoken() == ["ciao"]
    assert not m.kinds(EventKind.ERROR)


def test_a_load_that_never_ends_holds_the_turn_only_until_its_deadline():
    async def go():
        m = Mind([says("ciao")], warm_up_timeout=0.1)
        m.briefing.warm_up = asyncio.Event().wait   # never set
        m.briefing.dynamic_prompt = lambda batch: "[NOW] 16:00"
        return m, await asyncio.wait_for(m.mind.turn([chat("hi")]), 5)

    m, record = run(go())
    assert record.briefing == "[NOW] 16:00" and m.spoken() == ["ciao"]


def test_the_first_briefing_after_a_start_gets_the_warm_up_s_time_and_later_ones_their_own():
    import time as clock

    async def go():
        m = Mind([says("uno"), says("due")], dynamic_timeout=0.05, warm_up_timeout=3)
        m.briefing.dynamic_prompt = lambda batch: (clock.sleep(0.3), "[WHAT PEOPLE TOLD YOU] cat")[1]
        first = await m.mind.turn([chat("hi")])
        second = await m.mind.turn([chat("again")])
        return first, second

    first, second = run(go())
    assert first.briefing == "[WHAT PEOPLE TOLD YOU] cat"   # cold: waited for
    assert second.briefing == ""                            # warm: held to its own 0.05 s
