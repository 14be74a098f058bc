"""Loading the built-in model never silences the rest of the app: no descriptor or sys.stdout swapping."""

import os
import subprocess
import sys

from tests.conftest import REPO

SCRIPT = """
import os, sys, threading, time
from app.senses.llm import llama_backends
from app.senses.llm.local_llama import builtin_model_path
stop = threading.Event()
def chatter():
    i = 0
    while not stop.is_set():
        if i % 2:  # a descriptor-level write, then a Python-level one: neither may be swallowed
            os.write(1, f"tick {i}\\n".encode())
        else:
            print(f"tick {i}", flush=True)
        i += 1
        time.sleep(0.002)
t = threading.Thread(target=chatter); t.start()
llama_backends.open_llama(model_path=str(builtin_model_path()), vocab_only=True)
llama_backends.open_llama(model_path=str(builtin_model_path()), n_ctx=512)
stop.set(); t.join()
os.write(1, b"done\\n")
"""


def test_other_threads_keep_their_stdout_while_a_model_loads():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True, text=True, timeout=120,
                         env=os.environ)
    assert out.returncode == 0, out.stderr
    ticks = [int(line.split()[1]) for line in out.stdout.splitlines() if line.startswith("tick")]
    assert ticks == list(range(len(ticks))) and len(ticks) > 5, "lines were lost while the model loaded"
    assert out.stdout.rstrip().endswith("done")
    assert "Model metadata" not in out.stderr and "llama_context" not in out.stderr
