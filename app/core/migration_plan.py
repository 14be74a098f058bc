"""Which schema migrations run when a database opens: forward-only, numbered, refused when from the future.

Theory of operation:
1. Migrations are numbered 1..N with no gaps; the database stores the number of the last one applied.
2. A database at version v < N runs v+1..N in order, each in its own transaction.
3. A database that already holds data (v >= 1) is backed up before the first step; a new one is not.
4. A database at version v > N was written by a newer Bea: nothing runs, nothing is written, and the user
   is told to update.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MigrationPlan:
    steps: tuple[int, ...]
    backup: bool
    refusal: str | None = None


def check_numbering(versions: list[int]) -> None:
    if versions != list(range(1, len(versions) + 1)):
        raise ValueError(f"migrations must be numbered 1..N without gaps, got {versions}")


def plan_migrations(current: int, latest: int) -> MigrationPlan:
    if current < 0:
        return MigrationPlan((), False, f"the database reports an impossible schema version {current}")
    if current > latest:
        return MigrationPlan((), False,
                             f"this database was written by a newer version of Bea (schema {current}; this "
                             f"version knows up to {latest}). Update Bea to open it; the file was left untouched.")
    return MigrationPlan(tuple(range(current + 1, latest + 1)), current >= 1 and current < latest)
