"""One clock: every part of the app reads the time only through the Clock it was given (app/process/clock.py),
and the stream in a box plugs its virtual clock in there instead of patching the standard library.

The first scan reads all of app/ but app/process/clock.py, the one module that reads the machine's clocks, for
a use of time.time, time.monotonic, datetime.now, datetime.utcnow or date.today, called or passed as a default:
each is a second clock, which a test running the app on its own clock would not move. time.perf_counter is not
one: it measures how long real work took. The second scan reads tests/e2e for what patching the clocks takes.
"""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

from app import compose
from app.core.events import EventKind
from tests.conftest import REPO
from tests.fakes import StoppedClock

THE_CLOCK = "app/process/clock.py"   # the one module that reads the machine's clocks
CLOCKS = {("time", "time"), ("time", "monotonic"), ("datetime", "now"), ("datetime", "utcnow"),
          ("date", "today"), ("datetime", "today")}


def reads(text: str) -> list[int]:
    """Lines of text that use a standard library clock."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Attribute) and (_last(node.value), node.attr) in CLOCKS:
            found.add(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module in ("time", "datetime") and any(
                (node.module, a.name) in CLOCKS for a in node.names):
            found.add(node.lineno)
    return sorted(found)


def _last(node: ast.AST) -> str:
    """The last name of a dotted expression: `datetime` for dt.datetime and for datetime."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def scanned_files(root: Path = REPO) -> list[Path]:
    return [path for path in sorted((root / "app").rglob("*.py")) if path != root / THE_CLOCK]


def test_the_app_reads_only_the_clock_it_was_given() -> None:
    assert (REPO / THE_CLOCK).is_file() and len(scanned_files()) > 300
    wrong = [f"{path.relative_to(REPO)}:{n}: reads a standard library clock; use the injected Clock"
             for path in scanned_files() for n in reads(path.read_text(encoding="utf-8"))]
    assert not wrong, "second clocks:\n" + "\n".join(wrong)


def test_the_scan_sees_each_way_of_reading_a_second_clock() -> None:
    sample = ("import time\n"
              "from time import monotonic\n"
              "def f(clock=time.time):\n"
              "    started = time.perf_counter()\n"
              "    return time.monotonic(), datetime.now(UTC), dt.datetime.utcnow(), date.today()\n"
              "def g(ctx):\n"
              "    return ctx.clock.time(), ctx.clock.now(), loop.time()\n"
              "# time.time() in a comment is not read\n")
    assert reads(sample) == [2, 3, 5]


def test_the_scan_reaches_every_room_but_the_clock_itself(tmp_path) -> None:
    planted = {"app/memory/store.py": "import time\nstamp = time.time()\n",
               "app/ui/deep/dock.py": "def f(now=datetime.now):\n    return now()\n",
               THE_CLOCK: "import time\nnow = time.monotonic()\n"}
    for name, text in planted.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = {str(path.relative_to(tmp_path)): reads(path.read_text(encoding="utf-8"))
             for path in scanned_files(tmp_path)}
    assert found == {"app/memory/store.py": [2], "app/ui/deep/dock.py": [1]}


PATCHES = ("__defaults__", "__kwdefaults__")   # the clock a default argument captured, swapped


def patches(text: str) -> list[int]:
    """Lines of text that patch the standard library's clocks or swap what functions captured of them."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute) and (
                            (_last(part.value), part.attr) in CLOCKS or part.attr == "datetime"):
                        found.add(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PATCHES:
            found.add(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "modules" and _last(node.value) == "sys":
            found.add(node.lineno)   # walking every loaded module, to patch what each imported
    return sorted(found)


def test_the_box_plugs_its_clock_in_where_the_app_is_composed_and_patches_nothing() -> None:
    wrong = [f"{path.relative_to(REPO)}:{n}: patches the standard library's clocks"
             for path in sorted((REPO / "tests" / "e2e").glob("*.py"))
             for n in patches(path.read_text(encoding="utf-8"))]
    assert not wrong, "\n".join(wrong)
    box = (REPO / "tests" / "e2e" / "box.py").read_text(encoding="utf-8")
    assert "headless.serve(self.data_dir, driven, clock=self.clock)" in box


def test_the_patch_scan_sees_what_patching_took() -> None:
    sample = ("time.time, time.monotonic = clock.time, clock.monotonic\n"
              "module.datetime = virtual\n"
              "setattr(fn, '__defaults__', swapped)\n"
              "ours = [m for n, m in sys.modules.items()]\n"
              "stamp = clock.time()\n")
    assert patches(sample) == [1, 2, 3, 4]


def test_the_composed_app_reads_the_clock_it_was_given(data_dir, env) -> None:
    clock = StoppedClock(datetime(2031, 5, 17, 21, 30, tzinfo=UTC))
    bea = compose.build(data_dir, env=env, log_to_stderr=False, clock=clock)
    try:
        assert bea.bus.publish(EventKind.SYSTEM, "test", "a moment").ts == clock.time()
        sid = bea.mind.stream.go_live()
        assert [s[1] for s in bea.mind.stream.sessions() if s[0] == sid] == [clock.time()]
        assert bea.skills["clock"].now().timestamp() == clock.time()
        assert bea.mind.mood.stored.updated_at == clock.time()   # her mood at rest since the moment she woke
        assert bea.mind.dreamer is not None and bea.mind.dreamer.next_due(4) > clock.now()
        bea.person_store.audit("phone", "read", "owner")   # the stores below the mind, and the stage
        assert bea.person_store.audit_log()[0][0] == clock.time()
        assert bea.skills["stage"].server.clock is clock
    finally:
        compose.close(bea)
