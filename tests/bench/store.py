"""Benchmark: rows/s written to the encrypted store (app Database) vs plain sqlite3, same table and pragmas.

Run from the repo root: .venv/bin/python tests/bench/store.py  (BEA_BENCH_ROWS=1000 for a quick run).
The last line is machine-readable: RESULT encrypted_rows_per_s=<int> plain_rows_per_s=<int> ratio=<x.xxx>
"""

from __future__ import annotations

import os
import random
import secrets
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

import sqlcipher3  # noqa: E402

from app.memory.database import Database  # noqa: E402
from app.memory.keys import KeyMaterial  # noqa: E402

ROWS = int(os.environ.get("BEA_BENCH_ROWS", "10000"))
BATCH = 500
REPEATS = 7  # best of N: the minimum is the run least disturbed by the rest of the machine

TABLE = "CREATE TABLE bench (id INTEGER PRIMARY KEY, ts REAL, author TEXT, text TEXT)"
INSERT = "INSERT INTO bench (ts, author, text) VALUES (?, ?, ?)"
WORDS = ("hey", "bea", "that", "was", "a", "great", "run", "can", "you", "tell", "chat", "about", "the",
         "boss", "fight", "lol", "next", "stream", "when", "is", "clip", "it", "pog", "again", "today")

Row = tuple[float, str, str]
Batch = list[Row]


def make_rows(count: int) -> list[Row]:
    """Chat-like rows: a timestamp, a handle, and ~80 characters of text (seeded, so every run is the same)."""
    rng = random.Random(42)
    rows = []
    for i in range(count):
        words: list[str] = []
        while sum(len(w) + 1 for w in words) < 80:
            words.append(rng.choice(WORDS))
        rows.append((1_700_000_000.0 + i * 0.25, f"viewer_{rng.randrange(500)}", " ".join(words)[:80]))
    return rows


def batches(rows: list[Row]) -> list[Batch]:
    return [rows[i:i + BATCH] for i in range(0, len(rows), BATCH)]


def timed(write_batch: Callable[[Batch], None], work: list[Batch]) -> float:
    start = time.perf_counter()
    for batch in work:
        write_batch(batch)
    return time.perf_counter() - start


def run_app_database(folder: Path, work: list[Batch]) -> float:
    # Open outside the timing: opening keys the file and runs the app's migrations.
    db = Database.open(folder / "bench.db", KeyMaterial("raw", secrets.token_hex(32)))
    try:
        db.write(lambda c: c.execute(TABLE))
        return timed(lambda batch: db.write(lambda c: c.executemany(INSERT, batch)), work)
    finally:
        db.close()


def run_plain(connect: Callable[[str], sqlite3.Connection], folder: Path, work: list[Batch]) -> float:
    # The same pragmas and transaction style the app's Database uses, minus the key.
    conn = connect(str(folder / "bench.db"))
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(TABLE)

        def write(batch: Batch) -> None:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(INSERT, batch)
            conn.execute("COMMIT")
        return timed(write, work)
    finally:
        conn.close()


def best_rates(contenders: dict[str, Callable[[Path], float]]) -> dict[str, int]:
    # Interleaved (A, B, C, A, B, C, ...) so a noisy moment on the machine hits every contender alike.
    times: dict[str, list[float]] = {label: [] for label in contenders}
    for _ in range(REPEATS):
        for label, run in contenders.items():
            with tempfile.TemporaryDirectory(prefix="bea-bench-") as tmp:  # a fresh file every time
                times[label].append(run(Path(tmp)))
    rates = {}
    for label, spent in times.items():
        best = min(spent)
        rates[label] = int(ROWS / best)
        print(f"{label:<38} best {best * 1000:8.1f} ms  ->  {rates[label]:>9,} rows/s  "
              f"(median {sorted(spent)[len(spent) // 2] * 1000:.1f} ms over {REPEATS} runs)")
    return rates


def main() -> int:
    if ROWS <= 0:
        print("BEA_BENCH_ROWS must be a positive number", file=sys.stderr)
        return 2
    work = batches(make_rows(ROWS))
    with sqlcipher3.connect(":memory:") as probe:
        cipher = probe.execute("PRAGMA cipher_version").fetchone()[0]
        cipher_sqlite = probe.execute("SELECT sqlite_version()").fetchone()[0]
    print(f"{ROWS:,} rows in batches of {BATCH}, one transaction per batch; best of {REPEATS}")
    print(f"SQLCipher {cipher} (SQLite {cipher_sqlite}) vs Python's sqlite3 (SQLite {sqlite3.sqlite_version})")

    rates = best_rates({
        "encrypted (app Database, raw key)": lambda d: run_app_database(d, work),
        "plain sqlite3": lambda d: run_plain(lambda p: sqlite3.connect(p, isolation_level=None), d, work),
        # The same library with no key: tells the cost of encryption apart from library and threading costs.
        "sqlcipher3 without a key (reference)": lambda d: run_plain(
            lambda p: sqlcipher3.connect(p, isolation_level=None), d, work),
    })
    encrypted, plain, unkeyed = rates.values()
    print(f"encrypted / sqlcipher3-without-key: {encrypted / unkeyed:.3f}")
    print(f"RESULT encrypted_rows_per_s={encrypted} plain_rows_per_s={plain} ratio={encrypted / plain:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
