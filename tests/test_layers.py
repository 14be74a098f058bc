"""Which parts of app/ may import which: the layering, stated once and checked on every import in app/.

Every import counts: at the top of a module, inside a function (a lazy import is still a dependency) and under
TYPE_CHECKING. A part is a folder of app/ (app/core, app/mind...), a module of app/process or app/cli, or a module
directly in app/; in app/skills/, the kit (base, registry, listeners, ports), the chat-platform layer (platform) and
each skill are parts of their own, and a skill never imports another skill: skills meet through the ports the
composition root wires.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

APP = REPO / "app"
KIT = {"base", "registry", "listeners", "ports"}
# rooms whose modules are each a part of their own: the process's plumbing and the command line
ROOMS = {"process", "cli"}

# low to high: each part may import itself and what is listed; "app" is the package's own face (its version)
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "app": set(),
    "process": set(),
    "cli": set(),
    "process.paths": {"app"},
    "process.executors": set(),
    "process.heap": set(),
    "process.logs": {"core", "process.paths"},
    "process.runtime": {"core"},
    "process.tasks": {"process.logs"},
    "process.clock": set(),
    "process.serving": set(),
    "process.model_compaction": set(),
    "process.shipped_models": {"app", "process.paths", "process.model_compaction"},
    "process.catalogs": {"core", "process.paths"},
    "config": {"core"},
    "senses": {"app", "core", "process.logs", "process.paths", "process.shipped_models",
               "process.executors", "process.tasks"},
    "memory": {"app", "core", "process.catalogs", "process.executors", "process.paths", "senses",
               "process.shipped_models"},
    "process.secrets": {"core", "memory"},   # core: the marks on the words for where secrets are kept
    "mind": {"core", "process.clock", "process.executors", "process.logs", "process.tasks", "memory", "senses"},
    "stage": {"core", "process.clock", "process.paths", "process.serving", "process.tasks"},
    "widgets": {"config", "core"},   # core is the pure bottom: an event's words said in the window's language
    "skills.kit": {"config", "core", "memory", "mind", "process.clock", "process.secrets", "process.tasks",
                   "senses"},
    "skills.platform": {"core", "memory", "process.tasks", "widgets", "skills.kit"},
    "skill": {"config", "core", "process.executors", "memory", "senses", "stage", "widgets",
              "process.paths", "process.tasks", "skills.kit", "skills.platform"},
    "api": {"config", "core", "process.executors", "memory", "process.paths", "process.serving", "process.tasks"},
    "compose": {"app", "api", "config", "core", "process.catalogs", "process.clock", "process.executors",
                "process.heap", "process.logs", "memory", "mind", "process.paths", "process.runtime",
                "process.secrets", "process.tasks", "senses", "skills.kit", "skill"},
    "ui": {"app", "compose", "config", "core", "memory", "mind", "process.paths", "process.tasks", "senses",
           "skills.kit", "skill", "widgets"},
    "cli.headless": {"app", "compose", "process.clock", "process.tasks"},
    "cli.common": set(),
    "cli.token": {"api", "cli.common", "compose", "memory"},
    "cli.secrets": {"cli.common", "compose", "core", "skill"},
    "cli.settings": {"cli.common", "compose", "config", "core"},
    "cli.selftest": {"app", "compose", "core", "process.executors", "memory", "mind", "senses",
                     "process.shipped_models", "skill", "stage"},
    "__main__": {"app", "api", "cli.secrets", "cli.settings", "cli.token", "cli.headless", "memory",
                 "process.paths", "cli.selftest", "ui", "widgets"},
}


def part_of(module: str) -> tuple[str, str]:
    """(the rule that applies, the part's own name) for a module path like app.skills.twitch.client."""
    parts = module.split(".")
    if len(parts) == 1:
        return "app", "app"
    if parts[1] == "skills" and len(parts) > 2:
        if parts[2] in KIT:
            return "skills.kit", "skills.kit"
        if parts[2] == "platform":
            return "skills.platform", "skills.platform"
        return "skill", f"skills.{parts[2]}"
    if parts[1] == "skills":
        return "skills.kit", "skills.kit"
    if parts[1] in ROOMS and len(parts) > 2:
        return f"{parts[1]}.{parts[2]}", f"{parts[1]}.{parts[2]}"
    return parts[1], parts[1]


def imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from app.room import x" names the module app.room.x when x is one
            found += [(node.lineno, f"{node.module}.{a.name}" if is_module(f"{node.module}.{a.name}")
                       else node.module) for a in node.names]
    return [(line, name) for line, name in found if name == "app" or name.startswith("app.")]


def is_module(name: str) -> bool:
    where = REPO.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or where.is_dir()


def module_of(path: Path) -> str:
    module = ".".join(path.relative_to(REPO).with_suffix("").parts)
    return module.removesuffix(".__init__")


def violations() -> list[str]:
    wrong = []
    for path in sorted(APP.rglob("*.py")):
        rule, own = part_of(module_of(path))
        allowed = ALLOWED.get(rule)
        if allowed is None:
            wrong.append(f"{path.relative_to(REPO)}: no rule says what {rule} may import (add it to ALLOWED)")
            continue
        for line, name in imports(path):
            target = name
            if target.count(".") == 1 and (APP / f"{target.split('.')[1]}.py").is_file() is False \
                    and not (APP / target.split(".")[1]).is_dir():
                target = "app"      # a name from the package's face (app.__version__, app.APP_NAME)
            their_rule, theirs = part_of(target)
            if theirs == own:
                continue
            if their_rule == "skill" and rule == "skill":
                wrong.append(f"{path.relative_to(REPO)}:{line}: a skill imports another skill ({name}); meet "
                             "through a port (app/skills/ports.py) or move what both need to app/core")
            elif their_rule not in allowed:
                wrong.append(f"{path.relative_to(REPO)}:{line}: {rule} imports {name} ({their_rule})")
    return wrong


def test_every_import_in_app_follows_the_layers() -> None:
    wrong = violations()
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


def test_no_part_imports_a_part_that_imports_it_back() -> None:
    """The table itself has no circle between two parts."""
    for part, allowed in ALLOWED.items():
        for other in allowed:
            assert part not in ALLOWED.get(other, set()), f"{part} and {other} may import each other"


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    """A skill reaching into another skill, and the core reaching into the mind, are both caught."""
    assert part_of("app.skills.twitch.client") == ("skill", "skills.twitch")
    assert part_of("app.skills.platform.tallies") == ("skills.platform", "skills.platform")
    assert part_of("app.skills.base") == ("skills.kit", "skills.kit")
    sample = tmp_path / "x.py"
    sample.write_text("from app.mind.service import MindService\n"
                      "def f():\n    from app.skills.chat.skill import OWNER\n")
    assert imports(sample) == [(1, "app.mind.service"), (3, "app.skills.chat.skill")]
    assert "mind" not in ALLOWED["core"] and "skill" not in ALLOWED["skills.platform"]
