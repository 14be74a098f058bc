"""--headless: the same composition with no Qt widget, until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Callable, Coroutine, Mapping
from pathlib import Path
from typing import Any

from app import compose
from app.process.clock import SYSTEM, Clock
from app.process.tasks import spawn

log = logging.getLogger(__name__)


async def serve(data_dir: Path, session: Callable[[compose.Bea], Coroutine[Any, Any, object]] | None = None,
                clock: Clock = SYSTEM, env: Mapping[str, str] | None = None) -> int:
    """`session`, when given, runs in place of waiting for a signal, and `clock` is the app's one clock (the
    stream in a box drives the app on a virtual evening)."""
    bea = compose.build(data_dir, env=dict(os.environ if env is None else env), clock=clock)
    loop = asyncio.get_running_loop()
    loop.set_default_executor(bea.blocking)
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stopping.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C still raises KeyboardInterrupt
            pass
    try:
        await compose.start(bea)
        log.info("running headless; stop with Ctrl+C or SIGTERM")
        print("Bea is running headless; stop with Ctrl+C.", flush=True)
        if session is None:
            await stopping.wait()
        else:  # a signal still stops it
            driven, signalled = spawn(session(bea), awaited=True), spawn(stopping.wait(), awaited=True)
            await asyncio.wait({driven, signalled}, return_when=asyncio.FIRST_COMPLETED)
            for task in (driven, signalled):
                task.cancel()
            if driven.done() and not driven.cancelled():
                driven.result()
    finally:
        await compose.stop(bea)
    return 0


def run(data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    try:
        return asyncio.run(serve(data_dir, env=env))
    except KeyboardInterrupt:
        return 0
