"""Work started in the background on the event loop, one way: every task held until done, its failure logged once.

Theory of operation:
1. The loop keeps only weak references to its tasks, so a task nothing holds can be collected mid-run and its
   exception lost with it. spawn() holds each task until it is done: in the caller's set when the caller cancels
   or awaits its own tasks together (at its stop), else in a set kept on the loop itself, so that a task still
   pending when its loop closes (one started during the loop's shutdown) goes with the loop instead of keeping
   what it refers to (the whole app) alive.
2. A failure is logged once, when the task ends, by what the work was and where it failed (the error's class and
   frames, app.process.logs.where): never its message, which can carry chat text or a prompt. Reading the
   failure here also keeps asyncio from printing it again as "exception was never retrieved".
3. A task that someone awaits (awaited=True) hands its failure to them: it is held, not logged.
4. A cancelled task is not a failure.
5. With no running loop (a synchronous caller, a test) nothing runs: the coroutine is closed, so it is not left
   un-awaited, and spawn() returns None. (asyncio.ensure_future would queue it on an idle default loop, where
   it never runs.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

from app.process.logs import where

log = logging.getLogger(__name__)

T = TypeVar("T")

HELD = "_bea_held_tasks"   # the attribute of a loop that holds the tasks no caller holds (rule 1)


def spawn(coro: Coroutine[Any, Any, T], *, held: set[asyncio.Task[Any]] | None = None,
          awaited: bool = False) -> asyncio.Task[T] | None:
    """Run coro in the background on the running loop (rules 1-5)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        coro.close()
        return None
    task = loop.create_task(coro)
    holder = held if held is not None else held_by(loop)
    holder.add(task)
    task.add_done_callback(holder.discard)
    if not awaited:
        task.add_done_callback(_log_failure)
    return task


def held_by(loop: asyncio.AbstractEventLoop) -> set[asyncio.Task[Any]]:
    """The tasks a loop holds for spawn() (rule 1)."""
    holder = getattr(loop, HELD, None)
    if holder is None:
        holder = set()
        setattr(loop, HELD, holder)
    return holder


def _log_failure(task: asyncio.Task[Any]) -> None:
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None:
        log.error("background work %s failed: %s", _what(task), where(exc))


def _what(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return getattr(coro, "__qualname__", None) or task.get_name()

