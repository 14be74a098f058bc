"""Benchmark: social memory on the encrypted store.

Run from the repo root: .venv/bin/python tests/bench/roster.py  (BEA_BENCH_KNOWN=5000 for a quick run).
1. A raid: 5,000 chat messages from 2,000 authors tallied in batches of 50 (one transaction per batch, what the
   mind does per turn). The baseline, in the same run and the same encrypted file: one bare INSERT per message
   into a plain table, batched the same way (the floor of "one cheap write per message").
2. The per-batch hook (tally, aliases, buffer, cards, the [WHO YOU'RE TALKING TO] block, then the relabel) for a
   batch of 20 lines from known people, with 50,000 identities known (2,000 of them with a card of 5 facts).
Last line: RESULT tally_msgs_per_s=... hook_ms_p50_50k=... hook_ms_p99_50k=... tally_vs_bare_insert=...
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

from app.core.events import EventBus  # noqa: E402
from app.core.perception import Author, Meta, Perception, PerceptionKind  # noqa: E402
from app.memory.alias_store import AliasStore  # noqa: E402
from app.memory.database import Database  # noqa: E402
from app.memory.keys import KeyMaterial  # noqa: E402
from app.memory.people_store import PeopleStore, Sighting  # noqa: E402
from app.process.clock import SYSTEM
from app.skills.base import SkillContext  # noqa: E402
from app.skills.people.skill import PeopleSettings, PeopleSkill  # noqa: E402
from tests.her_words import english  # noqa: E402

RAID_MESSAGES, RAID_AUTHORS, BATCH = 5000, 2000, 50
KNOWN = int(os.environ.get("BEA_BENCH_KNOWN", "50000"))
CARDS = min(2000, KNOWN // 10)
HOOK_BATCHES = int(os.environ.get("BEA_BENCH_HOOKS", "200"))


def raid(rng: random.Random) -> list[Sighting]:
    return [Sighting(f"twitch:{900_000 + rng.randrange(RAID_AUTHORS)}", f"raider_{i % RAID_AUTHORS}",
                     1_800_000_000.0 + i * 0.01) for i in range(RAID_MESSAGES)]


def tally_rate(skill: PeopleSkill, sightings: list[Sighting]) -> float:
    start = time.perf_counter()
    for i in range(0, len(sightings), BATCH):
        skill.people.tally(sightings[i:i + BATCH], 1)
    return len(sightings) / (time.perf_counter() - start)


def bare_rate(db: Database, sightings: list[Sighting]) -> float:
    db.write(lambda c: c.execute("CREATE TABLE bare (id INTEGER PRIMARY KEY, identity TEXT, ts REAL)"))
    start = time.perf_counter()
    for i in range(0, len(sightings), BATCH):
        chunk = [(s.identity, s.ts) for s in sightings[i:i + BATCH]]
        db.write(lambda c, chunk=chunk: c.executemany("INSERT INTO bare (identity, ts) VALUES (?, ?)", chunk))
    return len(sightings) / (time.perf_counter() - start)


def populate(skill: PeopleSkill) -> None:
    for start in range(0, KNOWN, 5000):
        skill.people.tally([Sighting(f"twitch:{n}", f"viewer_{n}", 1_700_000_000.0 + n)
                            for n in range(start, min(KNOWN, start + 5000))], None)
    for n in range(CARDS):
        pid = skill.people.mark(f"twitch:{n * (KNOWN // CARDS)}", True)
        for f in range(5):
            skill.people.add_fact(pid, f"fact {f} about viewer {n}", "bea")


def chat(n: int, text: str) -> Perception:
    who = f"viewer_{n}"
    return Perception(PerceptionKind.CHAT, "twitch", f"[{who}] {text}", author=Author("twitch", str(n), who),
                      meta={Meta.TEXT: text, Meta.CONVERSATION_KEY: "twitch:#bench"}, ts=1_800_000_000.0)


def hook_times(skill: PeopleSkill, rng: random.Random) -> list[float]:
    times = []
    step = KNOWN // CARDS
    for b in range(HOOK_BATCHES):
        batch = [chat(rng.randrange(KNOWN) if i % 4 else rng.randrange(CARDS) * step, f"line {b}.{i}, ciao bea")
                 for i in range(20)]
        start = time.perf_counter()
        skill.context_for(batch)
        skill.relabel(batch)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as folder:
        db = Database.open(Path(folder) / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
        try:
            skill = PeopleSkill(SkillContext(settings=lambda: PeopleSettings(), bus=EventBus(time.time),
                                             clock=SYSTEM, words=english,
                                             people_store=PeopleStore(db, clock=SYSTEM.time),
                                             alias_store=AliasStore(db, clock=SYSTEM.time, zone=SYSTEM.zone)))
            sightings = raid(rng)
            bare = bare_rate(db, sightings)
            tally = tally_rate(skill, sightings)
            populate(skill)
            times = hook_times(skill, rng)
        finally:
            db.close()
    p50 = statistics.median(times)
    p99 = sorted(times)[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"raid: {RAID_MESSAGES} messages from {RAID_AUTHORS} authors, batches of {BATCH}: "
          f"{tally:.0f} msgs/s tallied, {bare:.0f} msgs/s bare inserts")
    print(f"hook: {HOOK_BATCHES} batches of 20 lines, {KNOWN} identities known, {CARDS} cards")
    print(f"RESULT tally_msgs_per_s={tally:.0f} hook_ms_p50_{KNOWN // 1000}k={p50:.2f} "
          f"hook_ms_p99_{KNOWN // 1000}k={p99:.2f} tally_vs_bare_insert={tally / bare:.3f}")


if __name__ == "__main__":
    main()
