"""The suite on several cores (pytest-xdist: `pytest -n 2`, as .ci/run does): what runs beside what.

1. A test file is one unit of work: one worker runs the whole file, in its order, so a module's fixture (the
   stream in a box, OBS Studio, a model) is made once.
2. Files that use something only one test may hold at a time are one unit too, named by a group
   (`pytestmark = pytest.mark.xdist_group(...)`): FIXED_PORTS, the app run with the ports it ships with (the
   stage's and the local API's) and the session's one frozen bundle, whose package opens her window so.
   Everything else takes a port the system picks and a folder of its own.
3. Units with a test marked slow are handed out first: the long ones start at once, while the other worker
   takes the short ones, and the run does not end with one worker alone on a long unit.
"""

from __future__ import annotations

import pytest

FIXED_PORTS = "fixed-ports"


def slow_first(items: list[pytest.Item]) -> None:
    """Rule 3, on each worker's collection (all workers collect alike, so the order they report is one)."""
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    groups = {_group(item) for item in items if item.path in slow} - {None}
    items.sort(key=lambda item: not (item.path in slow or _group(item) in groups))


def _group(item: pytest.Item) -> str | None:
    mark = item.get_closest_marker("xdist_group")
    return None if mark is None else str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))


def scheduler(config: pytest.Config, log):
    """Rules 1 and 2 for `--dist loadgroup`: a group is a unit (xdist's own loadgroup) and so is a file."""
    from xdist.scheduler import LoadGroupScheduling

    class FileOrGroup(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)     # the group, or the test itself when it has none
            return nodeid.split("::", 1)[0] if scope == nodeid else scope

    config.option.loadscopereorder = False          # rule 3's order, not xdist's (most tests first)
    return FileOrGroup(config, log)
