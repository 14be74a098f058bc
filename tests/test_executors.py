"""Bounded pools: a full queue refuses work, and shutting down never waits on a stuck call."""

import threading
import time

import pytest

from app.process.executors import BoundedExecutor, ExecutorBusy


def test_runs_work_and_reports_errors():
    pool = BoundedExecutor("t", 2)
    assert pool.submit(lambda a, b: a + b, 2, 3).result(5) == 5
    with pytest.raises(ZeroDivisionError):
        pool.submit(lambda: 1 / 0).result(5)
    assert pool.shutdown(wait=True, timeout=5)


def test_a_full_queue_refuses_instead_of_piling_up():
    gate = threading.Event()
    pool = BoundedExecutor("small", 1, queue_size=2)
    running = pool.submit(gate.wait)
    time.sleep(0.05)
    queued = [pool.submit(lambda: None) for _ in range(2)]
    with pytest.raises(ExecutorBusy, match="small pool has 2 tasks waiting"):
        pool.submit(lambda: None)
    gate.set()
    running.result(5)
    for f in queued:
        f.result(5)
    pool.shutdown(timeout=5)


def test_shutdown_with_a_stuck_call_returns_at_once_and_cancels_the_queue():
    stuck = threading.Event()
    pool = BoundedExecutor("stuck", 1)
    pool.submit(stuck.wait)
    time.sleep(0.05)
    waiting = pool.submit(lambda: "never")
    start = time.monotonic()
    pool.shutdown(wait=False, cancel_futures=True)
    pool.shutdown()  # what asyncio and qasync call at loop close: must not join the stuck thread
    assert time.monotonic() - start < 1.0
    assert waiting.cancelled()
    with pytest.raises(RuntimeError, match="shut down"):
        pool.submit(lambda: None)
    stuck.set()


def test_worker_hooks_run_per_thread():
    started, ended = [], []
    pool = BoundedExecutor("hooks", 2, on_thread_start=lambda: started.append(1),
                           on_thread_exit=lambda: ended.append(1))
    pool.submit(lambda: None).result(5)
    pool.shutdown(timeout=5)
    assert len(started) == 2 and len(ended) == 2
