"""Written conversations in the real loop (seed 004): answered with send_message and never out loud, not even
streamed; one rescue that names send_message when plain text would leave the turn mute; a batch that mixes
the stage and a written conversation answers each where it is; and her mood forms on stage only."""

import asyncio

from app.core.chat import Delta, DeltaKind
from app.core.events import EventKind
from app.core.perception import Meta
from tests.fakes import FakeLLMClient, call, says, thinks, uses
from tests.mind.harness import Mind, chat

GROUP = "telegram:-100123"


def written(text: str, who: str = "marco", conv: str = GROUP):
    p = chat(text, who=who, conv=conv, written=True)
    return type(p)(p.kind, p.surface, p.content, p.salience, {**p.meta, Meta.PLACE: "the group Night Owls"},
                   p.author, p.ts)


class StreamingLLM(FakeLLMClient):
    """The scripted model, streaming each speak call's arguments first, as a real one does."""

    async def complete(self, messages, tools=(), *, on_delta=None, options=None):
        answer = await super().complete(messages, tools, on_delta=on_delta, options=options)
        for index, c in enumerate(answer.tool_calls):
            if on_delta is not None and c.name == "speak":
                on_delta(Delta(DeltaKind.TOOL_ARGUMENTS, c.arguments, index, c.id, c.name))
        return answer


class Line:
    def __init__(self, heard: list[str]) -> None:
        self.heard = heard

    def feed(self, fragment):
        self.heard.append(fragment)

    def finish(self):
        pass

    def abort(self):
        pass

    async def said(self):
        return "".join(self.heard)


def telegram_mind(script) -> tuple[Mind, list, list]:
    m = Mind()
    m.llm = m.mind.llm = StreamingLLM(list(script))
    heard, sent = [], []

    async def voice(text, mood):
        heard.append(text)
        return None

    async def send(channel, text):
        sent.append(("send", channel, text))

    async def typing(channel):
        sent.append(("typing", channel))

    m.outlets.attach_voice(voice, begin=lambda: Line(heard))
    m.outlets.register_sender("telegram", send, typing=typing)
    return m, heard, sent


def test_a_written_only_turn_is_answered_in_writing_and_nothing_reaches_her_voice():
    async def go():
        m, heard, sent = telegram_mind([says("ciao Marco!", mood="happy"),
                                        uses(call("send_message", platform="telegram", channel="-100123",
                                                  text="ciao Marco!"))])
        record = await m.mind.turn([written("ciao bea, ci sei?")])
        await m.outlets.drain(1)
        return m, heard, sent, record

    m, heard, sent, record = asyncio.run(go())
    shown = m.llm.user_texts(0)
    assert "[WHERE YOU ARE] only written conversations: nobody hears you out loud in this turn" in shown
    assert ('- written, on telegram: the group Night Owls, with marco. Answer there with '
            'send_message(platform="telegram", channel="-100123", text=...)') in shown
    assert heard == [] and m.spoken() == []                      # refused, and not a streamed word either
    assert record.tools[0].observation.startswith("ERROR: nobody hears you out loud here")
    assert sent == [("typing", "-100123"), ("send", "-100123", "ciao Marco!")]
    assert record.outcome == "wrote" and record.scoped and not record.rescued and record.moods == []
    assert [who for who, _c, _t in m.mind.context.messages()] == ["them", "her"]


