"""Finding skills: one discovery function, used by the app at start-up and by build.spec for hidden imports.

Every package under app/skills/ with a skill.py is a skill; its Skill subclasses register with @register.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import app.skills as skills_pkg
from app.skills.base import Skill

_REGISTERED: dict[str, type[Skill]] = {}


def register(cls: type[Skill]) -> type[Skill]:
    key = cls.key
    if key in _REGISTERED and _REGISTERED[key] is not cls:
        raise ValueError(f"two skills claim the key {key!r}")
    _REGISTERED[key] = cls
    return cls


def skill_packages() -> list[str]:
    """The packages that hold a skill (app.skills.platform, the chat-platform layer, holds none)."""
    return sorted(name for _f, name, ispkg in pkgutil.iter_modules(skills_pkg.__path__)
                  if ispkg and importlib.util.find_spec(f"app.skills.{name}.skill") is not None)


def module_names() -> list[str]:
    """Every module a frozen build must carry for the skills to load (their Qt sides included)."""
    names: list[str] = []
    for pkg in skill_packages():
        for mod in ("skill", "dock", "settings"):
            full = f"app.skills.{pkg}.{mod}"
            if importlib.util.find_spec(full) is not None:
                names.append(full)
    return names


def discover() -> dict[str, type[Skill]]:
    for pkg in skill_packages():
        importlib.import_module(f"app.skills.{pkg}.skill")
    return dict(sorted(_REGISTERED.items()))


def resolve_factory(ref: str):
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
