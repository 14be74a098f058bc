"""Which migrations run, whether a backup is taken, and when a file is refused."""

import pytest

from app.core.migration_plan import check_numbering, plan_migrations

CASES = [
    # current, latest -> steps, backup, refused
    (0, 2, (1, 2), False, False),   # a new database: nothing to back up
    (1, 2, (2,), True, False),
    (2, 2, (), False, False),
    (1, 5, (2, 3, 4, 5), True, False),
    (3, 2, (), False, True),        # from a newer Bea
    (-1, 2, (), False, True),
]


@pytest.mark.parametrize("current,latest,steps,backup,refused", CASES)
def test_plan(current, latest, steps, backup, refused):
    plan = plan_migrations(current, latest)
    assert plan.steps == steps
    assert plan.backup is backup
    assert (plan.refusal is not None) is refused


def test_refusal_says_what_to_do():
    plan = plan_migrations(7, 2)
    assert "newer version of Bea" in plan.refusal and "untouched" in plan.refusal


def test_numbering_must_have_no_gaps():
    check_numbering([1, 2, 3])
    with pytest.raises(ValueError):
        check_numbering([1, 3])
    with pytest.raises(ValueError):
        check_numbering([2, 1])
