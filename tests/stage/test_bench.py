"""The stage benchmark runs end to end on a small size and prints its RESULT line (no speed is asserted)."""

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO

RESULT = re.compile(r"RESULT stage_fps=(\d+\.\d) msg_latency_ms_p50=(-?\d+\.\d\d)")


@pytest.mark.timeout(180)
def test_the_stage_benchmark_prints_a_result_line():
    done = subprocess.run([sys.executable, str(REPO / "tests" / "bench" / "stage.py")], cwd=REPO,
                          env=dict(os.environ, BEA_BENCH_SECONDS="2", BEA_BENCH_SIZE="320x240"),
                          capture_output=True, text=True, timeout=170)
    assert done.returncode == 0, done.stderr[-3000:]
    match = RESULT.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, done.stdout
    assert float(match[1]) > 0
