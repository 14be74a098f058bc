"""The conversation benchmark runs end to end on two scenes and prints its RESULT line (no quality is asserted)."""

from __future__ import annotations

import re

import pytest

from tests.bench.test_bench_runs import last_result

pytest.importorskip("lingua", reason="lingua-language-detector (the dev extra) is not installed")

SHARE = r"(\d\.\d\d|nan)"
RESULT = re.compile(rf"RESULT scenes=(\d+) language_ok={SHARE} echo={SHARE} recall_3_lines={SHARE} "
                    rf"recall_restart={SHARE} recall_next_stream={SHARE} tools_ok={SHARE} names_used={SHARE} "
                    rf"injection_ok={SHARE} brief_ok={SHARE} copied_earlier={SHARE} written_offered=([01])")


def test_conversation_benchmark_prints_a_result_line() -> None:
    match = last_result("conversation.py", RESULT, timeout=300, BEA_BENCH_SCENES="greeting_en0,question_it0")
    assert match[1] == "2" and match[2] != "nan"   # she answered, in some language, and it was scored
    # no recall scene; the demo has no send_message
    assert match[4] == match[5] == match[6] == "nan" and match[12] == "0"
