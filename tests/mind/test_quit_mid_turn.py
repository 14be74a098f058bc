"""Quitting while the built-in model is answering: the app stops within its bounds and the process exits cleanly.

The local model's thread was a daemon still inside llama.cpp when the interpreter tore down, which crashed the
process. Now closing her models stops the generation before llama.cpp's next batch, and the mind waits for that
thread before it returns. The quit runs in a process of its own, so a crash is its exit code, not the suite's.
"""

import subprocess
import sys
import textwrap

from tests.conftest import REPO

SCRIPT = textwrap.dedent("""
    import asyncio, sys, time
    from pathlib import Path
    from app import compose
    from app.senses.llm.local_llama import MODELS

    def generating():
        return any(m.stop_now.__name__ != "_never" for m in list(MODELS._models.values()))

    async def main():
        bea = compose.build(Path(sys.argv[1]), env={"BEA_PASSPHRASE": sys.argv[2]}, log_to_stderr=False)
        await compose.start(bea)
        bea.skills["chat"].send("ciao Bea! raccontami tutta la storia di Roma, dall'inizio")
        deadline = time.monotonic() + 120
        while not generating():
            assert time.monotonic() < deadline, "her turn never reached the model"
            await asyncio.sleep(0.005)
        began = time.monotonic()
        await compose.stop(bea)
        print(f"STOPPED {time.monotonic() - began:.2f} {generating()}", flush=True)

    asyncio.run(main())
""")


def test_quitting_during_a_built_in_turn_exits_cleanly(data_dir, env):
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(data_dir), env["BEA_PASSPHRASE"]], cwd=REPO,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    stopped = [line.split() for line in run.stdout.splitlines() if line.startswith("STOPPED")]
    assert stopped and stopped[0][2] == "False", run.stdout       # no generation left running
    assert float(stopped[0][1]) < 20.0
    assert "did not end its step" not in run.stderr
