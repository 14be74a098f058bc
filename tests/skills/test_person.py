"""Her tools on the person model (quotes checked against what the streamer said) and Getting to Know You."""

import asyncio
import json

import pytest

from app.core import person_model as pm
from app.core.chat import ToolCall
from app.core.perception import Author, Meta, Perception, PerceptionKind
from tests.fakes import FakeLLMClient, thinks, uses

OWNER = Author("app", "owner", "Streamer")


def said(text: str) -> Perception:
    return Perception(PerceptionKind.CHAT, "app", f"[Streamer] {text}", author=OWNER, meta={Meta.TEXT: text})


def tool(name: str, **args) -> ToolCall:
    return ToolCall(f"c_{name}_{len(args)}", name, json.dumps(args))


@pytest.fixture
def skill(bea):
    return bea.skills["person"]


def test_a_real_quote_is_recorded_as_certain(skill):
    skill.context_for([said("allora, abito a Torino da due anni ma sono di Napoli")])
    out = skill.person.observe("identity", "home_city", "lives in Turin", quote="abito a Torino da due anni")
    assert out.startswith("recorded") and "certain" in out
    stored = skill.store.get("identity", "home_city")
    assert stored.confidence == 1 and stored.source == "agent:bea" and stored.quote == "abito a Torino da due anni"
    assert "they told us" in skill.person.read()


def test_an_invented_quote_is_refused_and_nothing_is_stored(skill):
    skill.context_for([said("I stream mostly at night because of my day job")])
    out = skill.person.observe("routine", "streams", "streams in the morning", quote="I stream every morning")
    assert out.startswith("ERROR: They did not say that") and skill.store.get("routine", "streams") is None


def test_certainty_without_a_quote_is_kept_as_a_guess(skill):
    skill.context_for([said("ciao!")])
    out = skill.person.observe("preferences", "drink", "likes green tea", confidence=1.0)
    assert "Kept as a guess" in out and skill.store.get("preferences", "drink").confidence < pm.GUESS_BELOW
    assert "a guess" in skill.person.read(["preferences"])


def test_she_cannot_overwrite_what_the_streamer_set(skill):
    skill.store.write(pm.Entry("identity", "name", "is called Sara", source="manual", observed_at=1.0))
    skill.context_for([said("my name is Sara but call me Sa")])
    out = skill.person.observe("identity", "name", "is called Sa", quote="call me Sa")
    assert out.startswith("NOT RECORDED") and "you set this yourself" in out
    assert skill.person.read(query="sara") .count("is called Sara") == 1
    assert skill.person.read(sections=["hobbies"]).startswith("ERROR")


def test_the_model_answers_in_prose_and_says_when_nothing_is_known(skill):
    assert "Nothing is known" in skill.person.read()
    assert {t.name for t in skill.tools()} == {"person_model", "person_observe"}


def test_getting_to_know_you_asks_six_questions_records_quotes_and_stops(bea, skill):
    chat = bea.skills["chat"]
    answers = ["I live in Leeds with my girlfriend", "I work at a bakery", "my sister Anna watches every stream",
               "I promised chat a charity stream in May", "I prefer cozy games", "I stream at night"]
    keys = ["home", "job", "sister", "charity", "games", "hours"]
    sections = ["identity", "identity", "relationships", "commitments", "preferences", "routine"]
    script = [uses(tool("person_model")), thinks("Where do you live?")]
    for a, k, s in zip(answers, keys, sections, strict=True):
        script += [uses(tool("person_observe", section=s, key=k, summary=a.replace("I ", "they "), quote=a)),
                   thinks(f"Next question after {k}?")]
    script[-1] = thinks("Thanks, that's all!")
    llm = FakeLLMClient(script)
    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = llm
    perceived = []
    chat.ctx.perceive = perceived.append

    async def go():
        assert "first question" in skill.start_interview()
        await asyncio.sleep(0.05)
        for a in answers:
            chat.send(a)
            await asyncio.sleep(0.05)
        chat.send("and one more thing")  # after the interview: to Bea again

    asyncio.run(go())
    said_by_agent = [text for who, text in chat.lines if who == "Getting to Know You"]
    assert said_by_agent[1] == "Where do you live?" and said_by_agent[-1] == "Thanks, that's all!"
    assert skill.interview.questions == 6 and not skill.interview.active and chat.diverted_to is None
    stored = {e.key: e for e in skill.store.entries()}
    assert set(stored) == set(keys) and all(e.source == "agent:getting_to_know_you" for e in stored.values())
    assert all(e.confidence == 1 and e.quote for e in stored.values())
    assert [p.meta[Meta.TEXT] for p in perceived] == ["and one more thing"]
    tools_offered = {name for _messages, names in llm.calls for name in names}
    assert tools_offered == {"person_model", "person_observe", "ask_streamer"}


def test_a_model_that_only_calls_tools_asks_through_ask_streamer(bea, skill):
    """The built-in model's every answer is a forced tool call: it asks, and thanks, with ask_streamer."""
    chat = bea.skills["chat"]
    script = [uses(tool("ask_streamer", question="Where do you stream from?")),
              uses(tool("person_observe", section="identity", key="home", summary="lives in Bari",
                        quote="I live in Bari")),
              uses(tool("ask_streamer", question="What games do you like?"))]
    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = FakeLLMClient(script)

    async def go():
        skill.start_interview()
        await asyncio.sleep(0.05)
        chat.send("I live in Bari")
        await asyncio.sleep(0.05)

    asyncio.run(go())
    said_by_agent = [text for who, text in chat.lines if who == "Getting to Know You"]
    assert said_by_agent[1:] == ["Where do you stream from?", "What games do you like?"]
    assert skill.interview.questions == 2 and skill.interview.active
    assert skill.store.get("identity", "home").quote == "I live in Bari"
    skill.stop_interview()


