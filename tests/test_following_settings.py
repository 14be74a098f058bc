"""A setting is followed one way: the settings port's on_change (app/skills/ports.py SettingsPort), which hands
the listener the path and the value after each stored change and returns how to stop listening.

The SETTINGS event on the bus says "{path} changed" in the window's activity; it is what the streamer reads, not
a way to follow a setting. The scan reads the code of app/ for a bus subscription that asks for SETTINGS events.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO


def follows_the_bus(text: str) -> list[int]:
    """Lines of text that subscribe to the bus's SETTINGS events."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "subscribe":
            if any(isinstance(n, ast.Attribute) and n.attr == "SETTINGS" and isinstance(n.value, ast.Name)
                   and n.value.id == "EventKind" for arg in [*node.args, *node.keywords] for n in ast.walk(arg)):
                found.append(node.lineno)
    return found


def violations(root: Path = REPO) -> list[str]:
    wrong = []
    for path in sorted((root / "app").rglob("*.py")):
        wrong += [f"{path.relative_to(root)}:{n}: follows a setting through the bus; use the settings port's "
                  "on_change" for n in follows_the_bus(path.read_text(encoding="utf-8"))]
    return wrong


def test_settings_are_followed_only_through_the_settings_port() -> None:
    wrong = violations()
    assert not wrong, "settings followed another way:\n" + "\n".join(wrong)


def test_the_scan_sees_a_skill_following_settings_on_the_bus() -> None:
    sample = ("class X(Skill):\n"
              "    def __init__(self, ctx):\n"
              "        ctx.bus.subscribe(self._setting, kinds=[EventKind.SETTINGS], replay=False)\n"
              "        ctx.bus.subscribe(self._heard, kinds=[EventKind.SPEECH], replay=False)\n"
              "        bus.subscribe(self.add)\n"
              "        self.bus.subscribe(fn, [EventKind.ERROR, EventKind.SETTINGS])\n"
              "        ctx.app_settings.on_change(self._setting)\n")
    assert follows_the_bus(sample) == [3, 6]


def test_a_skill_hears_a_change_through_the_port_with_its_value(bea) -> None:
    heard = []
    stop = bea.settings.on_change(lambda path, value: heard.append((path, value)))
    bea.settings.set("skills.stage.camera", "face")
    stop()
    bea.settings.set("skills.stage.camera", "full")
    assert heard == [("skills.stage.camera", "face")]
