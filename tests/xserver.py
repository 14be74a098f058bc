"""A real X server for tests of the system-wide key hook: Xvfb on a free display, keys typed into it by
xdotool (through XTEST, as a keyboard would). Both are Debian packages (xvfb, xdotool); installer/dev.sh
installs them for the test run where it can."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

MISSING = [tool for tool, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool")) if shutil.which(tool) is None]
needs_x = pytest.mark.skipif(bool(MISSING), reason=f"no X server to test against: {', '.join(MISSING)} not "
                             "installed (Debian packages xvfb and xdotool)")


def xvfb(screen: str = "320x240x24") -> Iterator[str]:
    """Start Xvfb on a display it picks itself (-displayfd), one screen of `screen` (WxHxDepth); yield ':N';
    stop it."""
    read, write = os.pipe()
    # -noreset: by default Xvfb starts over each time its last client leaves, resetting whoever connects right
    # then (a hook stopped and started again in a row); a desktop's X server never has no clients
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-noreset", "-screen", "0",
                             screen],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit {proc.poll()})")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(10)


def keys(display: str, *actions: str) -> None:
    """xdotool keydown/keyup actions on that display, e.g. keys(d, 'keydown', 'F8', 'keyup', 'F8')."""
    subprocess.run(["xdotool", *actions], env={**os.environ, "DISPLAY": display}, check=True, timeout=10)


def wait_for(condition, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.01)
