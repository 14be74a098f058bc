"""The embedding probe's threshold keeps to its budget of plain lines, beside what the rules flag already."""

from __future__ import annotations

import numpy as np

from tests.bench.triage_probe import MAX_PLAIN, threshold_for


def test_the_threshold_flags_at_most_the_budget_of_plain_lines() -> None:
    scores = np.linspace(-5.0, 5.0, 5000)
    threshold = threshold_for(scores, np.zeros(len(scores), bool))
    assert (scores >= threshold).sum() == int(MAX_PLAIN * len(scores))  # 5 lines: the highest five
    assert threshold > scores[-6]


def test_lines_the_rules_flag_already_leave_the_probe_its_own_budget() -> None:
    scores = np.linspace(-5.0, 5.0, 5000)
    already = np.zeros(len(scores), bool)
    already[-3:] = True  # the three highest are the rules' already
    threshold = threshold_for(scores, already)
    assert ((scores >= threshold) & ~already).sum() == 5
    assert ((scores >= threshold) | already).sum() == 8


def test_a_budget_larger_than_the_lines_left_flags_them_all() -> None:
    scores = np.array([0.1, 0.2, 0.3])
    assert threshold_for(scores, np.array([True, True, True])) == float("-inf")
