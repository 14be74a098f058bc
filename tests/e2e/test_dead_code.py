"""Nothing in app/ is dead: vulture finds no unused code beyond the reviewed allow-list (tests/e2e/vulture_allow.py).

Unused functions, classes and properties count from 60% confidence (vulture's floor for them: a function that
only tests call is dead in the app); unused imports, variables, methods and attributes from 80%, since at 60%
Qt overrides and pydantic fields, which frameworks call by name, would drown the real findings. build.spec is
read too (it calls the skill registry and the stage assets at build time), and a class registered with
@register is in use (the registry loads it by name), and so is every factory a skill names in its `dock` or
`settings_page` ("module:attribute", loaded by the UI). Every name on the allow-list must still be needed.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ALLOW_LIST = "tests/e2e/vulture_allow.py"
ALWAYS = re.compile(r"unused (function|class|property) ")       # reported at 60%: dead even then

pytest.importorskip("vulture", reason="vulture is not installed (pip install -e .[dev])")


FACTORY = re.compile(r'^\s*(?:dock|settings_page)\s*=\s*"app\.[\w.]+:(\w+)"', re.M)


def factories() -> set[str]:
    """The Qt factories skills name for the UI to load."""
    return {name for path in (ROOT / "app" / "skills").glob("*/skill.py")
            for name in FACTORY.findall(path.read_text(encoding="utf-8"))}


def dead_code(*extra: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "vulture", "app", "build.spec", *extra,
                           "--ignore-decorators", "@register", "--ignore-names", ",".join(sorted(factories())),
                           "--min-confidence", "60"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 3), f"vulture failed:\n{done.stdout}{done.stderr}"   # 3: it found some
    return [line for line in done.stdout.splitlines()
            if ALWAYS.search(line) or int(re.search(r"\((\d+)% confidence", line)[1]) >= 80]


def test_vulture_finds_no_dead_code_in_the_app() -> None:
    found = dead_code(ALLOW_LIST)
    assert not found, "dead code: wire it, remove it, or allow-list it with its reason:\n" + "\n".join(found)


def test_every_allow_listed_name_is_still_needed() -> None:
    text = (ROOT / ALLOW_LIST).read_text("utf-8")
    lines = text.splitlines()
    names = [(n.value.id, lines[n.lineno - 1]) for n in ast.parse(text).body
             if isinstance(n, ast.Expr) and isinstance(n.value, ast.Name)]
    assert names and all(re.search(r"  # noqa  \S", line) for _n, line in names), \
        "each allow-list line is `name  # noqa  reason`"
    flagged = "\n".join(dead_code())
    stale = [n for n, _line in names if f"'{n}'" not in flagged]
    assert not stale, f"allow-listed but no longer flagged (remove from {ALLOW_LIST}): {stale}"
