"""The documents: the docs/ site builds with no warning (a broken link or anchor fails it), and the README
stays a manual short enough to read, with the two commands CI runs."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README_MAX_LINES = 250   # the streamer's manual; depth belongs in docs/
TWO_COMMANDS = (  # .ci/run and the release workflow run these; the README says them as they are
    "bash installer/dev.sh run     # installs what is needed into .venv, then starts Bea",
    "bash installer/dev.sh test    # installs what is needed into .venv, then runs the whole test suite",
)


def mkdocs_build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    for module, package in (("mkdocs", "mkdocs"), ("material", "mkdocs-material")):
        if importlib.util.find_spec(module) is None:
            pytest.fail(f"{package} is not installed: run `bash installer/dev.sh test` (the dev extra)")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}   # Material's end-of-life banner, not a build warning
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)


def test_the_docs_site_builds_strictly(tmp_path):
    done = mkdocs_build(REPO, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "index.html").is_file() and (tmp_path / "benchmarks" / "index.html").is_file()


def test_a_broken_link_fails_the_build(tmp_path):
    """The strict build is what catches a page that names a missing page or anchor: proved on a copy."""
    copy = tmp_path / "repo"
    (copy / "docs").mkdir(parents=True)
    (copy / "mkdocs.yml").write_text((REPO / "mkdocs.yml").read_text(encoding="utf-8"), encoding="utf-8")
    for page in (REPO / "docs").glob("*.md"):
        (copy / "docs" / page.name).write_bytes(page.read_bytes())
    with (copy / "docs" / "index.md").open("a", encoding="utf-8") as index:
        index.write("\n[nowhere](memory.md#no-such-heading)\n")
    done = mkdocs_build(copy, tmp_path / "site")
    assert done.returncode != 0 and "no-such-heading" in done.stderr


def test_the_readme_is_a_manual_of_at_most_250_lines():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, len(lines)


def test_the_readme_keeps_the_two_commands():
    readme = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert all(command in readme for command in TWO_COMMANDS)


def test_the_site_is_git_ignored():
    ignored = subprocess.run(["git", "check-ignore", "-q", "site/index.html"], cwd=REPO, timeout=30)
    if ignored.returncode == 128:
        pytest.skip("not a git checkout")
    assert ignored.returncode == 0
