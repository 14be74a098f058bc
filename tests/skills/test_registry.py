"""Skills are found by one function, which the PyInstaller spec also uses, and keep the contract's promises."""

import re
from pathlib import Path

from app.config.section import SkillSettings
from app.skills.base import Skill
from app.skills.registry import discover, module_names, resolve_factory
from tests.conftest import REPO


def test_discovery_finds_the_clock_with_its_qt_sides():
    skills = discover()
    assert "clock" in skills and issubclass(skills["clock"], Skill)
    names = module_names()
    assert {"app.skills.clock.skill", "app.skills.clock.dock", "app.skills.clock.settings"} <= set(names)


def test_every_skill_declares_a_settings_section_and_resolvable_factories():
    for key, cls in discover().items():
        assert cls.key == key and cls.title
        assert issubclass(cls.settings_model, SkillSettings)
        for ref in (cls.dock, cls.settings_page):
            if ref:
                assert callable(resolve_factory(ref))


def test_build_spec_uses_the_discovery_function():
    spec = (REPO / "build.spec").read_text()
    assert "module_names()" in spec


def test_skill_modules_import_no_qt_outside_dock_and_settings():
    for path in Path(REPO / "app" / "skills").rglob("*.py"):
        if path.name in ("dock.py", "settings.py"):
            continue
        assert not re.search(r"^\s*(from|import) PySide6", path.read_text(), re.M), path


def test_only_the_gateway_imports_pyside6():
    offenders = [p for p in (REPO / "app").rglob("*.py")
                 if re.search(r"^\s*(from|import) PySide6", p.read_text(), re.M) and p.name != "qt.py"]
    assert offenders == []
