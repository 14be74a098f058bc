"""Benchmark: a 500-line raid of real Twitch lines through the composed app, on the built-in model at its real speed.

Run from the repo root: .venv/bin/python tests/bench/raid.py  (BEA_BENCH_RAID_LINES=60 BEA_BENCH_RAID_NAMED=2 for a
quick run).
1. The raid is built from the real Twitch lines in shared/fixtures/twitch_irc: the raid USERNOTICE, then
   BEA_BENCH_RAID_LINES PRIVMSGs, each one of the fixture's PRIVMSGs with its tags as Twitch sent them (badges,
   colours, first-msg...) but its own message id, a raider of its own as the author (new user id, login and
   display name) and the bench's channel; bits, replies and emote ranges are left out (a raid's welcome is chat,
   not a storm of cheers). BEA_BENCH_RAID_NAMED of them, spread through the raid, name her ("Bea, ..."), each
   with its own question.
2. A fresh data folder, the app composed and started as `python -m app --headless` does (first_answer.py's
   harness: the key from BEA_PASSPHRASE, no OS keyring), with its built-in model, her Twitch skill joined to the
   fake Twitch server (tests/skills/twitch/fake_server.py) on 127.0.0.1. A line typed in the Chat dock is answered
   first: she is mid-stream when the raid comes, her model loaded.
3. The raid comes as raids do, all at once: the lines are written to her connection over BEA_BENCH_RAID_SECONDS.
   first_answer_s is the time from the first raid line to her first answer in the Chat dock; a line that named her
   is answered when it was shown to her (in her Turn Log's record of a turn) in a turn that spoke or wrote;
   named_unanswered counts those that were not within BEA_BENCH_TIMEOUT seconds of the raid.
Last line: RESULT raid_lines=N first_answer_s=... named_unanswered=N
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script, the repo root is not on the path

os.environ.setdefault("BEA_PASSPHRASE", "raid bench")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")  # never the user's keyring

from app import compose  # noqa: E402
from app.core import irc  # noqa: E402
from app.skills.twitch.client import State  # noqa: E402
from tests.bench.chat_soak import escape  # noqa: E402
from tests.skills.twitch.helpers import FIXTURE_LINES  # noqa: E402

LINES = int(os.environ.get("BEA_BENCH_RAID_LINES", "500"))
NAMED = int(os.environ.get("BEA_BENCH_RAID_NAMED", "10"))
SECONDS = float(os.environ.get("BEA_BENCH_RAID_SECONDS", "2"))
TIMEOUT = float(os.environ.get("BEA_BENCH_TIMEOUT", "120"))
CHANNEL = "bench"
QUESTIONS = ["what game is this?", "how is your day going?", "do you like raids?",
             "what's your favourite snack?", "who is your favourite streamer?", "are you a real person?",
             "where are you from?", "what time is it where you are?", "is this your first raid?",
             "what music do you like?", "do you speak Italian?", "what are we doing next?"]
LEFT_OUT = ("bits", "custom-reward-id", "msg-id", "pinned-chat-paid-amount")   # a welcome, not cheers or rewards


def fixture_privmsgs() -> list[irc.IrcMessage]:
    """The fixture's PRIVMSGs that read as chat lines (the malformed ones are left out)."""
    out = []
    for raw in FIXTURE_LINES:
        try:
            msg = irc.parse(raw)
            line = irc.twitch_event(msg)
        except irc.IrcParseError:
            continue
        if isinstance(line, irc.ChatLine) and line.user_id and line.text.strip():
            out.append(msg)
    return out


def raid_notice() -> str:
    notice = next(raw for raw in FIXTURE_LINES if "msg-id=raid;" in raw)
    return notice.rsplit(" #", 1)[0] + f" #{CHANNEL}"


