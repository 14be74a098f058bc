"""Soak: three hours of real IRC chat replayed as a fast Twitch chat through the whole app.

Run from the repo root: .venv/bin/python tests/bench/chat_soak.py
(BEA_SOAK_LINES=300 for a quick run; BEA_SOAK_RATE=lines per second, 400 by default.)
1. The #ubuntu logs in shared/fixtures/chat (*.raw.txt, `[hh:mm] <nick> text`; `* nick text` is a /me
   action; `===` lines are the server's and are left out) become Twitch PRIVMSGs: one stable user id per nick,
   a unique message id per line. Past the end of the logs they start again, with new ids.
2. A real app (app.compose.build on a temporary data folder) whose mind's model is tests.fakes.FakeLLMClient
   answering at once (stay_silent); its background pool is a fake too. Her Twitch skill joins the fake server
   on 127.0.0.1 (plain TCP) and the server feeds the lines at RATE a second. Halfway through, the server sends
   RECONNECT (and would close the old connection after a grace period if the client did not first).
3. Checks (the script exits 1 if one fails): every line reached her mind exactly once (the message ids of
   every batch the attention gate ranked), every turn made one model call, the roster's Twitch message counts
   sum to the lines sent (each tallied once: by the Twitch skill, not again by social memory), and the process
   grew by less than RSS_LIMIT_MB.
Last line: RESULT lines_per_s=... calls_per_1000_lines=... rss_growth_mb=... lost=...
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # a script: the repo root is not on the path
# a throwaway data folder: its key and secrets must never reach the developer's real keyring
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"

from app import compose  # noqa: E402
from app.core.events import EventKind  # noqa: E402
from app.skills.twitch.client import State  # noqa: E402
from tests.fakes import FakeLLMClient  # noqa: E402
from tests.skills.twitch.fake_server import FakeTwitchServer  # noqa: E402

CHAT = Path("/work/shared/fixtures/chat")
LINES = int(os.environ.get("BEA_SOAK_LINES", "0"))          # 0: every line of the three logs
RATE = float(os.environ.get("BEA_SOAK_RATE", "400"))
RSS_LIMIT_MB = float(os.environ.get("BEA_SOAK_RSS_LIMIT_MB", "250"))
CHANNEL = "ubuntu"
SPOKEN = re.compile(r"\[\d\d:\d\d\] <([^>]+)> (.*)")
ACTION = re.compile(r"\[\d\d:\d\d\]\s+\* (\S+) (.*)")


def chat_log() -> list[tuple[str, str, bool]]:
    """(nick, text, is_action) for every spoken line of the logs, in order."""
    out = []
    for path in sorted(CHAT.glob("*.raw.txt")):
        for raw in path.read_text("utf-8", errors="replace").splitlines():
            m, action = SPOKEN.fullmatch(raw), False
            if m is None:
                m, action = ACTION.fullmatch(raw), True
            if m is not None and m.group(2).strip():
                out.append((m.group(1), m.group(2).strip(), action))
    return out


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace(";", "\\:").replace(" ", "\\s")


def twitch_lines(count: int) -> tuple[list[str], set[str]]:
    """`count` PRIVMSG lines (every spoken line once when count is 0), and the identities they come from."""
    log = chat_log()
    count = count or len(log)
    ids: dict[str, str] = {}
    lines = []
    for i in range(count):
        nick, text, action = log[i % len(log)]
        uid = ids.setdefault(nick, str(100_000 + len(ids)))
        login = re.sub(r"[^a-z0-9_]", "_", nick.lower())[:25]
        body = f"\x01ACTION {text}\x01" if action else text
        sent = int(time.time() * 1000)
        tags = (f"badge-info=;badges=;color=;display-name={escape(nick)};emotes=;flags=;id=soak-{i};mod=0;"
                f"room-id=1;subscriber=0;tmi-sent-ts={sent};turbo=0;user-id={uid};user-type=")
        lines.append(f"@{tags} :{login}!{login}@{login}.tmi.twitch.tv PRIVMSG #{CHANNEL} :{body}")
    return lines, {f"twitch:{uid}" for uid in ids.values()}


def rss_mb() -> float:
    try:
        for row in Path("/proc/self/status").read_text().splitlines():
            if row.startswith("VmRSS:"):
                return int(row.split()[1]) / 1024
    except OSError:
        pass
    import resource  # not Linux: the peak is the best there is
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class CountingLLM(FakeLLMClient):
    """The fake model, keeping no transcript (the soak must not grow by what the fake remembers)."""

    count = 0

    async def complete(self, messages, tools=(), *, on_delta=None, options=None):
        self.count += 1
        answer = await super().complete(messages, tools, on_delta=on_delta, options=options)
        self.calls.clear()
        return answer


async def until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the soak timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def soak(bea, lines: list[str], identities: set[str], rate: float) -> dict[str, float]:
    llm, background = CountingLLM(), CountingLLM()
    bea.mind._background = background          # the profiler's and handoff's pool: a fake too, never a model
    bea.mind.start()
    bea.mind.consciousness.llm = llm
    calls_per_turn: list[int] = []
    bea.bus.subscribe(lambda e: calls_per_turn.append(e.data.get("calls", 0)), kinds=[EventKind.TURN],
                      replay=False)
    reached: list[str] = []                    # the message id of every perception a turn ranked
    distinct: set[str] = set()
    batches: list[int] = []
    annotate = bea.mind.gate.annotate

    def counting_annotate(batch):
        ids = [p.message_id for p in batch if p.surface == "twitch"]
        reached.extend(ids)
        distinct.update(ids)
        batches.append(len(batch))
        return annotate(batch)
    bea.mind.gate.annotate = counting_annotate

    counting = getattr(bea.mind, "_counting", None)  # her tokenizer loads in the background: let it finish
    if counting is not None:
        await asyncio.wait({counting}, timeout=30)
    async with FakeTwitchServer(reconnect_grace=30.0) as server:
        bea.settings.update({"skills.twitch.channel": CHANNEL, "skills.twitch.host": "127.0.0.1",
                             "skills.twitch.port": server.port, "skills.twitch.tls": False})
        twitch = bea.skills["twitch"]
        await twitch.start()
        await until(lambda: twitch.state is State.JOINED, 10, "the join")
        rss_start = rss_half = rss_mb()
        started = time.perf_counter()
        for i, line in enumerate(lines):
            due = started + i / rate
            if due > time.perf_counter():
                await server.flush()
                await asyncio.sleep(due - time.perf_counter())
            server.broadcast(line)
            if i == len(lines) // 2:
                server.reconnect()
                rss_half = rss_mb()
        await server.flush()
        guard = bea.mind.guard      # the chat triage refuses floods and repeats before the mind
        await until(lambda: len(distinct) + guard.refused >= len(lines) and twitch.counted >= len(lines),
                    len(lines) / rate + 120, "every line to reach her mind or be refused by the triage")
        elapsed = time.perf_counter() - started
        await until(lambda: not bea.mind.bus.pending() and len(calls_per_turn) >= len(batches), 60,
                    "the last turn to end")
        await twitch.flush()
        stats = twitch.client.stats
        await twitch.stop()
    await bea.mind.stop()
    rss_end = rss_mb()
    marks = ",".join("?" * len(identities))
    tallied = bea.db.read(lambda c: c.execute(
        f"SELECT coalesce(sum(messages), 0) FROM roster WHERE identity IN ({marks})",
        tuple(identities)).fetchone()[0])
    return {"lines": len(lines), "reached": len(reached), "distinct": len(distinct), "tallied": tallied,
            "refused": bea.mind.guard.refused,
            "calls": llm.count, "turns": len(calls_per_turn), "batches": len(batches),
            "largest_batch": max(batches, default=0), "one_call_turns": calls_per_turn.count(1),
            "elapsed": elapsed, "rss_growth": rss_end - rss_start, "rss_first_half": rss_half - rss_start,
            "links": stats.links, "reconnects": stats.reconnects, "duplicates": stats.duplicates}


def main() -> int:
    lines, identities = twitch_lines(LINES)
    with tempfile.TemporaryDirectory() as folder:
        bea = compose.build(Path(folder) / "data", env={"BEA_PASSPHRASE": "chat soak"}, log_to_stderr=False)
        try:
            # before the loop runs: a change of these settings with a loop running restarts her models
            bea.settings.update({"mind.context_max_tokens": 500_000, "skills.idle.enabled": False})
            r = asyncio.run(soak(bea, lines, identities, RATE))
        finally:
            compose.close(bea)
    lost = r["lines"] - r["distinct"] - r["refused"]
    checks = {
        "every line reached her mind once or was refused as spam": lost == 0 and r["reached"] == r["distinct"],
        "one model call per batch": r["calls"] == r["turns"] == r["one_call_turns"] == r["batches"] > 0,
        "every line tallied once": r["tallied"] == r["lines"],
        "the reconnect happened": r["reconnects"] == 1 and r["links"] == 2,
        f"memory grew less than {RSS_LIMIT_MB:.0f} MB": r["rss_growth"] < RSS_LIMIT_MB,
    }
    print(f"{r['lines']} lines from {len(identities)} people at {RATE:.0f}/s offered: {r['turns']} turns "
          f"(largest batch {r['largest_batch']} lines), "
          f"{r['calls']} model calls, {r['tallied']} tallied, {r['refused']} refused as spam by the triage, "
          f"{r['duplicates']} overlap duplicates dropped, "
          f"reconnects {r['reconnects']}; memory grew {r['rss_first_half']:.1f} MB in the first half, "
          f"{r['rss_growth'] - r['rss_first_half']:.1f} MB in the second")
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
    rate, calls = r["lines"] / r["elapsed"], r["calls"] * 1000 / r["lines"]
    print(f"RESULT lines_per_s={rate:.0f} calls_per_1000_lines={calls:.1f} "
          f"rss_growth_mb={r['rss_growth']:.1f} lost={lost}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
