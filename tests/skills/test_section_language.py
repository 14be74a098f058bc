"""Every skill's section of her system prompt is in the language of her prompts (issue 24.5): each has its words
in every language of PROMPT_LANGUAGES, naming the same tools, the same bracketed markers (the ones code writes,
in the language that code writes them) and the same blanks; the running skill picks the words through its
SkillContext's language port, English for a language it has no words in."""

import re
from datetime import UTC, datetime
from importlib import import_module

import pytest

from app.core import frame
from app.core.events import EventBus
from app.core.prompt_language import PROMPT_LANGUAGES
from app.core.tools import named_tools
from app.skills.base import SkillContext
from tests.mind.harness import chat

TABLES = [("chat", "SECTION"), ("discord", "SECTION"), ("memory", "SECTION"), ("obs", "SECTION"),
          ("people", "SECTIONS"), ("person", "SECTIONS"), ("plan", "SECTIONS"), ("telegram", "SECTION"),
          ("twitch", "SECTION"), ("twitch", "SECTION_WRITE"), ("voice", "SECTION"), ("youtube", "SECTION")]


def table(skill: str, name: str = "SECTION") -> dict[str, str]:
    """A skill's section words, language -> text."""
    return getattr(import_module(f"app.skills.{skill}.skill"), name)


def markers(text: str) -> list[str]:
    return re.findall(r"\[[A-Z][A-Z' ]+[A-Z]\]|\[Streamer, out loud\]|\[via \w+\]", text)


@pytest.mark.parametrize(("skill", "name"), TABLES)
@pytest.mark.parametrize("language", PROMPT_LANGUAGES)
def test_every_section_has_every_language_with_the_same_tools_markers_and_blanks(skill, name, language):
    text, english = table(skill, name)[language], table(skill, name)["en"]
    assert text.strip() and (language == "en" or text != english)
    assert named_tools(text) == named_tools(english)
    assert markers(text) == markers(english)
    assert re.findall(r"\{\w+\}", text) == re.findall(r"\{\w+\}", english)


def test_a_section_naming_where_she_is_uses_the_frames_header_in_the_same_language():
    for key in ("discord", "telegram"):
        for language in PROMPT_LANGUAGES:
            text = table(key)[language].format(where=frame.words(language).where)
            assert frame.words(language).where in text
    assert "[DOVE SEI]" in table("telegram")["it"].format(where=frame.words("it").where)


def make(cls, language: str, **ports):
    return cls(SkillContext(settings=lambda: cls.settings_model(), bus=EventBus(lambda: 0.0),
                            now=lambda: datetime(2026, 1, 1, tzinfo=UTC), language=lambda: language, **ports))


@pytest.mark.parametrize("language", [*PROMPT_LANGUAGES, "de"])
def test_the_running_skill_reads_its_language_port(language):
    from app.skills.chat.skill import SECTION as CHAT
    from app.skills.chat.skill import ChatSkill
    expected = CHAT.get(language, CHAT["en"])
    assert make(ChatSkill, language).context_section() == expected


def test_the_italian_memory_section_names_the_headers_recall_really_writes(bea):
    from app.memory.memories import MemoryStore
    from app.skills.memory.skill import MemorySkill
    from tests.fakes import HashingEmbedder

    class Mind:
        memories = MemoryStore(bea.db, HashingEmbedder())

    Mind.memories.remember("marco has a cat called pixel", "person")
    Mind.memories.remember("my own cat pixel can talk", "bea")
    skill = make(MemorySkill, "it", mind=Mind())
    section, recalled = skill.context_section(), skill.context_for([chat("cat pixel")])
    assert section.startswith("La tua memoria: ") and "Usa `recall` per cercare qualcosa." in section
    assert "Your memory" not in section and "look something up" not in section
    headers = [re.sub(r":[^\]]*\]$", "]", row) for row in recalled.splitlines() if row.startswith("[")]
    assert len(headers) == 2 and all(h in section for h in headers)   # "[... MADE UP: not facts]" as "[... MADE UP]"


def test_the_italian_plan_section_names_the_header_its_plan_really_shows(tmp_path):
    from app.core import plan as P
    from app.memory.plan_store import PlanStore
    from app.skills.plan.skill import PlanSkill
    from tests.memory.test_plan_store import open_plan_db
    db = open_plan_db(tmp_path / "bea.db")
    try:
        skill = make(PlanSkill, "it", plan_store=PlanStore(db))
        assert skill.change(P.new_plan, "Finire il castello") == "" and skill.change(P.add, "Il cancello") == ""
        header = markers(skill.live_state())[0]
        assert header == "[TODAY'S PLAN]" and skill.context_section().startswith(f"Il piano dello streamer per "
                                                                                 f"oggi è in {header};")
    finally:
        db.close()
