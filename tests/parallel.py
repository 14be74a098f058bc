"""The suite on several cores (pytest-xdist: `pytest -n 2`, as .ci/run does): what runs beside what.

1. A test file is one unit of work: one worker runs the whole file, in its order, so a module's fixture (the
   stream in a box, OBS Studio, a model) is made once.
2. Files that use something only one test may hold at a time form one unit together, listed in GROUPS by path:
   FIXED_PORTS start the app with the ports it ships with (the stage's 7455, the local API's 8765; found by a run
   with every bind() logged), and the bundle's tests share the session's one frozen bundle, whose Linux package
   opens her window on those ports. Every other test binds a port the system picks (or runs in a network
   namespace of its own) and works in a folder of its own. (xdist's own xdist_group mark does nothing with pytest
   9: it renames the test's node id, which pytest 9 no longer reads.)
3. Units with a test marked slow are handed out first: the long ones start at once, while the other worker
   takes the short ones, and the run does not end with one worker alone on a long unit.
4. A worker that crashes (a segfault in native code) is replaced and the run goes on; only the tests it had not
   run go back in the queue. (xdist's own scheduling by units puts back every unit the worker ever ran, finished
   ones too; the new worker is handed a finished unit, runs nothing, reports nothing, and the run waits forever.)
   The test it crashed in goes back once, to run on the new worker: its first crash is reported as a rerun (R,
   and a line saying which test crashed its worker), not a failure; a second crash fails it. A crash seen in
   Qt's event processing after tests that passed, not reproduced alone, is reported without failing the run;
   a test that crashes its worker every time still fails.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

FIXED_PORTS = (
    "tests/api/test_service.py",
    "tests/bench/test_conversation_runs.py",
    "tests/bench/test_first_answer_runs.py",
    "tests/bench/test_raid_runs.py",
    "tests/mind/test_spanish_in_app.py",
    "tests/skills/obs/test_not_set_up.py",
    "tests/test_bundle.py",
    "tests/test_cli.py",
    "tests/test_linux_package.py",
    "tests/test_no_content_at_rest.py",
)
GROUPS: Mapping[str, tuple[str, ...]] = {"fixed-ports": FIXED_PORTS}


def unit(nodeid: str, groups: Mapping[str, tuple[str, ...]] = GROUPS) -> str:
    """The unit a test belongs to: its group (rule 2), else its file (rule 1)."""
    path = nodeid.split("::", 1)[0]
    return next((name for name, paths in groups.items() if path in paths), path)


def slow_first(items: list[pytest.Item], groups: Mapping[str, tuple[str, ...]] = GROUPS) -> None:
    """Rule 3, on each worker's collection (all workers collect alike, so the order they report is one)."""
    slow = {unit(item.nodeid, groups) for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: unit(item.nodeid, groups) not in slow)


def scheduler(config: pytest.Config, log, groups: Mapping[str, tuple[str, ...]] = GROUPS):
    """Rules 1 and 2 for `--dist loadgroup`: xdist's scheduling by units, with ours as the units."""
    from xdist.scheduler import LoadGroupScheduling

    class Units(LoadGroupScheduling):
        crashed: set[str] = set()   # rule 4: tests that crashed a worker

        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid, groups)

        rerun: set[str] = set()     # rule 4: tests whose first crash sent them back once

        def remove_node(self, node) -> str | None:   # rule 4
            workload = self.assigned_work.pop(node)
            left = [(nodeid, scope) for scope, tests in workload.items() for nodeid, done in tests.items() if not done]
            if not left:
                return None
            crashed, scope = left[0]        # a worker runs what it is handed in order: the first not done
            if crashed in self.crashed:
                self.rerun.discard(crashed)
                workload[scope][crashed] = True
            else:
                self.crashed.add(crashed)
                self.rerun.add(crashed)
            self.workqueue.update({scope: tests for scope, tests in workload.items() if not all(tests.values())})
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

    config.option.loadscopereorder = False          # rule 3's order, not xdist's (most tests first)
    units = Units(config, log)
    units.crashed, units.rerun = set(), set()
    return units


def crash_report(crashitem: str, report: pytest.TestReport, sched) -> None:
    """Rule 4, for xdist's pytest_handlecrashitem: a first crash is a rerun, not a failure."""
    if crashitem in getattr(sched, "rerun", ()):
        report.outcome = "rerun"   # type: ignore[assignment]
        terminal = sched.config.pluginmanager.get_plugin("terminalreporter")
        if terminal is not None:
            terminal.write_line(f"\n{crashitem} crashed its worker; it runs again on a new worker", yellow=True)


def crash_status(report: pytest.TestReport):
    """Rule 4, for pytest_report_teststatus: how a rerun shows."""
    if report.outcome == "rerun":
        return "rerun", "R", ("RERUN", {"yellow": True})
    return None
