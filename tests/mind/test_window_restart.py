"""The window across a restart of the app: turns flush what they changed, stopping flushes the rest, and the
next start restores the identical window (the same entries, the same replay, the same sequence)."""

import asyncio
import json

from app import compose
from tests.fakes import FakeLLMClient, says, thinks
from tests.her_words import EN
from tests.mind.harness import chat


def test_a_restart_restores_the_identical_window(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)

    async def go():
        bea.mind.start()
        bea.mind.consciousness.llm = FakeLLMClient([says(f"hi viewer{n}!") if n % 2 else thinks("hm")
                                                    for n in range(12)])
        for n in range(6):
            await bea.mind.consciousness.turn([chat(f"line {n}", who=f"viewer{n}")])
        bea.mind.context.heard("[late] a line no turn flushed yet", "twitch:#bea")
        await bea.mind.stop()
        return bea.mind.context

    try:
        before = asyncio.run(go())
        snapshot, replay = json.dumps(before.snapshot()), repr(before.replay(EN))
    finally:
        compose.close(bea)
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        after = bea.mind.context
        assert json.dumps(after.snapshot()) == snapshot and repr(after.replay(EN)) == replay
        assert after.messages()[-1] == ("them", "twitch:#bea", "[late] a line no turn flushed yet")
        assert after.next_seq == before.next_seq
    finally:
        compose.close(bea)
