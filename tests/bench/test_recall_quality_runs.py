"""The recall-quality benchmark still runs end to end and prints its RESULT line; its rank correlation is right."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.bench.recall_quality import ranks, spearman

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT model=(\S+) it_spearman=(-?\d\.\d{3}) en_it_recall_at_1=(\d\.\d{3})")
LINE = re.compile(r"(\S+) +(onnx|sentence-transformers) +it_spearman=-?\d\.\d{3} en_it_recall_at_1=\d\.\d{3} "
                  r"embed_per_s=\d+\.\d load_s=\d+\.\d")


PAIRING = re.compile(r"PREFIXES first=([qpn]) second=([qpn]) it_spearman=-?\d\.\d{3} en_it_recall_at_1=\d\.\d{3}")


def test_recall_quality_benchmark_prints_a_result_line() -> None:
    # 25 pairs: about 100 sentences per backend, a second or two each once the model is loaded; the prefix
    # pairings embed them three times more on the default model. Enough to tell a broken model or metric.
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "recall_quality.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_BENCH_PAIRS="25", BEA_BENCH_PREFIXES="1"), capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    match = RESULT.fullmatch(lines[-1])
    assert match, done.stdout
    pairings = [PAIRING.fullmatch(line) for line in lines if line.startswith("PREFIXES ")]
    assert all(pairings) and {(m[1], m[2]) for m in pairings} == {(a, b) for a in "qpn" for b in "qpn"}
    per_model = [LINE.fullmatch(line) for line in lines[1:-1] if not line.startswith("PREFIXES ")]
    assert per_model and all(per_model), done.stdout
    assert per_model[0][1] == match[1] and per_model[0][2] == "onnx"  # the RESULT is the default on ONNX
    # far above chance (1 in ~90), far below a perfect score: a broken model or a broken metric shows here
    assert 0.5 < float(match[2]) <= 1 and 0.3 < float(match[3]) <= 1


RANKS = [
    # values, ranks (ties share the mean of the ranks they span)
    ([3.0, 1.0, 2.0], [3.0, 1.0, 2.0]),
    ([1.0, 2.0, 2.0, 3.0], [1.0, 2.5, 2.5, 4.0]),
    ([5.0, 5.0, 5.0], [2.0, 2.0, 2.0]),
    ([0.2, -1.0, 0.2, 7.0, -1.0], [3.5, 1.5, 3.5, 5.0, 1.5]),
]


@pytest.mark.parametrize("values,expected", RANKS)
def test_ranks(values, expected) -> None:
    assert ranks(np.array(values)).tolist() == expected


SPEARMAN = [
    # x, y, rho
    ([1, 2, 3, 4, 5], [10, 20, 30, 40, 50], 1.0),
    ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1], -1.0),
    ([1, 2, 3, 4, 5], [1, 3, 2, 5, 4], 0.8),      # 1 - 6*4/(5*24)
    ([1, 2, 3, 4], [1.0, 1.0, 2.0, 2.0], 0.894),  # ties: Pearson on the mean ranks
]


@pytest.mark.parametrize("x,y,rho", SPEARMAN)
def test_spearman(x, y, rho) -> None:
    assert spearman(np.array(x), np.array(y)) == pytest.approx(rho, abs=1e-3)
