"""Every benchmark still runs end to end, on a small size, and prints its RESULT line (no speed is asserted)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def last_result(script: str, pattern: re.Pattern[str], timeout: float = 600, **env: str) -> re.Match[str]:
    """Run a benchmark as a developer would (a script, from the repo root) and match its last line."""
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / script)], cwd=ROOT,
                          env=dict(os.environ, **env), capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    match = pattern.fullmatch(done.stdout.strip().splitlines()[-1])
    assert match, f"unexpected output:\n{done.stdout}"
    return match


RESULT = re.compile(r"RESULT encrypted_rows_per_s=(\d+) plain_rows_per_s=(\d+) ratio=(\d+\.\d{3})")


def test_store_benchmark_prints_a_result_line() -> None:
    match = last_result("store.py", RESULT, timeout=120, BEA_BENCH_ROWS="1000")  # a second or two
    encrypted, plain, ratio = int(match[1]), int(match[2]), float(match[3])
    assert encrypted > 0 and plain > 0 and ratio > 0


TURN_RESULT = re.compile(r"RESULT turn_p50_ms=(\d+\.\d{3}) turn_p99_ms=(\d+\.\d{3}) calls_per_1000_lines=(\d+) "
                         r"p50_vs_bare_call=(\d+\.\d)")


def test_turn_benchmark_prints_a_result_line() -> None:
    match = last_result("turn.py", TURN_RESULT, timeout=300, BEA_BENCH_TURNS="50")
    assert float(match[1]) > 0 and 0 < int(match[3]) < 1000  # batching must spend fewer calls than lines


WINDOW_RESULT = re.compile(r"RESULT append_flush_ms_150k=(\d+\.\d) append_flush_ms_500k=(\d+\.\d) "
                           r"compact_ms_500k=(\d+\.\d) replay_ms_150k=(\d+\.\d) loop_ms_150k=(\d+\.\d\d) "
                           r"flush_vs_json=(\d+\.\d\d)")


def test_window_benchmark_prints_a_result_line() -> None:
    match = last_result("window.py", WINDOW_RESULT, BEA_BENCH_TURNS="3")
    assert all(float(g) > 0 for g in match.groups())


RECALL_RESULT = re.compile(r"RESULT recall_p50_ms_(\d+)k=(\d+\.\d\d) recall_p99_ms_\d+k=(\d+\.\d\d) "
                           r"near_p50_ms_\d+k=(\d+\.\d\d) float32_p50_ms_\d+k=(\d+\.\d\d) "
                           r"float32_over_default_\d+k=(\d+\.\d\d) speedup_vs_python_\d+k=(\d+\.\d) "
                           r"agree=(\d+)/(\d+) embed_per_s=(\d+)")


def test_recall_benchmark_prints_a_result_line() -> None:
    """The default path's answers are the float32 path's, query for query (random and near queries)."""
    match = last_result("recall.py", RECALL_RESULT, BEA_BENCH_SIZES="1000", BEA_BENCH_QUERIES="5")
    assert float(match[2]) > 0 and float(match[5]) > 0 and float(match[7]) > 0
    assert match[8] == match[9] == "10"


ROSTER_RESULT = re.compile(r"RESULT tally_msgs_per_s=(\d+) hook_ms_p50_(\d+)k=(\d+\.\d\d) hook_ms_p99_\d+k=(\d+\.\d\d) "
                           r"tally_vs_bare_insert=(\d+\.\d{3})")


def test_roster_benchmark_prints_a_result_line() -> None:
    match = last_result("roster.py", ROSTER_RESULT, BEA_BENCH_KNOWN="2000", BEA_BENCH_HOOKS="20")
    assert int(match[1]) > 0 and match[2] == "2" and float(match[3]) > 0 and float(match[5]) > 0


TALK_KEY_RESULT = re.compile(r"RESULT press_ms_p50=(\d+\.\d{3}) press_ms_p99=(\d+\.\d{3}) "
                             r"release_ms_p50=(\d+\.\d{3}) p50_vs_round_trip=(\d+\.\d)")


def test_talk_key_benchmark_prints_a_result_line() -> None:
    from tests.xserver import MISSING
    if "Xvfb" in MISSING:
        import pytest
        pytest.skip("the talk key benchmark needs Xvfb (Debian package xvfb), not installed")
    match = last_result("talk_key.py", TALK_KEY_RESULT, timeout=120, BEA_BENCH_PRESSES="20")
    assert 0 < float(match[1]) <= float(match[2])
