"""Seed 001: every prompt is rendered through her aliases. A whole session with the fake model (chat from several
accounts, a donation, a name learned, her people tools, recall, three sessions that make a regular, the buffer,
a dream) and a scan of every request the model received: no account id, native id or uuid anywhere."""

import asyncio
import json
import re
from decimal import Decimal

from app.core.chat import ToolCall
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.memory.memories import MemoryStore
from tests.fakes import FakeLLMClient, HashingEmbedder, says, thinks, uses

PEOPLE = {"81723641": "xX_marco_Xx", "55512345": "anna_b", "42424242": "luca.g", "99887766": "Giulia"}
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)


def call(tool: str, **arguments) -> ToolCall:
    return ToolCall(f"call_{tool}_{len(arguments)}", tool, json.dumps(arguments))


def chat(native: str, text: str) -> Perception:
    who = PEOPLE[native]
    return Perception(PerceptionKind.CHAT, "twitch", f"[{who}] {text}", author=Author("twitch", native, who),
                      meta={Meta.TEXT: text, Meta.CONVERSATION_KEY: "twitch:#bea_live"})


def everything_sent(llm: FakeLLMClient) -> list[str]:
    out = []
    for messages, tools in llm.calls:
        for m in messages:
            out.append(m.content)
            out += [tc.arguments for tc in m.tool_calls]
        out += tools
    return out


def leaks(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for native in PEOPLE:
            if native in text:
                found.append(f"native id {native} in: {text[:120]}")
        for prefix in ("twitch:8", "twitch:5", "twitch:4", "twitch:9", "named:", "app:owner", "kofi-"):
            if prefix in text:
                found.append(f"{prefix} in: {text[:120]}")
        if UUID.search(text):
            found.append(f"uuid in: {text[:120]}")
    return found


def test_no_request_in_a_whole_session_carries_an_id(bea):
    people = bea.skills["people"]
    bea.settings.update({"mind.background_models": ["llamacpp:dreamer"]})   # a model that dreams, not the demo
    bea.mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    bea.mind.memories.remember("anna_b said she studies physics in bologna", "person", author="twitch:55512345")
    mind_llm = FakeLLMClient([
        uses(call("remember_person", name="xX_marco_Xx", note="has a cat called Pixel", attitude="fond of him")),
        says("Pixel is a great name!"),
        uses(call("recall_person", name="Marco"), call("recall", query="physics bologna")),
        says("welcome back Marco, and hi Anna the physicist!"),
        uses(call("recall_person", name="Giulia"), call("remember_person", name="Lorenzo", note="is shy")),
        says("thank you Giulia!"),
    ], default=says("ciao a tutti"))
    dream_llm = FakeLLMClient([thinks("PERSON: Marco has a cat called Pixel\nBEA: I said I love cats")])

    async def go():
        bea.mind.start()
        bea.mind.consciousness.llm = mind_llm
        bea.mind._background = dream_llm
        try:
            people.donation("twitch:99887766", "Giulia", "kofi-8f14e45f-ceea-467f-a0e6-0d1f3e3a9f00",
                            Decimal("5.00"), "EUR", "for the cat food")
            for session in range(3):
                bea.mind.stream.end()
                bea.mind.stream.go_live()
                await bea.mind.consciousness.turn([chat("81723641", "ciao bea, ho un gatto che si chiama Pixel"),
                                                   chat("42424242", f"hello from session {session}")])
                await bea.mind.consciousness.turn([chat("81723641", "btw my name is Marco"),
                                                   chat("55512345", "hi! I study physics")])
                await bea.mind.consciousness.turn([chat("99887766", "just donated, love the stream"),
                                                   chat("42424242", "same here")])
            await bea.mind.dreamer.dream(bea.mind.stream.session_id)
        finally:
            await bea.mind.stop()

    asyncio.run(go())
    sent = everything_sent(mind_llm) + everything_sent(dream_llm)
    assert len(mind_llm.calls) >= 9 and dream_llm.calls
    assert leaks(sent) == []
    briefings = "\n".join(sent)
    # what she was told is in her words: names she learned, a regular's card, the donor's card
    assert "[Marco] btw my name is Marco" in briefings and "[WHO YOU'RE TALKING TO]" in briefings
    assert "**Giulia**" in briefings and "**luca.g**" in briefings
    assert "has a cat called Pixel" in briefings
    assert people.card_of("twitch:81723641").facts[0] == "Marco has a cat called Pixel"  # from the dream
