"""Benchmark: does she answer on a fresh install with the built-in model, and how fast?

Run from the repo root: .venv/bin/python tests/bench/first_answer.py  (BEA_BENCH_LINES=5 for a quick run).
A fresh data folder, the app composed and started exactly as `python -m app --headless` does (the database
key from BEA_PASSPHRASE, no OS keyring), then varied lines typed into the Chat dock one at a time, English
and Italian: greetings, questions, a "my name is ...". For each line, the time from typing it to her answer
appearing in the Chat dock (out loud or written: a spoken line shows there as soon as her speak call is
written, marked while her voice says it); no answer within the timeout counts as unanswered. The time to her
first words (the first caption, when her voice starts) and to the line marked said are printed beside it. Each
line and her answer are printed, so the quality can be read too. When her turn took the line (the batch
closed: its PERCEPTION event) and the turn's own account (tokens, milliseconds) are printed too, so a slow
answer says where its time went: the quiet gap before the turn, or the turn (briefing and model call).
Last line: RESULT answered=N of=M p50_s=... p95_s=... said_p50_s=...
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

os.environ.setdefault("BEA_PASSPHRASE", "first answer bench")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")  # never the user's keyring

from app import compose  # noqa: E402
from app.core.events import EventKind  # noqa: E402
from app.core.her_lines import LineState  # noqa: E402

LINES = [
    "Hi Bea, what's your name?",
    "Ciao Bea! Come stai?",
    "My name is Marco, nice to meet you.",
    "What are we playing today?",
    "Mi chiamo Giulia, e tu?",
    "Good evening everyone, welcome to the stream!",
    "Bea, do you like pizza?",
    "Che tempo fa oggi secondo te?",
    "Can you say hi to chat?",
    "Buonasera Bea, pronta per la live?",
    "What's your favourite game?",
    "Raccontami una barzelletta.",
    "How was your day?",
    "Sei un'intelligenza artificiale?",
    "Tell me something funny.",
    "Grazie per essere qui stasera!",
    "Should we start with Minecraft or Mario Kart?",
    "Qual è il tuo colore preferito?",
    "Hey Bea, are you there?",
    "Thanks, that's all for today. Goodnight!",
]
TIMEOUT = float(os.environ.get("BEA_BENCH_TIMEOUT", "30"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def bench(data_dir: Path, lines: list[str]) -> tuple[list[float | None], list[float], list[float]]:
    bea = compose.build(data_dir, env=dict(os.environ), log_to_stderr=False)
    loop = asyncio.get_running_loop()
    loop.set_default_executor(bea.blocking)
    chat = bea.skills["chat"]
    name = bea.settings.current.general.persona_name
    answers: asyncio.Queue[tuple[float, str, str]] = asyncio.Queue()
    turns: asyncio.Queue[str] = asyncio.Queue()
    first_words: list[float] = []
    ended: list[float] = []     # her line marked said (or cut) in the dock
    seen: set[int] = set()
    taken: list[float] = []     # her turn took the line (the batch closed)
    bea.bus.subscribe(lambda e: first_words.append(time.perf_counter()), kinds=[EventKind.SPEECH], replay=False)
    bea.bus.subscribe(lambda e: taken.append(time.perf_counter()), kinds=[EventKind.PERCEPTION], replay=False)

    def shown(line) -> None:
        if not line.who.startswith(name):
            return
        if line.number not in seen:
            seen.add(line.number)
            answers.put_nowait((time.perf_counter(), line.who, line.text))
        if line.state is not LineState.SPEAKING:
            ended.append(time.perf_counter())
    chat.on_line(shown)
    turn_said: list[str] = []   # the turn's own account: model calls, tokens, milliseconds
    bea.bus.subscribe(lambda e: (turns.put_nowait(str(e.data.get("outcome"))), turn_said.append(e.text)),
                      kinds=[EventKind.TURN], replay=False)
    bea.bus.subscribe(lambda e: print(f"    ERROR {e.source}: {e.text}", flush=True), kinds=[EventKind.ERROR],
                      replay=False)
    await compose.start(bea)
    times: list[float | None] = []
    starts: list[float] = []
    saids: list[float] = []
    gaps: list[float] = []
    try:
        for text in lines:
            first_words.clear()
            ended.clear()
            taken.clear()
            turn_said.clear()
            started = time.perf_counter()
            chat.send(text)
            try:
                at, who, said = await asyncio.wait_for(answers.get(), TIMEOUT)
                times.append(at - started)
                starts.append(first_words[0] - started if first_words else at - started)
                print(f"{at - started:6.2f}s (first words {starts[-1]:5.2f}s)  {text!r} -> {who}: {said!r}",
                      flush=True)
            except TimeoutError:
                times.append(None)
                print(f"  none   {text!r} -> no answer in {TIMEOUT:.0f} s", flush=True)
            try:  # the next line goes to a mind that has finished this turn
                while (await asyncio.wait_for(turns.get(), TIMEOUT)) is None:
                    pass
            except TimeoutError:
                pass
            if times[-1] is not None:
                deadline = time.perf_counter() + TIMEOUT
                while not ended and time.perf_counter() < deadline:   # her voice ends the line after the turn
                    await asyncio.sleep(0.05)
                if ended:
                    saids.append(ended[0] - started)
                gap = taken[0] - started if taken else float("nan")
                gaps.append(gap)
                print(f"         taken by her turn at {gap:5.2f}s, said at "
                      f"{saids[-1] if ended else float('nan'):5.2f}s; {turn_said[0] if turn_said else 'no turn'}",
                      flush=True)
            while not answers.empty():
                answers.get_nowait()
    finally:
        await compose.stop(bea)
    print(f"taken by her turn: p50 {percentile(gaps, 0.5):.2f} s", flush=True)
    return times, starts, saids


def main() -> None:
    lines = LINES[:int(os.environ.get("BEA_BENCH_LINES", str(len(LINES))))]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores={os.cpu_count()} load_1min={load:.2f} model=built-in", flush=True)
    with tempfile.TemporaryDirectory(prefix="bea-first-answer-") as folder:
        times, starts, saids = asyncio.run(bench(Path(folder) / "data", lines))
    got = [t for t in times if t is not None]
    print(f"answered lines: mean {statistics.mean(got) if got else float('nan'):.2f} s; first words p50 "
          f"{percentile(starts, 0.5):.2f} s p95 {percentile(starts, 0.95):.2f} s; "
          f"load_1min after {os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan'):.2f}")
    print(f"RESULT answered={len(got)} of={len(lines)} p50_s={percentile(got, 0.5):.2f} "
          f"p95_s={percentile(got, 0.95):.2f} said_p50_s={percentile(saids, 0.5):.2f}")


if __name__ == "__main__":
    main()
