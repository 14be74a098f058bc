"""What the mind keeps across a restart (build, close, build again on the same data folder): whom she had just
answered still gets the follow-up, and whoever was profiled is not profiled again until PROFILE_AGAIN more
lines. Her turns and the profiles come from a real OpenAI-compatible server on loopback."""

import asyncio
import json

from app import compose
from app.core.attention import ADDRESSED, FOLLOW_UP
from app.core.dreaming import PROFILE_AGAIN, PROFILE_FIRST
from app.memory.stream import Line
from tests.mind.harness import chat
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND, BACKGROUND = "mind-test", "background-test"


def build(data_dir, env):
    return compose.build(data_dir, env=env, log_to_stderr=False)


def use(bea, server) -> None:
    bea.settings.update({"mind.models": [f"llamacpp:{MIND}"], "mind.background_models": [f"llamacpp:{BACKGROUND}"],
                         "mind.base_urls": {"llamacpp": server.base_url}})


def test_whom_she_just_answered_still_gets_the_follow_up_after_a_restart(data_dir, env):
    async def answer_marco():
        bea = build(data_dir, env)
        try:
            async with LLMServer() as server:
                args = json.dumps({"mood": "happy", "message": "ciao marco!"})
                server.script(MIND, Stream(openai_stream(MIND, tool_calls=[("call_0", "speak", args)])))
                use(bea, server)
                await asyncio.sleep(0.05)
                bea.mind.start()
                record = await bea.mind.consciousness.turn([chat("ciao bea", who="marco")])
                await bea.mind.stop()
                return record
        finally:
            compose.close(bea)

    assert asyncio.run(answer_marco()).outcome == "spoke"
    again = build(data_dir, env)
    try:
        ranked = {p.author.display_name: p for p in again.mind.gate.annotate([
            chat("and how are you?", who="marco"), chat("first time here", who="zoe")])}
        assert ranked["marco"].reasons == (FOLLOW_UP,) and ranked["marco"].priority == 1.0
        assert ranked["zoe"].priority < 1.0          # not in the exchange she answered
        assert not any(r.startswith(ADDRESSED) for p in ranked.values() for r in p.reasons)
    finally:
        compose.close(again)


def test_whoever_was_profiled_is_not_profiled_again_after_a_restart(data_dir, env):
    who = "twitch:7"

    def lines(start: int, n: int) -> list[Line]:
        return [Line("heard", f"[marco] line {i} about my cat", float(i), who,
                     "marco") for i in range(start, start + n)]

    async def profile(bea, server, script: int) -> bool:
        server.script(BACKGROUND, *(Stream(openai_stream(BACKGROUND, text=["Marco loves his cat."]))
                                    for _ in range(script)))
        use(bea, server)
        return await bea.mind.profiler.maybe_profile(who)

    async def go():
        async with LLMServer() as server:
            first = build(data_dir, env)
            try:
                first.mind.stream.append_sync(lines(0, PROFILE_FIRST))
                profiled = await profile(first, server, 1)
                card = first.skills["people"].card_of(who)
            finally:
                compose.close(first)
            asked = len(server.requests)
            again = build(data_dir, env)
            try:
                again.mind.stream.append_sync(lines(PROFILE_FIRST, 5))
                not_again = await profile(again, server, 1)
                asked_after_restart = len(server.requests) - asked
                again.mind.stream.append_sync(lines(PROFILE_FIRST + 5, PROFILE_AGAIN))
                refreshed = await profile(again, server, 1)
                again.skills["people"].people.forget_person([who])
                rows = again.db.read(lambda c: c.execute("SELECT count(*) FROM profiled").fetchone()[0])
            finally:
                compose.close(again)
            return profiled, card, not_again, asked_after_restart, refreshed, rows

    profiled, card, not_again, asked_after_restart, refreshed, rows = asyncio.run(go())
    assert profiled and card is not None and card.profile == "Marco loves his cat."
    assert not not_again and asked_after_restart == 0   # no model call: the store knew
    assert refreshed                                   # PROFILE_AGAIN more lines: a fresh profile
    assert rows == 0                                   # forgetting them drops their row too
