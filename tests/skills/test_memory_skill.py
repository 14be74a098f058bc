"""The Memory skill: no tool until memory is ready; then `recall` answers with what people said, and every
batch brings what she remembers about it into the briefing."""

import time

from app.core.events import EventBus
from app.memory.memories import MemoryStore
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from app.skills.memory.skill import MAX_QUERIES, QUERY_CHARS, MemorySettings, MemorySkill, batch_queries
from tests.fakes import HashingEmbedder
from tests.her_words import english
from tests.mind.harness import chat


class Mind:
    memories = None


def make(bea):
    mind = Mind()
    settings = MemorySettings()
    skill = MemorySkill(SkillContext(settings=lambda: settings, bus=EventBus(time.time), clock=SYSTEM,
                                     words=english, memories=lambda: mind.memories))
    return skill, mind


def test_no_tool_and_no_prompt_while_memory_loads(bea):
    skill, _mind = make(bea)
    assert skill.tools() == [] and skill.context_section() == "" and skill.context_for([chat("hi")]) == ""


def test_recall_and_the_briefing(bea):
    skill, mind = make(bea)
    mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    mind.memories.remember("marco has a cat called pixel", "person")
    mind.memories.remember("my own cat pixel can talk", "bea")
    assert [t.name for t in skill.tools()] == ["recall"]
    assert "`recall`" in skill.context_section()
    assert skill.recall("cat pixel") == "- marco has a cat called pixel (just now)"
    assert skill.recall("") .startswith("ERROR")
    assert skill.recall("quantum chromodynamics lecture") == "nothing comes to mind about that"
    brief = skill.context_for([chat("can your own cat pixel talk? marco has a cat")])
    assert "[WHAT PEOPLE TOLD YOU]" in brief and "[WHAT YOU YOURSELF SAID OR MADE UP: not facts]" in brief


def test_a_busy_batch_asks_each_line_most_important_first(bea):
    skill, mind = make(bea)
    mind.memories = MemoryStore(bea.db, HashingEmbedder(), clock=bea.clock.time)
    mind.memories.remember("marco has a cat called pixel", "person")
    busy = [chat(f"what a great stream tonight number {i} with friends and songs and games") for i in range(30)]
    question = chat("what was the cat pixel called", who="marco")
    assert "marco has a cat called pixel" in skill.context_for([question, *busy])
    assert "marco has a cat called pixel" not in skill.context_for([*busy, question])   # past MAX_QUERIES lines
    lines = [chat("lol"), question, chat("gg"), question, *busy]
    assert batch_queries(lines) == ["what was the cat pixel called",
                                    *[f"what a great stream tonight number {i} with friends and songs and games"
                                      for i in range(MAX_QUERIES - 1)]]
    assert batch_queries([chat("x" * 2000)]) == ["x" * QUERY_CHARS]
