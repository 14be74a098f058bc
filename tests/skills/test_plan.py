"""The Plan skill: her tools and the prompt that names them exist only with something to act on, and say why."""

import asyncio
from datetime import UTC, datetime

import pytest

from app.core import plan as P
from app.core.events import EventBus
from app.core.tools import assemble, broken_promises, is_failure, named_tools
from app.memory.plan_store import PlanStore
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from app.skills.plan.skill import NO_STORE, PlanSkill
from app.skills.registry import discover
from tests.fakes import StoppedClock
from tests.her_words import english
from tests.memory.test_plan_store import open_plan_db

TOOLS = ["objective_start", "objective_done", "objective_drop"]


@pytest.fixture
def store(tmp_path):
    db = open_plan_db(tmp_path / "bea.db")
    yield PlanStore(db, clock=SYSTEM.time)
    db.close()


def make_skill(store) -> PlanSkill:
    return PlanSkill(SkillContext(settings=lambda: None, bus=EventBus(lambda: 0.0),
                                  clock=StoppedClock(datetime(2026, 1, 1, tzinfo=UTC)), plan_store=store,
                                  words=english))


@pytest.fixture
def skill(store):
    return make_skill(store)


def with_plan(skill, *texts, headline="Finish the castle"):
    assert skill.change(P.new_plan, headline) == ""
    for text in texts:
        assert skill.change(P.add, text) == ""


def call(skill, name, **args):
    tool = {t.name: t for t in skill.tools()}[name]
    return asyncio.run(tool.handler(**args))


def test_it_is_a_discovered_skill_with_a_dock():
    assert discover()["plan"] is PlanSkill and PlanSkill.title == "Plan"


def test_no_plan_costs_nothing(skill):
    assert skill.tools() == [] and skill.context_section() == "" and skill.live_state() == ""


def test_a_plan_with_nothing_open_shows_but_arms_no_tools(skill):
    with_plan(skill, headline="Chill stream")
    assert skill.live_state() == "[TODAY'S PLAN] Chill stream\n(no objectives yet)"
    assert skill.tools() == [] and skill.context_section() == ""


def test_with_open_objectives_the_three_tools_appear(skill):
    with_plan(skill, "Build the gate", "Light the towers")
    assert [t.name for t in skill.tools()] == TOOLS
    assert skill.live_state() == ("[TODAY'S PLAN] Finish the castle\n"
                                  "#1 [todo] Build the gate\n#2 [todo] Light the towers")
    for tool in skill.tools():
        assert tool.parameters["required"][0] == "id" and not tool.reaches


def test_observations_follow_her_progress(skill):
    with_plan(skill, "Build the gate", "Light the towers", "Say hi to raiders")
    assert call(skill, "objective_start", id=1) == "#1 is now in progress: Build the gate."
    assert call(skill, "objective_start", id="#1") == "#1 was already in progress: Build the gate."
    assert call(skill, "objective_start", id=2) == ("#2 is now in progress: Light the towers. "
                                                    "#1 (Build the gate) is back to todo.")
    assert call(skill, "objective_done", id=1, outcome="the gate stands") == (
        "Done #1: Build the gate. Still in progress: #2 Light the towers.")
    assert call(skill, "objective_done", id=2, outcome="all lit") == (
        "Done #2: Light the towers. Next on the plan: #3 Say hi to raiders.")
    assert call(skill, "objective_drop", id=3, reason="no raid came") == (
        "Dropped #3: Say hi to raiders. Nothing on the plan is open now.")
    assert skill.live_state().splitlines()[1:] == [
        "#1 [done] Build the gate (outcome: the gate stands)",
        "#2 [done] Light the towers (outcome: all lit)",
        "#3 [dropped] Say hi to raiders (why: no raid came)"]
    assert skill.tools() == []                                # nothing is left to act on


@pytest.mark.parametrize("name,args,error", [
    ("objective_start", {"id": 7}, "ERROR: there is no objective #7; the plan has #1, #2"),
    ("objective_done", {"id": 2, "outcome": ""}, "ERROR: the outcome is empty; write a few words"),
    ("objective_done", {"id": 2, "outcome": "x" * 301}, "ERROR: the outcome is 301 characters long"),
    ("objective_drop", {"id": "two", "reason": "r"}, "ERROR: 'two' is not an objective number"),
    ("objective_start", {"id": 1}, "ERROR: #1 is already done; the streamer can reopen it"),
    ("objective_drop", {"id": 1, "reason": "late"}, "ERROR: #1 is already done"),
])
def test_refusals_come_back_as_error_observations(skill, store, name, args, error):
    with_plan(skill, "Build the gate", "Light the towers")
    call(skill, "objective_done", id=1, outcome="done early")
    before = store.load()
    answer = call(skill, name, **args)
    assert answer.startswith(error) and is_failure(answer)
    assert store.load() == before


def test_the_prompt_names_only_tools_she_has(skill):
    for step in (lambda: None, lambda: with_plan(skill), lambda: skill.change(P.add, "Build the gate"),
                 lambda: call(skill, "objective_done", id=1, outcome="done")):
        step()
        section = skill.context_section()
        box = assemble({"plan": skill.tools()})
        assert broken_promises({"plan": section}, box) == {}
        assert named_tools(section) == (set(TOOLS) if box else set())


def test_the_streamers_edits_answer_with_a_sentence(skill):
    assert skill.change(P.add, "x") == ("There is no plan for today yet; the streamer can start one from the "
                                        "Plan dock.")
    with_plan(skill, "Build the gate")
    assert skill.change(P.reorder, [1, 5]) == "There is no objective #5; the plan has #1."


def test_without_a_store_it_is_silent_and_says_why():
    skill = make_skill(None)
    assert skill.live_state() == "" and skill.tools() == [] and skill.context_section() == ""
    assert skill.change(P.new_plan, "x") == NO_STORE
    assert asyncio.run(skill.objective_start(1)) == f"ERROR: {NO_STORE}"
