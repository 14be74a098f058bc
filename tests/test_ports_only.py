"""Skills and the mind meet through ports at run time too: no reaching into the mind, no skill by name.

tests/test_layers.py checks what a module imports; this checks what the code reaches for once it runs. A skill
reads what it needs from a typed field of its SkillContext (app/skills/ports.py), wired in app/compose.py:
`self.ctx.mind.x`, or `getattr(self.ctx.mind, "x", None)`, turns a feature off in silence when x is misspelt,
and `skills.get("people")` ties one part to another's name. The scan reads the source text of app/skills and
app/mind, comments included.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import REPO

SCANNED = ("app/skills", "app/mind")

# reaching into the mind, a getattr on the context (a typo is a feature off), a skill found by its name
REACH = re.compile(r"ctx\.mind\b|getattr\(self\.ctx\b|getattr\(ctx\.|skills\.get\(['\"]|skills\[['\"]")

# The sites allowed, as lines per file: none is left, and the list only shrinks. A file with more lines than it
# is allowed fails, and so does a file with fewer (a count set too high would hide the next reach).
ALLOWED: dict[str, int] = {}


def reaches(text: str) -> list[int]:
    """The numbers of the lines of text that reach past a port."""
    return [n for n, line in enumerate(text.splitlines(), 1) if REACH.search(line)]


def sites(root: Path = REPO) -> dict[str, list[int]]:
    """{file: its reaching lines} for every scanned file that has any."""
    found = {}
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            lines = reaches(path.read_text(encoding="utf-8"))
            if lines:
                found[path.relative_to(root).as_posix()] = lines
    return found


def violations(found: dict[str, list[int]], allowed: dict[str, int]) -> list[str]:
    """What is against the list: every reaching line of a file past its count, and a count set too high."""
    wrong = []
    for name, lines in found.items():
        most = allowed.get(name, 0)
        if len(lines) > most:
            wrong += [f"{name}:{n}: reaches past a port ({len(lines)} such lines in the file, {most} "
                      "allowed); add a typed field to SkillContext and wire it in app/compose.py" for n in lines]
    for name, count in allowed.items():
        left = len(found.get(name, []))
        if left < count:
            wrong.append(f"{name}: {left} lines reach past a port, {count} allowed: lower its count in "
                         "ALLOWED (the list only shrinks)")
    return wrong


def test_skills_and_the_mind_meet_only_through_ports() -> None:
    wrong = violations(sites(), ALLOWED)
    assert not wrong, "reaching past the ports:\n" + "\n".join(wrong)


def test_the_scan_sees_each_way_of_reaching_past_a_port() -> None:
    sample = ("class X(Skill):\n"
              "    def a(self):\n"
              "        return self.ctx.mind.mood\n"
              "    def b(self):\n"
              "        return getattr(self.ctx.mind, 'guard', None)\n"
              "    def c(self, ctx):\n"
              "        return getattr(ctx.stage, 'executor', None)\n"
              "    def d(self):\n"
              "        return self.skills.get(\"people\"), bea.skills['stage']\n"
              "    def e(self):\n"
              "        return self.ctx.mood, self.ctx.memories(), getattr(self.settings, 'x', None)\n")
    assert reaches(sample) == [3, 5, 7, 9]


def test_a_file_past_its_count_is_named_line_by_line_and_a_count_too_high_is_said() -> None:
    found = {"app/skills/people/skill.py": [12, 40, 41], "app/skills/chat/skill.py": [116]}
    wrong = violations(found, {"app/skills/people/skill.py": 2, "app/skills/idle/skill.py": 2})
    assert [w.split(": ")[0] for w in wrong] == [
        "app/skills/people/skill.py:12", "app/skills/people/skill.py:40", "app/skills/people/skill.py:41",
        "app/skills/chat/skill.py:116", "app/skills/idle/skill.py"]
    assert "lower its count" in wrong[-1]
    assert violations(found, {"app/skills/people/skill.py": 3, "app/skills/chat/skill.py": 1}) == []


def test_a_reach_written_into_a_skill_fails_the_scan(tmp_path: Path) -> None:
    """The whole check on a copy of the tree with one more reach in the Chat skill."""
    for folder in SCANNED:
        for path in (REPO / folder).rglob("*.py"):
            copy = tmp_path / path.relative_to(REPO)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    chat = tmp_path / "app/skills/chat/skill.py"
    reach = "\n\ndef name(skill):\n    return skill.ctx.mind.settings\n"
    chat.write_text(chat.read_text(encoding="utf-8") + reach, encoding="utf-8")
    wrong = violations(sites(tmp_path), ALLOWED)
    last = len(chat.read_text(encoding="utf-8").splitlines())
    assert wrong == [f"app/skills/chat/skill.py:{last}: reaches past a port (1 such lines in the file, 0 "
                     "allowed); add a typed field to SkillContext and wire it in app/compose.py"]


# wiring the mind after it is built: an attribute set on it, or a part of it handed what it lacked
PATCHING = re.compile(r"\bmind(\.\w+)*\.(join|keep_in|attach|wire)\(|\bmind(\.\w+)+ = ")


def patches(text: str) -> list[int]:
    """The numbers of the lines of text that wire the mind after it was built."""
    return [n for n, line in enumerate(text.splitlines(), 1) if PATCHING.search(line)]


def test_the_mind_is_built_whole() -> None:
    """The composition root hands MindService everything at construction (the skills as app.mind.skill_faces
    Skills, found when asked), and sets or wires nothing on it afterwards."""
    from app.mind.service import MindService

    where = REPO / "app" / "compose.py"
    assert patches(where.read_text(encoding="utf-8")) == []
    assert not hasattr(MindService, "join")
    sample = ("mind.join(skills, idle=None)\n"
              "mind.guard.keep_in(store, mind.tasks)\n"
              "mind.skills = skills\n"
              "mind.start(paused=False)\n"
              "mind_faces = Skills(every=list)\n")
    assert patches(sample) == [1, 2, 3]
