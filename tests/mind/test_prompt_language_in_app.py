"""Her prompts are in the streamer's language. The whole app on a real OpenAI-compatible server on
loopback: with the language set to Italian her turn is briefed with the Italian soul and manual (and the rule to
answer in the language she is spoken to), with English the English ones; the switch needs no restart."""

import asyncio
import json

from app import compose
from app.core.tools import assemble, broken_promises
from app.mind.expression import TurnState, expression_tools
from tests.mind.harness import chat
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND = "mind-test"


def system_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system" and m.get("content"))


def test_her_turn_is_briefed_in_the_streamers_language(data_dir, env):
    async def turn(bea, server, language: str, line: str, answer: str) -> dict:
        bea.settings.update({"ui.language": language})
        server.script(MIND, Stream(openai_stream(MIND, tool_calls=[
            ("call_0", "speak", json.dumps({"mood": "happy", "message": answer}))])))
        before = len(server.requests)
        record = await bea.mind.consciousness.turn([chat(line, who="marco")])
        assert record.outcome == "spoke"
        return server.requests[before].body

    async def go():
        bea = compose.build(data_dir, env=env, log_to_stderr=False)
        try:
            async with LLMServer() as server:
                bea.settings.update({"mind.models": [f"llamacpp:{MIND}"],
                                     "mind.base_urls": {"llamacpp": server.base_url}})
                await asyncio.sleep(0.05)
                bea.mind.start()
                italian = await turn(bea, server, "it", "Bea, what game is this?", "It's Elden Ring!")
                english = await turn(bea, server, "en", "Bea, che gioco è?", "È Elden Ring!")
                await bea.mind.stop()
                return italian, english
        finally:
            compose.close(bea)

    italian, english = asyncio.run(go())
    it, en = system_text(italian), system_text(english)
    assert "Sei Bea, la co-conduttrice di una diretta" in it and "Come funziona:" in it
    assert "Rispondi nella lingua in cui ti hanno parlato" in it      # English spoken: English answered
    assert "You are Bea" not in it and "How you work:" not in it
    assert "You are Bea, a co-host on a live stream" in en and "How you work:" in en
    assert "You answer in the language you were spoken to in" in en and "Sei Bea" not in en


def test_the_italian_prompts_name_only_tools_she_has(bea):
    bea.settings.update({"ui.language": "it"})
    sections = bea.mind.static_prompt()
    assert sections["soul"].startswith("Sei Bea")
    toolbox = assemble({"mind": expression_tools(TurnState(bea.mind.words()), bea.mind.outlets),
                        **bea.mind.skill_tools()})
    assert broken_promises(sections, toolbox) == {}
    assert bea.mind.prompt("monologue").startswith("In questo momento non succede niente")
