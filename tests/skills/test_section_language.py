"""Every skill's section of her system prompt is in the language of her prompts: each has its words
in every catalog of her words, naming the same tools, the same bracketed markers (the ones code writes,
in the language that code writes them) and the same blanks; the running skill picks the words through its
SkillContext's words port, English for a language with no catalog. A marker another module writes in her
prompts' language (the frame's [WHERE YOU ARE], the plan's header, the people cards' header) is a blank filled
from that module's own words, and the running skill is checked to name the marker its renderer really writes."""

import re
from datetime import UTC, datetime

import pytest

from app.core import frame
from app.core.events import EventBus
from app.core.tools import named_tools
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from tests.fakes import StoppedClock
from tests.her_words import CATALOGS, EN
from tests.mind.harness import chat

LANGUAGES = CATALOGS.languages
KEYS = [f"skills.{skill}.{name}" for skill, name in (
    ("chat", "section"), ("discord", "section"), ("memory", "section"), ("obs", "section"),
    ("people", "section"), ("person", "section"), ("plan", "section"), ("telegram", "section"),
    ("twitch", "section"), ("twitch", "section_write"), ("voice", "section"), ("youtube", "section"))]


def markers(text: str) -> list[str]:
    upper = "A-ZÀ-ÖØ-Þ"   # capitals with accents too: "[CON QUIÉN ESTÁS HABLANDO]"
    return re.findall(rf"\[[{upper}][{upper}' ]+[{upper}]\]|\[Streamer, out loud\]|\[via \w+\]", text)


def test_every_section_in_the_catalog_is_checked_here():
    assert {k for k in EN.entries if k.startswith("skills.") and ".section" in k} == set(KEYS)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_has_every_language_with_the_same_tools_markers_and_blanks(key, language):
    text, english = CATALOGS[language].text(key), EN.text(key)
    assert text.strip() and (language == "en" or text != english)
    assert named_tools(text) == named_tools(english)
    assert markers(text) == markers(english)
    assert re.findall(r"\{\w+\}", text) == re.findall(r"\{\w+\}", english)


def test_a_section_naming_where_she_is_uses_the_frames_header_in_the_same_language():
    for key in ("discord", "telegram"):
        for language in LANGUAGES:
            her = CATALOGS[language]
            text = her.say(f"skills.{key}.section", where=frame.words(her).where)
            assert frame.words(her).where in text
    it = CATALOGS["it"]
    assert "[DOVE SEI]" in it.say("skills.telegram.section", where=frame.words(it).where)


def make(cls, language: str, **ports):
    return cls(SkillContext(settings=lambda: cls.settings_model(), bus=EventBus(lambda: 0.0),
                            clock=StoppedClock(datetime(2026, 1, 1, tzinfo=UTC)), words=lambda: CATALOGS.pick(language),
                            **ports))


@pytest.mark.parametrize("language", [*LANGUAGES, "de"])
def test_the_running_skill_reads_its_words_port(language):
    from app.skills.chat.skill import ChatSkill
    expected = (CATALOGS[language] if language in LANGUAGES else EN).text("skills.chat.section")
    assert make(ChatSkill, language).context_section() == expected


def test_the_italian_memory_section_names_the_headers_recall_really_writes(bea):
    from app.memory.memories import MemoryStore
    from app.skills.memory.skill import MemorySkill
    from tests.fakes import HashingEmbedder

    memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    memories.remember("marco has a cat called pixel", "person")
    memories.remember("my own cat pixel can talk", "bea")
    skill = make(MemorySkill, "it", memories=lambda: memories)
    section, recalled = skill.context_section(), skill.context_for([chat("cat pixel")])
    assert section.startswith("La tua memoria: ") and "Usa `recall` per cercare qualcosa." in section
    assert "Your memory" not in section and "look something up" not in section
    headers = [re.sub(r":[^\]]*\]$", "]", row) for row in recalled.splitlines() if row.startswith("[")]
    assert len(headers) == 2 and all(h in section for h in headers)   # "[... MADE UP: not facts]" as "[... MADE UP]"


