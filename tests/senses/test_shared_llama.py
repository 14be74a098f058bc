"""One llama instance per local model file: the mind's pool and the background pool share it, it loads on the
first call that needs it, calls from two threads take turns on it, and it goes when the last client closes."""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures import ThreadPoolExecutor

from llama_cpp import Llama

from app.core.chat import Message
from app.core.model_spec import parse
from app.senses.llm.base import CallOptions
from app.senses.llm.local_llama import LocalLlamaClient, SharedModels
from tests.her_words import DEMO

SHORT = CallOptions(max_tokens=8)


def loaded_llamas() -> int:
    """Llama instances holding weights (a token counter's vocabulary-only one does not count)."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Llama) and not o.model_params.vocab_only)


def test_the_mind_and_the_background_pool_load_the_same_model_once(bea):
    bea.settings.set("mind.background_models", ["local:smollm2"])   # named for both roles

    async def go():
        before = loaded_llamas()
        bea.mind.start(paused=True)
        idle = loaded_llamas()                                      # started: nothing loaded yet
        mind_answer = await bea.mind.consciousness.llm.complete([Message.user("Say hello.")], options=SHORT)
        background_answer = await bea.mind.background_pool().complete([Message.user("Say hi.")], options=SHORT)
        both = loaded_llamas()
        await bea.mind.stop()
        return before, idle, both, loaded_llamas(), mind_answer, background_answer

    before, idle, both, after, mind_answer, background_answer = asyncio.run(go())
    assert mind_answer.model == background_answer.model == "local:smollm2"
    assert idle == before
    assert both - before <= 1                # one instance served both pools (two before this was shared)
    assert after == before                   # the mind stopped: its clients let the model go


def test_calls_from_two_threads_take_turns_on_the_one_instance():
    models = SharedModels()
    spec = parse("local:smollm2")
    with ThreadPoolExecutor(1) as one, ThreadPoolExecutor(1) as other:
        first = LocalLlamaClient(spec, DEMO, one, models=models)
        second = LocalLlamaClient(spec, DEMO, other, models=models)

        async def go():
            before = loaded_llamas()
            answers = await asyncio.gather(*(client.complete([Message.user(text)], options=SHORT)
                                             for client, text in ((first, "Say hello."), (second, "Say hi."))))
            loaded = loaded_llamas() - before
            same = first._load() is second._load()
            await first.aclose()
            kept = loaded_llamas() - before          # the other client still uses it
            await second.aclose()
            return answers, loaded, same, kept, loaded_llamas() - before

        answers, loaded, same, kept, gone = asyncio.run(go())
    assert all(a.text for a in answers)
    assert loaded == 1 and same and kept == 1 and gone == 0
