"""Background work starts one way: app.process.tasks.spawn, which holds every task and logs its failure once.

The loop keeps only weak references to its tasks: a bare `asyncio.ensure_future(...)` that nothing holds can be
collected mid-run, and its exception is lost or printed with its message (chat text) by asyncio. The scan reads
the code of app/ (not comments) for every call of ensure_future or create_task and every function named spawn,
and allows them only in app/process/tasks.py. The rest proves what spawn promises.
"""

from __future__ import annotations

import ast
import asyncio
import gc
import logging
import weakref
from pathlib import Path

from app.process import tasks
from app.process.tasks import spawn
from tests.conftest import REPO

HOME = REPO / "app" / "process" / "tasks.py"
STARTERS = {"ensure_future", "create_task"}


def starts(text: str) -> list[int]:
    """Lines of text that start a task, or define a spawn helper, other than through app.process.tasks."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in STARTERS:
                found.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and any(a.name in STARTERS for a in node.names):
            found.append(node.lineno)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.lstrip("_") == "spawn":
            found.append(node.lineno)
    return sorted(found)


def violations(root: Path = REPO) -> list[str]:
    wrong = []
    for path in sorted((root / "app").rglob("*.py")):
        if path == HOME:
            continue
        wrong += [f"{path.relative_to(root)}:{n}: starts a task past app.process.tasks.spawn"
                  for n in starts(path.read_text(encoding="utf-8"))]
    return wrong


def test_every_task_in_app_is_started_by_the_one_spawn() -> None:
    wrong = violations()
    assert not wrong, "tasks started another way:\n" + "\n".join(wrong)


def test_the_scan_sees_each_way_of_starting_a_task() -> None:
    sample = ("import asyncio\n"
              "from asyncio import ensure_future\n"
              "def a(loop):\n"
              "    asyncio.ensure_future(work())\n"
              "    loop.create_task(work())\n"
              "    asyncio.get_running_loop().create_task(work())\n"
              "def _spawn(coro):\n"
              "    pass\n"
              "# asyncio.ensure_future(x) in a comment is no call\n"
              "spawn(work())\n")
    assert starts(sample) == [2, 4, 5, 6, 7]


async def _fails(words: str) -> None:
    await asyncio.sleep(0)
    raise ValueError(words)


def test_a_task_is_held_until_done_in_the_callers_set_or_by_its_loop() -> None:
    async def go() -> tuple[bool, bool, bool, bool]:
        mine: set[asyncio.Task] = set()
        loops = tasks.held_by(asyncio.get_running_loop())
        held = spawn(asyncio.sleep(0), held=mine)
        loose = spawn(asyncio.sleep(0))
        while_running = held in mine and loose in loops and held not in loops
        await asyncio.gather(held, loose)
        return while_running, held in mine, loose in loops, held.done()
    assert asyncio.run(go()) == (True, False, False, True)


def test_a_task_left_pending_when_its_loop_closes_goes_with_the_loop() -> None:
    class App:
        async def forever(self) -> None:
            await asyncio.sleep(3600)

    def run_and_close() -> weakref.ref:
        app = App()
        loop = asyncio.new_event_loop()

        async def start() -> None:
            spawn(app.forever())
        loop.run_until_complete(start())
        loop.close()
        return weakref.ref(app)
    gone = run_and_close()
    gc.collect()
    assert gone() is None


def test_a_failure_is_logged_once_by_what_and_where_never_by_its_words(caplog) -> None:
    async def go() -> None:
        spawn(_fails("ciao chat, this is a viewer's line"))
        for _ in range(5):
            await asyncio.sleep(0)
        gc.collect()          # nothing is left for asyncio to print as "never retrieved"
    with caplog.at_level(logging.ERROR):
        asyncio.run(go())
    assert len(caplog.records) == 1, [r.getMessage() for r in caplog.records]
    line = caplog.records[0].getMessage()
    assert "_fails" in line and "ValueError" in line and "test_one_spawn.py" in line
    assert "viewer" not in line and "ciao" not in line


def test_a_cancelled_task_or_one_somebody_awaits_is_not_logged(caplog) -> None:
    async def go() -> str:
        cancelled = spawn(asyncio.sleep(10))
        await asyncio.sleep(0)
        cancelled.cancel()
        awaited = spawn(_fails("theirs"), awaited=True)
        try:
            await awaited
        except ValueError as exc:
            return str(exc)
        return ""
    with caplog.at_level(logging.ERROR):
        assert asyncio.run(go()) == "theirs"
    assert not caplog.records


def test_with_no_running_loop_nothing_runs_and_the_coroutine_is_closed() -> None:
    ran = []

    async def work() -> None:
        ran.append(1)
    coro = work()
    assert spawn(coro) is None and ran == [] and coro.cr_frame is None
