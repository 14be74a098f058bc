"""The window's shape as a table: trigger and hot follow the ceiling unless pinned, and bad shapes are refused."""

import pytest

from app.core.budget import Budget, problem

CASES = [
    # ceiling, trigger_pin, hot_pin -> trigger, hot
    (150_000, 0, 0, 120_000, 30_000),
    (500_000, 0, 0, 400_000, 100_000),
    (200_000, 0, 0, 160_000, 40_000),
    (150_000, 140_000, 0, 140_000, 30_000),
    (150_000, 900_000, 0, 150_000, 30_000),   # clamped to the ceiling
    (150_000, 0, 10_000, 120_000, 10_000),
    (300_000, 100_000, 50_000, 100_000, 50_000),
]


@pytest.mark.parametrize("ceiling,trigger_pin,hot_pin,trigger,hot", CASES)
def test_shape(ceiling, trigger_pin, hot_pin, trigger, hot):
    b = Budget(ceiling, trigger_pin, hot_pin)
    assert (b.trigger, b.hot) == (trigger, hot)
    assert problem(ceiling, trigger_pin, hot_pin) == ""


@pytest.mark.parametrize("ceiling,trigger_pin,hot_pin,words", [
    (100_000, 0, 0, "between 150,000 and 500,000"),
    (600_000, 0, 0, "between 150,000 and 500,000"),
    (150_000, 30_000, 0, "trigger (30,000) must be above the hot present (30,000)"),
    (150_000, 0, 130_000, "trigger (120,000) must be above the hot present (130,000)"),
    (150_000, -1, 0, "cannot be negative"),
])
def test_refused_with_the_reason(ceiling, trigger_pin, hot_pin, words):
    assert words in problem(ceiling, trigger_pin, hot_pin)
