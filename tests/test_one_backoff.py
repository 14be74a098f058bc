"""One backoff: how long to wait before trying again is app.core.backoff.backoff_delay, for every client (Twitch,
OBS, Streamlabs, and Telegram, Discord and YouTube through the platform Link) and for the model pools' cooldowns.

The scan reads the code of app/ for a function whose name says backoff, or a table of waits, defined anywhere
but app/core/backoff.py: each would be a second rule for the same thing.
"""

from __future__ import annotations

import ast
from pathlib import Path

from app.core.backoff import backoff_delay
from app.core.cooldown import cooldown
from tests.conftest import REPO

HOME = REPO / "app" / "core" / "backoff.py"


def backoffs(text: str) -> list[int]:
    """Lines of text that define a backoff of their own: a function named for it, or a BACKOFF table."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "backoff" in node.name.lower():
            found.append(node.lineno)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "BACKOFF" for t in targets):
                found.append(node.lineno)
    return sorted(found)


def violations(root: Path = REPO) -> list[str]:
    return [f"{path.relative_to(root)}:{n}: a backoff of its own; use app.core.backoff.backoff_delay"
            for path in sorted((root / "app").rglob("*.py")) if path != HOME
            for n in backoffs(path.read_text(encoding="utf-8"))]


def test_every_wait_before_trying_again_is_the_one_backoff() -> None:
    wrong = violations()
    assert not wrong, "\n".join(wrong)


def test_the_scan_sees_a_backoff_of_its_own() -> None:
    sample = ("BACKOFF: tuple[float, ...] = (1.0, 2.0, 4.0, 30.0)\n"
              "def backoff(attempt, steps=BACKOFF):\n"
              "    return steps[min(attempt, len(steps) - 1)]\n"
              "class Link:\n"
              "    async def _back_off(self, attempt):\n"
              "        return backoff_delay(attempt, 1.0, 60.0)\n"
              "def _reconnect_backoff(n):\n"
              "    return 2 ** n\n")
    assert backoffs(sample) == [1, 2, 7]


def test_the_one_backoff_doubles_to_its_cap_and_jitter_only_trims_the_top_half() -> None:
    assert [backoff_delay(n, 1.0, 30.0) for n in range(7)] == [1, 2, 4, 8, 16, 30, 30]   # OBS's waits
    assert [cooldown(n) for n in range(5)] == [0.0, 5.0, 10.0, 20.0, 40.0]                # a model's cooldown
    assert backoff_delay(3, 1.0, 60.0, jitter=0.0) == 4.0                                  # the top half, trimmed
