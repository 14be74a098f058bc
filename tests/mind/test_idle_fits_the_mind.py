"""Idle life fits the mind, in the composed app: with the built-in demo model no IDLE perception is ever made (the
loop waits for real input) and the Idle page says why; with a capable model on a loopback OpenAI-compatible
server the quiet reaches her as a sentence in her prompts' language, never a duration like "240s"."""

import asyncio
import json
import re

from app import compose
from app.core.perception import PerceptionKind
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND = "mind-test"


def test_the_demo_model_gets_no_idle_perception_and_the_idle_page_says_why(bea, qtbot):
    from app.skills.idle.settings import make_page
    from app.widgets.qt import QLabel
    assert bea.settings.current.mind.models == ["local:smollm2"] and bea.skills["idle"].enabled
    assert not bea.mind.idle_enabled()
    idle = bea.skills["idle"]
    page = make_page(idle, "skills.idle", bea.settings.current.skills.idle)
    qtbot.addWidget(page)
    note = page.findChild(QLabel, "idleOffAir")
    assert note is not None and note.text().startswith("Idle life stays off the air with the built-in demo model")

    async def quiet_while_the_demo_thinks() -> list:
        started = []
        bea.bus.subscribe(lambda e: started.append(e.text) if e.source == "idle" else None, replay=False)
        await idle.start()
        bea.mind.start()
        loop_config = bea.mind.consciousness.config
        await asyncio.sleep(0.3)
        pending = bea.mind.bus.pending()
        await bea.mind.stop()
        return [loop_config.idle_enabled, pending, started]

    enabled, pending, said = asyncio.run(quiet_while_the_demo_thinks())
    assert enabled is False and pending == []
    assert said and "demo model" in said[0]                      # the Activity dock says why, once at start


def test_a_capable_model_hears_the_quiet_in_words_in_her_language(data_dir, env):
    async def quiet(bea, server, language: str) -> tuple[str, str]:
        bea.settings.update({"ui.language": language})
        server.script(MIND, Stream(openai_stream(MIND, tool_calls=[
            ("call_0", "stay_silent", json.dumps({"reason": "quiet"}))])))
        [perception] = await bea.mind.bus.wait_or_idle(0.05)
        assert perception.kind is PerceptionKind.IDLE
        before = len(server.requests)
        await bea.mind.consciousness.turn([perception])
        messages = server.requests[before].body["messages"]
        frame = "\n".join(str(m.get("content")) for m in messages if m["role"] == "user")
        return perception.content, frame, "\n".join(str(m.get("content")) for m in messages)

    async def go():
        bea = compose.build(data_dir, env=env, log_to_stderr=False)
        try:
            async with LLMServer() as server:
                bea.settings.update({"mind.models": [f"llamacpp:{MIND}"],
                                     "mind.base_urls": {"llamacpp": server.base_url}})
                await asyncio.sleep(0.05)
                assert bea.mind.idle_enabled() and bea.skills["idle"].off_air() == ""
                bea.mind.start(paused=True)           # the loop itself takes nothing: the test drives the turns
                assert bea.mind.consciousness.config.idle_enabled
                italian = await quiet(bea, server, "it")
                english = await quiet(bea, server, "en")
                await bea.mind.stop()
                return italian, english
        finally:
            compose.close(bea)

    (it_text, it_frame, it_all), (en_text, en_frame, en_all) = asyncio.run(go())
    assert it_text == "Nessuno ha detto niente da un po': la diretta è tranquilla." and it_text in it_frame
    assert en_text == "Nobody has said anything for a little while: the stream is quiet." and en_text in en_frame
    for frame in (it_frame, en_frame):
        assert not re.search(r"\b\d+(\.\d+)?\s*s\b", frame)       # no bare duration reaches her
    assert "[INIZIATIVA]" in it_all and "[INITIATIVE]" not in it_all   # the Idle skill's verdict, in Italian
    assert "[INITIATIVE]" in en_all