PLAN_EN = ("The streamer's plan for today is in [TODAY'S PLAN]; the number after # is the objective's number. "
           "Work toward the open objectives when the stream gives you room. When you take one up, call "
           "`objective_start(id)`; when it is finished, `objective_done(id, outcome)` with what happened in your "
           "own words; if it cannot be done or the streamer calls it off, `objective_drop(id, reason)`. Only the "
           "streamer adds or changes objectives.")
PEOPLE_EN = ("[WHO YOU'RE TALKING TO] shows what you know about the people in front of you. When someone matters "
             "to you, call `remember_person(name, note, attitude)` with the name you use for them; "
             "`recall_person(name)` tells you what you know about someone.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plan_section_names_the_header_its_plan_really_shows(tmp_path, language):
    from app.core import plan as P
    from app.memory.plan_store import PlanStore
    from app.skills.plan.skill import PlanSkill
    from tests.memory.test_plan_store import open_plan_db
    db = open_plan_db(tmp_path / "bea.db")
    try:
        skill = make(PlanSkill, language, plan_store=PlanStore(db, clock=SYSTEM.time))
        assert skill.change(P.new_plan, "Finire il castello") == "" and skill.change(P.add, "Il cancello") == ""
        header = markers(skill.live_state())[0]
        assert header == P.words(CATALOGS[language]).header
        assert skill.live_state().startswith(f"{header} Finire il castello")
        assert markers(skill.context_section()) == [header]
        for tool in skill.tools():   # her tools' (English) descriptions name the header she is shown
            assert tool.parameters["properties"]["id"]["description"].endswith(f"after # in {header}.")
        if language == "it":
            assert header == "[PIANO DI OGGI]" and "[da fare] Il cancello" in skill.live_state()
            assert skill.context_section().startswith("Il piano dello streamer per oggi è in [PIANO DI OGGI];")
        elif language == "en":
            assert header == "[TODAY'S PLAN]" and skill.context_section() == PLAN_EN   # English as it was
    finally:
        db.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_people_section_names_the_header_the_cards_really_come_under(bea, language):
    """Through the composed app: her cards of who is speaking and the section that tells her what they are."""
    from app.core import people as rules
    bea.settings.set("ui.language", language)
    skill = bea.skills["people"]
    skill.people.mark("twitch:id-marco", True, "marco")
    block = skill.context_for([chat("ciao Bea")])
    header = block.splitlines()[0]
    assert header == rules.words(CATALOGS[language]).header and markers(header) == [header]
    assert block.splitlines()[1].startswith("- **marco**")
    assert markers(skill.context_section()) == [header]
    if language == "it":
        assert header == "[CON CHI STAI PARLANDO]"
        assert skill.context_section().startswith("[CON CHI STAI PARLANDO] mostra quello che sai delle persone")
        assert skill.recall_person("marco") == "**marco**\n(te ne ricordi perché: hai deciso di ricordartene)"
        assert skill.recall_person("nessuno") == "non conosci nessuno che si chiami nessuno"
    elif language == "en":
        assert header == "[WHO YOU'RE TALKING TO]" and skill.context_section() == PEOPLE_EN   # English as it was
        assert skill.recall_person("marco") == "**marco**\n(you remember them because: you decided to remember them)"
        assert skill.recall_person("nobody") == "you don't know anyone called nobody"


@pytest.mark.parametrize(("language", "mark"), [("it", "[Streamer, ad alta voce]"), ("en", "[Streamer, out loud]")])
def test_what_the_streamer_says_out_loud_is_marked_in_her_language_and_the_section_names_that_mark(language, mark):
    from app.senses.voice.ears import Heard
    from app.skills.voice.skill import VoiceSkill
    heard = []
    skill = make(VoiceSkill, language, perceive=heard.append)
    skill._heard(Heard(text="ciao Bea", transcript=None, audio_s=1.0, ended_at=0.0, heard_at=0.0))
    assert [p.content for p in heard] == [f"{mark} ciao Bea"] and heard[0].meta["text"] == "ciao Bea"
    assert mark in skill.context_section()
