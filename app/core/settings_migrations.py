"""Settings documents move forward one schema version at a time.

Theory of operation:
1. A stored settings document carries `schema_version`; the code knows `target`.
2. Each migration turns a document of version n into one of version n+1; they run in order.
3. A document from a newer version is refused (its fields may mean things this version does not know).
4. A missing migration step is a programming error, reported with the version that lacks it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

Doc = dict[str, Any]


class SettingsVersionError(ValueError):
    pass


def migrate_settings(doc: Mapping[str, Any], version: int, target: int,
                     steps: Mapping[int, Callable[[Doc], Doc]]) -> Doc:
    if version > target:
        raise SettingsVersionError(
            f"the stored settings come from a newer version of Bea (settings schema {version}, this version "
            f"knows up to {target})")
    out = copy.deepcopy(dict(doc))
    for v in range(version, target):
        if v not in steps:
            raise SettingsVersionError(f"no settings migration from schema {v} to {v + 1}")
        out = steps[v](out)
    return out