def raid_lines(count: int, named: int) -> tuple[list[str], list[str]]:
    """(the raid's PRIVMSG lines, the texts of those that name her)."""
    templates = fixture_privmsgs()
    every = max(1, count // max(1, named))
    lines, asked = [], []
    for i in range(count):
        msg = templates[i % len(templates)]
        line = irc.twitch_event(msg)
        text = line.text if not line.is_action else f"\x01ACTION {line.text}\x01"
        tags = {k: v for k, v in msg.tags.items() if k not in LEFT_OUT and not k.startswith("reply-")}
        login = f"raider_{i}"
        if len(asked) < named and i % every == every // 2:
            k = len(asked)
            again = f" ({k // len(QUESTIONS) + 1})" if k >= len(QUESTIONS) else ""
            text = f"Bea, {QUESTIONS[k % len(QUESTIONS)]}{again}"
            asked.append(text)
            tags["emotes"] = ""
        tags.update({"id": f"raid-{i}", "user-id": str(700_000 + i), "display-name": f"Raider{i}", "login": login,
                     "room-id": "1", "tmi-sent-ts": str(int(time.time() * 1000))})
        head = ";".join(f"{k}={escape(v)}" for k, v in tags.items())
        lines.append(f"@{head} :{login}!{login}@{login}.tmi.twitch.tv PRIVMSG #{CHANNEL} :{text}")
    return lines, asked


async def bench(data_dir: Path, count: int, named: int) -> tuple[int, float, int]:
    from tests.skills.twitch.fake_server import FakeTwitchServer

    lines, asked = raid_lines(count, named)
    async with FakeTwitchServer() as server:
        bea = compose.build(data_dir, env=dict(os.environ), log_to_stderr=False)
        bea.settings.update({"skills.twitch.channel": CHANNEL, "skills.twitch.host": "127.0.0.1",
                             "skills.twitch.port": server.port, "skills.twitch.tls": False,
                             "skills.idle.enabled": False})
        loop = asyncio.get_running_loop()
        loop.set_default_executor(bea.blocking)
        chat, twitch = bea.skills["chat"], bea.skills["twitch"]
        name = bea.settings.current.general.persona_name
        answers: list[float] = []
        chat.on_line(lambda line: answers.append(time.perf_counter()) if line.who.startswith(name) else None)
        await compose.start(bea)
        try:
            await until(lambda: twitch.state is State.JOINED, 30, "her Twitch skill to join")
            chat.send("Hi Bea, the raid is coming!")          # mid-stream: her model loaded, one line answered
            await until(lambda: answers, TIMEOUT, "her first answer")
            await until(lambda: not bea.mind.bus.pending(), TIMEOUT, "the first turn to end")
            await asyncio.sleep(0.5)
            answers.clear()
            started = time.perf_counter()
            if os.environ.get("BEA_BENCH_TRACE"):
                bea.bus.subscribe(lambda e: print(f"    {time.perf_counter() - started:6.2f} {e.kind} {e.source}: "
                                                  f"{e.text[:80]}", flush=True), replay=False)
            server.broadcast(raid_notice())
            for i, line in enumerate(lines):
                due = started + SECONDS * i / len(lines)
                if due > time.perf_counter():
                    await server.flush()
                    await asyncio.sleep(due - time.perf_counter())
                server.broadcast(line)
            await server.flush()
            print(f"raid of {len(lines)} lines written in {time.perf_counter() - started:.2f} s", flush=True)
            try:
                await until(lambda: answers, TIMEOUT, "her first answer to the raid")
                first = answers[0] - started
            except TimeoutError:
                first = float("nan")
            print(f"first answer at {first:.2f} s", flush=True)
            unanswered = list(asked)
            deadline = time.perf_counter() + TIMEOUT
            while unanswered and time.perf_counter() < deadline:
                await asyncio.sleep(0.25)
                records = [r for _id, r in await bea.mind.turn_log.search("", limit=500)]
                shown = " ".join(" ".join(r.perceptions) for r in records if r.outcome in ("spoke", "wrote"))
                unanswered = [text for text in asked if text not in shown]
            records = [r for _id, r in await bea.mind.turn_log.search("", limit=500)]
            for r in reversed(records):
                said = " | ".join(text for _where, text in r.said)[:100]
                print(f"  turn {r.outcome:6} {len(r.perceptions):3} lines shown, {r.model_calls} call(s), "
                      f"{r.prompt_tokens} prompt tokens, {r.ms / 1000:5.2f} s: {said}", flush=True)
            for text in unanswered:
                print(f"  never answered: {text}", flush=True)
        finally:
            await compose.stop(bea)
    return len(lines), first, len(unanswered)


async def until(condition, timeout: float, what: str) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"the raid bench timed out waiting for {what}")
        await asyncio.sleep(0.02)


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores={os.cpu_count()} load_1min={load:.2f} model=built-in", flush=True)
    with tempfile.TemporaryDirectory(prefix="bea-raid-") as folder:
        raid, first, unanswered = asyncio.run(bench(Path(folder) / "data", LINES, NAMED))
    print(f"RESULT raid_lines={raid} first_answer_s={first:.2f} named_unanswered={unanswered}")


if __name__ == "__main__":
    main()
