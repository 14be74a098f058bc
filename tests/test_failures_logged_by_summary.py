"""Every failure the app logs is logged by what it was, never by what it said: an error's text can quote chat (a
model server's error body echoes the prompt), so a caught exception reaches a log line only through
app.core.failures.summary or app.process.logs.where (class, status, size, frames), or as its class name, its
length or its code.

The scan reads every `except ... as name:` block in app/, and every function or lambda handed an error (a
parameter named exc, error or err: an error callback), and every log call inside them.
"""

from __future__ import annotations

import ast

from tests.conftest import REPO

LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical"}
SUMMARISERS = {"summary", "where"}
SAFE_ATTRIBUTES = {"code", "status"}   # numbers, never text


def _safe_uses(arg: ast.AST, name: str) -> set[int]:
    """The ids of the Name nodes of `name` inside `arg` that say only what the error was."""
    safe: set[int] = set()
    for node in ast.walk(arg):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SUMMARISERS:
            safe |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Name)}
        elif (isinstance(node, ast.Attribute) and node.attr == "__name__" and isinstance(node.value, ast.Call)
              and isinstance(node.value.func, ast.Name) and node.value.func.id == "type"):
            safe |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Name)}      # type(exc).__name__
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"):
            safe |= {id(n) for n in ast.walk(node) if isinstance(n, ast.Name)}      # len(str(exc))
        elif isinstance(node, ast.Attribute) and node.attr in SAFE_ATTRIBUTES and isinstance(node.value, ast.Name):
            safe.add(id(node.value))
    return safe


ERROR_PARAMETERS = {"exc", "error", "err"}   # how a callback that is handed an error names it


def _scopes(tree: ast.AST):
    """(node, name): an `except ... as name:` block, or a function or lambda handed an error as `name`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.name:
            yield node, node.name
        elif isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
            for arg in node.args.args:
                if arg.arg in ERROR_PARAMETERS:
                    yield node, arg.arg


def leaks(source: str) -> list[int]:
    """Lines of `source` that log a caught exception's own text."""
    found = set()
    for handler, name in _scopes(ast.parse(source)):
        for call in ast.walk(handler):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr in LOG_CALLS and isinstance(call.func.value, ast.Name)
                    and call.func.value.id in ("log", "logger", "logging")):
                continue
            for arg in [*call.args, *(k.value for k in call.keywords)]:
                safe = _safe_uses(arg, name)
                if any(isinstance(n, ast.Name) and n.id == name and id(n) not in safe for n in ast.walk(arg)):
                    found.add(call.lineno)
    return sorted(found)


def test_no_failure_in_the_app_is_logged_by_its_text() -> None:
    files = sorted((REPO / "app").rglob("*.py"))
    assert len(files) > 300
    wrong = [f"{path.relative_to(REPO)}:{n}" for path in files for n in leaks(path.read_text(encoding="utf-8"))]
    assert not wrong, "log these through app.core.failures.summary:\n" + "\n".join(wrong)


def test_the_scan_catches_each_way_of_logging_an_error_s_text() -> None:
    sample = ("try:\n    pass\nexcept Exception as exc:\n"
              "    log.warning('failed: %s', exc)\n"                      # 4: the text
              "    log.warning('failed: %r', exc)\n"                      # 5
              "    log.error(f'failed: {exc}')\n"                          # 6
              "    log.error('failed: %s', str(exc))\n"                   # 7
              "    log.info('failed: %s', exc.reason)\n"                  # 8
              "    log.warning('failed: %s', summary(exc))\n"             # fine
              "    log.warning('failed: %s', where(exc))\n"               # fine
              "    log.warning('failed: %s', type(exc).__name__)\n"       # fine
              "    log.warning('failed: %d chars', len(str(exc)))\n"     # fine
              "    log.warning('refused (%s)', exc.code)\n")              # fine
    assert leaks(sample) == [4, 5, 6, 7, 8]
