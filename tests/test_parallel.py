"""tests/parallel.py's rules on a small suite run on two workers: a file is one unit, a group is one unit across
files, and units with a slow test are handed out first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

CONFTEST = """
import pytest
from tests.parallel import scheduler, slow_first

GROUPS = {"held": ("test_c.py", "test_e.py")}

def pytest_collection_modifyitems(config, items):
    if hasattr(config, "workerinput"):
        slow_first(items, GROUPS)

@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    return scheduler(config, log, GROUPS)
"""

HOOKS = """
from tests.parallel import crash_report, crash_status

def pytest_handlecrashitem(crashitem, report, sched):
    crash_report(crashitem, report, sched)

def pytest_report_teststatus(report, config):
    return crash_status(report)
"""

TESTS = """
import json, os, time
import pytest
{mark}

@pytest.mark.parametrize("n", range(4))
def test_one(n):
    with open(os.environ["RAN"], "a") as f:
        f.write(json.dumps([__name__, n, os.environ["PYTEST_XDIST_WORKER"], time.monotonic()]) + "\\n")
    time.sleep(0.05)
"""


def test_a_file_and_a_group_each_run_on_one_worker_and_slow_units_start_first(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(CONFTEST)
    marks = {"test_a": "", "test_b": "", "test_c": "", "test_d": "", "test_e": "",
             "test_f": "pytestmark = pytest.mark.slow"}
    for name, mark in marks.items():
        (suite / f"{name}.py").write_text(TESTS.format(mark=mark))
    ran = tmp_path / "ran.jsonl"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "xdist", "-n", "2",
                           "--dist", "loadgroup", "-o", "markers=slow", "--rootdir", str(suite), str(suite)],
                          cwd=tmp_path, env={**os.environ, "RAN": str(ran), "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [json.loads(line) for line in ran.read_text().splitlines()]
    assert len(rows) == 24
    workers = {}
    for module, _n, worker, _t in rows:
        workers.setdefault("held" if module in ("test_c", "test_e") else module, set()).add(worker)
    assert all(len(w) == 1 for w in workers.values()), workers             # never split between workers
    assert len({w for ws in workers.values() for w in ws}) == 2             # and both workers worked
    first = min(rows, key=lambda row: row[3])
    assert first[0] == "test_f" or min(t for m, _n, _w, t in rows if m == "test_f") < min(
        t for m, _n, _w, t in rows if m == "test_b"), rows                  # the slow file is handed out first


CRASHING = """
import ctypes, os, time

def test_before():
    time.sleep(1.5)        # the other worker finishes its units meanwhile

def test_crash():
    ctypes.string_at(0)    # a segfault, as native code may have

def test_after():
    with open(os.environ["RAN"], "a") as f:
        f.write("after\\n")
"""


def test_a_worker_that_crashes_late_is_replaced_and_the_run_ends(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(CONFTEST + HOOKS)
    for name in ("test_a", "test_b", "test_c"):
        (suite / f"{name}.py").write_text(TESTS.format(mark=""))
    (suite / "test_z.py").write_text(CRASHING)
    ran = tmp_path / "ran.jsonl"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "xdist", "-n", "2",
                           "--dist", "loadgroup", "-o", "markers=slow", "--rootdir", str(suite), str(suite)],
                          cwd=tmp_path, env={**os.environ, "RAN": str(ran), "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert "node down" in done.stdout, done.stdout                 # a worker did crash
    assert "1 failed, 14 passed, 1 rerun" in done.stdout, done.stdout   # crashed twice: failed; everything else ran
    assert ran.read_text().count("after") == 1                    # the test after the crash ran, once
    assert done.returncode == 1


ONCE = """
import ctypes, os, time

def test_before():
    time.sleep(1.5)

def test_crash_once():
    mark = os.environ["RAN"] + ".crashed"
    if not os.path.exists(mark):        # a crash in native code that does not come back
        open(mark, "w").close()
        ctypes.string_at(0)
"""


def test_a_test_that_crashed_its_worker_once_runs_again_and_the_run_passes(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(CONFTEST + HOOKS)
    for name in ("test_a", "test_b"):
        (suite / f"{name}.py").write_text(TESTS.format(mark=""))
    (suite / "test_z.py").write_text(ONCE)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "xdist", "-n", "2",
                           "--dist", "loadgroup", "-o", "markers=slow", "--rootdir", str(suite), str(suite)],
                          cwd=tmp_path, env={**os.environ, "RAN": str(tmp_path / "ran"), "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert "node down" in done.stdout and "10 passed, 1 rerun" in done.stdout, done.stdout
    assert "test_z.py::test_crash_once crashed its worker; it runs again on a new worker" in done.stdout, done.stdout
    assert done.returncode == 0
