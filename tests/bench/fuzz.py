"""Benchmark: the parser fuzz (tests/fuzz) run long, 20,000 examples per parser by default.

Run from the repo root: .venv/bin/python tests/bench/fuzz.py  (BEA_FUZZ_EXAMPLES=200 for a quick run).
Each property of tests/fuzz runs with the "bea-fuzz" profile at BEA_FUZZ_EXAMPLES examples; a property that
finds an input its parser answers with anything but its documented error is a failure, printed with the
input Hypothesis shrank it to. The last line is machine-readable:
RESULT parsers=<int> examples=<int> failures=<int> seconds=<x.x>
"""

from __future__ import annotations

import importlib
import os
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, the repo root is not on the path
os.environ.setdefault("BEA_FUZZ_EXAMPLES", "20000")  # read when tests.fuzz.strategies is imported


def properties() -> list[tuple[str, object]]:
    found = []
    for path in sorted((ROOT / "tests" / "fuzz").glob("test_*.py")):
        module = importlib.import_module(f"tests.fuzz.{path.stem}")
        found += [(f"{path.stem}::{name}", fn) for name, fn in vars(module).items()
                  if name.startswith("test_") and hasattr(fn, "hypothesis")]
    return found


def main() -> int:
    from tests.fuzz.strategies import EXAMPLES, RUNS
    failures = 0
    start = time.perf_counter()
    for name, prop in properties():
        began = time.perf_counter()
        try:
            prop()
        except Exception:
            failures += 1
            print(f"FAILED {name}\n{traceback.format_exc()}", flush=True)
        else:
            print(f"ok {name} ({time.perf_counter() - began:.1f} s)", flush=True)
    seconds = time.perf_counter() - start
    print(f"{EXAMPLES} examples asked per property; examples run per parser: "
          + ", ".join(f"{k}={v}" for k, v in sorted(RUNS.items())))
    print(f"RESULT parsers={len(RUNS)} examples={sum(RUNS.values())} failures={failures} seconds={seconds:.1f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