def test_plain_text_to_a_written_conversation_gets_one_retry_that_names_send_message():
    async def go():
        m, _heard, sent = telegram_mind([thinks("Ciao Marco! Sì, ci sono."),
                                         uses(call("send_message", platform="telegram", channel="-100123",
                                                   text="Ciao Marco! Sì, ci sono."))])
        record = await m.mind.turn([written("ciao bea, ci sei?")])
        await m.outlets.drain(1)
        m2, _h, sent2 = telegram_mind([thinks("hmm"), thinks("still thinking")])
        record2 = await m2.mind.turn([written("ciao bea")])
        return m, sent, record, m2, sent2, record2

    m, sent, record, m2, sent2, record2 = asyncio.run(go())
    nudge = m.llm.user_texts(1)
    assert "[NOBODY READ THAT]" in nudge and "[NOBODY HEARD YOU]" not in nudge
    assert nudge.count('send_message(platform="telegram", channel="-100123", text=...)') == 2  # frame, nudge
    assert "`speak`" not in nudge.split("[NOBODY READ THAT]")[1]
    assert record.rescued and sent[-1] == ("send", "-100123", "Ciao Marco! Sì, ci sono.")
    assert len(m2.llm.calls) == 2 and sent2 == [] and record2.outcome == "mute"   # once, never twice


def test_a_mixed_batch_speaks_to_the_stage_and_writes_to_the_written_conversation():
    async def go():
        m, heard, sent = telegram_mind([uses(call("send_message", platform="telegram", channel="-100123",
                                                  text="sono in live, arrivo!"),
                                             call("speak", message="hi Luca!", mood="happy"))])
        record = await m.mind.turn([chat("hi bea", who="luca"), written("bea ci sei?")])
        await m.outlets.drain(1)
        await m.quiet()
        return m, heard, sent, record

    m, heard, sent, record = asyncio.run(go())
    shown = m.llm.user_texts(0).splitlines()
    assert shown[0] == "[WHERE YOU ARE] twitch · twitch:#bea"
    assert shown[1].startswith("- written, on telegram: the group Night Owls, with marco.")
    assert "".join(heard).count("hi Luca!") == 1 and sent[-1] == ("send", "-100123", "sono in live, arrivo!")
    assert not record.scoped and record.outcome == "spoke" and len(m.llm.calls) == 1
    assert record.stage_authors == ["twitch:id-luca"]
    assert record.authors == ["telegram:id-marco", "twitch:id-luca"]


def test_a_speak_to_a_written_conversation_never_answers_it():
    async def go():
        m, heard, _sent = telegram_mind([says("I'll write to Marco later"), says("again")])
        m.mind.config.burst_steps = 2
        record = await m.mind.turn([written("bea?")])
        return heard, record

    heard, record = asyncio.run(go())
    assert heard == [] and record.outcome == "mute"
    assert all(t.failed for t in record.tools)


def test_her_mood_forms_on_stage_never_in_a_written_conversation(bea):
    async def go():
        sent = []

        async def send(channel, text):
            sent.append((channel, text))

        bea.mind.start()
        bea.mind.outlets.register_sender("telegram", send)
        before = len(bea.mind.mood.history())
        bea.mind.consciousness.llm = FakeLLMClient([
            says("SONO FURIOSA", mood="furious"),                     # a written-only turn: refused
            uses(call("send_message", platform="telegram", channel="-100123", text="uffa")),
            uses(call("stay_silent")),
            uses(call("send_message", platform="telegram", channel="-100123", text="davvero?!"),
                 call("speak", message="NON CI POSSO CREDERE", mood="furious"))])
        scoped = await bea.mind.consciousness.turn([written("ho perso tutto", who="marco")])
        after_written = len(bea.mind.mood.history())
        mixed = await bea.mind.consciousness.turn([chat("ti ho rubato la corona", who="luca"),
                                                   written("cosa succede?", who="giulia")])
        await bea.mind.stop()
        return sent, scoped, before, after_written, mixed

    sent, scoped, before, after_written, mixed = asyncio.run(go())
    assert scoped.scoped and scoped.outcome == "wrote" and after_written == before   # read, never written
    assert mixed.moods == ["angry"] and len(bea.mind.mood.history()) == before + 1
    assert bea.mind.mood.moved_by("twitch:id-luca") == 1            # the stage moved her...
    assert bea.mind.mood.moved_by("telegram:id-giulia") == 0        # ...nobody in the written conversation
    assert ("-100123", "davvero?!") in sent
    assert any("really moved her" in e.text for e in bea.bus.recent([EventKind.SYSTEM]))
