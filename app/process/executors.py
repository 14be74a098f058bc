"""Bounded thread pools for blocking work (SQLite, embedding, STT, TTS), whose threads never hold up exit.

The standard ThreadPoolExecutor joins its workers when the interpreter exits, so one hung STT or LLM call
freezes quitting. These pools use daemon threads and a bounded queue: submit() refuses work when the queue is
full instead of letting it pile up, and shutdown(cancel_futures=True) drops what has not started and returns
at once, leaving a stuck call to die with the process.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

log = logging.getLogger(__name__)

_STOP = object()


class ExecutorBusy(RuntimeError):
    """The pool's queue is full: the caller should shed or retry the work."""


class BoundedExecutor(ThreadPoolExecutor):
    # A ThreadPoolExecutor by type only, because asyncio's set_default_executor insists on one: every
    # method that starts or joins threads is replaced, so the base class never owns a (joined) thread.

    def __init__(self, name: str, workers: int, queue_size: int = 256,
                 on_thread_start: Callable[[], None] | None = None,
                 on_thread_exit: Callable[[], None] | None = None) -> None:
        super().__init__(max_workers=1, thread_name_prefix=name)
        self.name = name
        self._queue: queue.Queue[Any] = queue.Queue(maxsize=queue_size)
        self._closed = False
        self._abandoned = False
        self._lock = threading.Lock()
        self._on_start = on_thread_start
        self._on_exit = on_thread_exit
        self._threads = [threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True)
                         for i in range(workers)]
        for t in self._threads:
            t.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            if self._closed:
                raise RuntimeError(f"the {self.name} pool is shut down")
            fut: Future[Any] = Future()
            try:
                self._queue.put_nowait((fut, fn, args, kwargs))
            except queue.Full:
                raise ExecutorBusy(f"the {self.name} pool has {self._queue.maxsize} tasks waiting") from None
            return fut

    def _work(self) -> None:
        if self._on_start is not None:
            self._on_start()
        try:
            while True:
                item = self._queue.get()
                if item is _STOP:
                    return
                fut, fn, args, kwargs = item
                if not fut.set_running_or_notify_cancel():
                    continue
                try:
                    result = fn(*args, **kwargs)
                except BaseException as exc:  # handed to whoever awaits the future
                    fut.set_exception(exc)
                else:
                    fut.set_result(result)
        finally:
            if self._on_exit is not None:
                try:
                    self._on_exit()
                except Exception:
                    log.exception("cleanup of a %s worker failed", self.name)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False, timeout: float | None = None) -> bool:
        """Stop taking work. Returns True when every worker finished within `timeout` (or wait=False).

        Once shut down without waiting, the pool is abandoned: later shutdown calls (asyncio's and qasync's
        own, at loop close) return at once instead of joining a thread that may be stuck forever."""
        with self._lock:
            if not wait:
                self._abandoned = True
            if self._abandoned:
                wait = False
            if not self._closed:
                self._closed = True
                if cancel_futures:
                    while True:
                        try:
                            item = self._queue.get_nowait()
                        except queue.Empty:
                            break
                        if item is not _STOP:
                            item[0].cancel()
                self._queue.maxsize = 0  # closed: nothing else enters, so the stop markers always fit
                for _ in self._threads:
                    self._queue.put(_STOP)
        if not wait:
            return True
        for t in self._threads:
            t.join(timeout)
        stuck = [t.name for t in self._threads if t.is_alive()]
        if stuck:
            log.warning("left %s running at shutdown: %s", self.name, ", ".join(stuck))
        return not stuck

