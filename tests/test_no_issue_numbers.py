"""The code explains itself: no comment or docstring sends its reader to an issue number they cannot open (the
history of a decision lives in the commit log and docs/)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISSUE = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def issue_numbers(text: str) -> list[int]:
    """The line numbers of `text` that cite an issue by number."""
    return [n for n, line in enumerate(text.splitlines(), 1) if ISSUE.search(line)]


def test_the_scanner_finds_an_issue_cited_by_number():
    assert issue_numbers("x = 1\n# the filter first (issue 25)\ny = 2  # see issue #7") == [2, 3]
    assert issue_numbers("# issues are said in the problems list\n# GitHub issue tracker") == []


def test_no_python_file_cites_an_issue_number():
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("app", "tests", "installer")
             for path in sorted((ROOT / folder).rglob("*.py")) if path.name != Path(__file__).name
             for n in issue_numbers(path.read_text(encoding="utf-8"))]
    assert not found, found
