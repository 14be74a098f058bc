"""Idle life: the monologue on IDLE batches and spontaneous initiative (chance, minimum gap) in a real app."""

import pytest

from app.core.perception import Meta, Perception, PerceptionKind
from app.core.quiet import words
from app.process.clock import SYSTEM
from app.skills.base import SkillContext
from app.skills.idle.skill import IdleSettings, IdleSkill
from tests.her_words import EN, english
from tests.mind.harness import chat, noise

KEEP = words(EN).keep


def idle() -> Perception:
    return Perception(PerceptionKind.IDLE, "idle", "[idle] nothing has happened for 240 seconds",
                      meta={Meta.CONVERSATION_KEY: "idle"})


@pytest.fixture
def clock():
    return [1000.0]


def make(bea, clock, rolls, **settings):
    rolls = list(rolls)
    values = IdleSettings(**settings)
    ctx = SkillContext(settings=lambda: values, bus=bea.bus, clock=SYSTEM, app_settings=bea.settings,
                       prompt=bea.mind.prompt, words=english)
    return IdleSkill(ctx, clock=lambda: clock[0], roll=lambda: rolls.pop(0))


def test_idle_brings_her_monologue_and_initiative_follows_chance_and_gap(bea, clock):
    skill = make(bea, clock, [0.10, 0.90, 0.05])
    assert skill.context_for([chat("ciao")]) == ""
    clock[0] += 100
    early = skill.context_for([idle()])                      # not silent for idle_after yet: no roll spent
    assert "alone with your thoughts" in early and early.endswith(KEEP)
    clock[0] += 200
    first = skill.context_for([idle()])                      # 300 s of silence, rolled 0.10 < 0.15
    assert "[INITIATIVE] It has been quiet for 5 minutes" in first
    clock[0] += 600
    assert skill.context_for([idle()]).endswith(KEEP)        # within the hour: no roll spent
    assert "too soon" in skill.last_verdict
    clock[0] += 3600
    assert skill.context_for([idle()]).endswith(KEEP)        # rolled 0.90
    clock[0] += 300
    assert "It has been quiet" in skill.context_for([idle()])  # rolled 0.05


def test_noise_does_not_break_the_silence_but_a_line_does(bea, clock):
    skill = make(bea, clock, [0.0, 0.0])
    clock[0] += 1000
    skill.context_for([noise(1)])
    assert "It has been quiet for 16 minutes" in skill.context_for([idle()])
    skill.context_for([chat("eccomi")])
    clock[0] += 4000
    assert "It has been quiet for 66 minutes" in skill.context_for([idle()])


def test_chance_zero_never_speaks_up(bea, clock):
    skill = make(bea, clock, [0.0] * 5, initiative_chance=0.0)
    for _ in range(5):
        clock[0] += 4000
        assert skill.context_for([idle()]).endswith(KEEP)


def test_the_app_has_an_idle_skill_whose_monologue_is_the_streamers_file(bea):
    skill = bea.skills["idle"]
    assert skill.enabled and (bea.paths.root / "prompts" / "monologue.md").is_file()
    (bea.paths.root / "prompts" / "monologue.md").write_text("Sogna a occhi aperti.", encoding="utf-8")
    assert skill.context_for([idle()]).startswith("Sogna a occhi aperti.")
