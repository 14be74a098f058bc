"""Her mood in the app: moved by what she says, aged on read across a restart, the room's when it is busy,
and one clear author who really moved her is marked."""

import asyncio

from app import compose
from app.core.events import EventKind
from tests.fakes import says
from tests.her_words import EN
from tests.mind.harness import chat


def test_speaking_moves_her_mood_and_a_restart_comes_back_aged(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    t = [1_800_000_000.0]
    bea.mind.mood._clock = lambda: t[0]
    bea.mind.mood.stored = type(bea.mind.mood.stored)(0.0, 0.3, t[0])
    mover = bea.mind.mood.feel("furious", ["twitch:42"])
    angry = bea.mind.mood.current()
    assert mover == "twitch:42" and angry.valence < -0.2
    assert "[HOW YOU FEEL]" in bea.mind.mood.describe(EN) and "angry" in bea.mind.mood.describe(EN)
    assert bea.mind.mood.moved_by("twitch:42") == 1
    assert any("really moved her" in e.text for e in bea.bus.recent([EventKind.SYSTEM]))
    assert bea.mind.mood.feel("happy", ["twitch:1", "twitch:2"]) is None  # a busy room: the mood is the room's
    compose.close(bea)

    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        again.mind.mood._clock = lambda: t[0] + 25 * 60  # one half-life later
        stored, now = again.mind.mood.stored, again.mind.mood.current()
        assert abs(now.valence) < abs(stored.valence) and now.updated_at == t[0] + 25 * 60
        assert len(again.mind.mood.history()) == 2
        assert again.mind.mood.moved_by("twitch:42") == 1
    finally:
        compose.close(again)


def test_a_turn_feeds_the_mood_and_the_briefing_says_how_she_feels(bea):
    from tests.fakes import FakeLLMClient

    async def go():
        fake = FakeLLMClient([says("evvai!!", mood="excited"), says("ok")])
        bea.mind.start()
        bea.mind.consciousness.llm = fake  # the scripted model answers instead of the built-in one
        await bea.mind.consciousness.turn([chat("abbiamo vinto!", who="marco")])
        await bea.mind.consciousness.turn([chat("e ora?", who="marco")])
        await bea.mind.stop()
        return fake

    fake = asyncio.run(go())
    second_call = fake.calls[1][0]
    briefing = [m.content for m in second_call if m.role == "system"][-1]
    assert briefing.startswith("[HOW YOU FEEL]") and "settled" not in briefing
    assert bea.mind.mood.history()[-1][1] > 0  # excitement is positive


def test_the_briefing_names_her_mood_once(bea):
    described = bea.mind.mood.describe(EN)
    assert described.startswith("[HOW YOU FEEL] You feel") and described.count("[HOW YOU FEEL]") == 1
