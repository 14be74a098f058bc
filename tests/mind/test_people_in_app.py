"""The people stack as the composed app runs it: a card earns the attention gate's known-person bonus, and one
clear person who really moved her gets a card (marked, seed 004 Mood) through her real turn over a loopback
OpenAI-compatible server."""

import asyncio
import json
from decimal import Decimal

from tests.mind.harness import chat
from tests.senses.llm_server import LLMServer, Stream, openai_stream

MIND = "mind-test"


def by_author(ranked):
    return {p.author.display_name: p for p in ranked}


def test_someone_with_a_card_gets_the_known_person_bonus(bea):
    people = bea.skills["people"]
    people.donation("twitch:id-ada", "ada", "delivery-1", Decimal("5"), "EUR")  # a card at once
    ranked = by_author(bea.mind.gate.annotate([chat("nice run", who="ada"), chat("nice run", who="bob")]))
    assert "known person" in " ".join(ranked["ada"].reasons)
    assert "known person" not in " ".join(ranked["bob"].reasons)
    assert ranked["ada"].priority > ranked["bob"].priority
    bob = people.people.mark("twitch:id-bob", True, "bob")  # she remembered him: known from this line on
    assert bob is not None and bea.mind.knows("twitch:id-bob")
    people.people.forget_person(["twitch:id-ada"])          # forgotten everywhere: no longer known
    assert not bea.mind.knows("twitch:id-ada")
    bea.settings.set("skills.people.enabled", False)        # the People skill off: nobody is known
    assert not bea.mind.knows("twitch:id-bob")


def test_the_known_set_comes_back_after_a_restart(data_dir, env):
    from app import compose
    first = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        first.skills["people"].donation("twitch:id-ada", "ada", "delivery-1", Decimal("5"), "EUR")
    finally:
        compose.close(first)
    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert again.mind.knows("twitch:id-ada") and not again.mind.knows("twitch:id-bob")
    finally:
        compose.close(again)


def speaks(n: int, mood: str) -> Stream:
    args = json.dumps({"mood": mood, "message": f"line {n}"})
    return Stream(openai_stream(MIND, tool_calls=[(f"call_{n}", "speak", args)]))


def test_one_clear_person_who_moved_her_gets_a_card_and_a_busy_room_does_not(bea):
    async def go():
        async with LLMServer() as server:
            server.script(MIND, speaks(0, "sad"), speaks(1, "neutral"), speaks(2, "angry"))
            bea.settings.update({"mind.models": [f"llamacpp:{MIND}"], "mind.base_urls": {"llamacpp": server.base_url}})
            await asyncio.sleep(0.05)
            mind = bea.mind
            mind.start()
            # a busy room moves her: the room's mood, nobody's card
            await mind.consciousness.turn([chat("you are the worst", who="carl"), chat("lol", who="dana")])
            # a line that moves her nowhere: no card either
            await mind.consciousness.turn([chat("hello there", who="eve")])
            # one clear author who really moved her: marked, a card now
            await mind.consciousness.turn([chat("the referee robbed us", who="finn")])
            await mind.stop()

    asyncio.run(go())
    people = bea.skills["people"]
    assert [people.people.person_of(f"twitch:id-{who}") for who in ("carl", "dana", "eve")] == [None] * 3
    entry = people.people.entry("twitch:id-finn")
    assert entry is not None and entry.marked_by_bea
    card = people.card_of("twitch:id-finn")
    assert card is not None and card.reason == "marked_by_bea"
    assert bea.mind.mood.moved_by("twitch:id-finn") == 1
    assert bea.mind.knows("twitch:id-finn")  # and the gate gives him the known-person bonus from now on
