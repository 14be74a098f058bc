"""SQL lives in app/memory only: the rest of the app asks the store through its functions and classes.

The scan reads the code of app/ outside app/memory for a call of execute, executemany or executescript (a
cursor's, a connection's) and for a string that reads as a statement (SELECT ... FROM, INSERT INTO, UPDATE ... SET,
DELETE FROM, CREATE/DROP/ALTER TABLE, PRAGMA). Comments are not code; a sentence that merely says "update" or
"select" is no statement.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import REPO

HOME = REPO / "app" / "memory"
CALLS = {"execute", "executemany", "executescript"}
STATEMENT = re.compile(r"\b(SELECT\s[\s\S]+?\sFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
                       r"(CREATE|DROP)\s+(TABLE|INDEX|VIEW|TRIGGER)|ALTER\s+TABLE|PRAGMA\s+\w+)\b")


def sql_lines(text: str) -> list[int]:
    """Lines of text that run SQL or hold a statement."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CALLS:
            found.add(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and STATEMENT.search(node.value):
            found.add(node.lineno)
    return sorted(found)


def violations(root: Path = REPO) -> list[str]:
    wrong = []
    for path in sorted((root / "app").rglob("*.py")):
        if HOME in path.parents:
            continue
        wrong += [f"{path.relative_to(root)}:{n}: SQL outside app/memory; put it behind a store there"
                  for n in sql_lines(path.read_text(encoding="utf-8"))]
    return wrong


def test_no_sql_outside_app_memory() -> None:
    wrong = violations()
    assert not wrong, "SQL outside app/memory:\n" + "\n".join(wrong)


def test_the_scan_sees_each_way_of_writing_sql() -> None:
    sample = ("def f(db, c):\n"
              "    db.read(lambda c: c.execute('SELECT value FROM meta WHERE key = ?', (k,)))\n"
              "    c.executemany(QUERY, rows)\n"
              "    QUERY = ('INSERT INTO follow_ups (a, b) VALUES (?, ?) '\n"
              "             'ON CONFLICT (a) DO UPDATE SET b = excluded.b')\n"
              "    x = f\"DELETE FROM {table} WHERE id = ?\"\n"
              "    y = 'PRAGMA integrity_check'\n"
              "    # c.execute('SELECT 1 FROM x') in a comment is no call\n"
              "    say('Select a model, then update the list from the menu')\n"
              "    executor.submit(work)\n")
    assert sql_lines(sample) == [2, 3, 4, 6, 7]
