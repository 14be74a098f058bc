"""What her servers show reaches the streamer: a model that answers in plain text instead of calling her tools is
said once in the Chat dock, and a server's learnt size and speed are kept in Settings → Mind and shape her window
(the composed app)."""

import asyncio

from app.core.chat import AssistantMessage, Usage
from app.core.events import EventKind
from app.senses.llm.figures import Figures
from app.skills.chat.dock import problem_line
from tests.fakes import FakeLLMClient, says
from tests.mind.harness import chat


def plain(text: str) -> AssistantMessage:
    return AssistantMessage(text=text, usage=Usage(100, 10), model="llamacpp:tiny")


def test_plain_text_instead_of_tools_is_said_once_in_the_chat_dock(bea, qapp):
    async def go():
        bea.mind.start()
        mind = bea.mind.consciousness
        mind.llm = FakeLLMClient([plain("Hi Marco!"), plain("Hi again")] * 3)
        first = await mind.turn([chat("hi Bea")])
        shown = bea.skills["chat"].problems.get("mind")
        await mind.turn([chat("Bea?")])
        mind.llm = FakeLLMClient([says("I'm here!")])
        await mind.turn([chat("Bea, you there?")])
        after = bea.skills["chat"].problems.get("mind")
        await bea.mind.stop()
        return first, shown, after

    first, shown, after = asyncio.run(go())
    assert first.outcome == "mute"
    told = [e for e in bea.bus.recent([EventKind.ERROR]) if "plain text" in e.text]
    assert len(told) == 1 and told[0].data["setting"] == "mind"
    assert shown is not None and problem_line(shown).startswith("The model llamacpp:tiny answered in plain text")
    assert after is None     # she spoke: the line goes


def test_a_learnt_context_is_kept_and_shrinks_her_window(bea):
    bea.settings.update({"mind.models": ["llamacpp:tiny"]})
    before = bea.mind.context.budget.ceiling
    bea.mind.figures.context("llamacpp:tiny", 1024)
    bea.mind.figures.began("llamacpp:tiny", 3000, 200.0, None)
    learnt = bea.settings.current.mind.learnt["llamacpp:tiny"]
    assert (learnt.context, learnt.prompt_speed) == (1024, 15.0)
    assert before > 512 and bea.mind.context.budget.ceiling == 512
    # the deadline for a long prompt follows the speed learnt: 2 x 3000 / 15 + 5 s
    assert bea.mind.figures.first_token("llamacpp:tiny", 3000) == 405
    bea.settings.update({"mind.first_token_seconds": 90})
    assert bea.mind.figures.first_token("llamacpp:tiny", 3000) == 90
    assert bea.mind.figures.of("llamacpp:tiny") == Figures(15.0, 1024)


def test_at_start_a_server_that_says_its_size_shapes_her_window_before_any_refusal(bea):
    from tests.senses.llm_server import LLMServer

    async def go():
        async with LLMServer() as server:
            server.props = {"default_generation_settings": {"n_ctx": 2048}, "total_slots": 1}
            bea.settings.update({"mind.models": ["llamacpp:tiny"], "mind.base_urls": {"llamacpp": server.base_url}})
            await asyncio.sleep(0.1)   # the change's restart lands first (nothing was started)
            bea.mind.start()
            await bea.mind._sizing
            ceiling = bea.mind.context.budget.ceiling
            await bea.mind.stop()
            return ceiling

    assert asyncio.run(go()) == 1024
    assert bea.settings.current.mind.learnt["llamacpp:tiny"].context == 2048