def test_a_failing_model_stops_the_interview_with_one_plain_sentence(bea, skill):
    from app.senses.llm.base import ServerError
    from app.senses.llm.pool import ModelPool
    chat = bea.skills["chat"]

    class Down:
        name = "ollama:qwen"

        async def complete(self, *_a, **_k):
            raise ServerError(self.name, "server error (500): model not loaded", 500)

        async def aclose(self):
            pass

    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = ModelPool("background", [Down()], clock=bea.clock.monotonic)

    async def go():
        skill.start_interview()
        await asyncio.sleep(0.05)

    asyncio.run(go())
    last = chat.lines[-1][1]
    assert last == ("Stopped: it couldn't get an answer from the model (detail: server error (500): model not "
                    "loaded). Your lines go to Bea again.")
    assert not skill.interview.active and chat.diverted_to is None


def test_stop_hands_the_chat_back_to_bea(bea, skill):
    chat = bea.skills["chat"]
    bea.settings.update({"mind.background_models": ["ollama:qwen2.5:7b"]})  # a model that interviews
    bea.mind._background = FakeLLMClient([thinks("What do you do for a living?")])

    async def go():
        skill.start_interview()
        await asyncio.sleep(0.05)
        chat.send("stop")

    asyncio.run(go())
    assert not skill.interview.active and chat.diverted_to is None
    assert chat.lines[-1][1].startswith("Stopped (you asked to stop)")


@pytest.mark.parametrize(("language", "word", "stops"), [("it", "basta", True), ("es", "parar", True),
                                                          ("en", "basta", False)])
def test_the_interview_opens_and_stops_in_her_words_language(bea, skill, language, word, stops):
    chat = bea.skills["chat"]
    bea.settings.update({"ui.language": language, "mind.background_models": ["ollama:qwen2.5:7b"]})
    bea.mind._background = FakeLLMClient([thinks("What do you do for a living?"), thinks("And what else?")])

    async def go():
        skill.start_interview()
        await asyncio.sleep(0.05)
        opened = skill.interview.messages[1].content
        chat.send(word)
        await asyncio.sleep(0.05)
        return opened

    opened = asyncio.run(go())
    assert opened == bea.mind.words().text("interview.opened") and bea.mind.words().language == language
    assert (not skill.interview.active) is stops


def test_in_italian_she_reads_the_model_in_italian_in_her_tool_and_in_the_interview(bea, skill):
    bea.settings.update({"ui.language": "it", "mind.background_models": ["ollama:qwen2.5:7b"]})
    bea.mind._background = FakeLLMClient([thinks("Che lavoro fai?")])
    assert skill.person.read() == "Di questa persona non si sa ancora niente."
    skill.store.write(pm.Entry("identity", "home_city", "Vive a Torino", source="manual", observed_at=1.0))
    skill.store.write(pm.Entry("preferences", "games", "Likes cozy games", source="agent:planner",
                               confidence=0.5, observed_at=1.0))
    read = skill.person.read()
    assert read == ("Chi è:\n- Vive a Torino (ce l'ha detto)\n\n"
                    "Cosa preferisce:\n- Likes cozy games (dedotto da planner, un'ipotesi)")   # stored as written
    assert skill.person.read(sections=["routine"]) == "Di questa persona non si sa niente in routine."

    async def go():
        skill.start_interview()
        await asyncio.sleep(0.05)
        return skill.interview.messages[0].content

    prompt = asyncio.run(go())
    skill.stop_interview()
    assert read in prompt and "Who they are" not in prompt and "they told us" not in prompt


def test_with_the_demo_model_the_interview_is_scripted_and_keeps_answers_word_for_word(bea, skill):
    """A fresh install thinks with the 135M demo model, which invents junk entries: the interview asks fixed
    questions and keeps what the streamer wrote, quoted, without asking any model."""
    from app.skills.person.interview import QUESTIONS, SCRIPTED_INTRO
    chat = bea.skills["chat"]
    assert bea.settings.current.mind.models == ["local:smollm2"]
    llm = FakeLLMClient([])
    bea.mind._background = llm
    answers = ["I'm Sara, I live in Bari", "I stream every night after work", "my brother Luca mods the chat",
               "a charity stream in May", "cozy games, no horror please"]

    async def go():
        skill.start_interview()
        for a in answers:
            chat.send(a)
        chat.send("back to you, Bea")

    perceived = []
    chat.ctx.perceive = perceived.append
    asyncio.run(go())
    said_by_agent = [text for who, text in chat.lines if who == "Getting to Know You"]
    assert said_by_agent[0] == SCRIPTED_INTRO
    assert said_by_agent[1:6] == [QUESTIONS[s] for s in pm.ASKABLE]
    assert said_by_agent[-1] == "That's all my questions. Thank you! Bea will remember what you told me."
    stored = {e.section: e for e in skill.store.entries()}
    assert [stored[s].quote for s in pm.ASKABLE] == answers
    assert all(e.confidence == 1 and e.source == "agent:getting_to_know_you" for e in stored.values())
    assert llm.calls == [] and not skill.interview.active
    assert [p.meta[Meta.TEXT] for p in perceived] == ["back to you, Bea"]
