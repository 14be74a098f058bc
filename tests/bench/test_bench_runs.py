"""The store benchmark still runs end to end and prints its RESULT line (no speed is asserted)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = re.compile(r"RESULT encrypted_rows_per_s=(\d+) plain_rows_per_s=(\d+) ratio=(\d+\.\d{3})")


def test_store_benchmark_prints_a_result_line() -> None:
    # Run as a script from the repo root, exactly as a developer would; 1000 rows keeps it to a second or two.
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "store.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_BENCH_ROWS="1000"), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    match = RESULT.fullmatch(last)
    assert match, f"unexpected last line: {last!r}"
    encrypted, plain, ratio = int(match[1]), int(match[2]), float(match[3])
    assert encrypted > 0 and plain > 0 and ratio > 0


TURN_RESULT = re.compile(r"RESULT turn_p50_ms=(\d+\.\d{3}) turn_p99_ms=(\d+\.\d{3}) calls_per_1000_lines=(\d+) "
                         r"p50_vs_bare_call=(\d+\.\d)")


def test_turn_benchmark_prints_a_result_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "turn.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_BENCH_TURNS="50"), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    match = TURN_RESULT.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, done.stdout
    assert float(match[1]) > 0 and 0 < int(match[3]) < 1000  # batching must spend fewer calls than lines


WINDOW_RESULT = re.compile(r"RESULT append_flush_ms_150k=(\d+\.\d) append_flush_ms_500k=(\d+\.\d) "
                           r"replay_ms_150k=(\d+\.\d) loop_ms_150k=(\d+\.\d\d) flush_vs_json=(\d+\.\d\d)")


def test_window_benchmark_prints_a_result_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "window.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_BENCH_TURNS="3"), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    match = WINDOW_RESULT.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, done.stdout
    assert all(float(g) > 0 for g in match.groups())


RECALL_RESULT = re.compile(r"RESULT recall_p50_ms_(\d+)k=(\d+\.\d\d) recall_p99_ms_\d+k=(\d+\.\d\d) "
                           r"speedup_vs_python_\d+k=(\d+\.\d) embed_per_s=(\d+)")


def test_recall_benchmark_prints_a_result_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "recall.py")], cwd=ROOT,
                          env=dict(os.environ, BEA_BENCH_SIZES="1000", BEA_BENCH_QUERIES="5"),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    match = RECALL_RESULT.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, done.stdout
    assert float(match[2]) > 0 and float(match[4]) > 0
