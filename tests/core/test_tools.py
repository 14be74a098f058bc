"""The tool contract: schema, toolbox assembly, prompt promises, and how an observation reads."""

import pytest

from app.core.tools import Tool, ToolboxConflict, assemble, broken_promises, is_failure, named_tools

SPEAK = Tool("speak", "Say something out loud.", reaches=True, ends_turn=True)
RECALL = Tool("recall", "Remember what people said.")


def test_schema_is_openai_function_shape():
    assert SPEAK.schema() == {"type": "function", "function": {
        "name": "speak", "description": "Say something out loud.",
        "parameters": {"type": "object", "properties": {}}}}


def test_assemble_keeps_offer_order_and_refuses_a_name_twice():
    box = assemble({"voice": [SPEAK], "memory": [RECALL]})
    assert list(box) == ["speak", "recall"]
    with pytest.raises(ToolboxConflict, match="speak is offered by both voice and chat"):
        assemble({"voice": [SPEAK], "chat": [Tool("speak", "dup")]})


@pytest.mark.parametrize("prompt,names", [
    ("Use `speak` to talk and `stay_silent` when nobody needs you.", {"speak", "stay_silent"}),
    ("Call `send_message(platform, channel, text)` for written chats.", {"send_message"}),
    ("Plain `code` words count too, but not `Capitalised` or `two words`.", {"code"}),
    ("No tools here.", set()),
])
def test_named_tools(prompt, names):
    assert named_tools(prompt) == names


def test_broken_promises_name_the_missing_tools_per_section():
    sections = {"voice": "Use `speak`.", "plan": "Close items with `objective_done`."}
    assert broken_promises(sections, ["speak"]) == {"plan": {"objective_done"}}
    assert broken_promises(sections, ["speak", "objective_done"]) == {}


@pytest.mark.parametrize("observation,failed", [
    ("ERROR: the OBS scene does not exist", True),
    ("FAILED to send: channel gone", True),
    ("  ERROR timeout", True),
    ("said it", False),
    ("ERRORS are fine inside words? no: ERRORSOME", False),
    ("no ERROR at the start", False),
])
def test_is_failure(observation, failed):
    assert is_failure(observation) is failed
