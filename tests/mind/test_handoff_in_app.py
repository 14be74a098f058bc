"""The handoff as the app runs it: the composed mind over a real OpenAI-compatible server on loopback, one model
for her turns and one for the background; with a small trigger the recap is written by the background pool
after a turn and slid into the window, which never holds more than the trigger plus one turn, and the Context
dock says when. The built-in model's 8192-token context caps the window's shape."""

import asyncio
import json

from app.core.context_window import EntryKind
from app.mind.handoff import RECAP_PROMPT
from tests.mind.harness import chat
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND, RECAP = "mind-test", "recap-test"
TRIGGER, HOT = 600, 200
TALK = "the boss in the second castle has two phases and the pasta tonight is carbonara with guanciale"


def speaks(n: int) -> Stream:
    args = json.dumps({"mood": "happy", "message": f"answer {n}: {TALK}"})
    return Stream(openai_stream(MIND, tool_calls=[(f"call_{n}", "speak", args)]))


def recap(n: int) -> Stream:
    return Stream(openai_stream(RECAP, text=[f"Recap {n}: they talked about the castle boss and carbonara."]))


async def handoff_idle(mind) -> None:
    for _ in range(500):
        if not mind.handoff.status.running:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the handoff never finished")


def test_a_small_trigger_writes_a_recap_in_the_background_and_slides_it_in(bea, qtbot):
    turns = 24

    async def go():
        async with LLMServer() as server:
            server.script(MIND, *(speaks(n) for n in range(turns)))
            server.script(RECAP, *(recap(n) for n in range(turns)))
            bea.settings.update({"mind.models": [f"llamacpp:{MIND}"], "mind.background_models": [f"llamacpp:{RECAP}"],
                                 "mind.base_urls": {"llamacpp": server.base_url},
                                 "mind.handoff_trigger_tokens": TRIGGER, "mind.hot_tokens": HOT})
            await asyncio.sleep(0.05)  # the settings' restart of a mind not yet started has nothing to do
            mind = bea.mind
            mind.start()
            await mind._counting      # the model's own tokenizer counts from here on
            sizes = []
            for n in range(turns):
                before = mind.context.next_seq
                await mind.consciousness.turn([chat(f"line {n}: {TALK}", who=f"viewer{n % 3}")])
                turn_cost = sum(e.cost for e in mind.context.entries if e.seq >= before
                                and e.kind is not EntryKind.RECAP)
                sizes.append((mind.context.used(), turn_cost))
                await handoff_idle(mind)
            requests = list(server.requests)
            await mind.stop()
            return mind, sizes, requests

    mind, sizes, requests = asyncio.run(go())
    recaps = [r for r in requests if r.body["model"] == RECAP]
    assert recaps and recaps[0].body["messages"][0]["content"] == RECAP_PROMPT
    assert "line 0:" in recaps[0].body["messages"][1]["content"]       # the cold past went to the writer
    assert mind.handoff.status.last_at is not None and mind.handoff.status.failures == 0
    assert len(recaps) >= 2                                             # the window breathes, again and again
    assert mind.context.entries[0].kind is EntryKind.RECAP and mind.context.recap().startswith("Recap ")
    assert all(used <= TRIGGER + cost for used, cost in sizes), sizes
    assert min(used for used, _ in sizes[len(sizes) // 2:]) < TRIGGER   # it came back below the trigger
    # her turns after the first slide replay the recap as the [EARLIER] block
    late = [r for r in requests if r.body["model"] == MIND][-1]
    assert any("[EARLIER]" in (m.get("content") or "") for m in late.body["messages"])
    # the Context dock no longer says "never"
    from app.ui.context_dock import ContextView
    view = ContextView(mind, bea.bus)
    qtbot.addWidget(view)
    assert "last handoff: never" not in view.numbers.text() and "last handoff: " in view.numbers.text()
    assert view.recap.toPlainText() == mind.context.recap()


def test_the_window_follows_the_built_in_models_context(bea):
    from app.senses.llm.local_llama import CONTEXT
    assert bea.settings.current.mind.models == ["local:smollm2"]
    budget = bea.mind.context.budget
    assert budget.ceiling == CONTEXT // 2 and budget.trigger < budget.ceiling and budget.hot < budget.trigger
    assert budget.hot + budget.margin < budget.trigger          # a handoff always has something to recap
    bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])         # a server's context is not known here
    assert bea.mind.context.budget.ceiling == bea.settings.current.mind.context_max_tokens
    bea.settings.set("mind.background_models", ["local:smollm2"])  # but the recap writer's is
    assert bea.mind.context.budget.ceiling == CONTEXT // 2
    asyncio.run(bea.mind.stop())
