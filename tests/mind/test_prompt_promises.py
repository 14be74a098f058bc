"""The two halves of one fact: every tool the shipped prompts name in backticks is in the toolbox she gets."""

from app.core.tools import assemble, broken_promises, named_tools
from app.mind.expression import TurnState, expression_tools
from tests.her_words import EN


def test_shipped_prompts_name_only_tools_she_has(bea):
    sections = bea.mind.static_prompt()
    assert {"soul", "manual", "chat"} <= set(sections)
    toolbox = assemble({"mind": expression_tools(TurnState(EN), bea.mind.outlets), **bea.mind.skill_tools()})
    assert broken_promises(sections, toolbox) == {}
    assert {"speak", "send_message", "stay_silent"} <= named_tools(sections["manual"])


def test_the_check_catches_a_prompt_that_promises_too_much(bea):
    toolbox = assemble({"mind": expression_tools(TurnState(EN), bea.mind.outlets)})
    assert broken_promises({"plan": "Close items with `objective_done`."}, toolbox) == {"plan": {"objective_done"}}
